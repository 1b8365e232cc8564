// The end of a game in pictures: every player's Alhambra as it ended, side by side under
// the scoring, each with the player's name, points and tags (the winner), and the longest
// wall drawn in amber -- where the column of players shows them as thumbnails only.
// Drawn from the view alone; nothing in it is a control.

import { t, tn } from "../i18n.js";
import { alhambraSvg, boardWidth } from "./alhambra.js";
import { esc } from "./common.js";
import { playerTags, seatDot, tagHtml } from "./players.js";

/** Cell size (px) of the boards at the end: three fit under the result of a 1,366 x 768 table. */
const FINAL_CELL_PX = 22;
/** The widest a board at the end is drawn (px): a long Alhambra shrinks to it. */
const FINAL_MAX_WIDTH = 260;
/**
 * How far a board at the end shrinks before the row wraps: six Alhambras fit in one row beside the
 * column of players at 1,280 px, each at least this share of its size.
 */
const FINAL_SHRINK = 0.6;

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
    const tags = playerTags(view, p, i).map(tagHtml).join("");
    // each board as wide as it is drawn, or narrower (to FINAL_SHRINK of it) if that keeps the row
    // on one line: a row wraps only where the boards at that size do not fit, and the boards in a
    // row shrink alike, in proportion to their sizes
    const o = { cellPx: FINAL_CELL_PX, maxWidth: FINAL_MAX_WIDTH, coords: false };
    const w = Math.round(boardWidth(p, o));
    const size = `flex:${w} 1 ${Math.round(w * FINAL_SHRINK)}px;max-width:${w}px`;
    out += `<li class="alh-final-board" data-player="${i}" style="${size}">`;
    // the name on a line of its own (a narrow board's column has no room beside it), the tags and
    // the points under it
    out += `<div class="alh-final-head">${seatDot(i)}<span class="alh-final-name" title="${esc(p.name)}">${esc(p.name)}</span></div>`;
    out += `<div class="alh-final-sub">${tags}<span class="alh-score">${esc(tn("ui.points_short", p.score))}</span></div>`;
    out += alhambraSvg(p, o);
    out += `</li>`;
  });
  return out + `</ul></section>`;
}
