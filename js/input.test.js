import { describe, expect, it, vi } from "vitest";
import { dom, exactBuy, fakeModel, fixture, off, severalTake, tooMuch, unpayableSlot } from "./fixtures.js";
import widget from "./widget.js";
import { cardsText } from "./view/common.js";
import { arrowTarget, bindInput, eventFrom, initialUi, nearestMark, reduce, rove } from "./input.js";
import { boardOptions, focusPlayer, summarize } from "./selection.js";
import { controlsHtml, hoverText, selectionText } from "./view/controls.js";
import { alhambraSvg } from "./view/alhambra.js";
import { EN, useStrings } from "./i18n.js";
import { CELL, sideSegment } from "./view/common.js";
import { tableHtml } from "./view/table.js";
import errorsEn from "../alhambra_widget/i18n/locales/en/errors.json";
import errorsDe from "../alhambra_widget/i18n/locales/de/errors.json";
import namesDe from "../alhambra_widget/i18n/locales/de/names.json";
import uiDe from "../alhambra_widget/i18n/locales/de/ui.json";

/** Feed events through reduce; returns the last result and the intents. */
function run(view, events, ui = initialUi()) {
  const intents = [];
  let res = { ui };
  for (const ev of events) {
    res = reduce(res.ui, ev, view);
    if (res.intent) intents.push(res.intent);
  }
  return { ui: res.ui, intents };
}

describe("take money (T1)", () => {
  const v = fixture("buy-3p");
  const several = severalTake(v);

  it("selects face-up cards and shows the running sum against the limit of 5", () => {
    const { ui, intents } = run(v, several.idx.map((i) => ({ act: "money", i })));
    expect(intents).toEqual([]);
    const s = summarize(ui, v);
    const sum = several.cards.reduce((a, c) => a + Number(c.split(" ")[1]), 0);
    expect(s).toMatchObject({ kind: "take", sum, several: true, ok: true, intent: `take ${cardsText(several.cards)}` });
    expect(selectionText(v, ui)).toMatch(new RegExp(`= ${sum}.*at most 5`));
    // in full: the cards' values added up, and the limit that holds for several cards
    const values = several.cards.map((c) => c.split(" ")[1]).join(" + ");
    expect(selectionText(v, ui)).toBe(`Take ${values} = ${sum} (several cards: at most 5 together).`);
    // one card: its value alone, no limit to say
    const one = run(v, [{ act: "money", i: several.idx[0] }]).ui;
    expect(selectionText(v, one)).toBe(`Take ${several.cards[0].split(" ")[1]}.`);
  });

  it("refuses several cards worth more than 5 (no intent, the Take button disabled)", () => {
    const pair = tooMuch(v);
    expect(pair).not.toBeNull();
    const { ui } = run(v, pair.map((i) => ({ act: "money", i })));
    const s = summarize(ui, v);
    expect(s.ok).toBe(false);
    expect(s.sum).toBeGreaterThan(5);
    expect(selectionText(v, ui)).toMatch(new RegExp(`= ${s.sum}: too much`));
    const r = reduce(ui, { act: "take" }, v);
    expect(r.intent).toBeNull();
    expect(r.ui.note.rule).toBe("T1");
    const root = document.createElement("div");
    root.innerHTML = controlsHtml(v, ui);
    expect(off(root.querySelector('[data-act="take"]'))).toBe(true);
  });

  it("sends the take in the engine's notation", () => {
    const { intents } = run(v, [{ act: "money", i: 1 }, { act: "take" }]);
    expect(intents).toEqual([{ type: "action", action: `take ${v.money[1]}` }]);
  });

  it("toggles a card off again", () => {
    const { ui } = run(v, [{ act: "money", i: 2 }, { act: "money", i: 2 }]);
    expect(ui.sel).toBeNull();
  });

  it("toggles one of several cards off and keeps the others, in the order of the market", () => {
    const { ui } = run(v, [{ act: "money", i: 3 }, { act: "money", i: 0 }, { act: "money", i: 2 }]);
    expect(ui.sel).toEqual({ kind: "money", idx: [0, 2, 3] });
    expect(reduce(ui, { act: "money", i: 2 }, v).ui.sel).toEqual({ kind: "money", idx: [0, 3] });
  });
});

describe("buy a tile (T2)", () => {
  const v = fixture("buy-3p");
  const buy = exactBuy(v);

  it("chooses a slot, then cards of its currency; an exact payment says so", () => {
    expect(buy).not.toBeNull();
    const first = Number(buy.cards[0].split(" ")[1]);
    let { ui } = run(v, [{ act: "slot", slot: buy.slot }, { act: "card", i: buy.idx[0] }]);
    let s = summarize(ui, v);
    expect(s).toMatchObject({ kind: "buy", slot: buy.slot, sum: first, price: buy.price, ok: false });
    expect(selectionText(v, ui)).toMatch(new RegExp(`${buy.price - first} more needed`));
    ({ ui } = run(v, buy.idx.slice(1).map((i) => ({ act: "card", i })), ui));
    s = summarize(ui, v);
    const notation = `buy ${buy.slot} with ${cardsText(buy.cards)}`;
    expect(s).toMatchObject({ ok: true, exact: true, intent: notation });
    expect(selectionText(v, ui)).toMatch(/exact payment: you get another action/);
    const root = document.createElement("div");
    root.innerHTML = controlsHtml(v, ui);
    const btn = root.querySelector('[data-act="buy"]');
    expect(off(btn)).toBe(false);
    expect(btn.textContent).toBe("Buy (exact)");
    expect(reduce(ui, { act: "buy" }, v).intent).toEqual({ type: "action", action: notation });
  });

  it("clicking a hand card picks the slot of its currency", () => {
    const { ui } = run(v, [{ act: "card", i: buy.idx[0] }]);
    expect(ui.sel).toEqual({ kind: "buy", slot: buy.slot, idx: [buy.idx[0]] });
  });

  it("a card, then its slot: the slot stays chosen with the card (a second click on a slot without cards clears it)", () => {
    let { ui } = run(v, [{ act: "card", i: buy.idx[0] }, { act: "slot", slot: buy.slot }]);
    expect(ui.sel).toEqual({ kind: "buy", slot: buy.slot, idx: [buy.idx[0]] });
    ({ ui } = run(v, [{ act: "slot", slot: buy.slot }, { act: "slot", slot: buy.slot }]));
    expect(ui.sel).toBeNull();
  });

  it("one card paid shows its value alone; several show their sum", () => {
    const one = run(v, [{ act: "card", i: buy.idx[0] }]).ui;
    const value = buy.cards[0].split(" ")[1];
    expect(selectionText(v, one)).toMatch(new RegExp(`: ${value}[,. —]`));
    expect(selectionText(v, one)).not.toMatch(/=/);
    expect(buy.idx.length).toBeGreaterThan(1);
    const all = run(v, buy.idx.map((i) => ({ act: "card", i }))).ui;
    expect(selectionText(v, all)).toMatch(new RegExp(` = ${buy.price}`));
  });

  it("explains a slot the player cannot pay for", () => {
    const slot = unpayableSlot(v);
    expect(slot).not.toBeNull();
    const { ui, intents } = run(v, [{ act: "slot", slot }]);
    expect(intents).toEqual([]);
    expect(ui.sel).toBeNull();
    expect(ui.note.rule).toBe("T2");
    expect(ui.note.text).toMatch(new RegExp(`cannot pay for slot ${slot}`));
  });

  it("another slot chosen instead; a card of another slot's currency takes its own slot", () => {
    const other = v.legal.buy.find((b) => b.slot !== buy.slot);
    expect(run(v, [{ act: "slot", slot: buy.slot }, { act: "slot", slot: other.slot }]).ui.sel).toEqual({ kind: "buy", slot: other.slot, idx: [] });
    const card = v.players[v.legal.player].hand.findIndex((c) => c.startsWith(`${other.currency} `));
    expect(run(v, [{ act: "slot", slot: buy.slot }, { act: "card", i: buy.idx[0] }, { act: "card", i: card }]).ui.sel)
      .toEqual({ kind: "buy", slot: other.slot, idx: [card] });
  });

  it("says a slot is empty (T2)", () => {
    const empty = structuredClone(v);
    empty.market[2].tile = null;
    const { ui } = run(empty, [{ act: "slot", slot: 3 }]);
    expect(ui.sel).toBeNull();
    expect(ui.note).toMatchObject({ rule: "T2", text: "Slot 3 is empty." });
  });

  it("Take and Buy send their own move only; without it they say how to make it (T1, T2)", () => {
    const paid = run(v, [{ act: "slot", slot: buy.slot }, ...buy.idx.map((i) => ({ act: "card", i }))]).ui;
    const take = reduce(paid, { act: "take" }, v);
    expect(take.intent).toBeNull();
    expect(take.ui.sel).toBe(paid.sel);
    expect(take.ui.note).toMatchObject({ rule: "T1", text: "Choose one face-up card, or several worth at most 5 together (T1)." });
    const early = reduce(initialUi(), { act: "buy" }, v);
    expect(early.intent).toBeNull();
    expect(early.ui.note).toMatchObject({ rule: "T2", text: "Choose a slot and enough cards of its currency (T2)." });
  });
});

