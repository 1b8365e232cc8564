// Every move seen: each move is animated from where things were to where
// they go -- cards from the money market to a hand, paid cards to the
// discard pile, a tile from its market slot to the tiles to place, then to
// the board, the reserve or Dirk, the refills arriving from the deck and the
// bag -- and a scoring round counts its points up per player.
//
// Driven by the move record, not by diffing two views: the view's log
// carries each move's events (alhambra_widget/view.py log_entry), so the
// moves new since the last draw say what went where -- and the moves gone
// from it (an undo, a step back in the replay) what flies back. The widget measures the
// table before and after it patches the DOM (FLIP):
//
//   const m = createMotion(root, layerParent)
//   const pre = m.before(view)     // before the patch: the new moves and where everything is
//   ...patch the DOM...
//   m.after(pre, view)             // after it: animate, and mark what changed since the viewer's last move
//
// Each move takes at most MOVE_MS (a scoring round SCORE_MS more); moves
// that come while others still play wait their turn, so the bots' moves can
// be followed (the kernel lets a bot wait as long: widget.py MOVE_SECONDS,
// SCORE_SECONDS). prefers-reduced-motion turns all motion off; the marks stay.
// Animations are the Web Animations API's (element.animate): a "ghost" copy
// of the moving thing flies over the table in a layer of its own while the
// real one, already in its new place, is hidden until the ghost lands.
//
// The pure part (planMotion, changedSince, newMoves) is tested without a
// browser; the DOM part finds things by the table's stable hooks:
//   tiles             [data-tile="<id>"] (the largest one drawn: the focus board over a miniature);
//                     on a miniature, the tile's cell from the picture's svg[data-grid]
//   face-up cards     .alh-money .alh-card[data-currency][data-value], in order
//   the focus hand    .alh-focus[data-player="<p>"] .alh-card[data-currency][data-value]
//   a player's panel  .alh-player[data-player="<p>"], its score .alh-score, its miniature board .alh-mini-bg
//   tiles to place    .alh-pending-row[data-player="<p>"]; the reserve .alh-focus[data-player] .alh-reserve
//   Dirk, deck, discard pile, bag   .alh-dirk, .alh-deck, .alh-discard, .alh-bag

import { tn } from "./i18n.js";

/** The longest a move moves (ms). */
export const MOVE_MS = 400;
/** A scoring round counting its points up, after its move (ms). */
export const SCORE_MS = 500;
/** More new moves than this in one view (a replay jump, another game): nothing moves. */
export const MAX_MOVES = 4;
/** Moves waiting for earlier ones to finish wait at most this long; beyond, the earlier ones end at once. */
export const MAX_QUEUE_MS = 1600;

// a move's main motion and what follows it (the refills), within MOVE_MS
const MAIN_MS = 320;
const AFTER_AT = 120;
const AFTER_MS = MOVE_MS - AFTER_AT;

/** The style of the motion layer and of the marks of what changed. */
export const MOTION_CSS = `
.alh-motion { position: absolute; left: 0; top: 0; width: 0; height: 0; overflow: visible; pointer-events: none; z-index: 30; }
.alh-motion > * { position: absolute; transform-origin: 0 0; will-change: transform, opacity; margin: 0; }
.alh-motion, .alh-motion * { pointer-events: none !important; }
.alh-motion-spot { background: var(--alh-current); border-radius: 2px; opacity: 0.85; }
.alh-motion-points { font-weight: 700; color: var(--alh-current-ink); white-space: nowrap; }
.alh-root .alh-changed { filter: drop-shadow(0 0 1.5px var(--alh-current)) drop-shadow(0 0 1px var(--alh-current)); }
@media (prefers-reduced-motion: reduce) { .alh-motion { display: none; } }
body.vscode-reduce-motion .alh-motion { display: none; }
`;

// --------------------------------------------------------------- pure part

/** Is `x` a seat index? */
const isSeat = (x) => x !== null && x !== undefined;

/**
 * The log entries new since the last move drawn (`lastN`, the highest move
 * number shown before); none on the first draw, after an undo, or when more
 * than MAX_MOVES came at once.
 */
export function newMoves(log, lastN) {
  if (lastN === null || lastN === undefined || !Array.isArray(log)) return [];
  const fresh = log.filter((e) => e.n > lastN);
  return fresh.length > MAX_MOVES ? [] : fresh;
}

/** Which game a view shows (a new game, a game assigned, a lesson's step, even one with the same players: another key). */
export const gameKey = (view) => `${view.game ?? ""}|${view.n}|${(view.players || []).map((p) => p.name).join("|")}`;

/** The highest move number of a log (0 when empty). */
export const lastMove = (log) => (Array.isArray(log) && log.length ? log[log.length - 1].n : 0);

