// The front end sends only what the protocol declares (alhambra_widget/protocol.json).
import { describe, expect, it } from "vitest";
import { initialUi, reduce } from "./input.js";
import { MESSAGES, message, problem } from "./protocol.js";
import { fixture } from "./fixtures.js";

describe("the protocol, read from the one declaration", () => {
  it("declares every kind the kernel handles, each with an example that follows it", () => {
    expect(Object.keys(MESSAGES).sort()).toEqual(["action", "back_to_game", "hint", "language", "lesson", "new_game", "play_from", "redo", "replay", "review", "review_stop", "undo"]);
    for (const m of Object.values(MESSAGES)) expect(problem(m.example)).toBeNull();
  });

  it("builds a declared message for every intent the input reducer makes", () => {
    const v = { ...fixture("hotseat-3p"), replay: 2, can_play_from: true, played_moves: 9,
      hints: [{ action: "take dinar 3", verb: "take" }] };
    const events = [
      { act: "undo" }, { act: "redo" }, { act: "hint" }, { act: "replay", index: 2 }, { act: "live" }, { act: "play-from" },
      { act: "hint-play", i: 1 }, { act: "back-to-game" },
      { act: "lesson", op: "next" }, { act: "lang", lang: "fi" }, { act: "review" }, { act: "review-stop" }, { act: "new_game" },
    ];
    const kinds = new Set();
    for (const ev of events) {
      const { intent } = reduce(initialUi(), ev, v);
      expect(intent).not.toBeNull();
      const msg = message(intent, v);
      expect(problem(msg)).toBeNull();
      kinds.add(msg.type);
    }
    const act = message({ type: "action", action: "take dinar 3" }, v);
    expect(problem(act)).toBeNull();
    expect(act).toEqual({ type: "action", action: "take dinar 3", seat: v.seat, stamp: v.stamp });
    kinds.add(act.type);
    expect([...kinds].sort()).toEqual(Object.keys(MESSAGES).sort());
  });

  it("drops fields the declaration does not know and refuses unknown kinds", () => {
    const v = fixture("hotseat-3p");
    expect(message({ type: "undo", extra: 1 }, v)).toEqual({ type: "undo", seat: v.seat, stamp: v.stamp });
    expect(() => message({ type: "nope" }, v)).toThrow(/unknown message kind/);
    expect(problem({ type: "replay" })).toBe("missing index");
    for (const bad of [null, undefined, "undo", 3, [], { type: "nope" }, {}]) expect(problem(bad)).toBe("unknown kind");
    expect(problem({ type: "undo", extra: 1 })).toBe("unknown field extra");
  });

  it("gives the seat of the view (null at a hot-seat table), and a stamp to an intent that depends on the position", () => {
    const seated = { ...fixture("seated-2p-place"), stamp: 41 };
    expect(message({ type: "action", action: "reserve 35" }, seated)).toEqual({ type: "action", action: "reserve 35", seat: 0, stamp: 41 });
    // a language switch and a replay hold for any position: no stamp
    expect(message({ type: "language", lang: "fi" }, seated)).toEqual({ type: "language", lang: "fi", seat: 0 });
    expect(message({ type: "replay", index: 3 }, seated)).toEqual({ type: "replay", index: 3, seat: 0 });
    // no view yet, or one without seat and stamp: a seat of null, no stamp
    expect(message({ type: "undo" }, null)).toEqual({ type: "undo", seat: null });
    expect(message({ type: "undo" }, { stamp: "7" })).toEqual({ type: "undo", seat: null });
  });
});
