// Moves told in words: "Ana bought a tower (8) with dinar 3+5, the exact price."
//
// A move is put into words from its entry in the view's log (made by
// alhambra_widget/view.py log_entry: {n, player, name, action, rounds,
// events, tiles}) -- what went where, never a tile id: building names and
// prices, cards, market slots, and places on the board relative to the
// fountain ("east of the fountain", "2 north, 1 west of the fountain").
// The texts are the ui.move.* keys of the catalogues; the kernel's message
// line says the same sentences with the same keys
// (alhambra_widget/i18n/moves.py; js/describe.test.js compares the two on
// recorded games in every language). A hint -- an action not played yet --
// is told by describeAction (ui.move.do.*: "buy a tower (8) with dinar 3+5").
// The notation stays available for scripts (w.game.moves) and as a tooltip
// (notationTitle).
//
// Numbers go through Intl.NumberFormat in the widget's language.

import { joinAnd, language, moneyName, t } from "./i18n.js";
import { dirkShown } from "./view/common.js";

/** The currencies in slot order (money is named in this order). */
const CURRENCIES = ["florin", "dirham", "dinar", "ducat"];
/** The events the main sentence tells; the others follow it. */
const MAIN = new Set(["take", "pay", "buy", "remove", "build", "swap", "place", "reserve", "dirk", "next", "scoring"]);

const formats = new Map();

/** A number in the language in use ("4,5" in German, "−3" with a minus sign where the language writes one). */
export function formatNumber(n, options = {}) {
  const lang = language();
  const key = `${lang}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(lang, options);
    } catch {
      f = new Intl.NumberFormat("en", options);
    }
    formats.set(key, f);
  }
  return f.format(n);
}

const num = (n) => formatNumber(n, { maximumFractionDigits: 0, useGrouping: false });
const value = (card) => Number(String(card).split(" ")[1]);

/** "florin 1+2 and ducat 2": by currency in slot order, values ascending. */
export function cardsText(cards) {
  const groups = [];
  for (const cur of CURRENCIES) {
    const vals = cards.filter((c) => String(c).split(" ")[0] === cur).map(value).sort((a, b) => a - b);
    if (vals.length) groups.push(moneyName(cur, vals.map(num).join("+")));
  }
  return joinAnd(groups);
}

function cardText(card) {
  const [cur, v] = String(card).split(" ");
  return moneyName(cur, v);
}

/** A cell in words, from the fountain: "east of the fountain" next to it, else "2 north, 1 west of the fountain". */
export function placeText([x, y]) {
  if (Math.abs(x) + Math.abs(y) === 1) {
    const side = y < 0 ? "N" : y > 0 ? "S" : x > 0 ? "E" : "W";
    return t(`ui.move.at.${side}`);
  }
  const steps = [];
  if (y) steps.push(t(`ui.move.step.${y < 0 ? "N" : "S"}`, { n: num(Math.abs(y)) }));
  if (x) steps.push(t(`ui.move.step.${x > 0 ? "E" : "W"}`, { n: num(Math.abs(x)) }));
  return t("ui.move.at.steps", { steps: steps.join(t("list.sep")) });
}

/**
 * A tile in words: form "tile" ("a tower (8)", the object of a sentence),
 * "thing" (the object of an imperative, a hint) or "new" (the subject, in the
 * list of what came into the market: "a tower (8) in slot 1").
 * @param {{building: string, price: number}|null|undefined} info
 */
export function tileText(info, form = "tile", id = "?") {
  if (!info || !info.building) return `#${id}`;
  return t(`ui.move.${form}.${info.building}`, { price: num(info.price) });
}

/** Sentences one after the other, as the language writes them (a space, or none in Japanese). */
export const sentences = (parts) => parts.reduce((out, p) => (out ? t("list.sentences", { first: out, next: p }) : p), "");

/**
 * The sentences telling a log entry: what the player did, then what followed.
 * @param {object} entry  a view log entry
 * @param {object} view   the view (players' names, scoring rounds)
 */