/** How long the motion of these moves takes (ms), one after the other. */
export function motionLength(entries) {
  return entries.reduce((s, e) => s + MOVE_MS + SCORE_MS * ((e.rounds || []).length), 0);
}

const cardOf = (a) => (a && a.card) || null;

/** Keys of `map` with a prefix, in index order: "money:0", "money:1" ... */
function indexed(map, prefix) {
  const out = [];
  for (let i = 0; map.has(`${prefix}${i}`); i++) out.push(`${prefix}${i}`);
  return out;
}

/** The first key of `keys` whose anchor holds `card` and is not used yet (then used). */
function takeCard(map, keys, card, used, fromEnd = false) {
  const list = fromEnd ? [...keys].reverse() : keys;
  for (const k of list) {
    if (!used.has(k) && cardOf(map.get(k)) === card) {
      used.add(k);
      return k;
    }
  }
  return null;
}

/** A push onto `steps` that keeps one step per thing: one flight from each place, one to each. */
function onceEach(steps) {
  const seen = new Set();
  return (step) => {
    const id = `${step.kind === "fly" ? "from" : "to"}|${step.key}`;
    if (seen.has(id)) return;
    seen.add(id);
    steps.push(step);
  };
}

/**
 * What moves where, for the new moves `entries` (view log entries), from the
 * table measured before the patch (`before`) to the table after it
 * (`after`): Maps of anchor key -> {x, y, w, h, card?} (see measure()).
 * Returns the steps, each {kind, key, from, to, delay, duration, ...}:
 *
 *   move    the thing now at `key` (after) flies in from `from` (where it was)
 *   fly     the thing that was at `key` (before) flies to `to` and fades (it is gone, or drawn elsewhere without a place of its own)
 *   arrive  the thing now at `key` comes from `from` (the deck, the bag), growing
 *   count   a player's score counts up {player, from, to} (key "score:<p>"), with a "+n" rising
 *
 * With `reduced` (prefers-reduced-motion) there are none.
 * @param {object[]} entries
 * @param {Map} before
 * @param {Map} after
 * @param {{reduced?: boolean, view?: object, start?: number}} [o]  start: the delay of the first move (ms)
 */