describe("a card of a currency no slot takes now", () => {
  const v = fixture("buy-3p");
  const florin = v.players[v.current].hand.indexOf("florin 9");

  it("names the tile of its slot and its price, or that the slot is empty (T2)", () => {
    expect(florin).toBeGreaterThanOrEqual(0);
    expect(v.legal.buy.some((b) => b.slot === 1)).toBe(false);
    const tile = v.market[0].tile;
    const { ui } = run(v, [{ act: "card", i: florin }]);
    expect(ui.sel).toBeNull();
    expect(ui.note.rule).toBe("T2");
    expect(ui.note.text).toBe(`florin 9: florin pays for slot 1 only, and the ${tile.building[0].toUpperCase()}${tile.building.slice(1)} in slot 1 costs ${tile.price} florin (T2).`);
    const empty = structuredClone(v);
    empty.market[0].tile = null;
    expect(run(empty, [{ act: "card", i: florin }]).ui.note.text).toBe("florin 9: florin pays for slot 1 only, and slot 1 is empty (T2).");
  });

  it("tells a watcher whose turn it is, and anyone else that it is not theirs", () => {
    const watching = { ...v, legal: null };
    expect(run(watching, [{ act: "card", i: 0 }]).ui.note.text).toBe("It is not your turn.");
    expect(run({ ...watching, seat: 0 }, [{ act: "card", i: 0 }]).ui.note.text).toBe(`It is ${v.players[v.current].name}'s turn.`);
  });
});

describe("redesign (T3)", () => {
  const v = fixture("buy-3p");
  const entry = v.legal.tiles[0]; // reserve tile 54: spots and swaps

  it("chooses a reserve tile, another instead, and none when the chosen one is clicked again", () => {
    const other = v.legal.tiles[1];
    expect(run(v, [{ act: "reserve-tile", id: entry.id }]).ui.sel).toEqual({ kind: "tile", id: entry.id });
    expect(run(v, [{ act: "reserve-tile", id: entry.id }, { act: "reserve-tile", id: other.id }]).ui.sel).toEqual({ kind: "tile", id: other.id });
    expect(run(v, [{ act: "reserve-tile", id: entry.id }, { act: "reserve-tile", id: entry.id }]).ui.sel).toBeNull();
  });

  it("builds a reserve tile on a highlighted spot", () => {
    const [x, y] = entry.spots[0];
    const { ui } = run(v, [{ act: "reserve-tile", id: entry.id }]);
    const o = boardOptions(ui, v);
    expect(o.spots).toEqual(entry.spots);
    expect(o.refused).toEqual(entry.why_not);
    const r = reduce(ui, { act: "spot", x, y }, v);
    expect(r.intent).toEqual({ type: "action", action: `build ${entry.id} at ${x},${y}` });
  });

  it("explains why a tile may not go to a frontier cell (rule and text)", () => {
    const [x, y, rule] = entry.why_not[0];
    const { ui } = run(v, [{ act: "reserve-tile", id: entry.id }, { act: "spot", x, y, rule }]);
    expect(ui.note.rule).toBe(rule);
    expect(ui.note.text).toContain(v.explain[rule]);
    expect(ui.sel).toEqual({ kind: "tile", id: entry.id }); // the selection stays
  });

  it("swaps a reserve tile with an Alhambra tile, and explains a refused swap", () => {
    const [x, y] = entry.swaps[0];
    const { intents } = run(v, [{ act: "reserve-tile", id: entry.id }, { act: "placed", x, y }]);
    expect(intents).toEqual([{ type: "action", action: `swap ${entry.id} at ${x},${y}` }]);
    const [fx, fy, rule] = entry.no_swap[0];
    const r = run(v, [{ act: "reserve-tile", id: entry.id }, { act: "placed", x: fx, y: fy }]);
    expect(r.intents).toEqual([]);
    expect(r.ui.note.rule).toBe(rule);
  });

  it("moves an Alhambra tile to the reserve", () => {
    const [x, y] = v.legal.remove[0];
    const { ui } = run(v, [{ act: "placed", x, y }]);
    expect(boardOptions(ui, v).selected).toEqual([x, y]);
    expect(reduce(ui, { act: "to-reserve" }, v).intent).toEqual({ type: "action", action: `remove ${x},${y}` });
  });

  it("a tile of the Alhambra chosen again is chosen no more; one in the same row or column instead is chosen", () => {
    const w = structuredClone(v);
    w.legal.remove = [[1, -2], [1, -1], [2, -1]];
    const sel = (events) => run(w, events.map(([x, y]) => ({ act: "placed", x, y }))).ui.sel;
    expect(sel([[1, -2], [1, -2]])).toBeNull();
    expect(sel([[1, -2], [1, -1]])).toEqual({ kind: "placed", x: 1, y: -1 });   // (the same column)
    expect(sel([[1, -1], [2, -1]])).toEqual({ kind: "placed", x: 2, y: -1 });   // (the same row)
  });

  it("a refused swap or removal says what was tried and where, then the rule; its callout at that cell", () => {
    const [fx, fy, rule] = entry.no_swap[0];
    const swap = run(v, [{ act: "reserve-tile", id: entry.id }, { act: "placed", x: fx, y: fy }]).ui.note;
    expect(swap).toMatchObject({ kind: "why", rule, at: [fx, fy] });
    expect(swap.text).toBe(`Swapping tile Arcades 8 with the tile at ${fx},${fy}: not allowed (rule ${rule}). ${v.explain[rule]}`);
    const w = fixture("hotseat-3p");
    const [x, y, why] = w.legal.no_remove[0];
    const removal = run(w, [{ act: "placed", x, y }]).ui.note;
    expect(removal).toMatchObject({ kind: "why", rule: why, at: [x, y] });
    expect(removal.text).toBe(`Moving the tile at ${x},${y} to the reserve: not allowed (rule ${why}). ${w.explain[why]}`);
    // a rule the view does not explain: its number alone
    const plain = { ...w, explain: {} };
    expect(run(plain, [{ act: "placed", x, y }]).ui.note.text).toBe(`Moving the tile at ${x},${y} to the reserve: not allowed (rule ${why}).`);
  });

  it("names what choosing a tile of the Alhambra does only on the tiles it can be done with", () => {
    const names = (ui) => {
      const root = dom(alhambraSvg(v.players[focusPlayer(v)], boardOptions(ui, v)));
      return new Map([...root.querySelectorAll('[data-act="placed"]')].map((e) => [`${e.dataset.x},${e.dataset.y}`, e.getAttribute("aria-label")]));
    };
    const plain = names(initialUi());
    const rm = new Set(v.legal.remove.map(([x, y]) => `${x},${y}`));
    expect(plain.get("0,0")).toBe("fountain at 0,0");                 // never taken out (P6): no action named
    for (const [k, name] of plain) expect(name.endsWith("move it to the reserve")).toBe(rm.has(k));
    const swap = names(run(v, [{ act: "reserve-tile", id: entry.id }]).ui);
    const sw = new Set(entry.swaps.map(([x, y]) => `${x},${y}`));
    expect(sw.size).toBeGreaterThan(0);
    for (const [k, name] of swap) expect(name.endsWith("swap with the selected reserve tile")).toBe(sw.has(k));
  });

  it("explains a tile that cannot be taken out", () => {
    const w = fixture("hotseat-3p");
    const [x, y, rule] = w.legal.no_remove[0];
    const { ui, intents } = run(w, [{ act: "placed", x, y }]);
    expect(intents).toEqual([]);
    expect(ui.note.rule).toBe(rule);
    expect(ui.note.text).toContain(w.explain[rule]);
  });
});

describe("end of turn placement (T4, D4)", () => {
  const v = fixture("seated-2p-place");
  const entry = v.legal.tiles[0];

  it("places a bought tile on a legal spot", () => {
    const [x, y] = entry.spots[0];
    const { intents } = run(v, [{ act: "pending-tile", id: entry.id }, { act: "spot", x, y }]);
    expect(intents).toEqual([{ type: "action", action: `place ${entry.id} at ${x},${y}` }]);
  });

  it("puts it into the reserve or gives it to Dirk", () => {
    expect(run(v, [{ act: "pending-tile", id: entry.id }, { act: "to-reserve" }]).intents).toEqual([{ type: "action", action: `reserve ${entry.id}` }]);
    expect(run(v, [{ act: "pending-tile", id: entry.id }, { act: "dirk" }]).intents).toEqual([{ type: "action", action: `dirk ${entry.id}` }]);
  });

  it("says a bought tile is never swapped, naming Dirk where he takes tiles (not in a lesson without his rules)", () => {
    const clicked = (view) => run(view, [{ act: "pending-tile", id: entry.id }, { act: "placed", x: 0, y: 0 }]).ui.note;
    expect(clicked(v)).toMatchObject({ rule: "T4", text: "A tile bought this turn goes to an empty spot, the reserve or Dirk; it is never swapped (T4)." });
    const lesson = { ...v, lesson: { rules: ["T4"] } };
    expect(clicked(lesson).text).toBe("A tile bought this turn goes to an empty spot or the reserve; it is never swapped (T4).");
  });

  it("moves the chosen tile to the reserve with To reserve, or says how to", () => {
    expect(run(v, [{ act: "to-reserve" }]).ui.note.text).toBe("Choose a tile of your Alhambra (on your action) or a tile to place first.");
  });

  it("says what a chosen tile to place may do: a spot, the reserve, Dirk (not the words of a reserve tile)", () => {
    const { ui } = run(v, [{ act: "pending-tile", id: entry.id }]);
    expect(selectionText(v, ui)).toMatch(/^Tile .+: click a highlighted spot to place it, or put it in your reserve or give it to Dirk \(T4\)\.$/);
    const r = fixture("buy-3p");
    const mine = r.legal.tiles.find((e) => e.from === "reserve");
    const chosen = run(r, [{ act: "reserve-tile", id: mine.id }]).ui;
    expect(selectionText(r, chosen)).toMatch(/^Reserve tile .+: click a highlighted spot to build it \(T3b\) or a tile of your Alhambra to swap \(T3c\)\.$/);
  });

  it("asks for a tile before a spot", () => {
    const { ui, intents } = run(v, [{ act: "spot", x: 0, y: 1 }]);
    expect(intents).toEqual([]);
    expect(ui.note.text).toMatch(/First choose a tile/);
  });

  it("a seated player who is not to act gets no legal choices", () => {
    const w = fixture("seated-2p-other");
    expect(w.legal).toBeNull();
    expect(focusPlayer(w)).toBe(1);
    const { ui, intents } = run(w, [{ act: "money", i: 0 }]);
    expect(intents).toEqual([]);
    expect(ui.note.text).toMatch(/turn/);
  });
});

