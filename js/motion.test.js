// Every move seen (js/motion.js): which moves are new, what flies from where
// to where for each kind of event, the queue of moves one after the other,
// no motion with prefers-reduced-motion, and the marks of what changed since
// the viewer's last move (until they act).
import { describe, expect, it } from "vitest";
import moves from "./fixtures/moves/cases.json";
import { fakeModel, fixture } from "./fixtures.js";
import { MAX_MOVES, MAX_UNDONE, MOVE_MS, SCORE_MS, changedSince, lastMove, measure, motionLength, newMoves, planMotion, planUndo, reducedMotion, undoneMoves, viewer } from "./motion.js";
import widget from "./widget.js";

const box = (x, y, w = 40, h = 40, extra = {}) => ({ x, y, w, h, ...extra });
const entry = (n, player, action, events, rounds = []) => ({ n, player, name: ["Ana", "Ben", "Chi"][player], action, events, rounds, tiles: {} });

/** Anchors as measure() gives them: key -> box (+ card). */
const anchors = (pairs) => new Map(pairs);

describe("which moves are new", () => {
  const log = [1, 2, 3, 4, 5, 6].map((n) => ({ n }));
  it("none on the first draw, the ones after the last move drawn later", () => {
    expect(newMoves(log, null)).toEqual([]);
    expect(newMoves(log, 4).map((e) => e.n)).toEqual([5, 6]);
    expect(newMoves(log, 6)).toEqual([]);
    expect(lastMove(log)).toBe(6);
    expect(lastMove([])).toBe(0);
  });
  it("none after an undo, nor when more than a few came at once (a replay jump, another game)", () => {
    expect(newMoves(log.slice(0, 3), 6)).toEqual([]);
    expect(newMoves(log, 0).length).toBe(0);
    expect(newMoves(log.slice(0, MAX_MOVES), 0).length).toBe(MAX_MOVES);
  });
});

describe("which moves were taken back", () => {
  const log = [1, 2, 3, 4, 5, 6].map((n) => ({ n }));
  it("the moves of the old log after the new log's last one", () => {
    expect(undoneMoves(log, log.slice(0, 4)).map((e) => e.n)).toEqual([5, 6]);
    expect(undoneMoves(log, log)).toEqual([]);
    expect(undoneMoves(log.slice(0, 4), log)).toEqual([]); // moves came, none went
    expect(undoneMoves(null, log)).toEqual([]); // the first draw
    expect(undoneMoves(log, null)).toEqual([]); // no log to compare with
    expect(undoneMoves(log, []).length).toBe(6); // back to the start
  });
  it("those after the last move both logs share, when the undo ended in a reshuffle of its own", () => {
    const played = [1, 2, 3, 4].map((n) => ({ n, player: n % 2, action: `take ${n}` }));
    const shuffled = (n) => ({ n, player: null, action: `reshuffle ${n}` });
    // move 4 taken back, the reshuffle numbered 4 in its place
    expect(undoneMoves(played, [...played.slice(0, 3), shuffled(4)]).map((e) => e.action)).toEqual(["take 4"]);
    // taken back again: the reshuffle and move 3, a new reshuffle numbered 3
    const once = [...played.slice(0, 3), shuffled(4)];
    expect(undoneMoves(once, [...played.slice(0, 2), shuffled(3)]).map((e) => e.action)).toEqual(["take 3", "reshuffle 4"]);
    // back to the start: only the reshuffle is left
    expect(undoneMoves(played, [shuffled(1)]).length).toBe(4);
    // another player's move in place of the last: not an undo
    expect(undoneMoves(played, [...played.slice(0, 3), { n: 4, player: 1, action: "end" }])).toEqual([]);
  });
  it("none when the old log no longer holds them all, or too many went at once", () => {
    const tail = [7, 8, 9].map((n) => ({ n }));
    expect(undoneMoves(tail, log.slice(0, 3))).toEqual([]); // moves 4-6 are not in the old log
    const long = Array.from({ length: MAX_UNDONE + 2 }, (_, i) => ({ n: i + 1 }));
    expect(undoneMoves(long, long.slice(0, 1))).toEqual([]); // MAX_UNDONE + 1 at once
    expect(undoneMoves(long, long.slice(0, 2)).length).toBe(MAX_UNDONE);
  });
});