export function planMotion(entries, before, after, { reduced = false, view = null, start = 0 } = {}) {
  const steps = [];
  if (reduced || !entries.length) return steps;
  // a thing moved twice in the moves drawn at once (bought, then placed) flies once, to where it is now
  const push = onceEach(steps);
  const beforeMoney = indexed(before, "money:");
  const afterMoney = indexed(after, "money:");
  const usedBefore = new Set();
  const usedAfter = new Set();
  let t0 = start;
  const at = (map, key) => (key && map.has(key) ? map.get(key) : null);
  const target = (...keys) => {
    for (const k of keys) if (at(after, k)) return k;
    return null;
  };
  for (const entry of entries) {
    const main = { delay: t0, duration: MAIN_MS };
    const later = { delay: t0 + AFTER_AT, duration: AFTER_MS };
    const move = (src, dst, fallback, timing = main) => {
      // the thing was at src (before) and is at dst (after): fly it there; else fly
      // the old one towards the place it went (fallback), or let the new one arrive
      const from = at(before, src);
      if (from && at(after, dst)) push({ kind: "move", key: dst, from, to: at(after, dst), ...timing });
      else if (from && fallback && at(after, fallback)) push({ kind: "fly", key: src, from, to: at(after, fallback), ...timing });
    };
    for (const e of entry.events || []) {
      const p = isSeat(e.player) ? e.player : entry.player;
      const tile = (id) => `tile:${id}`;
      switch (e.kind) {
        case "take": {
          const handKeys = indexed(after, `hand:${p}:`);
          const had = {};
          for (const k of indexed(before, `hand:${p}:`)) {
            const c = cardOf(before.get(k));
            had[c] = (had[c] || 0) + 1;
          }
          const seen = {};
          for (const card of e.cards || []) {
            const src = takeCard(before, beforeMoney, card, usedBefore);
            if (!src) continue;
            // the new card in the hand: the one after those of the same card held before
            const k = (seen[card] = (seen[card] || 0) + 1) + (had[card] || 0) - 1;
            const dst = handKeys.filter((h) => cardOf(after.get(h)) === card)[k] || null;
            if (dst) push({ kind: "move", key: dst, from: before.get(src), to: after.get(dst), ...main });
            else if (target(`player:${p}`)) push({ kind: "fly", key: src, from: before.get(src), to: after.get(`player:${p}`), ...main });
          }
          break;
        }
        case "pay": {
          const handKeys = indexed(before, `hand:${p}:`);
          const dst = target("discard", "deck");
          // cards paid from a hand drawn card by card (another player's panel shows no cards to fly)
          for (const card of e.cards || []) {
            const src = takeCard(before, handKeys, card, usedBefore);
            if (src && dst) push({ kind: "fly", key: src, from: before.get(src), to: after.get(dst), ...main });
          }
          break;
        }
        case "buy":
        case "award":
          move(tile(e.tile), tile(e.tile), target(`pending:${p}`, `player:${p}`), e.kind === "award" ? later : main);
          break;
        case "place":
        case "build":
        case "remove":
        case "reserve":
          move(tile(e.tile), tile(e.tile), target(e.kind === "remove" || e.kind === "reserve" ? `reserve:${p}` : `board:${p}`, `player:${p}`));
          break;
        case "swap":
          move(tile(e.tile), tile(e.tile), target(`board:${p}`, `player:${p}`));
          move(tile(e.old), tile(e.old), target(`reserve:${p}`, `player:${p}`));
          break;
        case "dirk":
          move(tile(e.tile), tile(e.tile), target("dirk"));
          break;
        case "refill": {
          const from = at(after, "bag") || at(before, "bag");
          const to = at(after, tile(e.tile));
          if (from && to) push({ kind: "arrive", key: tile(e.tile), from, to, ...later });
          break;
        }
        case "dirk_draw": {
          const from = at(after, "bag") || at(before, "bag");
          for (const id of e.tiles || []) {
            const to = at(after, tile(id));
            if (from && to) push({ kind: "arrive", key: tile(id), from, to, ...later });
          }
          break;
        }
        case "money": {
          const from = at(after, "deck") || at(before, "deck");
          for (const card of e.cards || []) {
            const dst = takeCard(after, afterMoney, card, usedAfter, true);
            if (from && dst) push({ kind: "arrive", key: dst, from, to: after.get(dst), ...later });
          }
          break;
        }
        case "score": {
          const r = view && view.rounds ? view.rounds.find((x) => x.round === e.round) : null;
          if (!r) break;
          const delay = t0 + MOVE_MS + SCORE_MS * (entry.rounds || []).indexOf(e.round);
          r.points.forEach((pts, i) => {
            const key = `score:${i}`;
            const to = r.scores ? r.scores[i] : null;
            if (!at(after, key) || to === null) return;
            steps.push({ kind: "count", key, player: i, points: pts, from: to - pts, to, rect: after.get(key), delay, duration: SCORE_MS });
          });
          break;
        }
        default:
          break;
      }
    }
    t0 += MOVE_MS + SCORE_MS * (entry.rounds || []).length;
  }
  return steps;
}

/** More moves taken back at once than this (a replay jump back): nothing moves. */
export const MAX_UNDONE = 12;

/**
 * The log entries taken back (an undo, a step back in the replay): those of
 * the log drawn before (`oldLog`) after the last move the two logs share (the
 * same number and action: an undo at the table may end in a chance move of
 * its own, a reshuffle numbered as the move it took back); none on the first
 * draw, when nothing went back, when a player's move is new, or when more
 * than MAX_UNDONE went (or the old log no longer holds them all).
 */
export function undoneMoves(oldLog, log) {
  if (!Array.isArray(oldLog) || !Array.isArray(log) || !oldLog.length) return [];
  const had = new Map(oldLog.map((e) => [e.n, e]));
  let last = log.length ? log[0].n - 1 : 0;
  for (let k = log.length - 1; k >= 0; k--) {
    const e = log[k];
    const o = had.get(e.n);
    if (o && o.action === e.action) {
      last = e.n;
      break;
    }
    if (e.player !== null && e.player !== undefined) return [];   // a player's move the old log did not have
  }
  const old = lastMove(oldLog);
  if (old <= last || old - last > MAX_UNDONE) return [];
  const gone = oldLog.filter((e) => e.n > last);
  return gone.length === old - last ? gone : [];
}

/**
 * What flies back for the moves taken back (`entries`, oldest first), from
 * the table measured before the patch to the table after it, all at once
 * (an undo is one step, however many moves it took back): tiles to where
 * they are now (a market slot, the tiles to place, the reserve), refilled
 * tiles back into the bag, cards taken back to the money market, cards
 * dealt back into the deck, cards paid back into the hand. The steps are
 * planMotion's; with `reduced` there are none.
 */
