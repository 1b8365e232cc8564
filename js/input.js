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

import { parseCard } from "./view/common.js";
import { buyOption, focusHand, hasCell, ruleAt, summarize, tileChoice } from "./selection.js";

/** Local state of one view: the selection and a local note (why not ...). */
export function initialUi() {
  return { sel: null, note: null };
}

function why(view, rule, where) {
  const text = view.explain?.[rule] ?? "";
  return { kind: "why", rule, text: `${where}: not allowed (rule ${rule})${text ? ". " + text : "."}` };
}

function note(text, rule = null) {
  return { kind: "note", rule, text };
}

const NUM = ["i", "slot", "x", "y", "id", "index"];

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
  const clear = { sel: null, note: null };
  const keep = (sel, n = null) => ({ ui: { sel, note: n }, intent: null });
  const act = (action) => ({ ui: clear, intent: { type: "action", action } });
  switch (ev.act) {
    case "clear":
      return { ui: clear, intent: null };
    case "undo":
      return { ui: clear, intent: { type: "undo" } };
    case "redo":
      return { ui: clear, intent: { type: "redo" } };
    case "replay": {
      const k = Number(ev.index);
      return { ui: clear, intent: { type: "replay", index: k >= view.live_moves ? -1 : k } };
    }
    case "live":
      return { ui: clear, intent: { type: "replay", index: -1 } };
    case "lesson":
      return { ui: clear, intent: typeof ev.op === "string" && ev.op ? { type: "lesson", op: ev.op } : null };
    default:
      break;
  }
  const legal = view.legal;
  if (!legal) {
    let text = "It is not your turn.";
    if (view.replay !== null && view.replay !== undefined) text = "You are watching the replay: press Live to play.";
    else if (view.phase === "over") text = "The game is over.";
    else if (view.seat !== null && view.seat !== undefined) text = `It is ${view.players[view.current].name}'s turn.`;
    return keep(null, note(text));
  }
  const sel = ui.sel;
  switch (ev.act) {
    case "money": {
      if (view.phase !== "action") return keep(sel, note("Place the tiles bought this turn first (T4).", "T4"));
      const idx = sel?.kind === "money" ? toggle(sel.idx, ev.i) : [ev.i];
      return keep(idx.length ? { kind: "money", idx } : null);
    }
    case "slot": {
      if (view.phase !== "action") return keep(sel, note("Place the tiles bought this turn first (T4).", "T4"));
      if (sel?.kind === "buy" && sel.slot === ev.slot) return keep(null);
      const slot = view.market[ev.slot - 1];
      if (!slot?.tile) return keep(null, note(`Slot ${ev.slot} is empty.`, "T2"));
      if (!buyOption(view, ev.slot) && !view.lesson) {
        return keep(null, note(`You cannot pay for slot ${ev.slot}: it costs ${slot.tile.price} ${slot.currency} and you hold less (T2).`, "T2"));
      }
      return keep({ kind: "buy", slot: ev.slot, idx: [] });
    }
    case "card": {
      if (view.phase !== "action") return keep(sel, note("Place the tiles bought this turn first (T4).", "T4"));
      const hand = focusHand(view) || [];
      const card = hand[ev.i];
      if (!card) return keep(sel);
      const cur = parseCard(card).currency;
      const slotNo = view.currencies.indexOf(cur) + 1;
      if (sel?.kind === "buy" && (sel.slot === slotNo || view.lesson)) {
        return keep({ ...sel, idx: toggle(sel.idx, ev.i) });
      }
      if (!buyOption(view, slotNo)) {
        const t = view.market[slotNo - 1]?.tile;
        const what = t ? `the ${t.building} in slot ${slotNo} costs ${t.price} ${cur}` : `slot ${slotNo} is empty`;
        return keep(sel, note(`${card}: ${cur} pays for slot ${slotNo} only, and ${what} (T2).`, "T2"));
      }
      return keep({ kind: "buy", slot: slotNo, idx: [ev.i] });
    }
    case "take":
    case "buy": {
      const s = summarize(ui, view);
      if (s.intent && s.kind === ev.act) return act(s.intent);
      return keep(sel, note(ev.act === "take" ? "Choose one face-up card, or several worth at most 5 together (T1)." : "Choose a slot and enough cards of its currency (T2).", ev.act === "take" ? "T1" : "T2"));
    }
    case "placed": {
      const where = `${ev.x},${ev.y}`;
      if (sel?.kind === "tile") {
        const entry = tileChoice(view, sel.id);
        if (entry?.from === "reserve") {
          if (hasCell(entry.swaps, ev.x, ev.y) || view.lesson) return act(`swap ${sel.id} at ${where}`);
          const rule = ruleAt(entry.no_swap, ev.x, ev.y) ?? "P6";
          return keep(sel, why(view, rule, `Swapping tile ${sel.id} with the tile at ${where}`));
        }
        return keep(sel, note("A tile bought this turn goes to an empty spot, the reserve" + (legal.dirk.length ? " or Dirk" : "") + "; it is never swapped (T4).", "T4"));
      }
      if (view.phase !== "action") return keep(sel, note("Choose a tile to place first.", "T4"));
      if (hasCell(legal.remove, ev.x, ev.y) || view.lesson) {
        if (sel?.kind === "placed" && sel.x === ev.x && sel.y === ev.y) return keep(null);
        return keep({ kind: "placed", x: ev.x, y: ev.y });
      }
      const rule = ruleAt(legal.no_remove, ev.x, ev.y) ?? "P6";
      return keep(null, why(view, rule, `Moving the tile at ${where} to the reserve`));
    }
    case "spot": {
      const where = `${ev.x},${ev.y}`;
      if (sel?.kind !== "tile") return keep(sel, note("First choose a tile: one of the tiles to place, or one from your reserve."));
      const entry = tileChoice(view, sel.id);
      if (!entry) return keep(null);
      if (hasCell(entry.spots, ev.x, ev.y) || view.lesson) return act(`${entry.from === "reserve" ? "build" : "place"} ${sel.id} at ${where}`);
      const rule = ev.rule ?? ruleAt(entry.why_not, ev.x, ev.y) ?? "P2";
      return keep(sel, why(view, rule, `Tile ${sel.id} at ${where}`));
    }
    case "reserve-tile":
    case "pending-tile": {
      const entry = tileChoice(view, ev.id);
      if (!entry) {
        const msg = ev.act === "reserve-tile"
          ? "Reserve tiles are used in a redesign, on your turn's action (T3); bought tiles are placed first."
          : "Only the player placing can choose these tiles (T4).";
        return keep(sel, note(msg, ev.act === "reserve-tile" ? "T3" : "T4"));
      }
      if (sel?.kind === "tile" && sel.id === ev.id) return keep(null);
      return keep({ kind: "tile", id: ev.id });
    }
    case "to-reserve": {
      const s = summarize(ui, view);
      if (s.kind === "placed" && s.intent) return act(s.intent);
      if (s.kind === "tile" && s.toReserve) return act(s.toReserve);
      return keep(sel, note("Choose a tile of your Alhambra (on your action) or a tile to place first."));
    }
    case "dirk": {
      const s = summarize(ui, view);
      if (s.kind === "tile" && s.dirk) return act(s.dirk);
      return keep(sel, note("Only a tile bought this turn can be given to Dirk, in a two-player game (D4).", "D4"));
    }
    case "end":
      return legal.end ? act("end") : keep(sel, note("Only after an exact payment can the extra action be declined (T2a).", "T2a"));
    case "pass":
      return legal.pass ? act("pass") : keep(sel, note("You can still act; passing is only for a player with no legal action (X4).", "X4"));
    default:
      return keep(sel);
  }
}