export function describeEntry(entry, view) {
  const { main, more } = describeParts(entry, view);
  return sentences([main, ...more]);
}

/**
 * {main, more}: the sentence of the player's action and those of what
 * followed it (the refills, a scoring round, the end of the game).
 */
export function describeParts(entry, view) {
  const events = entry.events || [];
  const first = {};
  for (const e of events) if (!(e.kind in first)) first[e.kind] = e;
  const name = entry.name ?? "";
  const verb = String(entry.action || "").split(" ")[0];
  const tiles = entry.tiles || {};
  const tile = (e, key = "tile") => tileText(tiles[String(e[key])], "tile", e[key]);
  let main = null;
  if (verb === "take" && first.take) {
    main = t("ui.move.take", { name, cards: cardsText(first.take.cards) });
  } else if (verb === "buy" && first.buy && first.pay && tiles[String(first.buy.tile)]) {   // (its price: what was paid over)
    const paid = first.pay.cards;
    const over = paid.reduce((s, c) => s + value(c), 0) - tiles[String(first.buy.tile)].price;
    main = t(over === 0 ? "ui.move.buy_exact" : "ui.move.buy_over", { name, tile: tile(first.buy), cards: cardsText(paid), over: num(over) });
  } else if ((verb === "remove" || verb === "build" || verb === "place") && first[verb]) {
    const e = first[verb];
    main = t(`ui.move.${verb}`, { name, tile: tile(e), place: placeText(e.pos) });
  } else if (verb === "swap" && first.swap) {
    const e = first.swap;
    main = t("ui.move.swap", { name, tile: tile(e), old: tile(e, "old"), place: placeText(e.pos) });
  } else if ((verb === "reserve" || verb === "dirk") && first[verb]) {
    main = t(`ui.move.${verb}`, { name, tile: tile(first[verb]) });
  } else if (verb === "end" || verb === "pass") {
    main = t(`ui.move.${verb}`, { name });
  } else if (verb === "reshuffle") {   // chance, no one's: after moves taken back at the table
    main = t("ui.move.reshuffle");
  }
  if (main === null) main = t("ui.info.move", { name, action: entry.action ?? "" }); // an entry without its events
  return { main, more: after(entry, events, view) };
}

function after(entry, events, view) {
  const out = [];
  const tiles = entry.tiles || {};
  let refills = events.filter((e) => e.kind === "refill");
  let money = events.filter((e) => e.kind === "money").flatMap((e) => e.cards || []);
  for (const e of events) {
    const k = e.kind;
    if (MAIN.has(k)) continue;
    if (k === "extra") out.push(t("ui.move.extra", { name: entry.name ?? "" }));
    else if (k === "shuffle") out.push(t("ui.move.shuffle"));
    else if (k === "money") {
      if (money.length) out.push(t("ui.move.money", { cards: joinAnd(money.map(cardText)) }));
      money = [];
    } else if (k === "refill") {
      if (refills.length) {
        const items = refills.map((r) => t("ui.move.in_slot", { tile: tileText(tiles[String(r.tile)], "new", r.tile), slot: num(r.slot) }));
        out.push(t("ui.move.refill", { tiles: joinAnd(items) }));
      }
      refills = [];
    } else if (k === "score") out.push(scoreText(e.round, view));
    else if (k === "dirk_draw") out.push(t("ui.move.dirk_draw", { tiles: joinAnd((e.tiles || []).map((id) => tileText(tiles[String(id)], "tile", id))) }));
    else if (k === "award") {
      const who = e.player !== undefined && e.player !== null && view?.players?.[e.player] ? view.players[e.player].name : "";
      out.push(t("ui.move.award", { name: who, tile: tileText(tiles[String(e.tile)], "tile", e.tile), slot: num(e.slot), currency: t(`currency.${CURRENCIES[e.slot - 1]}`) }));
    } else if (k === "over") out.push(t("ui.move.over"));
  }
  return out;
}