export function planUndo(entries, before, after, { reduced = false } = {}) {
  const steps = [];
  if (reduced || !entries.length) return steps;
  const timing = { delay: 0, duration: MAIN_MS };
  const push = onceEach(steps);
  const at = (map, key) => (key && map.has(key) ? map.get(key) : null);
  const same = (a, b) => Math.abs(a.x - b.x) < 0.5 && Math.abs(a.y - b.y) < 0.5 && Math.abs(a.w - b.w) < 0.5;
  const usedBefore = new Set();
  const usedAfter = new Set();
  const beforeMoney = indexed(before, "money:");
  const afterMoney = indexed(after, "money:");
  const back = (id, p) => {
    // a tile back where it is now: from where it was drawn, or from its player's panel
    const key = `tile:${id}`;
    const to = at(after, key);
    const from = at(before, key) || at(before, `player:${p}`);
    if (!to) {
      // drawn nowhere now (back in the bag): the old drawing flies there
      const bag = at(after, "bag") || at(before, "bag");
      if (at(before, key) && bag) push({ kind: "fly", key, from: before.get(key), to: bag, ...timing });
      return;
    }
    if (from && !same(from, to)) push({ kind: from === at(before, key) ? "move" : "arrive", key, from, to, ...timing });
  };
  for (const entry of [...entries].reverse()) {
    for (const e of [...(entry.events || [])].reverse()) {
      const p = isSeat(e.player) ? e.player : entry.player;
      switch (e.kind) {
        case "buy":
        case "award":
        case "place":
        case "build":
        case "remove":
        case "reserve":
        case "dirk":
        case "refill":
          back(e.tile, p);
          break;
        case "swap":
          back(e.tile, p);
          back(e.old, p);
          break;
        case "dirk_draw":
          for (const id of e.tiles || []) back(id, p);
          break;
        case "take":
          // the cards leave the hand for the money market again
          for (const card of e.cards || []) {
            const dst = takeCard(after, afterMoney, card, usedAfter);
            if (!dst) continue;
            const src = takeCard(before, indexed(before, `hand:${p}:`), card, usedBefore, true);
            if (src) push({ kind: "move", key: dst, from: before.get(src), to: after.get(dst), ...timing });
            else if (at(before, `player:${p}`)) push({ kind: "arrive", key: dst, from: before.get(`player:${p}`), to: after.get(dst), ...timing });
          }
          break;
        case "money": {
          // the cards dealt go back into the deck
          const deck = at(after, "deck") || at(before, "deck");
          for (const card of e.cards || []) {
            const src = takeCard(before, beforeMoney, card, usedBefore, true);
            if (src && deck) push({ kind: "fly", key: src, from: before.get(src), to: deck, ...timing });
          }
          break;
        }
        case "pay": {
          // the cards paid come back from the discard pile into the hand
          const from = at(before, "discard") || at(before, "deck");
          for (const card of e.cards || []) {
            const dst = takeCard(after, indexed(after, `hand:${p}:`), card, usedAfter, true);
            if (dst && from) push({ kind: "arrive", key: dst, from, to: after.get(dst), ...timing });
          }
          break;
        }
        default:
          break;
      }
    }
  }
  return steps;
}

/** Who is looking: the seat, or in hot-seat the player to act. */
export function viewer(view) {
  if (!view) return null;
  if (isSeat(view.seat)) return view.seat;
  if (view.legal && isSeat(view.legal.player)) return view.legal.player;
  return view.phase === "over" ? null : view.current;
}

/**
 * What changed since the viewer's last move, to mark until they act: the
 * tiles that came up or moved ({tiles: Set of ids}), the players whose
 * Alhambra changed ({boards: Set of seats}: a miniature shows no tile on
 * its own) and the face-up money cards that came up and are still there
 * ({money: [card ...]}).
 */
export function changedSince(view) {
  const out = { tiles: new Set(), boards: new Set(), money: [] };
  const log = (view && view.log) || [];
  const me = viewer(view);
  if (me === null || !log.length) return out;
  let from = 0;
  for (let k = log.length - 1; k >= 0; k--) {
    if (log[k].player === me) {
      from = k + 1;
      break;
    }
  }
  const money = [];
  for (const entry of log.slice(from)) {
    for (const e of entry.events || []) {
      if (["place", "build", "swap", "remove", "reserve", "dirk", "buy", "refill", "award"].includes(e.kind)) out.tiles.add(e.tile);
      if (e.kind === "swap") out.tiles.add(e.old);
      if (["place", "build", "swap", "remove"].includes(e.kind) && isSeat(e.player) && e.player !== me) out.boards.add(e.player);
      if (e.kind === "dirk_draw") for (const id of e.tiles || []) out.tiles.add(id);
      if (e.kind === "money") money.push(...(e.cards || []));
      if (e.kind === "take") {
        for (const c of e.cards || []) {
          const i = money.indexOf(c);
          if (i >= 0) money.splice(i, 1);
        }
      }
    }
  }
  // the cards still face up
  const up = [...((view && view.money) || [])];
  for (const c of money) {
    const i = up.indexOf(c);
    if (i >= 0) {
      up.splice(i, 1);
      out.money.push(c);
    }
  }
  return out;
}

