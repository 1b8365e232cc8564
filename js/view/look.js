// A player looked at: their Alhambra big, and what their panel in the column
// of players shows in small, told in words -- the tiles per building (and,
// in play, what the next scoring round would give for each if it were now),
// the longest wall, the tiles of the market their money pays for now, the
// money in hand and the reserve. A modal dialog over the table, as a scoring
// round's panel is (js/view/scoring.js): the name in a player's panel (or a
// click on their picture) opens it; its button, Escape or a click beside its
// card closes it (js/input.js); js/widget.js moves the focus in and back out.
// Everything in it comes from the view: the kernel is not asked.

import { buildingName, cardName, joinAnd, t, tn } from "../i18n.js";
import { alhambraSvg } from "./alhambra.js";
import { BUILDING_COLORS, UNKNOWN_COLORS, buttonWords, describeTile, esc, num } from "./common.js";
import { playerTags, seatDot } from "./players.js";

/**
 * The dialog of player `i` (a seat of the view), or a hidden placeholder when
 * the view has no such player (another game came in meanwhile).
 * @param {object} view  the JSON view
 * @param {number} i     the seat looked at
 */
export function lookPopHtml(view, i) {
  const p = view.players && view.players[i];
  if (!p) return `<div class="alh-pop-none" hidden></div>`;
  const title = tn("ui.player.aria", p.score, { name: p.name });
  let out = `<div class="alh-pop alh-look" role="dialog" aria-modal="true" aria-label="${esc(title)}" data-player="${i}"><div class="alh-pop-card">`;
  // who they are at this table: their panel's tags, in whole words
  const tagged = playerTags(view, p, i).map(({ cls, text, whole = text }) => ` <span class="alh-tag${cls ? ` ${cls}` : ""}">${esc(whole)}</span>`).join("");
  out += `<div class="alh-pop-head"><h3 class="alh-pop-title">${seatDot(i)} ${esc(title)}${tagged}</h3>`;
  const close = buttonWords(t("ui.look.close"), t("ui.look.close_aria"));
  out += `<button type="button" class="alh-btn alh-primary" data-act="pop-close" data-key="btn-pop-close" data-lm-suppress-shortcuts="true"${close.attrs}>${close.html}</button></div>`;
  out += `<div class="alh-look-body"><div class="alh-look-board">${alhambraSvg(p, { maxWidth: 420, cellPx: 56 })}</div>`;
  out += `<div class="alh-look-words">${factsHtml(view, p, i)}</div></div>`;
  return out + `</div></div>`;
}

/** The table of buildings and wall, then in words what the money pays for, the hand and the reserve. */
function factsHtml(view, p, i) {
  const preview = view.preview;   // (none at the end: the view says so)
  const counts = p.counts || [];
  let out = `<table class="alh-look-table">`;
  if (preview) out += `<caption>${esc(t("ui.scoring.preview", { round: preview.round }))}</caption>`;
  out += `<tr><th scope="col">${esc(t("ui.look.building"))}</th><th scope="col">${esc(t("ui.look.tiles"))}</th>`;
  if (preview) out += `<th scope="col">${esc(t("ui.look.points_now"))}</th>`;
  out += `</tr>`;
  (view.buildings || []).forEach((b, k) => {
    out += `<tr data-building="${esc(b)}"><th scope="row"><span class="alh-look-swatch" style="background:${(BUILDING_COLORS[b] || UNKNOWN_COLORS)[0]}" aria-hidden="true"></span>${esc(buildingName(b))}</th><td>${num(counts[k] ?? 0)}</td>`;
    if (preview) out += `<td>+${num(preview.buildings[i][k] ?? 0)}</td>`;
    out += `</tr>`;
  });
  out += `<tr class="alh-look-wall"><th scope="row">${esc(t("ui.look.wall"))}</th><td>${num(p.wall ?? 0)}</td>`;
  if (preview) out += `<td>+${num(preview.walls[i] ?? 0)}</td>`;
  out += `</tr>`;
  if (preview) out += `<tr class="alh-look-total"><th scope="row" colspan="2">${esc(t("ui.scoring.round_points"))}</th><td>+${num(preview.points[i] ?? 0)}</td></tr>`;
  out += `</table>`;
  // in play: the tiles of the building market the money in hand pays for now (Game.affordable)
  if (view.phase !== "over" && Array.isArray(p.affords)) {
    const tiles = p.affords.map((slot) => {
      const tile = (view.market || []).find((m) => m.slot === slot)?.tile;
      return t("ui.look.affords_item", { tile: tile ? t("ui.tile.short", { building: buildingName(tile.building), price: tile.price }) : "?", slot });
    });
    const said = tiles.length ? t("ui.look.affords", { name: p.name, tiles: joinAnd(tiles) }) : t("ui.look.affords_none", { name: p.name });
    out += `<p class="alh-look-line alh-look-affords">${esc(said)}</p>`;
  }
  // the hand and the reserve: named, then listed (as the panel's description says them)
  const hand = p.hand;
  const handText = hand
    ? t("ui.label_count", { label: t("ui.hand.of", { name: p.name }), count: hand.length ? hand.map(cardName).join(", ") : tn("ui.cards", 0) })
    : t("ui.hand.hidden_of", { name: p.name, cards: tn("ui.cards", p.cards ?? 0) });
  const reserve = p.reserve || [];
  const reserveText = t("ui.label_count", {
    label: t("ui.reserve.of", { name: p.name }),
    count: reserve.length ? reserve.map((tile) => describeTile(tile, false)).join("; ") : tn("ui.tiles", 0),
  });
  out += `<p class="alh-look-line">${esc(handText)}</p><p class="alh-look-line">${esc(reserveText)}</p>`;
  return out;
}
