// Bots and hints on the table: who is thinking, the hint list, and the
// numbered marks that show each hint where it acts (a market slot, money
// cards to take or to pay with, a spot of the Alhambra).
//
// The view carries (alhambra_widget/widget.py):
//   thinking: the seat of the bot thinking, or null
//   hinting:  true while the hint search runs
//   hints:    null or [{action, verb, kind, win, margin, slot?, cards?, tile?, cell?}, ...]
//             best first (at most three); win: the mover's win chance if they play it, margin:
//             their final score minus the best other player's, on average (both estimated by
//             the search; margin null in a review's list)

import { describeAction, formatNumber, notationTitle } from "../describe.js";
import { t, tn } from "../i18n.js";
import { esc, num } from "./common.js";

/** "Greedy is thinking…" in the status line, or "" when no bot thinks. */
export function thinkingHtml(view) {
  if (view.thinking === null || view.thinking === undefined) return "";
  const p = view.players[view.thinking];
  if (!p) return "";
  return `<span class="alh-thinking" role="status"><span class="alh-spinner" aria-hidden="true"></span>${esc(t("ui.bots.thinking", { name: p.name }))}</span>`;
}

/** May the viewer ask for a hint now? (live game, a person to act; or a past
 * position replayed, whoever was to act there: every hand is known, RULES.md X3) */
export function canHint(view) {
  if (!view || view.phase === "over" || view.lesson) return false;
  if (view.replay !== null && view.replay !== undefined) return true;
  return viewerActs(view);
}

/** Is the player to act in the position shown a person at this screen (no bot, not another seat)? */
function viewerActs(view) {
  if (view.bots && Object.prototype.hasOwnProperty.call(view.bots, String(view.current))) return false;
  return view.seat === null || view.seat === undefined || view.seat === view.current;
}

/**
 * How a hint in the list may be played with a click: "play" (the live game, the viewer to act),
 * "try" (replaying, where the viewer may play on from the position shown and act in it: on from
 * there with that move), or null.
 */
export function hintPlay(view) {
  if (!view || view.lesson || view.phase === "over" || view.hinting) return null;
  if (view.replay === null || view.replay === undefined) return view.legal ? "play" : null;
  return view.can_play_from && viewerActs(view) ? "try" : null;
}

/** The hint list (numbered like the marks on the table), or the search in progress. (Drawn in a
 * live region kept in place, the room for hints beside the board, js/view/table.js.) Where a
 * hint may be played (hintPlay), each is a button that plays it.
 *
 * Compact, to fit the room left under the action bar beside the board without pushing the hand
 * out of view: the title on one line, each hint on two lines at most (its whole words in its
 * tooltip, and in its accessible name), the list scrolling on its own where even that is too
 * tall (js/style.js .alh-focus-hints). */
export function hintsHtml(view) {
  if (view.hinting) return `<div class="alh-hints">${esc(t("ui.bots.hinting"))}</div>`;
  const hints = view.hints || [];
  if (!hints.length) return "";
  // replaying to a move the review marked, the list is the review's: its better move and the move played
  const play = hintPlay(view);
  const title = hints.some((h) => h.played) ? t("ui.review.button") : t(play ? "ui.bots.hints_title_play" : "ui.bots.hints_title");
  let out = `<div class="alh-hints"><span class="alh-label alh-hints-title" title="${esc(title)}">${esc(title)}</span><ol class="alh-hint-list">`;
  hints.forEach((h, i) => {
    // the move in words, the estimates as a newcomer reads them ("52% chance to win, about 2
    // points ahead"); their exact values in the tooltip, beside the notation (hintDetail)
    // (the review's better move has no margin estimate: margin null; the move
    // played beside it is marked apart)
    const p = { action: describeAction(h.action, view), win: formatNumber(h.win, { style: "percent", maximumFractionDigits: 0 }) };
    const text = h.played
      ? t("ui.review.played_item", p)
      : hasMargin(h)
        ? t("ui.bots.hint_item", { ...p, margin: marginWords(h.margin) })
        : t("ui.bots.hint_item_win", p);
    const detail = `${hintDetail(h)}\n${notationTitle(h.action)}`;
    const badge = h.played ? `<span class="alh-hint-badge alh-hint-played" aria-hidden="true">${PLAYED}</span>` : `<span class="alh-hint-badge" aria-hidden="true">${i + 1}</span>`;
    // (the words on two lines at most: whole in the tooltip)
    const words = `<span class="alh-hint-text">${esc(text)}</span>`;
    if (play && !h.played) {
      // what a click does, said before the hint's own words (its name holds the words shown, WCAG 2.5.3)
      const said = t(play === "try" ? "ui.bots.hint_try_said" : "ui.bots.hint_play_said");
      out += `<li data-hint="${i + 1}"><button type="button" class="alh-hint-play" data-act="hint-play" data-i="${i + 1}" data-key="hint-play-${i + 1}" ` +
        `title="${esc(`${said} ${text}\n${detail}`)}"><span class="alh-sr">${esc(said)} </span>${badge} ${words}</button></li>`;
    } else {
      out += `<li data-hint="${h.played ? "played" : i + 1}" title="${esc(`${text}\n${detail}`)}">${badge} ${words}</li>`;
    }
  });
  return out + `</ol></div>`;
}