// ---------------------------------------------------------------- the DOM

const rectOf = (el) => {
  const r = el.getBoundingClientRect();
  return { x: r.left, y: r.top, w: r.width, h: r.height };
};
/** An SVG element's user space in viewport coordinates (its transforms, its <svg>'s viewBox and place), or null. */
const screenMatrix = (el) => {
  try {
    return el.ownerSVGElement && typeof el.getScreenCTM === "function" ? el.getScreenCTM() : null;
  } catch {
    return null;
  }
};
const visible = (r) => r.w > 0 && r.h > 0;
/** What flies between two cells of miniature boards (which draw no tile on its own). */
function spotGhost(doc) {
  const el = doc.createElement("div");
  el.className = "alh-motion-spot";
  return el;
}
const cardText = (el) => `${el.getAttribute("data-currency")} ${el.getAttribute("data-value")}`;

/**
 * Where everything is: anchor key -> {x, y, w, h, el, card?} (viewport
 * coordinates), for the table drawn in `body` (the keys of planMotion).
 */
export function measure(body) {
  const map = new Map();
  const put = (key, el, extra = {}) => {
    if (!el) return;
    const r = rectOf(el);
    if (visible(r)) map.set(key, { ...r, el, m: screenMatrix(el), ...extra });
  };
  // tiles: the largest drawing of each (the focus board rather than a miniature)
  for (const el of body.querySelectorAll("[data-tile]")) {
    const r = rectOf(el);
    if (!visible(r)) continue;
    const key = `tile:${el.getAttribute("data-tile")}`;
    const had = map.get(key);
    if (!had || r.w * r.h > had.w * had.h) map.set(key, { ...r, el, m: screenMatrix(el) });
  }
  // a miniature board draws its tiles as a path per building: each tile's cell (a
  // "spot"), from the picture's grid (js/view/panel.js: data-grid, data-tiles,
  // data-reserve-at, data-reserve), where no larger drawing of the tile is
  for (const svg of body.querySelectorAll("svg[data-grid]")) {
    let m = null;
    try {
      m = svg.getScreenCTM();
    } catch {
      m = null;
    }
    if (!m) continue;
    const at = (ux, uy, s) => ({ x: m.a * ux + m.c * uy + m.e, y: m.b * ux + m.d * uy + m.f, w: s * m.a, h: s * m.d, el: svg, m: null, spot: true });
    const [ox, oy, c] = svg.getAttribute("data-grid").split(" ").map(Number);
    const cells = [];
    for (const part of (svg.getAttribute("data-tiles") || "").split(" ")) {
      const [id, xy] = part.split("@");
      if (!xy || id === "0") continue;
      const [x, y] = xy.split(",").map(Number);
      cells.push([id, at(ox + x * c, oy + y * c, c)]);
    }
    const [top, size, ...xs] = (svg.getAttribute("data-reserve-at") || "").split(" ").filter(Boolean).map(Number);
    (svg.getAttribute("data-reserve") || "").split(" ").filter(Boolean).forEach((id, i) => {
      if (xs[i] !== undefined) cells.push([id, at(xs[i], top, size)]);
    });
    for (const [id, r] of cells) {
      const key = `tile:${id}`;
      if (visible(r) && !map.has(key)) map.set(key, r);
    }
  }
  body.querySelectorAll(".alh-money .alh-card").forEach((el, i) => put(`money:${i}`, el, { card: cardText(el) }));
  for (const focus of body.querySelectorAll(".alh-focus[data-player]")) {
    const p = focus.getAttribute("data-player");
    focus.querySelectorAll(".alh-card[data-currency]").forEach((el, i) => put(`hand:${p}:${i}`, el, { card: cardText(el) }));
    put(`reserve:${p}`, focus.querySelector(".alh-reserve, .alh-focus-reserve"));
    put(`board:${p}`, focus.querySelector(".alh-focus-board"));
  }
  for (const panel of body.querySelectorAll(".alh-player[data-player]")) {
    const p = panel.getAttribute("data-player");
    put(`player:${p}`, panel);
    put(`score:${p}`, panel.querySelector(".alh-score"));
  }
  for (const row of body.querySelectorAll(".alh-pending-row[data-player]")) put(`pending:${row.getAttribute("data-player")}`, row);
  put("dirk", body.querySelector(".alh-dirk"));
  put("deck", body.querySelector(".alh-deck"));
  put("discard", body.querySelector(".alh-discard"));
  put("bag", body.querySelector(".alh-bag"));
  return map;
}

