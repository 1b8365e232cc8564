import { describe, expect, it } from "vitest";
import { closeRound, followRounds, onlyBots, openRound } from "./pop.js";

// a view as far as the scoring panel reads it: the moves played, the rounds scored, the log's entries
const view = (moves, rounds, scoredAt = {}) => ({
  players: [{}, {}],
  replay: null,
  moves,
  rounds: rounds.map((round) => ({ round })),
  log: Array.from({ length: moves }, (_, i) => ({ n: i + 1, rounds: scoredAt[i + 1] ? [scoredAt[i + 1]] : [] })),
});

describe("the scoring round's panel follows the game", () => {
  it("opens for a round scored by one of the few moves played since the last view, with the boards", () => {
    const local = {};
    expect(followRounds(local, view(20, []))).toBeNull();   // the first view: what was scored before stays in the log
    expect(followRounds(local, view(21, [1], { 21: 1 }))).toBe(1);
    expect([local.pop, local.popBoards]).toEqual([1, true]);
    // three moves at once (a bot's turn) still open it; the same rounds again do not
    const three = {};
    followRounds(three, view(40, [1], { 21: 1 }));
    expect(followRounds(three, view(43, [1, 2], { 21: 1, 42: 2 }))).toBe(2);
    expect(followRounds(three, view(44, [1, 2], { 21: 1, 42: 2 }))).toBeNull();
  });

  it("stays shut while moves are played and no round is scored, before the first round and after it", () => {
    const local = {};
    expect(followRounds(local, view(20, []))).toBeNull();
    expect(followRounds(local, view(21, []))).toBeNull();
    expect(followRounds(local, view(22, []))).toBeNull();
    expect(local.pop).toBeUndefined();
    expect(followRounds(local, view(23, [1], { 23: 1 }))).toBe(1);
    closeRound(local);
    expect(followRounds(local, view(24, [1], { 23: 1 }))).toBeNull();
    expect(local.pop).toBeNull();
  });

  it("follows a view that does not say it is a replay as the live game", () => {
    const local = {};
    const { replay, ...first } = view(20, []);
    followRounds(local, first);
    const { replay: again, ...next } = view(21, [1], { 21: 1 });
    expect(followRounds(local, next)).toBe(1);
  });

  it("does not open for a jump in the record, a game put in from a cell or a replayed position", () => {
    const jump = {};
    followRounds(jump, view(20, []));
    expect(followRounds(jump, view(24, [1], { 22: 1 }))).toBeNull();   // four moves at once: the scoring section tells it
    expect(jump.pop).toBeUndefined();
    const first = {};
    expect(followRounds(first, view(30, [1], { 25: 1 }))).toBeNull();
    const replay = {};
    followRounds(replay, view(20, []));
    expect(followRounds(replay, { ...view(21, [1], { 21: 1 }), replay: 21 })).toBeNull();
    expect(followRounds({}, { moves: 3 })).toBeNull();   // (no players: not a game's view)
    expect(followRounds({}, null)).toBeNull();
    // another game put in with one move more, its round scored long before
    const other = {};
    followRounds(other, view(20, []));
    expect(followRounds(other, view(21, [1], { 5: 1 }))).toBeNull();
    // nor one whose round was scored by the move the last view had already shown
    const same = {};
    followRounds(same, view(20, []));
    expect(followRounds(same, view(21, [1], { 20: 1 }))).toBeNull();
  });

  it("closes the panel of a round taken back, keeps that of a round still scored", () => {
    const local = {};
    followRounds(local, view(20, []));
    followRounds(local, view(21, [1], { 21: 1 }));
    followRounds(local, view(50, [1, 2], { 21: 1, 50: 2 }));   // (a jump: nothing opens, the panel of round 1 stays)
    expect(local.pop).toBe(1);
    expect(followRounds(local, view(40, [1], { 21: 1 }))).toBeNull();
    expect(local.pop).toBe(1);
    expect(followRounds(local, view(20, []))).toBeNull();
    expect(local.pop).toBeNull();
    // and a round scored again after the undo opens its panel again
    expect(followRounds(local, view(21, [1], { 21: 1 }))).toBe(1);
    // the panel of the second round closes when the move that scored it is taken back; the first round stays scored
    followRounds(local, view(42, [1, 2], { 21: 1, 42: 2 }));
    expect(followRounds(local, view(43, [1, 2, 3], { 21: 1, 42: 2, 43: 3 }))).toBe(3);
    openRound(local, view(43, [1, 2, 3], { 21: 1, 42: 2, 43: 3 }), 2);
    expect(local.pop).toBe(2);
    expect(followRounds(local, view(41, [1], { 21: 1 }))).toBeNull();
    expect(local.pop).toBeNull();
  });

  it("shows an earlier round again from the log, with the boards only if it was scored by the last move", () => {
    const v = view(43, [1, 2], { 21: 1, 43: 2 });
    const local = { pop: null };
    openRound(local, v, 1);
    expect([local.pop, local.popBoards]).toEqual([1, false]);
    openRound(local, v, 2);
    expect([local.pop, local.popBoards]).toEqual([2, true]);
    openRound(local, v, 3);   // not scored: nothing changes
    expect(local.pop).toBe(2);
    closeRound(local);
    expect(local.pop).toBeNull();
    const { log, ...bare } = v;   // (a view without its log: the boards are not shown)
    openRound(local, bare, 2);
    expect([local.pop, local.popBoards]).toEqual([2, false]);
  });

  it("knows when the viewer only watches: every seat a bot's", () => {
    expect(onlyBots({ n: 2, bots: { 0: "Greedy", 1: "MCTS" } })).toBe(true);
    expect(onlyBots({ n: 3, bots: { 0: "Greedy", 2: "MCTS" } })).toBe(false);
    expect(onlyBots({ n: 2 })).toBe(false);
    expect(onlyBots(null)).toBe(false);
  });
});
