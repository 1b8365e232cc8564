// Views made by the Python engine (tests/js_fixtures.py) for the front-end tests.
import buy3p from "./fixtures/buy-3p.json";
import hotseat3p from "./fixtures/hotseat-3p.json";
import over4p from "./fixtures/over-4p.json";
import seated2pOther from "./fixtures/seated-2p-other.json";
import seated2pPlace from "./fixtures/seated-2p-place.json";

const FIXTURES = {
  "buy-3p": buy3p,
  "hotseat-3p": hotseat3p,
  "over-4p": over4p,
  "seated-2p-other": seated2pOther,
  "seated-2p-place": seated2pPlace,
};

/** A fresh copy of a fixture view (tests may change it). */
export function fixture(name) {
  return structuredClone(FIXTURES[name]);
}

/** Parse an HTML/SVG string into a detached container element. */
export function dom(html) {
  const div = document.createElement("div");
  div.innerHTML = html;
  return div;
}

/** Is a control off: disabled, natively or by aria-disabled (the action bar's buttons, which
 * keep the focus when they go off). */
export function off(el) {
  return !!el && (el.disabled === true || el.getAttribute("aria-disabled") === "true");
}

/**
 * An element's accessible name, as the browser computes it for these
 * controls: its aria-label, else the words it shows (what aria-hidden hides
 * left out), spaces collapsed.
 */
export function accessibleName(el) {
  const label = el.getAttribute("aria-label");
  if (label) return label;
  const copy = el.cloneNode(true);
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent.replace(/\s+/g, " ").trim();
}

/** Indices in `shown` of the cards named (each index used once). */
export function indicesOf(cards, shown) {
  const used = new Set();
  return cards.map((c) => {
    const i = shown.findIndex((s, j) => s === c && !used.has(j));
    used.add(i);
    return i;
  });
}

const value = (c) => Number(c.split(" ")[1]);

/** A legal take of several face-up cards: {cards, idx}. */
export function severalTake(v) {
  const cards = v.legal.take.find((t) => t.length > 1);
  return { cards, idx: indicesOf(cards, v.money) };
}

/** Two face-up cards worth more than 5 together (not a legal take), or null. */
export function tooMuch(v) {
  for (let i = 0; i < v.money.length; i++)
    for (let j = i + 1; j < v.money.length; j++) if (value(v.money[i]) + value(v.money[j]) > 5) return [i, j];
  return null;
}

/** A purchase paid exactly with several cards: {slot, currency, price, cards, idx (in the hand)}. */
export function exactBuy(v) {
  const hand = v.players[v.legal.player].hand;
  for (const b of v.legal.buy) {
    const pay = b.payments.find((p) => p.length > 1 && p.reduce((a, x) => a + x, 0) === b.price);
    if (pay) {
      const cards = pay.map((x) => `${b.currency} ${x}`);
      return { slot: b.slot, currency: b.currency, price: b.price, cards, idx: indicesOf(cards, hand) };
    }
  }
  return null;
}

/** A market slot with a tile the player cannot pay for, or null. */
export function unpayableSlot(v) {
  const ok = new Set(v.legal.buy.map((b) => b.slot));
  const m = v.market.find((s) => s.tile && !ok.has(s.slot));
  return m ? m.slot : null;
}

/** A stand-in for the anywidget model: get/set/on/off/save_changes/send, the
 * messages sent (`sent`), `push(changes)` as the kernel would, `count(ev)`. */
export function fakeModel(state) {
  const handlers = {};
  const sent = [];
  return {
    sent,
    state,
    get: (k) => state[k],
    set: (k, v) => { state[k] = v; },
    on: (ev, f) => { (handlers[ev] ||= []).push(f); },
    off: (ev, f) => { handlers[ev] = (handlers[ev] || []).filter((g) => g !== f); },
    save_changes: () => {},
    send: (m) => sent.push(m),
    push(changes) {
      Object.assign(state, changes);
      for (const k of Object.keys(changes)) (handlers[`change:${k}`] || []).forEach((f) => f());
    },
    count: (ev) => (handlers[ev] || []).length,
  };
}
