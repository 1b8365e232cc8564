// The move log: the last moves with the player who made them, and the
// scoring rounds they triggered.

import { t } from "../i18n.js";
import { OPEN, esc } from "./common.js";

/**
 * @param {object} view  the JSON view
 * @param {object} [o]
 * @param {boolean} [o.folded]  the moves under a fold (<details>; the end of the game shows the result first)
 * @param {boolean} [o.open]    the fold is open
 * @param {boolean} [o.lazy]    a closed fold leaves the moves out (the widget draws them when it is opened)
 */
export function logHtml(view, { folded = false, open = false, lazy = false } = {}) {
  const log = view.log || [];
  const title = esc(t("ui.log.title"));
  let out = `<section class="alh-log" aria-label="${esc(t("ui.log.aria"))}">`;
  if (folded && log.length) {
    out += `<details class="alh-log-fold"${open ? OPEN : ""}><summary class="alh-fold-summary alh-log-summary" data-key="log" data-lm-suppress-shortcuts="true">${title}</summary>`;
    return out + (open || !lazy ? movesHtml(log) : "") + `</details></section>`;
  }
  out += `<h4>${title}</h4>`;
  if (!log.length) return out + `<p class="alh-muted">${esc(t("ui.log.none"))}</p></section>`;
  return out + movesHtml(log) + `</section>`;
}

/** The moves, newest first, numbered as in the game. */
function movesHtml(log) {
  let out = `<ol class="alh-log-list" start="${log[0].n}">`;
  for (let k = log.length - 1; k >= 0; k--) {
    const e = log[k];
    // one line of text per move (an element per name or notation would double the log's cost)
    const who = e.name !== null && e.name !== undefined ? `${esc(e.name)}: ` : "";
    const rounds = (e.rounds || []).map((r) => ` <span class="alh-tag alh-tag-scoring">${esc(t("ui.log.scoring_round", { round: r }))}</span>`).join("");
    out += `<li value="${e.n}" data-n="${e.n}"${e.player !== null && e.player !== undefined ? ` data-player="${e.player}"` : ""}>${who}${esc(e.action)}${rounds}</li>`;
  }
  return out + `</ol>`;
}