describe("what flies back on an undo", () => {
  it("a tile bought and placed flies from the board back to its market slot, the refill back into the bag", () => {
    const before = anchors([
      ["tile:23", box(300, 300)],
      ["tile:40", box(10, 10)],
      ["bag", box(200, 0)],
    ]);
    const after = anchors([
      ["tile:23", box(10, 10)],
      ["bag", box(200, 0)],
    ]);
    const buy = entry(4, 0, "buy 1 with dinar 5", [{ kind: "pay", player: 0, cards: ["dinar 5"] }, { kind: "buy", player: 0, tile: 23, slot: 1 }, { kind: "refill", slot: 1, tile: 40 }]);
    const place = entry(5, 0, "place 23 at 1,0", [{ kind: "place", player: 0, tile: 23, pos: [1, 0] }]);
    const steps = planUndo([buy, place], before, after);
    const tile = steps.filter((s) => s.key === "tile:23");
    expect(tile).toHaveLength(1); // once, from where it was drawn to where it is now
    expect(tile[0]).toMatchObject({ kind: "move", from: before.get("tile:23"), to: after.get("tile:23"), delay: 0 });
    expect(steps.find((s) => s.key === "tile:40")).toMatchObject({ kind: "fly", from: before.get("tile:40"), to: after.get("bag") });
    for (const s of steps) expect(s.delay + s.duration).toBeLessThanOrEqual(MOVE_MS);
  });

  it("cards taken go back to the market, the cards dealt back into the deck, cards paid back into the hand", () => {
    const before = anchors([
      ["money:0", box(10, 0, 20, 30, { card: "florin 2" })],
      ["money:1", box(40, 0, 20, 30, { card: "ducat 7" })],
      ["hand:0:0", box(0, 100, 20, 30, { card: "dinar 3" })],
      ["deck", box(100, 0)],
      ["discard", box(130, 0)],
    ]);
    const after = anchors([
      ["money:0", box(10, 0, 20, 30, { card: "dinar 3" })],
      ["money:1", box(40, 0, 20, 30, { card: "florin 2" })],
      ["hand:0:0", box(0, 100, 20, 30, { card: "dirham 4" })],
      ["deck", box(100, 0)],
    ]);
    const take = entry(1, 0, "take dinar 3", [{ kind: "take", player: 0, cards: ["dinar 3"] }, { kind: "money", cards: ["ducat 7"] }]);
    const pay = entry(2, 0, "buy 2 with dirham 4", [{ kind: "pay", player: 0, cards: ["dirham 4"] }]);
    const steps = planUndo([take, pay], before, after);
    expect(steps).toContainEqual(expect.objectContaining({ kind: "move", key: "money:0", from: before.get("hand:0:0"), to: after.get("money:0") }));
    expect(steps).toContainEqual(expect.objectContaining({ kind: "fly", key: "money:1", from: before.get("money:1"), to: after.get("deck") }));
    expect(steps).toContainEqual(expect.objectContaining({ kind: "arrive", key: "hand:0:0", from: before.get("discard"), to: after.get("hand:0:0") }));
  });

  it("into the bag and the deck drawn before the undo, when they are gone after it", () => {
    const before = anchors([
      ["tile:40", box(10, 10)],
      ["bag", box(200, 0)],
      ["money:0", box(10, 0, 20, 30, { card: "ducat 7" })],
      ["deck", box(100, 0)],
    ]);
    const e = entry(4, 0, "take dinar 3", [{ kind: "refill", slot: 1, tile: 40 }, { kind: "money", cards: ["ducat 7", "florin 1"] }]);
    expect(planUndo([e], before, new Map()).map((s) => [s.kind, s.key, s.to])).toEqual([
      ["fly", "money:0", before.get("deck")],
      ["fly", "tile:40", before.get("bag")],
    ]);
    // no bag, no deck drawn at all: nothing flies (florin 1 was not drawn: nothing for it either)
    const bare = anchors([["tile:40", box(10, 10)], ["money:0", box(10, 0, 20, 30, { card: "ducat 7" })]]);
    expect(planUndo([e], bare, new Map())).toEqual([]);
  });

  it("nothing moves with reduced motion, nor for a tile that stayed where it was", () => {
    const same = anchors([["tile:5", box(1, 1)]]);
    const e = entry(3, 1, "reserve 5", [{ kind: "reserve", player: 1, tile: 5 }]);
    expect(planUndo([e], same, same)).toEqual([]);
    expect(planUndo([e], anchors([["tile:5", box(1, 1)]]), anchors([["tile:5", box(90, 1)]]), { reduced: true })).toEqual([]);
  });
});

