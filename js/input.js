// Input handling: mouse and keyboard events -> selection changes and intents.
//
// `reduce(ui, event, view)` is pure: it returns the next local UI state and, at
// most, one intent for the kernel ({type: "action", action: "<notation>"},
// {type: "undo"}, {type: "redo"} or {type: "replay", index}). Whether an
// action is legal is read from `view.legal` (computed by the Python engine);
// the kernel judges every intent again, so nothing here is trusted.
// `bindInput(root, dispatch)` wires the DOM: every control carries data-act.
//
// Tutorial mode (the view carries a `lesson`, js/view/lesson.js): the lesson
// buttons send {type: "lesson", op}, and a wrong try (an illegal spot, a tile
// that may not leave, a swap that does not fit, too many cards, the wrong
// currency) is sent to the kernel instead of being refused here, so the
// engine refuses it and the lesson explains the rule.

import { buildingName, cardName, currencyName, ruleText, t } from "./i18n.js";
import { dirkShown, parseCard, refusalWords, tileName } from "./view/common.js";
import { sliderWords } from "./view/controls.js";
import { LINEUP_KINDS, buyOption, cellAt, focusHand, hasCell, lineupNamesOf, lineupOf, summarize, tileChoice } from "./selection.js";

/**
 * Local state of one view: the selection, a local note (why not ...) and the
 * cell under the pointer or the keyboard focus (hover: {act, x, y, rule}),
 * which the help line explains.
 */
export function initialUi() {
  return { sel: null, note: null, hover: null };
}

/**
 * A refusal explained by its rule; `at`: the board cell it is about (a callout shows there).
 * Where the engine's refusal says where (`cell`, the view's refused cell, has its key: see
 * refusalWords), the note is the engine's words and keeps the cell, whose side, hole or tiles
 * cut off the board marks (js/view/alhambra.js); the callout at the cell is the rule's.
 */
function why(view, rule, where, at = null, cell = null, tileId = null) {
  const words = refusalWords(view, cell, tileId);
  if (words) return { kind: "why", rule, at, text: words, cell };   // (cell: the board marks what the words name)
  const text = ruleText(view, rule);
  return { kind: "why", rule, at, text: t(text ? "ui.why.text" : "ui.why.plain", { where, rule, text }) };
}

function note(text, rule = null) {
  return { kind: "note", rule, text };
}

const NUM = ["i", "slot", "x", "y", "id", "index", "round", "player"];

/** The event a control stands for, read from its data-* attributes. */
export function eventFrom(el) {
  const ev = { act: el.getAttribute("data-act") };
  for (const k of NUM) {
    const v = el.getAttribute(`data-${k}`);
    if (v !== null && v !== "") ev[k] = Number(v);
  }
  const rule = el.getAttribute("data-rule");
  if (rule) ev.rule = rule;
  const op = el.getAttribute("data-op");
  if (op) ev.op = op;
  return ev;
}

function toggle(list, i) {
  return list.includes(i) ? list.filter((j) => j !== i) : [...list, i].sort((a, b) => a - b);
}

/**
 * @returns {{ui: object, intent: object|null}}
 */