describe("a click that is no move now says why; the turn's last buttons", () => {
  const action = fixture("buy-3p");          // Ben's action
  const placing = fixture("seated-2p-place");   // Ana places the tile she bought (35)

  it("a click at the end says the game is over", () => {
    const over = fixture("over-4p");
    const { ui, intents } = run(over, [{ act: "money", i: 0 }]);
    expect(intents).toEqual([]);
    expect(ui.note.text).toBe("The game is over.");
  });

  it("while the tiles bought are placed: no money, slot or card, nor a tile of the Alhambra without one to place (T4)", () => {
    for (const ev of [{ act: "money", i: 0 }, { act: "slot", slot: 2 }, { act: "card", i: 0 }]) {
      const { ui, intents } = run(placing, [{ act: "pending-tile", id: 35 }, ev]);
      expect(intents).toEqual([]);
      expect(ui.sel).toEqual({ kind: "tile", id: 35 });   // (the tile to place stays chosen)
      expect(ui.note).toMatchObject({ rule: "T4", text: "Place the tiles bought this turn first (T4)." });
    }
    expect(run(placing, [{ act: "placed", x: 0, y: 0 }]).ui.note).toMatchObject({ rule: "T4", text: "Choose a tile to place first." });
  });

  it("a reserve tile is used on the turn's action, a tile bought by the player placing it (T3, T4)", () => {
    const reserve = run(placing, [{ act: "reserve-tile", id: 999 }]);   // (no reserve tile is a choice while placing)
    expect(reserve.ui.sel).toBeNull();
    expect(reserve.ui.note).toMatchObject({ rule: "T3", text: "Reserve tiles are used in a redesign, on your turn's action (T3); bought tiles are placed first." });
    const pending = run(action, [{ act: "pending-tile", id: 35 }]);
    expect(pending.ui.note).toMatchObject({ rule: "T4", text: "Only the player placing can choose these tiles (T4)." });
  });

  it("To reserve and Dirk take a tile only; with money chosen they say how (D4)", () => {
    const money = run(action, [{ act: "money", i: 1 }]).ui;
    const reserve = reduce(money, { act: "to-reserve" }, action);
    expect(reserve.intent).toBeNull();
    expect(reserve.ui.sel).toBe(money.sel);
    expect(reserve.ui.note.text).toBe("Choose a tile of your Alhambra (on your action) or a tile to place first.");
    const dirk = reduce(money, { act: "dirk" }, action);
    expect(dirk.intent).toBeNull();
    expect(dirk.ui.note).toMatchObject({ rule: "D4", text: "Only a tile bought this turn can be given to Dirk, in a two-player game (D4)." });
    expect(reduce(initialUi(), { act: "dirk" }, placing).intent).toBeNull();   // (no tile chosen)
  });

  it("declines the extra action or passes where the rules allow it, else says when they do (T2a, X4)", () => {
    const free = { ...action, legal: { ...action.legal, end: true, pass: true } };
    expect(reduce(initialUi(), { act: "end" }, free).intent).toEqual({ type: "action", action: "end" });
    expect(reduce(initialUi(), { act: "pass" }, free).intent).toEqual({ type: "action", action: "pass" });
    const chosen = run(action, [{ act: "money", i: 1 }]).ui;
    const end = reduce(chosen, { act: "end" }, action);
    expect(end.intent).toBeNull();
    expect(end.ui.sel).toBe(chosen.sel);
    expect(end.ui.note).toMatchObject({ rule: "T2a", text: "Only after an exact payment can the extra action be declined (T2a)." });
    const pass = reduce(chosen, { act: "pass" }, action);
    expect(pass.intent).toBeNull();
    expect(pass.ui.note).toMatchObject({ rule: "X4", text: "You can still act; passing is only for a player with no legal action (X4)." });
    // a control this does not know changes nothing
    expect(reduce(chosen, { act: "nothing-of-ours" }, action)).toEqual({ ui: { ...chosen, note: null }, intent: null });
  });
});

describe("the line-up of the next game", () => {
  const over = { ...fixture("over-4p"), bots: { 2: "Greedy" } };

  it("has 2 to 6 players; a seat not there, or a choice without a value, changes nothing", () => {
    const six = run(over, [{ act: "lineup-n", value: "6" }]).ui;
    expect(six.lineup).toEqual(["person", "person", "same", "person", "person", "person"]);
    expect(six.lineupNames).toEqual(["Player 1", "Player 2", "", "Player 4", "", ""]);
    for (const ev of [{ act: "lineup-n", value: "1" }, { act: "lineup-n", value: "0" }, { act: "lineup-seat", i: -1, value: "greedy" },
      { act: "lineup-name", i: -1, value: "Eve" }, { act: "lineup-name", i: 1 }]) {
      expect(reduce(initialUi(), ev, over).ui, JSON.stringify(ev)).toEqual(initialUi());
    }
  });

  it("sends a person's name only where one was typed anew: not blanks, not the name shown with spaces around, none for a bot", () => {
    const ui = run(over, [
      { act: "lineup-name", i: 0, value: "   " },
      { act: "lineup-name", i: 1, value: " Player 2 " },
      { act: "lineup-name", i: 3, value: "Zoë" },
      { act: "lineup-seat", i: 3, value: "greedy" },   // (named, then made a bot's seat)
    ]).ui;
    expect(reduce(ui, { act: "new_game" }, over).intent).toEqual({ type: "new_game", players: ["person", "person", "same", "greedy"], names: [null, null, null, null] });
    const named = reduce(ui, { act: "lineup-seat", i: 3, value: "person" }, over).ui;
    expect(reduce(named, { act: "new_game" }, over).intent.names).toEqual([null, null, null, "Zoë"]);
  });
});

describe("the buttons of a move", () => {
  /** Which of Take, Buy and To reserve are on, for the selection made by `events`. */
  const on = (view, events = []) => {
    const root = dom(controlsHtml(view, run(view, events).ui));
    return ["take", "buy", "to-reserve"].filter((act) => !off(root.querySelector(`[data-act="${act}"]`)));
  };
  const v = fixture("buy-3p");

  it("each is on exactly when the selection is its whole move", () => {
    const buy = exactBuy(v);
    const [x, y] = v.legal.remove[0];
    expect(on(v)).toEqual([]);
    expect(on(v, severalTake(v).idx.map((i) => ({ act: "money", i })))).toEqual(["take"]);
    expect(on(v, [{ act: "slot", slot: buy.slot }, { act: "card", i: buy.idx[0] }])).toEqual([]); // not paid yet
    expect(on(v, [{ act: "slot", slot: buy.slot }, ...buy.idx.map((i) => ({ act: "card", i }))])).toEqual(["buy"]);
    expect(on(v, [{ act: "placed", x, y }])).toEqual(["to-reserve"]);
    expect(on(v, [{ act: "reserve-tile", id: v.legal.tiles[0].id }])).toEqual([]); // built or swapped, not reserved
  });

  it("the button of a move made whole stands out", () => {
    const buy = exactBuy(v);
    const primary = (events) => [...dom(controlsHtml(v, run(v, events).ui)).querySelectorAll(".alh-primary")].map((b) => b.dataset.act);
    expect(primary([])).toEqual([]);
    expect(primary(severalTake(v).idx.map((i) => ({ act: "money", i })))).toEqual(["take"]);
    expect(primary([{ act: "slot", slot: buy.slot }, ...buy.idx.map((i) => ({ act: "card", i }))])).toEqual(["buy"]);
  });

  it("the line above them is read out when it answers a choice, not at a new turn", () => {
    const live = (events) => dom(controlsHtml(v, run(v, events).ui)).querySelector(".alh-selection").getAttribute("aria-live");
    expect(live([])).toBe("off");
    expect(live([{ act: "money", i: 0 }])).toBe("polite");
  });

  it("at the end of a turn only a bought tile chosen goes to the reserve", () => {
    const w = fixture("seated-2p-place");
    const entry = w.legal.tiles[0];
    expect(on(w)).toEqual([]);
    expect(on(w, [{ act: "pending-tile", id: entry.id }])).toEqual(["to-reserve"]);
    // the selection of another phase's move does nothing here
    expect(on({ ...w, phase: "action" }, [{ act: "pending-tile", id: entry.id }])).toEqual([]);
  });

  it("all are off for a player not to act, and gone at the end", () => {
    expect(on(fixture("seated-2p-other"), [{ act: "money", i: 0 }])).toEqual([]);
    const over = dom(controlsHtml(fixture("over-4p"), initialUi()));
    for (const act of ["take", "buy", "to-reserve"]) expect(over.querySelector(`[data-act="${act}"]`)).toBeNull();
  });
});