describe("what moves where", () => {
  it("cards taken fly from the money market into the hand, the refills arrive from the deck", () => {
    const before = anchors([
      ["money:0", box(10, 0, 20, 30, { card: "dinar 3" })],
      ["money:1", box(40, 0, 20, 30, { card: "florin 2" })],
      ["hand:0:0", box(0, 100, 20, 30, { card: "dinar 3" })],
      ["deck", box(100, 0)],
    ]);
    const after = anchors([
      ["money:0", box(10, 0, 20, 30, { card: "florin 2" })],
      ["money:1", box(40, 0, 20, 30, { card: "ducat 7" })],
      ["hand:0:0", box(0, 100, 20, 30, { card: "dinar 3" })],
      ["hand:0:1", box(25, 100, 20, 30, { card: "dinar 3" })],
      ["deck", box(100, 0)],
    ]);
    const e = entry(1, 0, "take dinar 3", [{ kind: "take", player: 0, cards: ["dinar 3"] }, { kind: "money", cards: ["ducat 7"] }, { kind: "next", player: 1 }]);
    const steps = planMotion([e], before, after);
    // the new dinar 3 in the hand (the second one), flown in from the market
    expect(steps[0]).toMatchObject({ kind: "move", key: "hand:0:1", from: before.get("money:0"), to: after.get("hand:0:1"), delay: 0 });
    expect(steps[1]).toMatchObject({ kind: "arrive", key: "money:1", from: after.get("deck"), to: after.get("money:1") });
    expect(steps[1].delay).toBeGreaterThan(0);
    for (const s of steps) expect(s.delay + s.duration).toBeLessThanOrEqual(MOVE_MS);
  });

  it("cards taken by a player whose hand is not drawn card by card fly to their panel", () => {
    const before = anchors([["money:0", box(10, 0, 20, 30, { card: "dinar 3" })]]);
    const after = anchors([["player:2", box(500, 300, 200, 100)]]);
    const steps = planMotion([entry(1, 2, "take dinar 3", [{ kind: "take", player: 2, cards: ["dinar 3"] }])], before, after);
    expect(steps).toEqual([expect.objectContaining({ kind: "fly", key: "money:0", to: after.get("player:2") })]);
  });

  it("paid cards fly to the discard pile, the tile bought from its slot to the tiles to place", () => {
    const before = anchors([
      ["hand:1:0", box(0, 100, 20, 30, { card: "dinar 3" })],
      ["hand:1:1", box(25, 100, 20, 30, { card: "dinar 5" })],
      ["tile:23", box(200, 0, 80, 80)],
      ["discard", box(300, 0)],
    ]);
    const after = anchors([["tile:23", box(250, 200, 50, 50)], ["discard", box(300, 0)], ["deck", box(350, 0)]]);
    const e = entry(4, 1, "buy 3 with dinar 3+5", [
      { kind: "pay", player: 1, slot: 3, cards: ["dinar 3", "dinar 5"] },
      { kind: "buy", player: 1, slot: 3, tile: 23 },
      { kind: "extra", player: 1 },
    ]);
    const steps = planMotion([e], before, after);
    expect(steps.map((s) => [s.kind, s.key])).toEqual([["fly", "hand:1:0"], ["fly", "hand:1:1"], ["move", "tile:23"]]);
    expect(steps[0].to).toBe(after.get("discard"));
    expect(steps[2]).toMatchObject({ from: before.get("tile:23"), to: after.get("tile:23") });
  });

  it("a tile placed, built, removed or swapped moves from where it was to where it is", () => {
    const before = anchors([["tile:7", box(0, 0)], ["tile:9", box(100, 100)]]);
    const after = anchors([["tile:7", box(100, 100)], ["tile:9", box(0, 0)]]);
    const swap = entry(5, 0, "swap 7 at 1,0", [{ kind: "swap", player: 0, tile: 7, pos: [1, 0], old: 9 }]);
    expect(planMotion([swap], before, after).map((s) => [s.kind, s.key, s.from, s.to])).toEqual([
      ["move", "tile:7", before.get("tile:7"), after.get("tile:7")],
      ["move", "tile:9", before.get("tile:9"), after.get("tile:9")],
    ]);
    for (const kind of ["place", "build", "remove", "reserve"]) {
      const e = entry(5, 0, `${kind} 7`, [{ kind, player: 0, tile: 7, pos: [1, 0] }]);
      expect(planMotion([e], before, after)[0]).toMatchObject({ kind: "move", key: "tile:7" });
    }
  });

  it("a tile that goes where it is not drawn on its own flies there: another player's board, Dirk", () => {
    const before = anchors([["tile:7", box(0, 0)], ["tile:8", box(50, 0)]]);
    const after = anchors([["player:1", box(500, 0, 200, 100)], ["dirk", box(300, 300, 100, 40)]]);
    const place = entry(5, 1, "place 7 at 1,0", [{ kind: "place", player: 1, tile: 7, pos: [1, 0] }]);
    const dirk = entry(6, 1, "dirk 8", [{ kind: "dirk", player: 1, tile: 8 }]);
    const steps = planMotion([place, dirk], before, after);
    expect(steps.map((s) => [s.kind, s.key, s.to])).toEqual([["fly", "tile:7", after.get("player:1")], ["fly", "tile:8", after.get("dirk")]]);
  });

  it("a tile not drawn on its own where it went flies to the place it went: the reserve, the board, the panel", () => {
    const before = anchors([["tile:7", box(0, 0)]]);
    const mine = anchors([["reserve:0", box(300, 0, 90, 40)], ["board:0", box(300, 100, 200, 200)], ["player:0", box(600, 0, 200, 100)]]);
    const to = (kind, after) => planMotion([entry(5, 0, `${kind} 7`, [{ kind, player: 0, tile: 7, pos: [1, 0] }])], before, after).map((s) => [s.kind, s.key, s.to]);
    for (const kind of ["remove", "reserve"]) expect(to(kind, mine)).toEqual([["fly", "tile:7", mine.get("reserve:0")]]);
    for (const kind of ["place", "build"]) expect(to(kind, mine)).toEqual([["fly", "tile:7", mine.get("board:0")]]);
    // another player's: their panel, which draws neither on its own
    const panel = anchors([["player:0", box(600, 0, 200, 100)]]);
    for (const kind of ["place", "build", "remove", "reserve"]) expect(to(kind, panel)).toEqual([["fly", "tile:7", panel.get("player:0")]]);
    // and nothing from where it was not drawn before, nor to nowhere
    expect(planMotion([entry(5, 0, "place 7", [{ kind: "place", player: 0, tile: 7, pos: [1, 0] }])], new Map(), mine)).toEqual([]);
    expect(to("place", new Map())).toEqual([]);
  });

  it("the card taken flies from its own place in the market, even when it is not the first", () => {
    const before = anchors([
      ["money:0", box(0, 0, 20, 30, { card: "dinar 3" })],
      ["money:1", box(30, 0, 20, 30, { card: "florin 5" })],
      ["money:2", box(60, 0, 20, 30, { card: "florin 5" })],
    ]);
    const after = anchors([["hand:0:0", box(0, 100, 20, 30, { card: "florin 5" })], ["hand:0:1", box(30, 100, 20, 30, { card: "florin 5" })]]);
    const take = entry(1, 0, "take florin 5+5", [{ kind: "take", player: 0, cards: ["florin 5", "florin 5"] }]);
    expect(planMotion([take], before, after).map((s) => [s.key, s.from])).toEqual([
      ["hand:0:0", before.get("money:1")],
      ["hand:0:1", before.get("money:2")],
    ]);
  });

  it("new money arrives from the deck where it was drawn, if the deck is gone after the move", () => {
    const before = anchors([["deck", box(100, 0)]]);
    const after = anchors([["money:0", box(0, 0, 20, 30, { card: "dinar 3" })]]);
    const e = entry(1, 0, "take ducat 2", [{ kind: "money", cards: ["dinar 3"] }]);
    expect(planMotion([e], before, after)).toEqual([expect.objectContaining({ kind: "arrive", key: "money:0", from: before.get("deck") })]);
    expect(planMotion([e], new Map(), after)).toEqual([]);
    // a card dealt like one that stayed in the market: the new one, dealt last, arrives
    const twice = anchors([["money:0", box(0, 0, 20, 30, { card: "dinar 3" })], ["money:1", box(30, 0, 20, 30, { card: "florin 5" })],
      ["money:2", box(60, 0, 20, 30, { card: "dinar 3" })]]);
    expect(planMotion([e], before, twice).map((s) => s.key)).toEqual(["money:2"]);
  });

  it("Dirk's new tiles arrive from the bag, only where the bag and the tile are drawn", () => {
    const after = anchors([["tile:31", box(0, 0)], ["tile:32", box(50, 0)], ["bag", box(400, 0)]]);
    const e = entry(3, null, "dirk draws", [{ kind: "dirk_draw", tiles: [31, 32, 33] }]);
    expect(planMotion([e], new Map(), after).map((s) => [s.kind, s.key, s.from])).toEqual([
      ["arrive", "tile:31", after.get("bag")],
      ["arrive", "tile:32", after.get("bag")],
    ]);
    after.delete("bag");
    expect(planMotion([e], new Map(), after)).toEqual([]);
  });

  it("a refill arrives from the bag into its slot", () => {
    const after = anchors([["tile:31", box(0, 0, 80, 80)], ["bag", box(400, 0, 60, 60)]]);
    const steps = planMotion([entry(2, 0, "place 7 at 1,0", [{ kind: "refill", slot: 1, tile: 31 }])], new Map(), after);
    expect(steps).toEqual([expect.objectContaining({ kind: "arrive", key: "tile:31", from: after.get("bag"), to: after.get("tile:31") })]);
  });

  it("a scoring round counts each player's points up after the move", () => {
    const v = { rounds: [{ round: 1, points: [3, 11, 0], scores: [3, 11, 0] }] };
    const after = anchors([["score:0", box(0, 0, 30, 12)], ["score:1", box(0, 20, 30, 12)], ["score:2", box(0, 40, 30, 12)]]);
    const e = entry(9, 0, "take dinar 3", [{ kind: "score", round: 1 }], [1]);
    const steps = planMotion([e], new Map(), after, { view: v });
    expect(steps.map((s) => [s.kind, s.player, s.from, s.to])).toEqual([["count", 0, 0, 3], ["count", 1, 0, 11], ["count", 2, 0, 0]]);
    for (const s of steps) expect([s.delay, s.duration]).toEqual([MOVE_MS, SCORE_MS]);
    expect(motionLength([e])).toBe(MOVE_MS + SCORE_MS);
  });

  it("a player whose points are not drawn has nothing counted; the next move waits for the count", () => {
    const v = { rounds: [{ round: 1, points: [3, 11, 0], scores: [3, 11, 0] }] };
    const after = anchors([["score:1", box(0, 20, 30, 12)], ["tile:2", box(100, 50)]]);
    const scored = entry(9, 0, "take dinar 3", [{ kind: "score", round: 1 }], [1]);
    const next = entry(10, 1, "place 2 at 1,0", [{ kind: "place", player: 1, tile: 2, pos: [1, 0] }]);
    const steps = planMotion([scored, next], anchors([["tile:2", box(0, 50)]]), after, { view: v });
    expect(steps.map((s) => [s.kind, s.key, s.delay])).toEqual([
      ["count", "score:1", MOVE_MS],
      ["move", "tile:2", MOVE_MS + SCORE_MS],
    ]);
  });

  it("round 3 after round 1 alone (the bag ran out first) counts round 3's points", () => {
    const v = { rounds: [{ round: 1, points: [3, 11, 0], scores: [3, 11, 0] }, { round: 3, points: [20, 5, 7], scores: [23, 16, 7] }] };
    const after = anchors([["score:0", box(0, 0, 30, 12)], ["score:1", box(0, 20, 30, 12)], ["score:2", box(0, 40, 30, 12)]]);
    const e = entry(80, 2, "place 12 at 1,1", [{ kind: "score", round: 3 }], [3]);
    const steps = planMotion([e], new Map(), after, { view: v });
    expect(steps.map((s) => [s.kind, s.player, s.from, s.to])).toEqual([["count", 0, 3, 23], ["count", 1, 11, 16], ["count", 2, 0, 7]]);
  });

  it("a tile bought and placed in moves drawn at once flies once, from its slot to the board", () => {
    const before = anchors([["tile:4", box(0, 0)], ["pending:0", box(50, 50)]]);
    const after = anchors([["tile:4", box(200, 200)]]);
    const buy = entry(1, 0, "buy 1 with florin 9", [{ kind: "buy", player: 0, slot: 1, tile: 4 }]);
    const place = entry(2, 0, "place 4 at 1,0", [{ kind: "place", player: 0, tile: 4, pos: [1, 0] }]);
    expect(planMotion([buy, place], before, after).map((s) => [s.kind, s.key, s.from, s.to])).toEqual([
      ["move", "tile:4", before.get("tile:4"), after.get("tile:4")],
    ]);
  });

  it("moves that come together play one after the other, each within its time", () => {
    const before = anchors([["tile:1", box(0, 0)], ["tile:2", box(0, 50)]]);
    const after = anchors([["tile:1", box(100, 0)], ["tile:2", box(100, 50)]]);
    const a = entry(1, 0, "place 1 at 1,0", [{ kind: "place", player: 0, tile: 1, pos: [1, 0] }]);
    const b = entry(2, 1, "place 2 at 1,0", [{ kind: "place", player: 1, tile: 2, pos: [1, 0] }]);
    const steps = planMotion([a, b], before, after, { start: 100 });
    expect(steps.map((s) => s.delay)).toEqual([100, 100 + MOVE_MS]);
    for (const s of steps) expect(s.duration).toBeLessThanOrEqual(MOVE_MS);
  });

  it("every recorded kind of move plans its motion in time, and nothing moves with reduced motion", () => {
    for (const c of moves.cases) {
      const map = anchors([...Object.keys(c.entry.tiles).map((id) => [`tile:${id}`, box(Number(id), 0)]), ["bag", box(0, 0)], ["deck", box(0, 0)], ["discard", box(0, 0)]]);
      const steps = planMotion([c.entry], map, map, { view: { rounds: c.rounds, players: c.names.map((name) => ({ name })) } });
      for (const s of steps) expect(s.delay + s.duration, c.label).toBeLessThanOrEqual(motionLength([c.entry]));
      expect(planMotion([c.entry], map, map, { reduced: true }), c.label).toEqual([]);
    }
  });
});