function scoreText(k, view) {
  const r = (view?.rounds || []).find((x) => x.round === k);   // (round 2 is skipped when the bag runs out first)
  if (!r) return t("ui.move.score", { round: num(k), points: "" });
  const pts = r.points.map((p, i) => t("ui.move.points", { name: view.players[i]?.name ?? "", points: num(p) }));
  if (r.dirk !== null && r.dirk !== undefined && (!view?.lesson || dirkShown(view))) {   // (not in a lesson before the one on Dirk)
    const d = Array.isArray(r.dirk) ? r.dirk.reduce((a, b) => a + b, 0) : r.dirk;
    pts.push(t("ui.move.points_dirk", { points: num(d) }));
  }
  return t("ui.move.score", { round: num(k), points: joinAnd(pts) });
}

/** The tooltip that keeps a move's notation at hand ("Notation: buy 2 with dinar 3+5"). */
export function notationTitle(action) {
  return t("ui.move.notation", { action });
}

// ----------------------------------------------------------- actions to play

/** Every tile the view shows, by id ({building, price}). */
function viewTiles(view) {
  const out = {};
  const add = (tile) => {
    if (tile && tile.id) out[tile.id] = tile;
  };
  for (const s of view?.market || []) add(s.tile);
  for (const p of view?.players || []) {
    for (const tile of p.alhambra || []) add(tile);
    for (const tile of p.reserve || []) add(tile);
  }
  for (const e of view?.pending || []) add(e.tile);
  for (const tile of view?.dirk || []) add(tile);
  return out;
}

const cellOf = (text) => text.split(",").map(Number);

/**
 * An action not played yet, in words, from its notation and the view (a
 * hint: "buy a tower (8) with dinar 3+5", "place a garden (6) east of the
 * fountain"); the notation itself when it is not understood.
 */
export function describeAction(action, view) {
  const text = String(action || "").trim();
  const [verb, ...rest] = text.split(" ");
  const tiles = viewTiles(view);
  const boardTile = (pos) => {
    const p = view?.players?.[view?.current];
    return p && (p.alhambra || []).find((tile) => tile.x === pos[0] && tile.y === pos[1]);
  };
  const cards = (s) => {
    // "florin 1+2, ducat 2" -> ["florin 1", "florin 2", "ducat 2"]
    const out = [];
    for (const group of s.split(",")) {
      const [cur, vals] = group.trim().split(" ");
      for (const v of (vals || "").split("+")) if (cur && v) out.push(`${cur} ${v}`);
    }
    return out;
  };
  let m;
  const taken = verb === "take" ? cards(rest.join(" ")) : [];
  if (taken.length) return t("ui.move.do.take", { cards: cardsText(taken) });
  if (verb === "buy" && (m = /^buy (\d) with (.+)$/.exec(text))) {
    const slot = view?.market?.[Number(m[1]) - 1];
    if (slot?.tile) return t("ui.move.do.buy", { tile: tileText(slot.tile, "thing"), cards: cardsText(cards(m[2])) });
  }
  if (verb === "remove" && (m = /^remove (-?\d+,-?\d+)$/.exec(text))) {
    const pos = cellOf(m[1]);
    return t("ui.move.do.remove", { tile: tileText(boardTile(pos), "thing"), place: placeText(pos) });
  }
  if ((verb === "build" || verb === "place" || verb === "swap") && (m = /^\w+ (\d+) at (-?\d+,-?\d+)$/.exec(text))) {
    const pos = cellOf(m[2]);
    const tile = tileText(tiles[m[1]], "thing", m[1]);
    if (verb === "swap") return t("ui.move.do.swap", { tile, old: tileText(boardTile(pos), "tile"), place: placeText(pos) });
    return t(`ui.move.do.${verb}`, { tile, place: placeText(pos) });
  }
  if ((verb === "reserve" || verb === "dirk") && (m = /^\w+ (\d+)$/.exec(text))) return t(`ui.move.do.${verb}`, { tile: tileText(tiles[m[1]], "thing", m[1]) });
  if (verb === "end" || verb === "pass") return t(`ui.move.do.${verb}`);
  return text;
}