/**
 * Wire a root element: clicks on [data-act] controls, Enter/Space on focused
 * controls that are not native buttons, Escape clears the selection, and the
 * replay slider reports its value on change. Returns an unbind function.
 */
export function bindInput(root, dispatch) {
  const enabled = (el) => el && root.contains(el) && el.getAttribute("aria-disabled") !== "true" && !el.disabled;
  const onClick = (e) => {
    const el = e.target.closest ? e.target.closest("[data-act]") : null;
    if (!enabled(el) || el.tagName === "INPUT") return;
    e.preventDefault();
    dispatch(eventFrom(el));
  };
  const onKey = (e) => {
    if (e.key === "Escape") {
      dispatch({ act: "clear" });
      return;
    }
    if (e.key !== "Enter" && e.key !== " " && e.key !== "Spacebar") return;
    const el = e.target.closest ? e.target.closest("[data-act]") : null;
    if (!el || el.tagName === "BUTTON" || el.tagName === "INPUT") return; // native: click follows
    e.preventDefault();
    if (enabled(el)) dispatch(eventFrom(el));
  };
  const onChange = (e) => {
    const el = e.target;
    if (el && el.tagName === "INPUT" && el.getAttribute("data-act") === "replay") {
      dispatch({ act: "replay", index: Number(el.value) });
    }
  };
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  root.addEventListener("change", onChange);
  return () => {
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKey);
    root.removeEventListener("change", onChange);
  };
}