describe("what changed since your last move", () => {
  const log = [
    entry(1, 0, "place 5 at 1,0", [{ kind: "place", player: 0, tile: 5, pos: [1, 0] }, { kind: "refill", slot: 2, tile: 6 }]),
    entry(2, 1, "take dinar 3", [{ kind: "take", player: 1, cards: ["dinar 3"] }, { kind: "money", cards: ["florin 4", "ducat 2"] }]),
    entry(3, 2, "buy 2 with dirham 9", [{ kind: "pay", player: 2, slot: 2, cards: ["dirham 9"] }, { kind: "buy", player: 2, slot: 2, tile: 6 }]),
    entry(4, 2, "place 6 at 0,1", [{ kind: "place", player: 2, tile: 6, pos: [0, 1] }, { kind: "refill", slot: 2, tile: 8 }, { kind: "money", cards: ["dinar 1"] }]),
    entry(5, 0, "take florin 4", [{ kind: "take", player: 0, cards: ["florin 4"] }]),
  ];
  it("marks the tiles that moved or came up and the money that came up and is still there", () => {
    const v = { seat: 1, log, money: ["ducat 2", "dinar 1", "dirham 5"] };
    const c = changedSince(v);
    expect([...c.tiles].sort()).toEqual([6, 8]);
    expect([...c.boards]).toEqual([2]); // Chi built; the viewer's own board is not marked
    expect(c.money).toEqual(["dinar 1"]); // ducat 2 came up with the viewer's own move
    // since move 1: florin 4 came up and was taken again, ducat 2 is still there
    const before = { seat: 1, log: log.map((e) => (e.player === 1 ? { ...e, player: 0 } : e)), money: ["ducat 2", "dinar 1"] };
    expect(changedSince(before).money.sort()).toEqual(["dinar 1", "ducat 2"]);
  });
  it("marks Dirk's new tiles and both tiles of a swap", () => {
    const more = [
      entry(6, null, "dirk draws", [{ kind: "dirk_draw", tiles: [40, 41] }]),
      entry(7, 2, "swap 9 at 1,0", [{ kind: "swap", player: 2, tile: 9, pos: [1, 0], old: 3 }]),
    ];
    const c = changedSince({ seat: 0, log: [...log, ...more], money: [] });
    expect([...c.tiles].sort((a, b) => a - b)).toEqual([3, 9, 40, 41]);
    expect([...c.boards]).toEqual([2]);
  });

  it("nothing once the viewer acted; in hot-seat the viewer is the player to act", () => {
    expect(changedSince({ seat: 0, log, money: [] }).tiles.size).toBe(0);
    expect(viewer({ seat: null, current: 2, legal: { player: 2 }, log })).toBe(2);
    expect([...changedSince({ seat: null, current: 2, legal: { player: 2 }, log, money: [] }).tiles]).toEqual([]);
    expect(viewer({ seat: null, current: 1, phase: "over", log })).toBe(null);
    expect(viewer(null)).toBe(null);   // (nothing drawn yet)
  });
});