/** Does the page ask for less motion? (The system's setting, or VS Code's own "reduce motion",
 * which its notebook outputs carry as a class on the body.) */
export function reducedMotion(win = typeof window !== "undefined" ? window : null) {
  try {
    if (win && win.document && win.document.body && win.document.body.classList.contains("vscode-reduce-motion")) return true;
    return !!(win && win.matchMedia && win.matchMedia("(prefers-reduced-motion: reduce)").matches);
  } catch {
    return false;
  }
}

const STRIP = ["id", "role", "tabindex", "aria-label", "aria-pressed", "aria-disabled", "aria-describedby", "data-act", "data-key", "focusable"];

/** A copy of `el` that nobody can click, focus, find by name or read aloud. */
function inert(el) {
  const copy = el.cloneNode(true);
  const clean = (node) => {
    for (const a of STRIP) node.removeAttribute(a);
    node.classList && node.classList.remove("alh-changed", "alh-selected");
  };
  clean(copy);
  for (const node of copy.querySelectorAll("*")) clean(node);
  for (const title of copy.querySelectorAll("title")) title.remove();
  return copy;
}

/**
 * A ghost of the anchor `a` (an element measured by measure(), perhaps no
 * longer in the document) in the layer, drawn just where `a` was measured:
 * an SVG element in an <svg> of its own, placed by the matrix that drew it
 * (its transforms, its <svg>'s viewBox and place); an HTML element at its
 * box. Returns {node, base}: the ghost and its origin in the layer.
 */
function ghostOf(a, layer, origin) {
  const doc = layer.ownerDocument;
  let node;
  if (a.m) {
    node = doc.createElementNS("http://www.w3.org/2000/svg", "svg");
    node.setAttribute("width", "1");
    node.setAttribute("height", "1");
    node.style.left = "0px";
    node.style.top = "0px";
    node.style.overflow = "visible";
    const copy = inert(a.el);
    const m = a.m;
    copy.setAttribute("transform", `matrix(${m.a} ${m.b} ${m.c} ${m.d} ${m.e - origin.x} ${m.f - origin.y})`);
    node.appendChild(copy);
    layer.appendChild(node);
    return { node, base: { x: 0, y: 0 } };
  }
  node = inert(a.el);
  node.style.left = `${a.x - origin.x}px`;
  node.style.top = `${a.y - origin.y}px`;
  node.style.width = `${a.w}px`;
  node.style.height = `${a.h}px`;
  node.style.boxSizing = "border-box";
  node.setAttribute("aria-hidden", "true");
  layer.appendChild(node);
  return { node, base: { x: a.x - origin.x, y: a.y - origin.y } };
}

/** The transform that puts the box `r` (layer coordinates) where `s` is, for a node whose own origin is `base`. */
function mapBox(r, s, base) {
  const k = r.w > 0 ? s.w / r.w : 1;
  const kh = r.h > 0 ? s.h / r.h : 1;
  // translate so that r's corner lands on s's corner, scaling about the node's origin
  const ox = r.x - base.x;
  const oy = r.y - base.y;
  return `translate(${s.x - base.x - ox * k}px, ${s.y - base.y - oy * kh}px) scale(${k}, ${kh})`;
}

/**
 * The widget's motion, for one display: before(view) before the patch,
 * after(pre, view) after it. `root` is the widget's root element (the layer
 * goes in it), `body` the element the table is drawn in.
 */