export function reduce(ui, ev, view) {
  const clear = { sel: null, note: null, hover: null };
  const keep = (sel, n = null) => ({ ui: { sel, note: n, hover: ui.hover ?? null }, intent: null });
  const act = (action) => ({ ui: clear, intent: { type: "action", action } });
  switch (ev.act) {
    case "clear":   // (the line-up being chosen stays)
      return { ui: ui.lineup ? { ...clear, lineup: ui.lineup, lineupNames: ui.lineupNames } : clear, intent: null };
    case "undo":
      return { ui: clear, intent: { type: "undo" } };
    case "redo":
      return { ui: clear, intent: { type: "redo" } };
    case "hint":   // (a note at a cell goes: the hints' marks come on the board, where it would hide one)
      return { ui: ui.note ? { ...ui, note: null } : ui, intent: { type: "hint" } };
    case "review":
      return { ui, intent: { type: "review" } };
    case "review-stop":
      return { ui, intent: { type: "review_stop" } };
    case "new_game": {
      // the line-up chosen under the button, if it was changed (else the same players):
      // its kinds, and the people's names typed anew (else null: the kernel keeps the
      // name of who sits there, which the view may show in the widget's language)
      if (!ui.lineup) return { ui: clear, intent: { type: "new_game" } };
      const names = lineupNamesOf(view, ui);
      const shown = lineupNamesOf(view, null);
      const typed = (i) => names[i].trim() && names[i].trim() !== shown[i];
      const named = ui.lineup.map((kind, i) => (kind === "person" && typed(i) ? names[i].trim() : null));
      return { ui: clear, intent: { type: "new_game", players: ui.lineup, names: named } };
    }
    case "lineup-n": {
      const n = Number(ev.value);
      if (!(n >= 2 && n <= 6)) return { ui, intent: null };
      const kinds = lineupOf(view, ui).slice(0, n);
      const names = lineupNamesOf(view, ui).slice(0, n);
      while (kinds.length < n) kinds.push("person");
      while (names.length < n) names.push("");
      return { ui: { ...ui, lineup: kinds, lineupNames: names }, intent: null };
    }
    case "lineup-seat":
    case "lineup-name": {
      const kinds = [...lineupOf(view, ui)];
      const names = [...lineupNamesOf(view, ui)];
      if (!(ev.i >= 0 && ev.i < kinds.length) || typeof ev.value !== "string") return { ui, intent: null };
      if (ev.act === "lineup-name") names[ev.i] = ev.value;
      else if (LINEUP_KINDS.includes(ev.value)) kinds[ev.i] = ev.value;
      else return { ui, intent: null };
      return { ui: { ...ui, lineup: kinds, lineupNames: names }, intent: null };
    }
    case "replay": {
      const k = Number(ev.index);
      return { ui: clear, intent: { type: "replay", index: k >= view.live_moves ? -1 : k } };
    }
    case "live":
      return { ui: clear, intent: { type: "replay", index: -1 } };
    case "play-from":
      return { ui: clear, intent: typeof view.replay === "number" ? { type: "play_from", index: view.replay } : null };
    case "back-to-game":
      return { ui: clear, intent: { type: "back_to_game" } };
    case "hint-play": {
      // a hint played from its list: live, that move; replaying, on from the position shown with it
      const h = (view.hints || [])[ev.i - 1];
      if (!h || h.played || typeof h.action !== "string") return { ui, intent: null };
      if (typeof view.replay === "number") return { ui: clear, intent: { type: "play_from", index: view.replay, action: h.action } };
      return act(h.action);
    }
    case "lesson":
      return { ui: clear, intent: typeof ev.op === "string" && ev.op ? { type: "lesson", op: ev.op } : null };
    case "lang":
      // the kernel checks the language; the selection stays
      return { ui, intent: typeof ev.lang === "string" && ev.lang ? { type: "language", lang: ev.lang } : null };
    case "hover": {
      const h = ev.x === undefined ? null : { act: ev.on, x: ev.x, y: ev.y, rule: ev.rule ?? null };
      const same = (a, b) => a === b || (a && b && a.act === b.act && a.x === b.x && a.y === b.y);
      return { ui: same(ui.hover, h) ? ui : { ...ui, hover: h }, intent: null };
    }
    default:
      break;
  }
  const legal = view.legal;
  if (!legal) {
    let text = t("ui.note.not_your_turn");
    if (view.replay !== null && view.replay !== undefined) {
      text = view.can_play_from
        ? t("ui.note.replaying_from", { live: t("ui.replay.live"), from: t("ui.table.play_from") })
        : t("ui.note.replaying", { live: t("ui.replay.live") });
    }
    else if (view.phase === "over") text = t("ui.sel.over");
    else if (view.seat !== null && view.seat !== undefined) text = t("ui.note.their_turn", { name: view.players[view.current].name });
    return keep(null, note(text));
  }
  const sel = ui.sel;
  switch (ev.act) {
    case "money": {
      if (view.phase !== "action") return keep(sel, note(t("ui.note.place_first"), "T4"));
      const idx = sel?.kind === "money" ? toggle(sel.idx, ev.i) : [ev.i];
      return keep(idx.length ? { kind: "money", idx } : null);
    }
    case "slot": {
      if (view.phase !== "action") return keep(sel, note(t("ui.note.place_first"), "T4"));
      // the chosen slot again: off, unless cards are chosen for it (card first, then
      // the slot: the player means this slot, and the payment stays)
      if (sel?.kind === "buy" && sel.slot === ev.slot) return keep(sel.idx.length ? sel : null);
      const slot = view.market[ev.slot - 1];
      if (!slot?.tile) return keep(null, note(t("ui.note.slot_empty", { slot: ev.slot }), "T2"));
      if (!buyOption(view, ev.slot) && !view.lesson) {
        return keep(null, note(t("ui.note.cannot_pay", { slot: ev.slot, price: slot.tile.price, currency: currencyName(slot.currency) }), "T2"));
      }
      return keep({ kind: "buy", slot: ev.slot, idx: [] });
    }
    case "card": {
      if (view.phase !== "action") return keep(sel, note(t("ui.note.place_first"), "T4"));
      const hand = focusHand(view) || [];
      const card = hand[ev.i];
      if (!card) return keep(sel);
      const cur = parseCard(card).currency;
      const slotNo = view.currencies.indexOf(cur) + 1;
      if (sel?.kind === "buy" && (sel.slot === slotNo || view.lesson)) {
        return keep({ ...sel, idx: toggle(sel.idx, ev.i) });
      }
      if (!buyOption(view, slotNo)) {
        const tile = view.market[slotNo - 1]?.tile;
        const p = { card: cardName(card), currency: currencyName(cur), slot: slotNo };
        const text = tile
          ? t("ui.note.card_slot_costs", { ...p, building: buildingName(tile.building), price: tile.price })
          : t("ui.note.card_slot_empty", p);
        return keep(sel, note(text, "T2"));
      }
      return keep({ kind: "buy", slot: slotNo, idx: [ev.i] });
    }
    case "take":
    case "buy": {
      const s = summarize(ui, view);
      if (s.intent && s.kind === ev.act) return act(s.intent);
      return keep(sel, note(t(ev.act === "take" ? "ui.note.take_how" : "ui.note.buy_how"), ev.act === "take" ? "T1" : "T2"));
    }
    case "placed": {
      const where = `${ev.x},${ev.y}`;
      if (sel?.kind === "tile") {
        const entry = tileChoice(view, sel.id);
        if (entry?.from === "reserve") {
          if (hasCell(entry.swaps, ev.x, ev.y) || view.lesson) return act(`swap ${sel.id} at ${where}`);
          const cell = cellAt(entry.no_swap, ev.x, ev.y);
          const rule = cell?.[2] ?? "P6";
          return keep(sel, why(view, rule, t("ui.why.swap", { tile: tileName(view, sel.id), where }), [ev.x, ev.y], cell, sel.id));
        }
        return keep(sel, note(t(legal.dirk.length && dirkShown(view) ? "ui.note.bought_no_swap_dirk" : "ui.note.bought_no_swap"), "T4"));
      }
      if (view.phase !== "action") return keep(sel, note(t("ui.note.choose_tile_first"), "T4"));
      if (hasCell(legal.remove, ev.x, ev.y) || view.lesson) {
        if (sel?.kind === "placed" && sel.x === ev.x && sel.y === ev.y) return keep(null);
        return keep({ kind: "placed", x: ev.x, y: ev.y });
      }
      const cell = cellAt(legal.no_remove, ev.x, ev.y);
      const rule = cell?.[2] ?? "P6";
      return keep(null, why(view, rule, t("ui.why.remove", { where }), [ev.x, ev.y], cell));
    }
    case "spot": {
      const where = `${ev.x},${ev.y}`;
      if (sel?.kind !== "tile") return keep(sel, note(t("ui.note.first_choose_tile")));
      const entry = tileChoice(view, sel.id);
      if (!entry) return keep(null);
      if (hasCell(entry.spots, ev.x, ev.y) || view.lesson) return act(`${entry.from === "reserve" ? "build" : "place"} ${sel.id} at ${where}`);
      const cell = cellAt(entry.why_not, ev.x, ev.y);
      const rule = ev.rule ?? cell?.[2] ?? "P2";
      return keep(sel, why(view, rule, t("ui.why.spot", { tile: tileName(view, sel.id), where }), [ev.x, ev.y], cell, sel.id));
    }
    case "reserve-tile":
    case "pending-tile": {
      const entry = tileChoice(view, ev.id);
      if (!entry) {
        const msg = t(ev.act === "reserve-tile" ? "ui.note.reserve_when" : "ui.note.only_placer");
        return keep(sel, note(msg, ev.act === "reserve-tile" ? "T3" : "T4"));
      }
      if (sel?.kind === "tile" && sel.id === ev.id) return keep(null);
      return keep({ kind: "tile", id: ev.id });
    }
    case "to-reserve": {
      const s = summarize(ui, view);
      if (s.kind === "placed" && s.intent) return act(s.intent);
      if (s.kind === "tile" && s.toReserve) return act(s.toReserve);
      return keep(sel, note(t("ui.note.to_reserve_how")));
    }
    case "dirk": {
      const s = summarize(ui, view);
      if (s.kind === "tile" && s.dirk) return act(s.dirk);
      return keep(sel, note(t("ui.note.dirk_how"), "D4"));
    }
    case "end":
      return legal.end ? act("end") : keep(sel, note(t("ui.note.end_how"), "T2a"));
    case "pass":
      return legal.pass ? act("pass") : keep(sel, note(t("ui.note.pass_how"), "X4"));
    default:
      return keep(sel);
  }
}