const hasMargin = (h) => h.margin !== null && h.margin !== undefined && !h.played;

/** A hint's margin (the mover's final score minus the best other player's, on average) in words:
 * rounded to a whole point, its sign said ("about 19 points behind", "about 1 point
 * ahead"; under half a point: "neck and neck"). */
export function marginWords(margin) {
  const n = Math.round(Math.abs(margin));
  if (!Number.isFinite(n) || n === 0) return t("ui.bots.margin_level");
  return tn(margin > 0 ? "ui.bots.margin_ahead" : "ui.bots.margin_behind", n);
}

/** A hint's estimates as the search gave them, for the tooltip: what they are, the win chance to
 * a tenth of a percent, the margin to a tenth of a point with its sign. */
export function hintDetail(h) {
  const win = formatNumber(h.win, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return hasMargin(h)
    ? t("ui.bots.hint_detail", { win, margin: formatNumber(h.margin, { signDisplay: "always", minimumFractionDigits: 1, maximumFractionDigits: 1 }) })
    : t("ui.bots.hint_detail_win", { win });
}

/**
 * Where the hints point, for the views that draw the marks:
 * {slots: {slot: [rank...]}, money: {card: [rank...]}, hand: {card: [rank...]},
 *  cells: {"x,y": [rank...]}, tiles: {id: [rank...]}} (ranks from 1).
 * "take" cards are in the money market, "buy" cards in the hand.
 */
export function hintMarks(view) {
  const m = { slots: {}, money: {}, hand: {}, cells: {}, tiles: {} };
  const add = (map, k, rank) => { (map[k] ||= []).includes(rank) || map[k].push(rank); };
  (view.hints || []).forEach((h, i) => {
    const rank = h.played ? PLAYED : i + 1;
    if (h.slot !== undefined) add(m.slots, h.slot, rank);
    for (const c of h.cards || []) add(h.verb === "take" ? m.money : m.hand, c, rank);
    if (h.cell) add(m.cells, `${h.cell[0]},${h.cell[1]}`, rank);
    if (h.tile !== undefined) add(m.tiles, h.tile, rank);
  });
  return m;
}

/** The mark of the move played, beside the review's better move (a cross, where a hint has its rank). */
export const PLAYED = "\u2717";

/** Whether the ranks on a spot are the move played's alone (drawn apart from the hints). */
export function onlyPlayed(ranks) {
  return ranks.length === 1 && ranks[0] === PLAYED;
}

/** A numbered mark (SVG) centred at (cx, cy): a ring and the ranks, e.g. "1" or "1·3" (the move played: a cross, drawn apart). */
export function hintBadge(cx, cy, r, ranks) {
  const label = ranks.join("\u00b7");
  const w = Math.max(2 * r, r * (0.9 + 0.75 * label.length));
  const played = onlyPlayed(ranks);
  return (
    `<g class="alh-hint-mark${played ? " alh-hint-played" : ""}" pointer-events="none" aria-hidden="true">` +
    `<rect x="${num(cx - w / 2)}" y="${num(cy - r)}" width="${num(w)}" height="${num(2 * r)}" rx="${num(r)}"/>` +
    `<text x="${num(cx)}" y="${num(cy + r * 0.42)}" font-size="${num(r * 1.2)}" text-anchor="middle">${esc(label)}</text></g>`
  );
}

/**
 * Which of `cards` (card texts, in order) carry which ranks, from a
 * {card: [rank...]} map: each hint marks as many cards as it names -- the
 * first matching ones. Returns [[index, ranks], ...].
 */
export function cardMarks(cards, marks) {
  if (!marks) return [];
  const byIndex = new Map();
  for (const [card, ranks] of Object.entries(marks)) {
    for (const rank of ranks) {
      const i = cards.findIndex((c, k) => c === card && !(byIndex.get(k) || []).includes(rank));
      if (i >= 0) byIndex.set(i, [...(byIndex.get(i) || []), rank]);
    }
  }
  return [...byIndex.entries()].sort((a, b) => a[0] - b[0]);
}