describe("in the widget", () => {
  function mount(model) {
    const el = document.createElement("div");
    document.body.appendChild(el);
    return { el, cleanup: widget.render({ model, el }) };
  }

  it("marks on the table what changed since the viewer's last move, and clears the marks when they act", () => {
    const v = fixture("seated-2p-other"); // seat 1, not to act: the other player moved last
    const model = fakeModel({ view: v, message: {} });
    const { el, cleanup } = mount(model);
    const { tiles } = changedSince(v);
    const marked = [...el.querySelectorAll(".alh-changed")];
    expect(tiles.size).toBeGreaterThan(0);
    expect(marked.length).toBeGreaterThan(0);
    for (const tile of marked.filter((m) => m.hasAttribute("data-tile"))) expect(tiles.has(Number(tile.getAttribute("data-tile")))).toBe(true);
    // the money that came up since: the market's cards of it marked, whatever their place (the first too)
    const dealt = { ...v, stamp: v.stamp + 1, log: [...v.log, entry(v.log.at(-1).n + 1, 0, "take ducat 9", [{ kind: "money", cards: [v.money[0], v.money[2]] }])] };
    model.push({ view: dealt });
    const cards = [...el.querySelectorAll(".alh-money .alh-card")];
    expect(cards.map((c) => c.classList.contains("alh-changed"))).toEqual([true, false, true]);
    // the viewer's own move comes: nothing since it
    const mine = { ...v, stamp: v.stamp + 1, log: [...v.log, entry(v.log.at(-1).n + 1, 1, "take dinar 3", [{ kind: "take", player: 1, cards: ["dinar 3"] }])] };
    model.push({ view: mine });
    expect(el.querySelectorAll(".alh-changed").length).toBe(0);
    // jsdom has no Web Animations: the table is drawn, nothing flies, no layer is left behind
    expect(el.querySelector(".alh-motion")).toBeNull();
    cleanup();
  });
});