/** The board cell a pointer or focus event is on: {act, x, y, rule} of its spot or tile control, or null. */
function cellOf(root, target) {
  const el = target && target.closest ? target.closest('[data-act="spot"], [data-act="placed"]') : null;
  if (!el || !root.contains(el)) return null;
  const ev = eventFrom(el);
  return { act: "hover", on: ev.act, x: ev.x, y: ev.y, rule: ev.rule ?? null };
}

/** The arrow keys, as a step on the board: x grows to the east, y to the south. */
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
/** The keys that change a closed list's choice at once (a letter does too). */
const LANG_STEPS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"]);

/**
 * Where an arrow key moves the focus from the control `from` among the
 * controls `items` of one picture ([{x, y}], the same objects): on a board
 * (cells with x, y) the nearest control that way, the nearest in line first
 * (a cell straight ahead before one beside the way); in a row of cards or
 * slots (no x, y) the next one in order (Right, Down) or the one before (Left,
 * Up). Null when there is none that way.
 */
export function arrowTarget(items, from, key) {
  const step = ARROWS[key];
  if (!step) return null;
  const [dx, dy] = step;
  if (from.x === undefined || from.y === undefined) {
    const i = items.indexOf(from);
    const j = i + (dx + dy > 0 ? 1 : -1);
    return i >= 0 && j >= 0 && j < items.length ? items[j] : null;
  }
  let best = null;
  let bestCost = Infinity;
  for (const it of items) {
    if (it === from || it.x === undefined || it.y === undefined) continue;
    const ahead = (it.x - from.x) * dx + (it.y - from.y) * dy; // how far that way
    if (ahead <= 0) continue;
    const aside = Math.abs((it.x - from.x) * dy) + Math.abs((it.y - from.y) * dx); // how far beside it
    const cost = ahead + 2 * aside;
    if (cost < bestCost) {
      best = it;
      bestCost = cost;
    }
  }
  return best;
}