describe("hovering over the board", () => {
  it("keeps the cell pointed at, the same state object while it stays the same cell, none when the pointer leaves", () => {
    const v = fixture("buy-3p");
    const ui0 = initialUi();
    const on = reduce(ui0, { act: "hover", on: "spot", x: 1, y: 0, rule: "P3" }, v).ui;
    expect(on.hover).toEqual({ act: "spot", x: 1, y: 0, rule: "P3" });
    expect(reduce(on, { act: "hover", on: "spot", x: 1, y: 0, rule: "P3" }, v).ui).toBe(on);   // (nothing to redraw)
    expect(reduce(on, { act: "hover", on: "spot", x: 2, y: 0 }, v).ui.hover).toEqual({ act: "spot", x: 2, y: 0, rule: null });
    const off = reduce(on, { act: "hover" }, v).ui;
    expect(off.hover).toBeNull();
    expect(reduce(off, { act: "hover" }, v).ui).toBe(off);
  });

  it("follows the pointer along a column and to another control at the same cell; a choice made keeps it", () => {
    const v = fixture("buy-3p");
    const on = reduce(initialUi(), { act: "hover", on: "spot", x: 1, y: 0 }, v).ui;
    expect(reduce(on, { act: "hover", on: "spot", x: 1, y: 1 }, v).ui.hover).toEqual({ act: "spot", x: 1, y: 1, rule: null });
    expect(reduce(on, { act: "hover", on: "placed", x: 1, y: 0 }, v).ui.hover).toEqual({ act: "placed", x: 1, y: 0, rule: null });
    // a card chosen while the pointer rests on a cell: the help line still speaks of that cell
    const chosen = reduce(on, { act: "money", i: 0 }, v).ui;
    expect(chosen.sel).toEqual({ kind: "money", idx: [0] });
    expect(chosen.hover).toBe(on.hover);
  });

  it("with nothing chosen, a tile that may go to the reserve says so and how", () => {
    const v = fixture("hotseat-3p");
    const [x, y] = v.legal.remove[0];
    expect(hoverText(v, { ...initialUi(), hover: { act: "placed", x, y } }))
      .toBe(`${x},${y}: this tile may go to your reserve — click it, then “To reserve” (T3a).`);
  });
});

describe("the line that says what to do", () => {
  it("names every kind of action open to the player to act", () => {
    const v = fixture("buy-3p");
    expect(v.legal.kinds).toEqual(["take", "buy", "redesign"]);
    const name = v.players[v.legal.player].name;
    expect(selectionText(v, initialUi())).toBe(
      `${name}: take money (face-up cards), buy a tile (a market slot), redesign (a tile of your Alhambra or reserve).`);
    const w = fixture("hotseat-3p");
    expect(selectionText(w, initialUi())).not.toContain("buy a tile");
  });

  it("says the game is over at its end", () => {
    const over = fixture("over-4p");
    expect(over.legal).toBeNull();
    expect(selectionText(over, initialUi())).toBe("The game is over.");
  });
});

describe("undo, redo, replay", () => {
  const v = fixture("buy-3p");
  it("map to their intents", () => {
    expect(reduce(initialUi(), { act: "undo" }, v).intent).toEqual({ type: "undo" });
    expect(reduce(initialUi(), { act: "redo" }, v).intent).toEqual({ type: "redo" });
    expect(reduce(initialUi(), { act: "replay", index: 2 }, v).intent).toEqual({ type: "replay", index: 2 });
    expect(reduce(initialUi(), { act: "replay", index: v.live_moves }, v).intent).toEqual({ type: "replay", index: -1 });
    expect(reduce(initialUi(), { act: "live" }, v).intent).toEqual({ type: "replay", index: -1 });
  });
  it("a click on the table while replaying says how to play: live, or from here where that may be", () => {
    const past = { ...v, legal: null, replay: 2 };
    const said = (view) => reduce(initialUi(), { act: "money", idx: 0 }, view).ui.note.text;
    expect(said({ ...past, can_play_from: true })).toBe(
      "You are watching the replay: press Live to play on in the game, or Play from here to play on from this position.");
    expect(said({ ...past, can_play_from: false })).toBe("You are watching the replay: press Live to play.");
  });

  it("asking for hints takes a note at a cell away (the hints' marks come where it lay), the choice stays", () => {
    const sel = { kind: "tile", id: 7 };
    const noted = { ...initialUi(), sel, note: { kind: "why", rule: "P4", at: [1, -2], text: "1,-2: not allowed (rule P4)." } };
    const { ui, intent } = reduce(noted, { act: "hint" }, v);
    expect(intent).toEqual({ type: "hint" });
    expect(ui.note).toBeNull();
    expect(ui.sel).toBe(sel);
    expect(reduce(initialUi(), { act: "hint" }, v).ui).toEqual(initialUi());
  });

  it("play on from the position replayed, and from nowhere else", () => {
    expect(reduce(initialUi(), { act: "play-from" }, { ...v, replay: 4 }).intent).toEqual({ type: "play_from", index: 4 });
    expect(reduce(initialUi(), { act: "play-from" }, { ...v, replay: 0 }).intent).toEqual({ type: "play_from", index: 0 });
    expect(reduce(initialUi(), { act: "play-from" }, { ...v, replay: null }).intent).toBeNull();
  });

  it("a hint played from its list: live, that move; replaying, on from there with it", () => {
    const hints = [{ action: "take dinar 3", verb: "take" }, { action: "buy 1 with florin 7", verb: "buy", played: true }];
    const live = { ...v, replay: null, hints };
    expect(reduce(initialUi(), { act: "hint-play", i: 1 }, live).intent).toEqual({ type: "action", action: "take dinar 3" });
    expect(reduce(initialUi(), { act: "hint-play", i: 1 }, { ...live, replay: 3 }).intent)
      .toEqual({ type: "play_from", index: 3, action: "take dinar 3" });
    expect(reduce(initialUi(), { act: "hint-play", i: 2 }, live).intent).toBeNull();   // the move played: no hint
    expect(reduce(initialUi(), { act: "hint-play", i: 3 }, live).intent).toBeNull();
    expect(reduce(initialUi(), { act: "hint-play", i: 1 }, { ...live, hints: null }).intent).toBeNull();
  });
});

describe("bindInput (mouse and keyboard)", () => {
  function setup() {
    const root = document.createElement("div");
    root.innerHTML = `
      <svg><g class="alh-x" role="button" tabindex="0" aria-label="spot" data-act="spot" data-x="1" data-y="-2" data-rule="P3"><rect/></g>
      <g role="button" tabindex="-1" aria-disabled="true" aria-label="off" data-act="slot" data-slot="2"></g></svg>
      <button type="button" data-act="take" aria-label="Take">Take</button>
      <input type="range" data-act="replay" min="0" max="9" value="4" aria-label="Replay">`;
    document.body.appendChild(root);
    const dispatch = vi.fn();
    const unbind = bindInput(root, dispatch);
    return { root, dispatch, unbind };
  }

  it("reads the event from the control's data attributes", () => {
    const { root } = setup();
    expect(eventFrom(root.querySelector("g"))).toEqual({ act: "spot", x: 1, y: -2, rule: "P3" });
  });

  it("clicks, Enter and Space activate SVG controls; disabled ones do nothing", () => {
    const { root, dispatch } = setup();
    const g = root.querySelector('[data-act="spot"]');
    g.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    g.querySelector("rect").dispatchEvent(new MouseEvent("click", { bubbles: true }));
    g.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    g.dispatchEvent(new KeyboardEvent("keydown", { key: " ", bubbles: true }));
    expect(dispatch).toHaveBeenCalledTimes(4);
    for (const key of ["x", "Tab", "Shift", "F2"]) g.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
    expect(dispatch).toHaveBeenCalledTimes(4);   // (other keys: not a press)
    root.querySelector('[data-act="slot"]').dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(dispatch).toHaveBeenCalledTimes(4);
  });

  it("a name typed in the line-up counts when the field is left, or with Enter; Space stays a letter", () => {
    const { root, dispatch } = setup();
    root.insertAdjacentHTML("beforeend", `<input type="text" data-act="lineup-name" data-i="2" value="">`);
    const field = root.querySelector('[data-act="lineup-name"]');
    field.value = "Eve A";
    const space = new KeyboardEvent("keydown", { key: " ", bubbles: true, cancelable: true });
    field.dispatchEvent(space);
    expect(space.defaultPrevented).toBe(false);
    expect(dispatch).not.toHaveBeenCalled();
    field.dispatchEvent(new Event("change", { bubbles: true }));
    expect(dispatch).toHaveBeenLastCalledWith({ act: "lineup-name", i: 2, value: "Eve A" });
    field.value = "Eve B";
    field.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(dispatch).toHaveBeenLastCalledWith({ act: "lineup-name", i: 2, value: "Eve B" });
  });

  it("native buttons activate by click only (their Enter becomes a click)", () => {
    const { root, dispatch } = setup();
    const b = root.querySelector("button");
    b.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(dispatch).not.toHaveBeenCalled();
    b.click();
    expect(dispatch).toHaveBeenCalledWith({ act: "take" });
  });

  it("Escape clears, the slider reports its value, unbind stops everything", () => {
    const { root, dispatch, unbind } = setup();
    root.querySelector("g").dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(dispatch).toHaveBeenLastCalledWith({ act: "clear" });
    const input = root.querySelector("input");
    input.value = "6";
    input.dispatchEvent(new Event("change", { bubbles: true }));
    expect(dispatch).toHaveBeenLastCalledWith({ act: "replay", index: 6 });
    unbind();
    root.querySelector("button").click();
    expect(dispatch).toHaveBeenCalledTimes(2);
  });
});

