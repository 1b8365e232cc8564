// The end of a game in pictures: every player's Alhambra as it ended, side by side under
// the scoring, each with the player's name, points and tags (the winner), and the longest
// wall drawn in amber -- where the column of players shows them as thumbnails only.
// Drawn from the view alone; nothing in it is a control.

import { t, tn } from "../i18n.js";
import { alhambraSvg } from "./alhambra.js";
import { esc } from "./common.js";
import { playerTags, seatDot } from "./players.js";

/** Cell size (px) of the boards at the end: three fit under the result of a 1,366 x 768 table. */
const FINAL_CELL_PX = 24;
/** The widest a board at the end is drawn (px): a long Alhambra shrinks to it. */
const FINAL_MAX_WIDTH = 260;

/**
 * The players' Alhambras at the end of a game, or "" before the end.
 * @param {object} view  the JSON view
 */
export function finalBoardsHtml(view) {
  if (!view || view.phase !== "over" || !view.players) return "";
  const title = t("ui.table.finals");
  let out = `<section class="alh-section alh-finals" aria-label="${esc(title)}"><h3 class="alh-label alh-finals-title">${esc(title)}</h3>`;
  out += `<ul class="alh-finals-list">`;
  view.players.forEach((p, i) => {
    const tags = playerTags(view, p, i)
      .map(({ cls, text, whole = text }) => `<span class="alh-tag${cls ? ` ${cls}` : ""}" title="${esc(whole)}">${esc(text)}</span>`)
      .join("");
    out += `<li class="alh-final" data-player="${i}">`;
    out += `<div class="alh-final-head">${seatDot(i)}<span class="alh-final-name" title="${esc(p.name)}">${esc(p.name)}</span>${tags}`;
    out += `<span class="alh-score">${esc(tn("ui.points_short", p.score))}</span></div>`;
    out += alhambraSvg(p, { cellPx: FINAL_CELL_PX, maxWidth: FINAL_MAX_WIDTH, coords: false });
    out += `</li>`;
  });
  return out + `</ul></section>`;
}
