// What a selection means against the view's legal choices (js/selection.js): the sums and
// intents the controls show and send, whose board is in focus, the next game's line-up.
import { describe, expect, it } from "vitest";
import { fixture } from "./fixtures.js";
import { boardOptions, focusPlayer, lineupNamesOf, lineupOf, summarize } from "./selection.js";

const v = fixture("buy-3p");   // player 1 to act: florin 9, dirham 1, 2, 9, ducat 2, 8 in hand

describe("a selection against the legal choices", () => {
  it("a purchase: the right currency and a listed payment; exact only then and at the price", () => {
    const buy = (slot, idx, extra = {}) => summarize({ sel: { kind: "buy", slot, idx } }, { ...v, ...extra });
    const over = buy(4, [4, 5]);   // ducat 2+8 for a tile of 9
    expect([over.ok, over.sum, over.exact, over.intent]).toEqual([true, 10, false, "buy 4 with ducat 2+8"]);
    const exact = buy(2, [1, 3]);   // dirham 1+9 for a tile of 10
    expect([exact.ok, exact.sum, exact.exact, exact.intent]).toEqual([true, 10, true, "buy 2 with dirham 1+9"]);
    const mixed = buy(2, [1, 0]);   // dirham 1 and florin 9: the sum is the price, the currency is not
    expect([mixed.ok, mixed.sum, mixed.exact, mixed.intent]).toEqual([false, 10, false, null]);
    const none = buy(2, []);
    expect([none.ok, none.intent]).toEqual([false, null]);
    // in a lesson a wrong payment is sent too (the kernel refuses and the lesson says why), no cards still not
    expect(buy(2, [1, 0], { lesson: { id: "x" } }).intent).toBe("buy 2 with florin 9, dirham 1");
    expect(buy(2, [], { lesson: { id: "x" } }).intent).toBeNull();
  });

  it("money to take: a listed take; several cards; in a lesson sent even when not listed, never empty", () => {
    const take = (idx, extra = {}) => summarize({ sel: { kind: "money", idx } }, { ...v, ...extra });
    const two = take([3, 2]);   // dinar 2 and ducat 2 (named in the currencies' order: florin, dirham, dinar, ducat)
    expect([two.ok, two.sum, two.several, two.intent]).toEqual([true, 4, true, "take dinar 2, ducat 2"]);
    const one = take([0]);
    expect([one.ok, one.several, one.intent]).toEqual([true, false, "take dinar 5"]);
    const much = take([0, 1]);   // 12: more than 5 in two cards
    expect([much.ok, much.intent]).toEqual([false, null]);
    expect(take([0, 1], { lesson: { id: "x" } }).intent).toBe("take florin 7, dinar 5");
    expect(take([], { lesson: { id: "x" } }).intent).toBeNull();
  });

  it("whose board is in focus: who acts, else the seat, else the winner at the end, else who is to act", () => {
    expect(focusPlayer(v)).toBe(1);
    expect(focusPlayer({ ...v, seat: 0, current: 2 })).toBe(1);   // (the legal choices' player before the seat and the turn)
    const still = { ...v, legal: null };
    expect(focusPlayer({ ...still, seat: 2 })).toBe(2);
    expect(focusPlayer({ ...still, phase: "over", winners: [2, 0] })).toBe(2);
    expect(focusPlayer({ ...still, phase: "over", winners: [] })).toBe(v.current);
    expect(focusPlayer({ ...still, phase: "action", winners: [2] })).toBe(v.current);
  });

  it("a board takes clicks only where the view lists legal choices", () => {
    expect(boardOptions({ sel: null }, { ...v, legal: null })).toEqual({ interactive: false });
    expect(boardOptions({ sel: null }, { ...v, legal: undefined })).toEqual({ interactive: false });
    const o = boardOptions({ sel: null }, v);
    expect(o.interactive).toBe(true);
    expect(o.removable).toEqual(v.legal.remove);
  });

  it("the next game's line-up: this game's, people by name, bots kept", () => {
    expect(lineupOf(v, {})).toEqual(["person", "person", "person"]);
    expect(lineupNamesOf(v, {})).toEqual(v.players.map((p) => p.name));
    const withBot = { ...v, bots: { 2: "Greedy" } };
    expect(lineupOf(withBot, null)).toEqual(["person", "person", "same"]);
    expect(lineupNamesOf(withBot, null)).toEqual([v.players[0].name, v.players[1].name, ""]);
    expect(lineupOf(withBot, { lineup: ["greedy", "person", "person"] })).toEqual(["greedy", "person", "person"]);
  });
});