/** Of the review's marks beside `el` (its own among them), the one whose middle is nearest to `x` (client px). */
export function nearestMark(el, x) {
  let best = el;
  let gap = Infinity;
  for (const m of el.parentElement.querySelectorAll(".alh-review-mark")) {
    const r = m.getBoundingClientRect();
    const d = Math.abs(r.left + r.width / 2 - x);
    if (d < gap) {
      gap = d;
      best = m;
    }
  }
  return best;
}

/** A drawn control (in a picture: the board, a row of cards, the market) that can be used now. */
const USABLE = '[role="button"][data-act]:not([aria-disabled="true"])';

/** The usable controls drawn in one picture. */
const drawnControls = (pic) => [...pic.querySelectorAll(USABLE)];

/** Make `el` the one tab stop of its picture's controls (the others: tabindex -1). */
function roveTo(el, els) {
  for (const c of els) {
    const want = c === el ? "0" : "-1";
    if (c.getAttribute("tabindex") !== want) c.setAttribute("tabindex", want);
  }
}

/**
 * One tab stop per picture of controls, a roving tabindex (WAI-ARIA's pattern for a composite
 * widget): Tab goes from the market to the board to the hand to the buttons, and the arrow keys
 * from control to control inside a picture (the board's cells had been a tab stop each, so that
 * Take lay some thirty presses of Tab past the money). The views draw every usable control with
 * tabindex 0; this runs after each redraw. The stop is the control with the focus, else the one
 * chosen, else the first.
 */
