// What the player has selected, read against the view's legal choices.
// Pure functions: the legality always comes from the view (computed by the
// Python engine); the sums shown here are only arithmetic for the eye.

import { t } from "./i18n.js";
import { cardsText, containsMultiset, parseCard, sameMultiset } from "./view/common.js";
import { PROTOCOL } from "./protocol.js";

/** The seat whose board, hand and reserve the view centres on. */
export function focusPlayer(view) {
  if (view.legal) return view.legal.player;
  if (view.seat !== null && view.seat !== undefined) return view.seat;
  if (view.phase === "over" && view.winners.length) return view.winners[0];
  return view.current;
}

/** The focus player's hand, or null when hidden. */
export function focusHand(view) {
  return view.players[focusPlayer(view)].hand;
}

/** The legal entry (spots, why_not, swaps ...) of a reserve or pending tile. */
export function tileChoice(view, id) {
  return view.legal?.tiles.find((t) => t.id === id) ?? null;
}

/**
 * The refused cell of the view ([x, y, rule(, key, detail)]) under the pointer or the focus
 * (ui.hover), for the selection: a spot the selected tile may not go to, an Alhambra tile the
 * selected reserve tile may not replace, or, with no tile selected, one that must stay. Null
 * elsewhere, and for a cell the view does not list (hover.rule, from the cell, says its rule).
 */
export function pointedRefusal(view, ui) {
  const hover = ui.hover;
  const legal = view.legal;
  if (!hover || !legal) return null;
  const { x, y } = hover;
  if (ui.sel?.kind === "tile") {
    const entry = tileChoice(view, ui.sel.id);
    if (!entry) return null;
    if (hover.act === "spot") return cellAt(entry.why_not, x, y);
    return hover.act === "placed" && entry.from === "reserve" ? cellAt(entry.no_swap || [], x, y) : null;
  }
  return hover.act === "placed" && view.phase === "action" ? cellAt(legal.no_remove, x, y) : null;
}

export function buyOption(view, slot) {
  return view.legal?.buy.find((b) => b.slot === slot) ?? null;
}

const has = (cells, x, y) => cells.some((c) => c[0] === x && c[1] === y);
const cellAt = (cells, x, y) => cells.find((c) => c[0] === x && c[1] === y) ?? null;
export { has as hasCell, cellAt };

/**
 * Everything the controls show about the current selection:
 * {kind, ...} with the intent (notation) a button would send, or null.
 */
export function summarize(ui, view) {
  const sel = ui.sel;
  const legal = view.legal;
  if (!sel || !legal) return { kind: null };
  if (sel.kind === "money") {
    const cards = sel.idx.map((i) => view.money[i]).filter(Boolean);
    const values = cards.map((c) => parseCard(c).value);
    const sum = values.reduce((a, b) => a + b, 0);
    const ok = cards.length > 0 && legal.take.some((opt) => sameMultiset(opt, cards));
    // in tutorial mode an illegal selection is sent too: the kernel refuses and the lesson explains
    const send = ok || (!!view.lesson && cards.length > 0);
    return { kind: "take", cards, values, sum, several: cards.length > 1, ok, intent: send ? `take ${cardsText(cards)}` : null };
  }
  if (sel.kind === "buy") {
    const opt = buyOption(view, sel.slot);
    const slot = view.market[sel.slot - 1];
    const hand = focusHand(view) || [];
    const cards = sel.idx.map((i) => hand[i]).filter(Boolean);
    const values = cards.map((c) => parseCard(c).value);
    const sum = values.reduce((a, b) => a + b, 0);
    const price = slot.tile ? slot.tile.price : 0;
    const ok = !!opt && cards.length > 0 && cards.every((c) => parseCard(c).currency === slot.currency) &&
      opt.payments.some((p) => containsMultiset(values, p));
    return {
      kind: "buy", slot: sel.slot, currency: slot.currency, tile: slot.tile, price, cards, sum, ok,
      exact: ok && sum === price, payments: opt ? opt.payments : [],
      intent: ok || (view.lesson && cards.length) ? `buy ${sel.slot} with ${cardsText(cards)}` : null,
    };
  }
  if (sel.kind === "placed") {
    const ok = has(legal.remove, sel.x, sel.y);
    return { kind: "placed", x: sel.x, y: sel.y, ok, intent: ok || view.lesson ? `remove ${sel.x},${sel.y}` : null };
  }
  if (sel.kind === "tile") {
    const entry = tileChoice(view, sel.id);
    if (!entry) return { kind: null };
    return {
      kind: "tile", id: sel.id, entry, from: entry.from,
      toReserve: legal.to_reserve.includes(sel.id) ? `reserve ${sel.id}` : null,
      dirk: legal.dirk.includes(sel.id) ? `dirk ${sel.id}` : null,
    };
  }
  return { kind: null };
}

/** Options for drawing the focus board under the current selection. */
export function boardOptions(ui, view) {
  const legal = view.legal;
  if (!legal || legal.player !== focusPlayer(view)) return { interactive: false };
  const sel = ui.sel;
  const o = { interactive: true, spots: [], refused: [], removable: [], swaps: [], selected: null, tileAction: "" };
  if (sel?.kind === "tile") {
    const entry = tileChoice(view, sel.id);
    if (entry) {
      o.spots = entry.spots;
      o.refused = entry.why_not;
      o.swaps = entry.swaps || [];
      o.tileAction = entry.from === "reserve" ? t("ui.board.action_swap") : "";
    }
  } else if (view.phase === "action") {
    o.removable = legal.remove;
    o.tileAction = t("ui.board.action_remove");
    if (sel?.kind === "placed") o.selected = [sel.x, sel.y];
  }
  return o;
}

/** The seat kinds of a new game's line-up, as the kernel takes them (protocol.json "lineup"). */
export const LINEUP_KINDS = PROTOCOL.lineup.kinds;

/**
 * The line-up of the next game: as chosen on the table (the ui state's lineup), else
 * this game's -- per seat "person", or "same" where a bot plays now.
 */
export function lineupOf(view, ui) {
  if (ui && ui.lineup) return ui.lineup;
  const bots = view.bots || {};
  return view.players.map((_, i) => (String(i) in bots ? "same" : "person"));
}

/**
 * The people's names in that line-up, one per seat: as typed on the table,
 * else the name of the person at that seat now ("" where a bot plays: the
 * kernel names the seat).
 */
export function lineupNamesOf(view, ui) {
  if (ui && ui.lineupNames) return ui.lineupNames;
  const bots = view.bots || {};
  return view.players.map((p, i) => (String(i) in bots ? "" : p.name));
}