export function createMotion(root, body, { win = typeof window !== "undefined" ? window : null } = {}) {
  const doc = root.ownerDocument;
  let layer = null;
  let lastN = null; // the last move drawn
  let lastGame = null;
  let lastLog = null; // the log drawn last (an undo takes moves of it back)
  let busyUntil = 0; // when the motion already planned ends
  let pending = null; // moves measured before the patch, to animate once this update is drawn
  const running = new Set();

  const now = () => (win && win.performance ? win.performance.now() : Date.now());
  const canAnimate = (el) => !!el && typeof el.animate === "function";

  function ensureLayer() {
    if (layer && layer.isConnected) return layer;
    layer = doc.createElement("div");
    layer.className = "alh-motion";
    layer.setAttribute("aria-hidden", "true");
    if (win && win.getComputedStyle && win.getComputedStyle(root).position === "static") root.style.position = "relative";
    root.appendChild(layer);
    return layer;
  }

  function track(anim, cleanup) {
    running.add(anim);
    const done = () => {
      running.delete(anim);
      if (cleanup) cleanup();
    };
    // the promise, not the finish event: whoever waits on `finished` after us sees the table cleaned up
    anim.finished.then(done, done);
    return anim;
  }

  /** Finish every animation at once (their things are where they belong). */
  function finishAll() {
    for (const a of [...running]) {
      try {
        a.finish();
      } catch {
        a.cancel();
      }
    }
    busyUntil = 0;
  }

  /** Before the patch: the new moves of `view`, and where everything is now. */
  function before(view) {
    const log = view && view.log;
    // another game (the widget says which it shows; a new game, a game assigned, a lesson's step,
    // even one with the same players): start counting from it, nothing moves
    const game = view ? gameKey(view) : null;
    const entries = game === lastGame ? newMoves(log, lastN) : [];
    const undone = game === lastGame && !entries.length ? undoneMoves(lastLog, log) : [];
    // (and what the last game's moves still fly lands at once: it would cross the new table)
    if (game !== lastGame && lastGame !== null) {
      pending = null;
      if (running.size) finishAll();
    }
    lastGame = game;
    lastN = lastMove(log);
    lastLog = Array.isArray(log) ? log : null;
    if ((!entries.length && !undone.length) || reducedMotion(win) || !canAnimate(root)) return { entries: [] };
    return { entries, undone, map: measure(body) };
  }

  /**
   * After the patch: mark what changed since the viewer's last move, and
   * animate the new moves -- once the draws of this update are all done (a
   * move's view and its message come together, each drawn in turn: the
   * message line may still move the table), before the browser paints.
   */
  function after(pre, view) {
    mark(view);
    if (pre && pre.undone && pre.undone.length) {
      // taken back: whatever still flies lands at once, then everything flies back
      pending = null;
      finishAll();
      const go = () => {
        if (root.isConnected) launchUndo(pre);
      };
      if (typeof queueMicrotask === "function") queueMicrotask(go);
      else Promise.resolve().then(go);
      return;
    }
    if (!pre || !pre.entries || !pre.entries.length) return;
    if (pending) {
      // two views in one update: from where things were before the first, every move of both
      pending = { pre: { ...pending.pre, entries: [...pending.pre.entries, ...pre.entries] }, view };
      return;
    }
    pending = { pre, view };
    const go = () => {
      const p = pending;
      pending = null;
      if (p && root.isConnected) launch(p.pre, p.view);
    };
    if (typeof queueMicrotask === "function") queueMicrotask(go);
    else Promise.resolve().then(go);
  }

  /** Plan and start the motion of the moves measured in `pre`, the table being as it is now. */
  function launch(pre, view) {
    const t = now();
    let start = Math.max(0, busyUntil - t);
    if (start > MAX_QUEUE_MS) {
      finishAll();
      start = 0;
    }
    const map = measure(body);
    const steps = planMotion(pre.entries, pre.map, map, { view, start });
    if (!steps.length) return steps;
    busyUntil = t + start + motionLength(pre.entries);
    const lay = ensureLayer();
    const origin = rectOf(lay);
    runAll(steps, pre, map, lay, origin);
    return steps;
  }

  /** The moves taken back in `pre` fly back, the table being as it is now. */
  function launchUndo(pre) {
    const map = measure(body);
    const steps = planUndo(pre.undone, pre.map, map);
    if (!steps.length) return steps;
    busyUntil = now() + MOVE_MS;
    const lay = ensureLayer();
    runAll(steps, pre, map, lay, rectOf(lay));
    return steps;
  }

  /**
   * Animate the steps: first every ghost is put in the layer, then all are
   * measured at once (one layout) and each is mapped from the box it is
   * drawn in onto the boxes it flies between -- so a ghost lands exactly on
   * the thing, whatever transforms (CSS ones too) drew the original.
   */
  function runAll(steps, pre, map, lay, origin) {
    const box = (r) => ({ x: r.x - origin.x, y: r.y - origin.y, w: r.w, h: r.h });
    const flights = [];
    for (const s of steps) {
      if (s.kind === "count") {
        count(s, map, lay, origin);
        continue;
      }
      let a = s.kind === "fly" ? pre.map.get(s.key) : map.get(s.key);
      // a tile's cell on a miniature board: the tile's drawing at the other end flies
      // instead, or, with none, a square in the colour of the player to act
      const other = s.kind === "fly" ? map.get(s.key) : pre.map.get(s.key);
      if (a && a.spot) a = other && !other.spot ? other : { ...a, el: spotGhost(doc), m: null };
      if (!a) continue;
      // the real thing in its new place (a cell of a miniature is no element of its own)
      const real = s.kind === "fly" ? null : map.get(s.key);
      flights.push({ s, a, hide: real && !real.spot ? real.el : null, ...ghostOf(a, lay, origin) });
    }
    for (const f of flights) {
      const drawn = f.node.firstElementChild && f.a.m ? f.node.firstElementChild : f.node;
      f.drawn = box(rectOf(drawn));
    }
    for (const { s, node, base, drawn, hide } of flights) {
      if (!visible(drawn)) {
        node.remove();
        continue;
      }
      const timing = { duration: s.duration, delay: s.delay, easing: "cubic-bezier(.4,0,.2,1)", fill: "backwards" };
      const on = (r) => mapBox(drawn, r, base);
      if (s.kind === "fly") {
        // the thing leaves where it was, shrinking towards the place it went, and fades
        const from = box(s.from);
        const to = box({ x: s.to.x + s.to.w / 2 - s.from.w * 0.3, y: s.to.y + s.to.h / 2 - s.from.h * 0.3, w: s.from.w * 0.6, h: s.from.h * 0.6 });
        track(node.animate([{ transform: on(from), opacity: 1 }, { transform: on(to), opacity: 0 }], { ...timing, fill: "both" }), () => node.remove());
        continue;
      }
      // move, arrive: the thing in its new place, flown in from where it was (or from the deck, the bag)
      const to = box(s.to);
      const from = s.kind === "arrive"
        ? box({ x: s.from.x + s.from.w / 2 - s.to.w * 0.25, y: s.from.y + s.from.h / 2 - s.to.h * 0.25, w: s.to.w * 0.5, h: s.to.h * 0.5 })
        : box(s.from);
      const frames = [{ transform: on(from), opacity: s.kind === "arrive" ? 0.2 : 1 }, { transform: on(to), opacity: 1 }];
      track(node.animate(frames, timing), () => node.remove());
      // hidden in its new place until the ghost lands there
      if (canAnimate(hide)) track(hide.animate([{ opacity: 0 }, { opacity: 0 }], { duration: s.delay + s.duration }));
    }
  }

  /** A score counting up from `from` to `to`, a "+n" rising over it. */
  function count(s, map, lay, origin) {
    const a = map.get(s.key);
    if (!a || !s.points) return;
    const el = a.el;
    const final = el.textContent;
    const target = String(s.to);
    // a player's score as the table says it ("1 pt", "2 pts"): counted in the words of each number
    const worded = final === tn("ui.points_short", s.to);
    const set = (v) => {
      if (!el.isConnected || final.indexOf(target) < 0) return;
      el.textContent = worded ? tn("ui.points_short", v) : final.replace(target, String(v));
    };
    const badge = doc.createElement("span");
    badge.className = "alh-motion-points";
    badge.textContent = `+${s.points}`;
    badge.style.left = `${a.x - origin.x}px`;
    badge.style.top = `${a.y - origin.y - a.h}px`;
    lay.appendChild(badge);
    const anim = badge.animate(
      [{ transform: "translateY(6px)", opacity: 0 }, { transform: "translateY(0)", opacity: 1, offset: 0.3 }, { transform: "translateY(-10px)", opacity: 0 }],
      { duration: s.duration, delay: s.delay, fill: "both", easing: "ease-out" },
    );
    // the digits follow the animation's own clock (nothing runs when it is finished early)
    set(s.from);
    const tick = () => {
      const t = anim.currentTime;
      if (anim.playState === "finished" || !el.isConnected) return;
      const f = t === null ? 0 : Math.max(0, Math.min(1, (t - s.delay) / s.duration));
      set(Math.round(s.from + (s.to - s.from) * f));
      if (win && win.requestAnimationFrame) win.requestAnimationFrame(tick);
    };
    track(anim, () => {
      badge.remove();
      if (el.isConnected) el.textContent = final;
    });
    if (win && win.requestAnimationFrame) win.requestAnimationFrame(tick);
  }

  /** Mark what changed since the viewer's last move (until they act). */
  function mark(view) {
    const { tiles, boards, money } = changedSince(view);
    const want = new Set();
    for (const id of tiles) for (const el of body.querySelectorAll(`[data-tile="${id}"]`)) want.add(el);
    for (const p of boards) for (const el of body.querySelectorAll(`.alh-player[data-player="${p}"] .alh-mini-bg`)) want.add(el);
    const cards = [...body.querySelectorAll(".alh-money .alh-card")];
    const left = [...money];
    for (let i = cards.length - 1; i >= 0; i--) {
      const k = left.indexOf(cardText(cards[i]));
      if (k >= 0) {
        want.add(cards[i]);
        left.splice(k, 1);
      }
    }
    for (const el of body.querySelectorAll(".alh-changed")) if (!want.has(el)) el.classList.remove("alh-changed");
    for (const el of want) el.classList.add("alh-changed");
  }

  return {
    before,
    after,
    mark,
    finishAll,
    /** Are animations running? */
    get busy() {
      return running.size > 0;
    },
  };
}