export function rove(root) {
  const groups = new Map();
  for (const c of root.querySelectorAll(USABLE)) {
    const pic = c.closest("svg");
    if (!pic) continue;
    if (!groups.has(pic)) groups.set(pic, []);
    groups.get(pic).push(c);
  }
  const active = root.ownerDocument.activeElement;
  for (const els of groups.values()) {
    if (els.length < 2) continue;
    const stop = els.find((c) => c === active) || els.find((c) => c.getAttribute("aria-pressed") === "true" || c.classList.contains("alh-selected")) || els[0];
    roveTo(stop, els);
  }
  // the review's marks along the replay slider: one tab stop too (a long game has seventy of them)
  for (const group of root.querySelectorAll(".alh-review-marks")) {
    const els = reviewMarks(group);
    if (els.length > 1) roveTo(els.find((c) => c === active) || els.find((c) => c.getAttribute("tabindex") === "0") || els[0], els);
  }
}

/** The review's marks of one replay slider, left to right. */
const reviewMarks = (group) => [...group.querySelectorAll(".alh-review-mark")];

/**
 * Wire a root element: clicks on [data-act] controls, Enter/Space on focused
 * controls that are not native buttons, a click on a player's picture looks at
 * the player (as their name does), a click on a move in the log replays the
 * position after it (as the replay slider does), Escape clears the selection (or closes the
 * panel over the table -- a scoring round, a player looked at -- and Tab stays
 * in that panel while it shows), the
 * arrow keys move the focus between the controls of one picture (the board,
 * a row of cards, the market: arrowTarget), the
 * replay slider reports its value on change, the language switch its choice,
 * and the pointer or the focus on a board cell reports that cell (hover), so
 * the help line can say whether the selected tile may go there. Returns an
 * unbind function.
 */