describe("reducedMotion", () => {
  const page = (classes, reduce) => ({
    document: { body: { classList: { contains: (c) => classes.includes(c) } } },
    matchMedia: (q) => ({ matches: reduce && q.includes("reduce") }),
  });
  it("follows the system's setting, and VS Code's own reduce motion (a class on the body)", () => {
    expect(reducedMotion(page([], false))).toBe(false);
    expect(reducedMotion(page([], true))).toBe(true);
    expect(reducedMotion(page(["vscode-dark", "vscode-reduce-motion"], false))).toBe(true);
    expect(reducedMotion(page(["vscode-dark"], false))).toBe(false);
    expect(reducedMotion(null)).toBe(false);
  });
});

describe("where everything is drawn (measure)", () => {
  /** An element of the table at a place on the screen (jsdom lays nothing out). */
  const at = (el, x, y, w, h) => {
    el.getBoundingClientRect = () => ({ left: x, top: y, width: w, height: h, right: x + w, bottom: y + h });
    return el;
  };
  it("finds each tile's largest drawing, a miniature's cells, the money, hands, reserves, boards and piles", () => {
    const body = document.createElement("div");
    body.innerHTML = `
      <div class="alh-money"><button class="alh-card" data-currency="dinar" data-value="3"></button><button class="alh-card" data-currency="florin" data-value="5"></button></div>
      <div class="alh-focus" data-player="1"><div class="alh-focus-board"><svg><g data-tile="7" id="big"></g></svg></div>
        <div class="alh-reserve"></div><button class="alh-card" data-currency="ducat" data-value="9"></button></div>
      <div class="alh-player" data-player="0"><span class="alh-score">12</span>
        <svg data-grid="4 2 10" data-tiles="0@0,0 7@1,0 8@0,1" data-reserve="11 12" data-reserve-at="50 8 3 13"></svg></div>
      <div class="alh-pending-row" data-player="0"></div>
      <div class="alh-deck"></div><div class="alh-discard"></div><div class="alh-bag"></div><div class="alh-dirk"></div>
      <g data-tile="9"></g><g data-tile="10"></g><g data-tile="12" id="flat"></g>`;
    const [m0, m1] = body.querySelectorAll(".alh-money .alh-card");
    at(m0, 0, 0, 20, 30);
    at(m1, 25, 0, 20, 30);
    at(body.querySelector("#big"), 300, 300, 60, 60);
    at(body.querySelector(".alh-focus .alh-card"), 300, 400, 20, 30);
    at(body.querySelector(".alh-reserve"), 400, 300, 80, 40);
    at(body.querySelector(".alh-focus-board"), 290, 290, 200, 200);
    at(body.querySelector(".alh-player"), 600, 0, 200, 100);
    at(body.querySelector(".alh-score"), 760, 5, 30, 12);
    const mini = body.querySelector("svg[data-grid]");
    at(mini, 610, 20, 80, 60);
    mini.getScreenCTM = () => ({ a: 2, b: 0, c: 0, d: 2, e: 600, f: 20 }); // its user space: twice as large, from (600, 20)
    at(body.querySelector(".alh-pending-row"), 600, 110, 200, 30);
    for (const [cls, x] of [["deck", 100], ["discard", 130], ["bag", 160], ["dirk", 190]]) at(body.querySelector(`.alh-${cls}`), x, 0, 25, 25);
    // not drawn: no size, no width, no height (tile 12 is drawn in the miniature's reserve, though)
    at(body.querySelector('[data-tile="9"]'), 5, 5, 0, 0);
    at(body.querySelector('[data-tile="10"]'), 5, 5, 0, 10);
    at(body.querySelector("#flat"), 5, 5, 10, 0);
    const map = measure(body);
    const place = (k) => (map.has(k) ? [map.get(k).x, map.get(k).y, map.get(k).w, map.get(k).h] : null);
    expect(map.get("money:0").card).toBe("dinar 3");
    expect(map.get("money:1").card).toBe("florin 5");
    expect(place("money:1")).toEqual([25, 0, 20, 30]);
    expect(map.get("hand:1:0").card).toBe("ducat 9");
    // tile 7 drawn on the focus board and in the miniature: the larger drawing
    expect(place("tile:7")).toEqual([300, 300, 60, 60]);
    // the miniature's cells: (x, y) at origin + cell size, mapped to the screen; not the fountain
    expect(place("tile:8")).toEqual([2 * 4 + 600, 2 * (2 + 10) + 20, 20, 20]);
    expect(map.has("tile:0")).toBe(false);
    // its reserve: at the given x's on the row at the top given, of the size given
    expect(place("tile:11")).toEqual([2 * 3 + 600, 2 * 50 + 20, 16, 16]);
    expect(place("tile:12")).toEqual([2 * 13 + 600, 2 * 50 + 20, 16, 16]);
    expect(place("reserve:1")).toEqual([400, 300, 80, 40]);
    expect(place("board:1")).toEqual([290, 290, 200, 200]);
    expect(place("player:0")).toEqual([600, 0, 200, 100]);
    expect(place("score:0")).toEqual([760, 5, 30, 12]);
    expect(place("pending:0")).toEqual([600, 110, 200, 30]);
    expect([place("deck"), place("discard"), place("bag"), place("dirk")].map((r) => r[0])).toEqual([100, 130, 160, 190]);
    expect(map.has("tile:9") || map.has("tile:10")).toBe(false);
  });
});
