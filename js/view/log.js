// The move log: the last moves with the player who made them, and the
// scoring rounds they triggered.

import { t } from "../i18n.js";
import { esc } from "./common.js";

export function logHtml(view) {
  const log = view.log || [];
  let out = `<section class="alh-log" aria-label="${esc(t("ui.log.aria"))}"><h4>${esc(t("ui.log.title"))}</h4>`;
  if (!log.length) return out + `<p class="alh-muted">${esc(t("ui.log.none"))}</p></section>`;
  out += `<ol class="alh-log-list" start="${log[0].n}">`;
  for (let k = log.length - 1; k >= 0; k--) {
    const e = log[k];
    // one line of text per move (an element per name or notation would double the log's cost)
    const who = e.name !== null && e.name !== undefined ? `${esc(e.name)}: ` : "";
    const rounds = (e.rounds || []).map((r) => ` <span class="alh-tag alh-tag-scoring">${esc(t("ui.log.scoring_round", { round: r }))}</span>`).join("");
    out += `<li value="${e.n}" data-n="${e.n}"${e.player !== null && e.player !== undefined ? ` data-player="${e.player}"` : ""}>${who}${esc(e.action)}${rounds}</li>`;
  }
  return out + `</ol></section>`;
}