describe("bindInput: the keys, the pointer and the focus, more closely", () => {
  function setup(html) {
    const root = document.createElement("div");
    root.innerHTML = html;
    document.body.appendChild(root);
    const dispatch = vi.fn();
    const unbind = bindInput(root, dispatch);
    const done = () => {
      unbind();
      root.remove();
    };
    return { root, dispatch, done };
  }
  const key = (el, k, o = {}) => {
    const ev = new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true, ...o });
    el.dispatchEvent(ev);
    return ev.defaultPrevented;
  };
  const sent = (dispatch) => dispatch.mock.calls.map(([ev]) => ev);

  it("reads every number a control carries, and its words", () => {
    const root = dom(`<g data-act="slot" data-slot="2"></g><button data-act="scoring-round" data-round="3"></button>
      <button data-act="look" data-player="1"></button><g data-act="reserve-tile" data-id="21"></g><button data-act="lesson" data-op="next"></button>`);
    expect([...root.children].map(eventFrom)).toEqual([{ act: "slot", slot: 2 }, { act: "scoring-round", round: 3 }, { act: "look", player: 1 },
      { act: "reserve-tile", id: 21 }, { act: "lesson", op: "next" }]);
  });

  it("Enter and Space press an SVG control, and Space does not scroll; not a disabled one, the slider or a list", () => {
    const { root, dispatch, done } = setup(`<svg><g role="button" tabindex="0" data-act="spot" data-x="1" data-y="0"></g>
      <g role="button" tabindex="-1" aria-disabled="true" data-act="slot" data-slot="2"></g></svg>
      <input type="range" data-act="replay" min="0" max="9" value="4"><select data-act="lineup-n"><option>3</option><option>4</option></select>`);
    const [spot, off] = root.querySelectorAll("g");
    expect(key(spot, " ")).toBe(true);
    expect(key(spot, "Spacebar")).toBe(true);   // (the key's name in older browsers)
    expect(sent(dispatch)).toEqual([{ act: "spot", x: 1, y: 0, key: true }, { act: "spot", x: 1, y: 0, key: true }]);
    dispatch.mockClear();
    key(off, "Enter");
    key(off, " ");
    key(root.querySelector("input"), "Enter");
    expect(key(root.querySelector("select"), " ")).toBe(false);   // (Space opens the list)
    expect(dispatch).not.toHaveBeenCalled();
    done();
  });

  it("a click on review marks drawn over each other goes to the one whose middle is nearest the pointer; a key's, to its own", () => {
    const { root, dispatch, done } = setup(`<span class="alh-review-marks">` +
      [3, 9, 14].map((k) => `<button type="button" class="alh-review-mark" data-act="replay" data-index="${k}"></button>`).join("") + `</span>`);
    const marks = [...root.querySelectorAll(".alh-review-mark")];
    // 10 px wide, 6 px apart: their middles at 5, 11 and 17
    marks.forEach((m, k) => (m.getBoundingClientRect = () => ({ left: 6 * k, width: 10, right: 6 * k + 10, top: 0, height: 10, bottom: 10 })));
    expect(nearestMark(marks[0], 16)).toBe(marks[2]);
    expect(nearestMark(marks[2], 4)).toBe(marks[0]);
    expect(nearestMark(marks[0], 12)).toBe(marks[1]);
    marks[0].dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, detail: 1, clientX: 16 }));
    expect(sent(dispatch)).toEqual([{ act: "replay", index: 14 }]);
    // Enter or Space on a mark clicks it with detail 0 (and no pointer): that mark
    marks[2].dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, detail: 0, clientX: 0 }));
    expect(sent(dispatch)[1]).toEqual({ act: "replay", index: 14 });
    done();
  });

  it("the replay slider's words follow its thumb at once, before the kernel answers; other fields keep theirs", () => {
    const { root, dispatch, done } = setup(`<input type="range" data-act="replay" min="0" max="9" value="9" aria-label="Replay">
      <input type="text" data-act="lineup-name" data-i="0" aria-label="Name at seat 1"><input type="range" aria-label="Zoom">`);
    const [slider, name, zoom] = root.querySelectorAll("input");
    slider.value = "6";
    slider.dispatchEvent(new Event("input", { bubbles: true }));
    expect(slider.getAttribute("aria-valuetext")).toBe("move 6 of 9");
    expect(slider.getAttribute("aria-label")).toBe("Replay: show the position after move 6 of 9");
    for (const other of [name, zoom]) {
      other.value = "2";
      other.dispatchEvent(new Event("input", { bubbles: true }));
    }
    expect([name, zoom].map((e) => [e.getAttribute("aria-label"), e.hasAttribute("aria-valuetext")])).toEqual([["Name at seat 1", false], ["Zoom", false]]);
    expect(dispatch).not.toHaveBeenCalled();   // (the position is asked for on change)
    done();
  });

  it("the line-up's lists report their choice on change; another control's change reports nothing", () => {
    const { root, dispatch, done } = setup(`<select data-act="lineup-n"><option>3</option><option>4</option></select>
      <select data-act="lineup-seat" data-i="2"><option>person</option><option>greedy</option></select>
      <select data-act="look"><option>a</option><option>b</option></select><input type="checkbox" data-act="look"><input type="text">`);
    const [n, seat, other] = root.querySelectorAll("select");
    const change = (el, value) => {
      if (value !== undefined) el.value = value;
      el.dispatchEvent(new Event("change", { bubbles: true }));
    };
    change(n, "4");
    change(seat, "greedy");
    expect(sent(dispatch).map((ev) => [ev.act, ev.value])).toEqual([["lineup-n", "4"], ["lineup-seat", "greedy"]]);
    expect(sent(dispatch)[1].i).toBe(2);
    change(other, "b");
    change(root.querySelector("[type=checkbox]"));
    change(root.querySelector("[type=text]"), "words");
    expect(dispatch).toHaveBeenCalledTimes(2);
    done();
  });

  it("the focus leaving the table takes the cell it was on away from the help line", () => {
    const { root, dispatch, done } = setup(`<svg><g role="button" tabindex="0" data-act="spot" data-x="1" data-y="0"></g></svg>`);
    const outside = document.createElement("button");
    document.body.appendChild(outside);
    root.querySelector("g").focus();
    expect(dispatch).toHaveBeenLastCalledWith({ act: "hover", on: "spot", x: 1, y: 0, rule: null });
    outside.focus();
    expect(dispatch).toHaveBeenLastCalledWith({ act: "hover" });
    outside.remove();
    done();
  });

  it("Tab goes round the panel over the table: from its last stop to its first and back, between them as the browser does, into it from elsewhere", () => {
    const { root, done } = setup(`<button type="button" data-act="take">Take</button>
      <div class="alh-pop" role="dialog" aria-modal="true"><div class="alh-pop-card" tabindex="-1"><button type="button" data-act="pop-close">Continue</button>
      <details><summary>Why</summary></details><button type="button" data-act="look" data-player="1">Ben</button></div></div>`);
    const [take, close, ben] = root.querySelectorAll("button");
    const why = root.querySelector("summary");
    const tab = (el, shiftKey = false) => {
      el.focus();
      return key(el, "Tab", { shiftKey });
    };
    expect(tab(close)).toBe(false);   // the browser's own way to the next
    expect(tab(why)).toBe(false);
    expect(tab(why, true)).toBe(false);
    expect(tab(ben, true)).toBe(false);
    expect(tab(ben)).toBe(true);   // from the last: round to the first
    expect(document.activeElement).toBe(close);
    expect(tab(close, true)).toBe(true);   // and back
    expect(document.activeElement).toBe(ben);
    // from the table under it, or from the panel's card itself: to its first stop
    expect(tab(take)).toBe(true);
    expect(document.activeElement).toBe(close);
    expect(tab(root.querySelector(".alh-pop-card"))).toBe(true);
    expect(document.activeElement).toBe(close);
    done();
  });
});

/** A language list and a button, bound to a fresh dispatch (the caller unbinds and removes it). */
function languageList() {
  const root = document.createElement("div");
  root.innerHTML = `<select data-act="lang" aria-label="Language"><option value="en">English</option><option value="de">Deutsch</option>
    <option value="fi">suomi</option><option value="nl">Nederlands</option></select><button type="button" data-act="take">Take</button>`;
  document.body.appendChild(root);
  const dispatch = vi.fn();
  /** The languages the table was asked for, in order. */
  const langs = () => dispatch.mock.calls.map(([ev]) => ev).filter((ev) => ev.act === "lang").map((ev) => ev.lang);
  return { root, dispatch, langs, unbind: bindInput(root, dispatch) };
}

