// The move log: the last moves told in words ("Ana bought a tower (8) with
// dinar 3+5, the exact price.", js/describe.js), what followed each one (the
// refills, a scoring round) in a quieter line, and the notation as a tooltip.
// A click on a move replays the position after it (js/input.js).

import { describeParts, notationTitle } from "../describe.js";
import { t } from "../i18n.js";
import { OPEN, esc } from "./common.js";
import { REVIEW_MARKED, reviewKeyHtml } from "./controls.js";

/** The log's own look: what followed a move is quieter than the move. */
export const LOG_CSS = `
.alh-log-list li { margin: 1px 0; cursor: pointer; }
.alh-log-list li:hover { text-decoration: underline dotted; }
.alh-log-more { color: var(--alh-muted); font-size: .92em; }
`;

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
  // the log scrolls: focusable, so that a keyboard can scroll it too (its
  // arrows and page keys kept from JupyterLab's shortcuts)
  const scroll = log.length ? ` tabindex="0" data-lm-suppress-shortcuts="true"` : "";
  let out = `<section class="alh-log" aria-label="${esc(t("ui.log.aria"))}"${scroll}>`;
  if (folded && log.length) {
    out += `<details class="alh-log-fold"${open ? OPEN : ""}><summary class="alh-fold-summary alh-log-summary" data-key="log" data-lm-suppress-shortcuts="true">${title}</summary>`;
    return out + (open || !lazy ? movesHtml(view, log) : "") + `</details></section>`;
  }
  out += `<h3>${title}</h3>`;
  if (!log.length) return out + `<p class="alh-muted">${esc(t("ui.log.none"))}</p></section>`;
  return out + movesHtml(view, log) + `</section>`;
}

/** The moves, newest first, numbered as in the game; each in words, its notation in the tooltip. */
function movesHtml(view, log) {
  const joiner = t("list.sentences", { first: "", next: "" }); // " ", or nothing in Japanese
  let out = `<ol class="alh-log-list" start="${log[0].n}">`;
  for (let k = log.length - 1; k >= 0; k--) {
    const e = log[k];
    const { main, more } = describeParts(e, view);
    const after = more.length ? `${joiner}<span class="alh-log-more">${esc(more.reduce((a, b) => t("list.sentences", { first: a, next: b })))}</span>` : "";
    // a scoring round the move triggered: a button that opens its panel again (js/view/pop.js)
    const rounds = (e.rounds || []).map((r) => {
      const label = t("ui.log.scoring_round", { round: r });
      return ` <button type="button" class="alh-tag alh-tag-scoring" data-act="scoring-round" data-round="${r}" data-key="log-round-${r}" data-lm-suppress-shortcuts="true" aria-label="${esc(label)}">${esc(label)}</button>`;
    }).join("");
    // after a review: the mark of a move it found wanting, before its words (named by the review's words)
    const graded = view.review && view.review.moves ? view.review.moves[String(e.n)] : null;
    const mark = graded && REVIEW_MARKED.includes(graded.grade) ? reviewKeyHtml(graded.grade, graded.title) + " " : "";
    out += `<li value="${e.n}" data-n="${e.n}" title="${esc(notationTitle(e.action))}">${mark}${esc(main)}${after}${rounds}</li>`;
  }
  return out + `</ol>`;
}