export function bindInput(root, dispatch) {
  const enabled = (el) => el && root.contains(el) && el.getAttribute("aria-disabled") !== "true" && !el.disabled;
  const native = (el) => el.tagName === "INPUT" || el.tagName === "SELECT";
  // the panel over the table (a modal dialog: js/view/scoring.js scoringPopHtml, js/view/look.js lookPopHtml)
  const dialog = () => root.querySelector('.alh-pop[role="dialog"]');
  const onClick = (e) => {
    if (e.target.classList && e.target.classList.contains("alh-pop") && root.contains(e.target)) {
      dispatch({ act: "pop-close" }); // beside the panel's card: closes it, as Escape does
      return;
    }
    let el = e.target.closest ? e.target.closest("[data-act]") : null;
    if (!el && e.target.closest) {
      // a player's picture in the column of players: look at that player (its name is the control)
      const look = e.target.closest(".alh-player")?.querySelector('[data-act="look"]');
      if (look && root.contains(look)) el = look;
      // a move in the log: the position after it (the replay slider is the keyboard's way there);
      // not when the click ends a selection of its words
      const move = look ? null : e.target.closest(".alh-log-list li[data-n]");
      const selecting = typeof getSelection === "function" && getSelection() && !getSelection().isCollapsed;
      if (move && root.contains(move) && !selecting) {
        dispatch({ act: "replay", index: Number(move.getAttribute("data-n")) });
        return;
      }
    }
    if (!enabled(el) || native(el)) return;
    e.preventDefault();
    // the review's marks along the slider may overlap (moves close together): a
    // pointer's click goes to the mark whose middle is nearest (a key's, detail 0, to its own)
    if (e.detail > 0 && el.classList.contains("alh-review-mark")) el = nearestMark(el, e.clientX);
    dispatch(eventFrom(el));
  };
  // The language list stepped through by the keys (closed, an arrow key changes its choice at once):
  // the table changes language on Enter or when the focus leaves it, not at every step on the way
  // (English to Dutch went through Finnish and Japanese, each read out). A click's choice is taken at once.
  let steppedLang = null;
  let langBefore = null;   // (its choice before the first step: Escape goes back to it)
  const isLang = (el) => !!el && el.tagName === "SELECT" && el.getAttribute("data-act") === "lang";
  const takeLang = () => {
    const el = steppedLang;
    steppedLang = null;
    if (el && el.isConnected) dispatch({ act: "lang", lang: el.value });
  };
  const onKey = (e) => {
    if (isLang(e.target)) {
      if (e.key === "Enter") {
        if (steppedLang) {
          e.preventDefault();
          takeLang();
        }
        return;
      }
      if (e.key === "Escape" && steppedLang) {
        steppedLang.value = langBefore;
        steppedLang = null;
        return;
      }
      if (LANG_STEPS.has(e.key) || (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey)) {
        if (steppedLang !== e.target) langBefore = e.target.value;
        steppedLang = e.target;
      }
    }
    if (e.key === "Escape") {
      dispatch({ act: dialog() ? "pop-close" : "clear" });
      return;
    }
    if (e.key === "Tab" && !e.altKey && !e.ctrlKey && !e.metaKey) {
      // the keyboard stays in the panel while it covers the table (from its last control to its first and back)
      const pop = dialog();
      if (!pop) return;
      const stops = [...pop.querySelectorAll('button:not([disabled]):not([tabindex="-1"]), [tabindex="0"], summary, a[href], select, input')];
      if (!stops.length) return;
      const i = stops.indexOf(e.target);
      const to = e.shiftKey ? (i <= 0 ? stops[stops.length - 1] : null) : i < 0 || i === stops.length - 1 ? stops[0] : null;
      if (to || !pop.contains(e.target)) {
        e.preventDefault();
        (to || stops[0]).focus();
      }
      return;
    }
    const mark = e.target.closest ? e.target.closest(".alh-review-mark") : null;
    if (mark && root.contains(mark) && (ARROWS[e.key] || e.key === "Home" || e.key === "End") && !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
      // the review's marks: the arrows to the mark before or after, Home and End to the first and last
      const items = reviewMarks(mark.parentElement).map((el) => ({ el }));   // (a row: arrowTarget steps along it)
      const to = e.key === "Home" ? items[0] : e.key === "End" ? items[items.length - 1] : arrowTarget(items, items.find((it) => it.el === mark), e.key);
      if (to && to.el !== mark) {
        e.preventDefault();
        to.el.focus();
      }
      return;
    }
    if (ARROWS[e.key] && !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
      // a drawn control (not the slider or the language list, whose arrows are their own)
      const el = e.target.closest ? e.target.closest('[role="button"][data-act]') : null;
      const pic = el && el.closest("svg");
      if (!pic || !root.contains(pic)) return;
      const els = drawnControls(pic);
      const at = (c) => (c.dataset.x !== undefined && c.dataset.y !== undefined ? { x: Number(c.dataset.x), y: Number(c.dataset.y) } : {});
      const items = els.map((c) => ({ el: c, ...at(c) }));
      const to = arrowTarget(items, items.find((it) => it.el === el) || { el, ...at(el) }, e.key);
      if (to) {
        e.preventDefault();
        to.el.focus();
      }
      return;
    }
    if (e.key !== "Enter" && e.key !== " " && e.key !== "Spacebar") return;
    const el = e.target.closest ? e.target.closest("[data-act]") : null;
    if (e.key === "Enter" && el && el.tagName === "INPUT" && el.type === "text" && root.contains(el)) {
      // a name typed: Enter takes it (a host may keep Enter from the browser, whose change would follow)
      onChange({ target: el });
      return;
    }
    if (!el || el.tagName === "BUTTON" || native(el)) return; // native: click follows
    e.preventDefault();
    if (enabled(el)) dispatch({ ...eventFrom(el), key: true });
  };
  const onChange = (e) => {
    const el = e.target;
    if (!el) return;
    const act = el.getAttribute && el.getAttribute("data-act");
    if (el.tagName === "INPUT" && act === "replay") dispatch({ act: "replay", index: Number(el.value) });
    else if (isLang(el)) {
      if (steppedLang !== el) dispatch({ act: "lang", lang: el.value });
    }
    else if ((el.tagName === "SELECT" && (act === "lineup-n" || act === "lineup-seat")) || (el.tagName === "INPUT" && act === "lineup-name")) {
      dispatch({ act, i: Number(el.getAttribute("data-i")), value: el.value });
    }
  };
  // the replay slider's words follow its thumb at once, before the kernel answers: a screen
  // reader reads them as the value changes ("move 29 of 30", not the position it left)
  const onInput = (e) => {
    const el = e.target;
    if (!el || el.tagName !== "INPUT" || el.getAttribute("data-act") !== "replay") return;
    const words = sliderWords(Number(el.value), Number(el.max));
    el.setAttribute("aria-valuetext", words.value);
    el.setAttribute("aria-label", words.label);
  };
  const onOver = (e) => dispatch(cellOf(root, e.target) || { act: "hover" });
  const onLeave = () => dispatch({ act: "hover" });
  // a control of a picture focused (by the arrow keys, a click, a script): it is that picture's tab stop now
  const onFocusIn = (e) => {
    const mark = e.target && e.target.closest ? e.target.closest(".alh-review-mark") : null;
    if (mark && root.contains(mark)) roveTo(mark, reviewMarks(mark.parentElement));
    const el = e.target && e.target.closest ? e.target.closest('[role="button"][data-act]') : null;
    const pic = el && el.closest("svg");
    if (pic && root.contains(pic) && enabled(el)) {
      const els = drawnControls(pic);
      if (els.length > 1) roveTo(el, els);
    }
    onOver(e);
  };
  const onFocusOut = (e) => {
    if (steppedLang && e.target === steppedLang) takeLang();
    if (!e.relatedTarget || !root.contains(e.relatedTarget)) dispatch({ act: "hover" });
  };
  // every listener goes with one abort (nothing to forget when one is added)
  const bound = new AbortController();
  const handlers = {
    click: onClick, keydown: onKey, change: onChange, input: onInput, pointerover: onOver,
    pointerleave: onLeave, focusin: onFocusIn, focusout: onFocusOut,
  };
  for (const [type, fn] of Object.entries(handlers)) root.addEventListener(type, fn, { signal: bound.signal });
  return () => bound.abort();
}