describe("arrow keys between the controls of a picture", () => {
  // a board: the cells with a control, (0,0) the fountain's neighbours and a gap at (2,0)
  const cells = [[1, 0], [3, 0], [0, -1], [1, 1], [-1, 0], [3, 1]].map(([x, y]) => ({ x, y }));
  const at = (x, y) => cells.find((c) => c.x === x && c.y === y);

  it("on a board: the nearest control that way, the one in line first, across gaps; none past the edge", () => {
    expect(arrowTarget(cells, at(1, 0), "ArrowRight")).toBe(at(3, 0)); // over the gap, in line before (3,1)
    expect(arrowTarget(cells, at(1, 0), "ArrowDown")).toBe(at(1, 1));
    expect(arrowTarget(cells, at(1, 0), "ArrowLeft")).toBe(at(-1, 0));
    expect(arrowTarget(cells, at(1, 0), "ArrowUp")).toBe(at(0, -1)); // one beside the way, one row up
    expect(arrowTarget(cells, at(3, 0), "ArrowRight")).toBeNull();
    expect(arrowTarget(cells, at(0, -1), "ArrowUp")).toBeNull();
    expect(arrowTarget(cells, at(1, 0), "Enter")).toBeNull();
  });

  it("in a row of cards or slots: the next one, or the one before", () => {
    const row = [{}, {}, {}];
    expect(arrowTarget(row, row[0], "ArrowRight")).toBe(row[1]);
    expect(arrowTarget(row, row[1], "ArrowDown")).toBe(row[2]);
    expect(arrowTarget(row, row[1], "ArrowLeft")).toBe(row[0]);
    expect(arrowTarget(row, row[0], "ArrowUp")).toBeNull();
    expect(arrowTarget(row, row[2], "ArrowRight")).toBeNull();
  });

  it("moves the focus in the page: on the board, along a row, never out of its picture or off the slider", () => {
    const root = document.createElement("div");
    root.innerHTML = `
      <svg class="board"><g role="button" tabindex="0" aria-label="a" data-act="spot" data-x="1" data-y="0"></g>
      <g role="button" tabindex="0" aria-label="b" data-act="placed" data-x="1" data-y="1"></g>
      <g role="button" tabindex="-1" aria-disabled="true" aria-label="off" data-act="spot" data-x="2" data-y="0"></g></svg>
      <svg class="cards"><g role="button" tabindex="0" aria-label="c1" data-act="money" data-i="0"></g>
      <g role="button" tabindex="0" aria-label="c2" data-act="money" data-i="1"></g></svg>
      <input type="range" data-act="replay" min="0" max="9" value="4" aria-label="Replay">`;
    document.body.appendChild(root);
    const dispatch = vi.fn();
    bindInput(root, dispatch);
    const press = (el, key) => {
      const ev = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true });
      el.dispatchEvent(ev);
      return ev.defaultPrevented;
    };
    const [a, b] = root.querySelectorAll(".board g");
    a.focus();
    expect(press(a, "ArrowDown")).toBe(true);
    expect(document.activeElement).toBe(b);
    // the cell now in focus is reported, so that the help line speaks of it
    expect(dispatch).toHaveBeenLastCalledWith({ act: "hover", on: "placed", x: 1, y: 1, rule: null });
    expect(press(b, "ArrowRight")).toBe(false); // (2,0) is disabled, nothing else that way: the key goes on
    expect(document.activeElement).toBe(b);
    const [c1, c2] = root.querySelectorAll(".cards g");
    c1.focus();
    press(c1, "ArrowRight");
    expect(document.activeElement).toBe(c2);
    press(c2, "ArrowRight"); // the end of the row: not into another picture
    expect(document.activeElement).toBe(c2);
    const slider = root.querySelector("input");
    slider.focus();
    expect(press(slider, "ArrowLeft")).toBe(false); // the slider's own arrows
    expect(document.activeElement).toBe(slider);
    expect(dispatch.mock.calls.every(([ev]) => ev.act === "hover")).toBe(true); // moving the focus is not a choice
    root.remove();
  });

  it("one tab stop per picture: the control in focus, else the one chosen, else the first; the arrows move it", () => {
    const root = document.createElement("div");
    root.innerHTML = `
      <svg class="board"><g role="button" tabindex="0" aria-label="a" data-act="placed" data-x="0" data-y="0"></g>
      <g role="button" tabindex="0" aria-label="b" data-act="spot" data-x="1" data-y="0"></g>
      <g role="button" tabindex="-1" aria-disabled="true" aria-label="off" data-act="spot" data-x="2" data-y="0"></g></svg>
      <svg class="cards"><g role="button" tabindex="0" aria-label="c1" data-act="card" data-i="0"></g>
      <g role="button" tabindex="0" aria-pressed="true" aria-label="c2" data-act="card" data-i="1"></g>
      <g role="button" tabindex="0" aria-label="c3" data-act="card" data-i="2"></g></svg>
      <svg class="one"><g role="button" tabindex="0" aria-label="alone" data-act="pending-tile" data-id="4"></g></svg>
      <button type="button" data-act="take">Take</button>`;
    document.body.appendChild(root);
    const unbind = bindInput(root, vi.fn());
    const stops = () => [...root.querySelectorAll('[tabindex="0"]')].map((e) => e.getAttribute("aria-label"));
    rove(root);
    // the board: its first control; the cards: the one chosen; a picture of one control keeps it
    expect(stops()).toEqual(["a", "c2", "alone"]);
    expect(root.querySelector('[aria-label="off"]').getAttribute("tabindex")).toBe("-1");   // (off stays off)
    const [a, b] = root.querySelectorAll(".board g");
    a.focus();
    a.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true, cancelable: true }));
    expect(document.activeElement).toBe(b);
    expect(stops()).toEqual(["b", "c2", "alone"]);   // Tab back into the board comes to b
    // a redraw draws every control with tabindex 0 again: the one in focus stays the stop
    for (const g of root.querySelectorAll(".board g:not([aria-disabled])")) g.setAttribute("tabindex", "0");
    rove(root);
    expect(stops()).toEqual(["b", "c2", "alone"]);
    unbind();
    root.remove();
  });

  it("the language list stepped through by the keys changes the table's language on Enter or on leaving it, a click's choice at once", () => {
    const { root, dispatch, langs, unbind } = languageList();
    const select = root.querySelector("select");
    // (a closed list: each arrow key changes the choice, and the browser says so with a change event)
    const step = (key, value) => {
      select.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
      select.value = value;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    };
    select.focus();
    step("ArrowDown", "de");
    step("ArrowDown", "fi");
    step("ArrowDown", "nl");
    expect(langs()).toEqual([]);   // nothing on the way
    select.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
    expect(langs()).toEqual(["nl"]);
    step("ArrowUp", "fi");
    root.querySelector("button").focus();   // leaving the list takes its choice
    expect(langs()).toEqual(["nl", "fi"]);
    select.focus();
    step("ArrowUp", "de");
    select.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
    expect(select.value).toBe("fi");   // Escape: back to the language the table has
    root.querySelector("button").focus();
    expect(langs()).toEqual(["nl", "fi"]);
    select.focus();
    step("ArrowUp", "de");
    step("ArrowUp", "en");
    select.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
    expect(select.value).toBe("fi");   // (however many steps were taken)
    // Tab, or a shortcut with Ctrl, is not a step through the list: leaving it then changes nothing
    for (const o of [{ key: "Tab" }, { key: "c", ctrlKey: true }, { key: "F6" }]) {
      select.focus();
      select.dispatchEvent(new KeyboardEvent("keydown", { ...o, bubbles: true, cancelable: true }));
      root.querySelector("button").focus();
    }
    expect(langs()).toEqual(["nl", "fi"]);
    // chosen with the pointer (no key first): at once
    select.value = "en";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    expect(langs()).toEqual(["nl", "fi", "en"]);
    unbind();
    root.remove();
  });

  it("the review's marks along the slider are one tab stop, the arrows and Home and End moving along them", () => {
    const root = document.createElement("div");
    const marks = [3, 9, 14, 30].map((k) => `<button type="button" class="alh-review-mark" data-act="replay" data-index="${k}" aria-label="m${k}"></button>`);
    root.innerHTML = `<input type="range" data-act="replay" min="0" max="40" value="40" aria-label="Replay">
      <span class="alh-review-marks" role="group" aria-label="Reviewed moves">${marks.join("")}</span>
      <button type="button" data-act="live">Live</button>`;
    document.body.appendChild(root);
    const dispatch = vi.fn();
    const unbind = bindInput(root, dispatch);
    const focusable = () => [...root.querySelectorAll("input, button")].filter((e) => e.getAttribute("tabindex") !== "-1").map((e) => e.getAttribute("aria-label") || e.textContent);
    rove(root);
    expect(focusable()).toEqual(["Replay", "m3", "Live"]);   // four marks, one stop
    const press = (key) => {
      const ev = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true });
      document.activeElement.dispatchEvent(ev);
      return ev.defaultPrevented;
    };
    root.querySelector('[aria-label="m3"]').focus();
    expect(press("ArrowRight")).toBe(true);
    expect(document.activeElement.getAttribute("aria-label")).toBe("m9");
    expect(focusable()).toEqual(["Replay", "m9", "Live"]);   // Tab back to the marks comes to the one left
    press("End");
    expect(document.activeElement.getAttribute("aria-label")).toBe("m30");
    expect(press("ArrowDown")).toBe(false);   // the last: the key goes on
    press("Home");
    press("ArrowUp");
    expect(document.activeElement.getAttribute("aria-label")).toBe("m3");
    expect(dispatch).not.toHaveBeenCalledWith(expect.objectContaining({ act: "replay" }));   // moving is not choosing
    // a redraw (the marks drawn anew, every one a stop): the stop stays where it was
    for (const m of root.querySelectorAll(".alh-review-mark")) m.removeAttribute("tabindex");
    rove(root);
    expect(focusable()).toEqual(["Replay", "m3", "Live"]);
    unbind();
    root.remove();
  });

  it("on a board a control in line comes before a nearer one beside the way, either way round; from none in a row, none", () => {
    const cells = [[1, 0], [1, -2], [0, -1], [0, 1], [2, 1]].map(([x, y]) => ({ x, y }));
    const at = (x, y) => cells.find((c) => c.x === x && c.y === y);
    expect(arrowTarget(cells, at(1, 0), "ArrowUp")).toBe(at(1, -2));   // two ahead in line, not (0,-1) one beside
    expect(arrowTarget(cells, at(0, 1), "ArrowRight")).toBe(at(2, 1));
    const row = [{}, {}, {}];
    expect(arrowTarget(row, {}, "ArrowRight")).toBeNull();   // (a control not in the row)
    expect(arrowTarget(row, {}, "ArrowLeft")).toBeNull();
  });

  it("on the board the arrows go by the cells' places, not the order drawn, from any control in focus; a disabled one is never the stop", () => {
    const root = document.createElement("div");
    root.innerHTML = `<svg class="board"><g role="button" tabindex="0" aria-label="a" data-act="placed" data-x="0" data-y="0"></g>
      <g role="button" tabindex="0" aria-label="b" data-act="spot" data-x="1" data-y="0"></g>
      <g role="button" tabindex="0" aria-label="c" data-act="spot" data-x="0" data-y="1"></g>
      <g role="button" tabindex="-1" aria-disabled="true" aria-label="d" data-act="spot" data-x="1" data-y="1"></g></svg>`;
    document.body.appendChild(root);
    const unbind = bindInput(root, vi.fn());
    const g = (label) => root.querySelector(`[aria-label="${label}"]`);
    const press = (key) => document.activeElement.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
    g("a").focus();
    press("ArrowDown");
    expect(document.activeElement).toBe(g("c"));   // below a, though b is drawn after it
    g("b").focus();
    press("ArrowLeft");
    expect(document.activeElement).toBe(g("a"));
    // a disabled cell in focus (clicked): the picture keeps its stop, and the arrows go on from that cell
    g("d").focus();
    expect([...root.querySelectorAll('[tabindex="0"]')].map((e) => e.getAttribute("aria-label"))).toEqual(["a"]);
    press("ArrowUp");
    expect(document.activeElement).toBe(g("b"));
    unbind();
    root.remove();
  });

  it("the stop of a picture is its control chosen, marked by its class where it has no pressed state", () => {
    const root = document.createElement("div");
    root.innerHTML = `<svg><g role="button" tabindex="0" aria-label="a" data-act="placed" data-x="0" data-y="0"></g>
      <g role="button" tabindex="0" class="alh-selected" aria-label="b" data-act="placed" data-x="1" data-y="0"></g>
      <g role="button" tabindex="0" aria-label="c" data-act="placed" data-x="2" data-y="0"></g></svg>`;
    rove(root);
    expect([...root.querySelectorAll('[tabindex="0"]')].map((e) => e.getAttribute("aria-label"))).toEqual(["b"]);
  });

  it("the review marks' stop stays where the player left it, across redraws; Home on the first mark goes on to the page", () => {
    const root = document.createElement("div");
    const marks = [3, 9, 14, 30].map((k) => `<button type="button" class="alh-review-mark" data-act="replay" data-index="${k}" aria-label="m${k}"></button>`);
    root.innerHTML = `<span class="alh-review-marks" role="group">${marks.join("")}</span><button type="button" data-act="live">Live</button>`;
    document.body.appendChild(root);
    const unbind = bindInput(root, vi.fn());
    const stop = () => [...root.querySelectorAll(".alh-review-mark")].filter((e) => e.getAttribute("tabindex") === "0").map((e) => e.getAttribute("aria-label"));
    const mark = (k) => root.querySelector(`[aria-label="m${k}"]`);
    rove(root);
    expect(stop()).toEqual(["m3"]);
    mark(14).focus();
    root.querySelector('[data-act="live"]').focus();
    rove(root);   // (a redraw that kept the marks)
    expect(stop()).toEqual(["m14"]);
    mark(9).focus();
    for (const m of root.querySelectorAll(".alh-review-mark")) m.removeAttribute("tabindex");   // (drawn anew)
    rove(root);
    expect(stop()).toEqual(["m9"]);
    mark(3).focus();
    const home = new KeyboardEvent("keydown", { key: "Home", bubbles: true, cancelable: true });
    mark(3).dispatchEvent(home);
    expect(home.defaultPrevented).toBe(false);
    unbind();
    root.remove();
  });

  it("the language list: every key that changes a closed list's choice is a step, a letter too; Enter after steps is the list's alone", () => {
    const { root, dispatch, langs, unbind } = languageList();
    let select = root.querySelector("select");
    const press = (key, o = {}) => {
      const ev = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...o });
      select.dispatchEvent(ev);
      return ev.defaultPrevented;
    };
    const change = (value) => {
      select.value = value;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    };
    select.focus();
    expect(press("Enter")).toBe(false);   // nothing stepped: Enter is not the list's to take
    const steps = [["ArrowRight", "de"], ["ArrowLeft", "en"], ["End", "nl"], ["Home", "en"], ["PageDown", "nl"], ["PageUp", "en"], ["f", "fi"]];
    for (const [key, value] of steps) {
      press(key);
      change(value);
      expect(langs(), key).toEqual(steps.slice(0, steps.findIndex(([k]) => k === key)).map(([, v]) => v));   // nothing on the way
      expect(press("Enter")).toBe(true);
      expect(langs().at(-1)).toBe(value);
    }
    // a shortcut with Alt or Meta is no step: its change counts at once
    press("d", { altKey: true });
    change("de");
    press("n", { metaKey: true });
    change("nl");
    expect(langs().slice(-3)).toEqual(["fi", "de", "nl"]);
    // stepped, then the list drawn anew (another view): Enter on the new one takes nothing of the old
    press("ArrowUp");
    change("fi");
    const fresh = select.cloneNode(true);
    fresh.value = "nl";
    select.replaceWith(fresh);
    select = fresh;
    select.focus();
    press("Enter");
    expect(langs().slice(-3)).toEqual(["fi", "de", "nl"]);
    expect(langs().length).toBe(steps.length + 2);
    unbind();
    root.remove();
  });
});

describe("refusals that say where (the engine's words, from the view's refused cells)", () => {
  // the strings trait carries the engine's refusals that say where (alhambra_widget/i18n/strings.py)
  const strings = (cats) => Object.fromEntries(cats.flatMap((c) => Object.entries(c)).filter(([k]) => !k.startsWith("_")));
  const english = strings([EN, errorsEn]);
  const words = (view, events, s = english) => {
    useStrings(s);
    try {
      return run(view, events).ui.note;
    } finally {
      useStrings(null);
    }
  };
  const hot = fixture("hotseat-3p");   // Ben: tower 8 at 1,0, tower 12 at 0,1, arcades 7 at 0,2; garden 7 in reserve
  const buy = fixture("buy-3p");       // Ben: pavilion 7 at 1,-2, tower 11 at 1,-1, seraglio 4 at 2,-1, tower 13 at 1,0
  // the same table with garden 7's refusal at (1, 2) saying no more than its rule (as a larger hole's does)
  const plainAt = [1, 2];
  const hotPlain = {
    ...hot,
    legal: {
      ...hot.legal,
      tiles: hot.legal.tiles.map((e) => (e.id !== 34 ? e
        : { ...e, why_not: e.why_not.map((c) => (c[0] === plainAt[0] && c[1] === plainAt[1] ? c.slice(0, 3) : c)) })),
    },
  };

  it("a wall against an open side: the side and the tile there", () => {
    const note = words(hot, [{ act: "reserve-tile", id: 34 }, { act: "spot", x: 0, y: -1 }]);
    expect(note.rule).toBe("P3");
    expect(note.at).toEqual([0, -1]);
    expect(note.text).toBe("Garden 7 at (0, -1) would put a wall against an open side: on the south side it has a wall and "
      + "the tile next to it (fountain) has none. Touching sides must both have a wall or both be open.");
    const open = words(buy, [{ act: "reserve-tile", id: 21 }, { act: "spot", x: 2, y: -2 }]);
    expect(open.text).toBe("Arcades 8 at (2, -2) would put an open side against a wall: on the south side it is open and "
      + "the tile next to it (Seraglio 4) has a wall. Touching sides must both have a wall or both be open.");
  });

  it("a swap that does not fit, and a removal that cuts tiles off", () => {
    const swap = words(hot, [{ act: "reserve-tile", id: 34 }, { act: "placed", x: 1, y: 0 }]);
    expect(swap.text).toBe("Garden 7 does not fit at (1, 0): on the west side it has a wall and the tile next to it (fountain) "
      + "has none. In a swap the new tile must match the same neighbours as the old one.");
    expect(words(hot, [{ act: "placed", x: 0, y: 1 }]).text).toBe(
      "Taking out the tile at (0, 1) would cut Arcades 7 off from the fountain. Take out a tile at the edge instead.");
    const many = words(buy, [{ act: "placed", x: 1, y: 0 }]);
    expect(many.rule).toBe("P4");
    expect(many.text).toBe("Taking out the tile at (1, 0) would cut Pavilion 7, Tower 11 and Seraglio 4 off from the fountain. "
      + "Take out a tile at the edge instead.");
  });

  it("the board marks what the words name: the side against the other tile, a removal's tiles", () => {
    const note = words(hot, [{ act: "reserve-tile", id: 34 }, { act: "spot", x: 0, y: -1 }]);
    expect(note.cell).toEqual([0, -1, "P3", "error.P3.wall_to_open", "S"]);
    const board = dom(tableHtml(hot, { sel: { kind: "tile", id: 34 }, note, hover: null }));
    const side = board.querySelector(".alh-focus path.alh-refusal-mark");
    expect([side.dataset.rule, side.dataset.side]).toEqual(["P3", "S"]);
    expect(side.getAttribute("d")).toBe(sideSegment(0, -1, "S", CELL));   // (the edge it shares with the fountain)
    expect(side.getAttribute("aria-hidden")).toBe("true");
    const cut = words(buy, [{ act: "placed", x: 1, y: 0 }]);
    const marked = dom(tableHtml(buy, { sel: null, note: cut, hover: null })).querySelector(".alh-focus path.alh-refusal-mark");
    expect(marked.dataset.cells).toBe("1,-2 1,-1 2,-1");
    expect(marked.classList.contains("alh-refusal-cells")).toBe(true);
    // no mark without the engine's words (the rule's line alone), nor once the note is gone
    const plain = run(hot, [{ act: "reserve-tile", id: 34 }, { act: "spot", x: 0, y: -1 }]).ui.note;
    expect(dom(tableHtml(hot, { sel: { kind: "tile", id: 34 }, note: plain, hover: null })).querySelector(".alh-refusal-mark")).toBeNull();
    expect(dom(tableHtml(hot, { sel: { kind: "tile", id: 34 }, note: null, hover: null })).querySelector(".alh-refusal-mark")).toBeNull();
  });

  it("the help line under the board says the same where the pointer or the focus is", () => {
    const help = (view, ui, s = english) => {
      useStrings(s);
      try {
        return hoverText(view, ui);
      } finally {
        useStrings(null);
      }
    };
    const garden = { ...initialUi(), sel: { kind: "tile", id: 34 } };
    expect(help(hot, { ...garden, hover: { act: "spot", x: 0, y: -1, rule: "P3" } })).toBe("Rule P3: Garden 7 at (0, -1) would "
      + "put a wall against an open side: on the south side it has a wall and the tile next to it (fountain) has none. "
      + "Touching sides must both have a wall or both be open.");
    expect(help(hot, { ...garden, hover: { act: "placed", x: 1, y: 0 } })).toBe("Rule P3: Garden 7 does not fit at (1, 0): "
      + "on the west side it has a wall and the tile next to it (fountain) has none. In a swap the new tile must match the same "
      + "neighbours as the old one.");
    expect(help(buy, { ...initialUi(), hover: { act: "placed", x: 1, y: 0 } })).toBe("Rule P4: Taking out the tile at (1, 0) "
      + "would cut Pavilion 7, Tower 11 and Seraglio 4 off from the fountain. Take out a tile at the edge instead.");
    const german = strings([EN, namesDe, uiDe, errorsDe]);
    expect(help(hot, { ...garden, hover: { act: "spot", x: 0, y: -1 } }, german)).toMatch(/^Regel P3: Garten 7 auf \(0, -1\) würde/);
    // walls against every neighbour (P4): the engine's words, which say "every neighbour"
    expect(help(hot, { ...garden, hover: { act: "spot", x: 2, y: 0 } })).toBe("Rule P4: Garden 7 at (2, 0) could not be "
      + "reached from the fountain: a wall lies between it and every neighbour. A new tile needs an open side towards the Alhambra.");
    // a refused cell the engine says no more of: the rule's line, as before
    const [x, y] = plainAt;
    const plain = help(hotPlain, { ...garden, hover: { act: "spot", x, y } });
    expect(plain).toBe(`${x},${y}: tile Garden 7 may not go here — rule P4: ${hot.explain.P4}`);
  });

  it("pointing at a refused cell marks on the board what the help line names, and only there", () => {
    const model = fakeModel({ view: hotPlain, message: {}, lang: "en", strings: english });
    const el = document.createElement("div");
    document.body.appendChild(el);
    const cleanup = widget.render({ model, el });
    try {
      el.querySelector('[data-act="reserve-tile"][data-id="34"]').dispatchEvent(new MouseEvent("click", { bubbles: true }));
      const help = () => el.querySelector(".alh-board-help").textContent;
      const mark = () => el.querySelector(".alh-focus path.alh-refusal-mark");
      const over = (sel) => el.querySelector(sel).dispatchEvent(new Event("pointerover", { bubbles: true }));
      expect(mark()).toBeNull();
      over('.alh-focus rect.alh-cell-no[data-x="0"][data-y="-1"]');
      expect(help()).toContain("on the south side it has a wall");
      expect([mark().dataset.rule, mark().dataset.side]).toEqual(["P3", "S"]);
      expect(mark().getAttribute("d")).toBe(sideSegment(0, -1, "S", CELL));
      // the cell's tooltip and description say it too (what a screen reader hears on the cell)
      expect(el.querySelector('.alh-focus rect.alh-cell-no[data-x="0"][data-y="-1"] title').textContent).toBe(
        "not here: rule P3 — Garden 7 at (0, -1) would put a wall against an open side: on the south side it has a wall and "
        + "the tile next to it (fountain) has none. Touching sides must both have a wall or both be open.");
      // the walls that shut a new tile off from every neighbour (P4): those sides
      over('.alh-focus rect.alh-cell-no[data-x="2"][data-y="0"]');
      expect(help()).toMatch(/^Rule P4: Garden 7 at \(2, 0\) could not be reached/);
      expect([mark().dataset.rule, mark().dataset.side]).toEqual(["P4", "W"]);
      expect(mark().getAttribute("d")).toBe(sideSegment(2, 0, "W", CELL));
      // a legal spot: the mark goes
      const [sx, sy] = hot.legal.tiles.find((e) => e.id === 34).spots[0];
      over(`.alh-focus rect.alh-spot[data-x="${sx}"][data-y="${sy}"]`);
      expect(help()).toMatch(/may be built here/);
      expect(mark()).toBeNull();
      // a refused cell the engine says no more of: the rule's line, no mark, the board left as it was
      const board = el.querySelector(".alh-focus-board svg");
      const [x, y] = plainAt;
      over(`.alh-focus rect.alh-cell-no[data-x="${x}"][data-y="${y}"]`);
      expect(help()).toContain(hot.explain.P4);
      expect(mark()).toBeNull();
      expect(el.querySelector(".alh-focus-board svg")).toBe(board);
    } finally {
      cleanup();
      el.remove();
    }
  });

  it("walls against several neighbours are all marked, as one path", () => {
    const me = hot.players[hot.legal.player];
    const svg = dom(alhambraSvg(me, { refusal: [2, 0, "P4", "error.P4.unreachable", "NW"] }));
    const mark = svg.querySelector("path.alh-refusal-side");
    expect(mark.dataset.side).toBe("NW");
    expect(mark.getAttribute("d")).toBe(sideSegment(2, 0, "N", CELL) + sideSegment(2, 0, "W", CELL));
    expect(dom(alhambraSvg(me, { refusal: [2, 0, "P4", "error.P4.unreachable", "NX"] })).querySelector(".alh-refusal-mark")).toBeNull();
  });

  it("in a lesson, the board marks the try the engine refused until the pointer marks another", () => {
    useStrings(english);
    try {
      const cell = [2, 0, "P4", "error.P4.unreachable", "W"];
      const lesson = { title: "Placing tiles", feedback: { kind: "refused", rule: "P4", text: "Refused by rule P4", cell, id: 1 } };
      const v = { ...hot, lesson };
      const mark = (view, ui) => dom(tableHtml(view, ui)).querySelector(".alh-focus path.alh-refusal-mark");
      expect([mark(v, initialUi()).dataset.rule, mark(v, initialUi()).dataset.side]).toEqual(["P4", "W"]);
      // pointing at another refused spot marks that one instead
      const pointed = { ...initialUi(), sel: { kind: "tile", id: 34 }, hover: { act: "spot", x: 0, y: -1 } };
      expect([mark(v, pointed).dataset.rule, mark(v, pointed).dataset.side]).toEqual(["P3", "S"]);
      // none once the view no longer refuses that cell so (the position changed: an undo)
      const moved = { ...v, lesson, legal: { ...hot.legal, tiles: hot.legal.tiles.map((e) => ({ ...e, why_not: [] })) } };
      expect(mark(moved, initialUi())).toBeNull();
      // none once the feedback is not a refusal, nor outside a lesson
      expect(mark({ ...v, lesson: { ...lesson, feedback: { ...lesson.feedback, kind: "ok" } } }, initialUi())).toBeNull();
      expect(mark(hot, initialUi())).toBeNull();
      // a refused removal is marked too (the tiles it would cut off), while the view still refuses it
      const cut = hot.legal.no_remove[0];
      const removal = { ...hot, lesson: { ...lesson, feedback: { ...lesson.feedback, rule: cut[2], cell: cut } } };
      expect(mark(removal, initialUi()).dataset.rule).toBe("P4");
      expect(mark({ ...removal, legal: { ...hot.legal, no_remove: [] } }, initialUi())).toBeNull();
      // and a refused swap
      const swap = hot.legal.tiles[0].no_swap[1];
      const swapped = { ...hot, lesson: { ...lesson, feedback: { ...lesson.feedback, rule: swap[2], cell: swap } } };
      expect(mark(swapped, initialUi()).dataset.rule).toBe("P3");
    } finally {
      useStrings(null);
    }
  });

  it("speaks the widget's language; without the engine's texts, the rule's line as before", () => {
    const german = strings([EN, namesDe, uiDe, errorsDe]);
    const note = words(hot, [{ act: "reserve-tile", id: 34 }, { act: "spot", x: 0, y: -1 }], german);
    expect(note.text).toBe("Garten 7 auf (0, -1) würde eine Mauer an eine offene Seite legen: Es hätte im Süden eine Mauer, "
      + "das Plättchen daneben (Brunnen) dort keine. Aneinanderliegende Seiten müssen beide eine Mauer haben oder beide offen sein.");
    const plain = run(hot, [{ act: "reserve-tile", id: 34 }, { act: "spot", x: 0, y: -1 }]).ui.note;
    expect(plain.text).toContain("not allowed (rule P3)");
    expect(plain.text).toContain(hot.explain.P3);
    // a refused cell without the engine's key (a larger hole's, say)
    const [x, y] = plainAt;
    const bare = words(hotPlain, [{ act: "reserve-tile", id: 34 }, { act: "spot", x, y }]);
    expect(bare.text).toContain("not allowed (rule P4)");
    expect(bare.text).toContain(hot.explain.P4);
  });
});
