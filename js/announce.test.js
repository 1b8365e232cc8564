// Every move told to a screen reader (js/announce.js): the moves new in a view
// that no message tells are read out in words from a hidden live region, then
// whose turn it is; no moves on the first draw, after an undo, in another game
// or after a replay jump.
import { describe, expect, it, vi } from "vitest";
import { KEEP, REPLAY_SETTLE_MS, createAnnouncer, toAnnounce } from "./announce.js";
import { describeEntry } from "./describe.js";
import { fakeModel, fixture } from "./fixtures.js";
import { useStrings } from "./i18n.js";
import { MAX_MOVES } from "./motion.js";
import { replayBannerText } from "./view/controls.js";
import widget from "./widget.js";

const take = (n, player, card) => ({ n, player, name: ["Ana", "Ben", "Chi"][player], action: `take ${card}`, events: [{ kind: "take", player, cards: [card] }], rounds: [], tiles: {} });

/** The view `v` with the moves `entries` played after its last one. */
function after(v, ...entries) {
  return { ...v, stamp: v.stamp + entries.length, log: [...v.log, ...entries] };
}

describe("what is read out", () => {
  const v = fixture("buy-3p");
  const last = v.log.at(-1).n;

  it("nothing on the first draw; then each new move, in words as the log tells it", () => {
    useStrings(null);
    const first = toAnnounce(null, v);
    expect(first.lines).toEqual([]);
    const w = after(v, take(last + 1, 0, "dinar 3"), take(last + 2, 1, "ducat 2"));
    const got = toAnnounce(first.state, w);
    expect(got.lines).toEqual([describeEntry(w.log.at(-2), w), describeEntry(w.log.at(-1), w)]);
    expect(got.lines[0]).toMatch(/Ana took dinar 3/);
    // the same view again: nothing more
    expect(toAnnounce(got.state, w).lines).toEqual([]);
    // before any view has come (the widget's first draw may have none): nothing, and no failure
    for (const none of [null, undefined]) {
      const blank = toAnnounce(null, none);
      expect(blank.lines).toEqual([]);
      expect(blank.state).toMatchObject({ game: null, said: "", lesson: null, step: null, replaying: false });
      expect(toAnnounce(blank.state, none).lines).toEqual([]);
    }
  });

  it("a new info message in place of the newest move: it tells that one (and more, a bot's reply)", () => {
    const start = toAnnounce(null, v, { kind: "info", text: "old", id: 4 }).state;
    const two = after(v, take(last + 1, 0, "dinar 3"), take(last + 2, 1, "ducat 2"));
    const told = toAnnounce(start, two, { kind: "info", text: "Ben took ducat 2.", id: 5 });
    expect(told.lines).toEqual([describeEntry(two.log.at(-2), two), "Ben took ducat 2."]);
    // an info message without a move (a review done): read too, once
    const done = toAnnounce(told.state, two, { kind: "info", text: "Review done.", id: 7 });
    expect(done.lines).toEqual(["Review done."]);
    expect(toAnnounce(done.state, two, { kind: "info", text: "Review done.", id: 7 }).lines).toEqual([]);
    // the same message still shown (a move from a cell brings none), or a refusal: every new move is read
    const three = after(two, take(last + 3, 2, "florin 1"));
    expect(toAnnounce(told.state, three, { kind: "info", text: "Ben took ducat 2.", id: 5 }).lines).toEqual([describeEntry(three.log.at(-1), three)]);
    expect(toAnnounce(told.state, three, { kind: "error", text: "No.", id: 6 }).lines).toEqual([describeEntry(three.log.at(-1), three)]);
    expect(toAnnounce(told.state, three, {}).lines).toEqual([describeEntry(three.log.at(-1), three)]);
  });

  it("then the status sentence when it changed; in the replay the banner's words, and no moves", () => {
    const start = toAnnounce(null, v).state;
    const w = { ...after(v, take(last + 1, 0, "dinar 3")), status: "Turn 9 — Ben to act" };
    const got = toAnnounce(start, w);
    expect(got.lines).toEqual([describeEntry(w.log.at(-1), w), "Turn 9 — Ben to act"]);
    // the same sentence again (a redraw): nothing
    expect(toAnnounce(got.state, { ...w }).lines).toEqual([]);
    // a step back in the replay: where it is, in the banner's words (the move it shows, in words)
    const back = { ...v, replay: last, live_moves: last + 1 };
    const replayed = toAnnounce(got.state, back);
    expect(replayed.lines).toEqual([replayBannerText(back)]);
    expect(replayed.lines[0]).toContain(describeEntry(v.log.at(-1), v));
    // back to live: the status sentence, not the moves between
    expect(toAnnounce(replayed.state, w).lines).toEqual(["Turn 9 — Ben to act"]);
  });

  it("steps through the replay are told once the position stands still, the last one only", () => {
    vi.useFakeTimers();
    try {
      const root = document.createElement("div");
      document.body.appendChild(root);
      const voice = createAnnouncer(root);
      const said = () => [...voice.region.children].map((p) => p.textContent);
      const at = (k) => ({ ...v, replay: k, live_moves: last + 1 });
      voice.update(v, {});
      voice.update(at(last), {});   // into the replay: at once
      expect(said()).toEqual([replayBannerText(at(last))]);
      // an arrow key held on the slider: four positions, told when it stops, at the last one
      for (const k of [last - 1, last - 2, last - 3, last - 4]) {
        voice.update(at(k), {});
        vi.advanceTimersByTime(REPLAY_SETTLE_MS / 3);
      }
      expect(said()).toHaveLength(1);
      vi.advanceTimersByTime(REPLAY_SETTLE_MS);
      expect(said()).toEqual([replayBannerText(at(last)), replayBannerText(at(last - 4))]);
      // a step, then back to live before it was told: only where the table is now
      voice.update(at(last - 5), {});
      const live = { ...v, status: "Turn 9 — Ben to act" };
      voice.update(live, {});
      vi.advanceTimersByTime(2 * REPLAY_SETTLE_MS);
      expect(said().slice(2)).toEqual(["Turn 9 — Ben to act"]);
      // a table gone: nothing told after it
      voice.update(at(last), {});
      voice.update(at(last - 1), {});
      voice.stop();
      vi.advanceTimersByTime(2 * REPLAY_SETTLE_MS);
      expect(said().slice(3)).toEqual([replayBannerText(at(last))]);
      root.remove();
    } finally {
      vi.useRealTimers();
    }
  });

  it("no moves after an undo or when many come at once; in another game, only where it starts", () => {
    const w = after(v, take(last + 1, 0, "dinar 3"));
    const seen = toAnnounce(null, w).state;
    expect(toAnnounce(seen, v).lines).toEqual([]);                                    // taken back
    const other = { ...after(v, take(last + 1, 0, "dinar 3")), players: v.players.map((p) => ({ ...p, name: p.name + "!" })) };
    expect(toAnnounce(toAnnounce(null, v).state, other).lines).toEqual([other.status]); // another game: where it starts
    const many = after(v, ...Array.from({ length: MAX_MOVES + 1 }, (_, i) => take(last + 1 + i, i % 3, "dinar 3")));
    expect(toAnnounce(toAnnounce(null, v).state, many).lines).toEqual([]);            // a replay jump
  });
});

const drawn = () => new Promise((resolve) => setTimeout(resolve, 0)); // (read out once the update is drawn)

describe("in the widget", () => {
  it("reads a move played after the table was drawn from a live region named in the widget's language", async () => {
    const v = fixture("buy-3p");
    const model = fakeModel({ view: v, message: {} });
    const el = document.createElement("div");
    document.body.appendChild(el);
    const cleanup = widget.render({ model, el });
    const region = el.querySelector('[role="log"][aria-live="polite"]');
    expect(region).not.toBeNull();
    expect(region.classList.contains("alh-sr")).toBe(true); // seen by screen readers only
    await drawn();
    expect(region.getAttribute("aria-label")).toBe("what happens at the table");
    expect(region.textContent).toBe("");
    const w = after(v, take(v.log.at(-1).n + 1, 0, "dinar 3"));
    model.push({ view: w });
    await drawn();
    expect([...region.children].map((p) => p.textContent)).toEqual([describeEntry(w.log.at(-1), w)]);
    // a redraw of the same view (a fold, the language) reads nothing again; nor does a refusal,
    // which the message line reads (a live region of its own)
    model.push({ message: { kind: "error", text: "x", id: 1 } });
    await drawn();
    expect(region.children.length).toBe(1);
    expect(el.querySelector('.alh-message[role="status"]').getAttribute("aria-live")).toBe("polite");
    // a move that comes with its message (set together, told one after the other): read once, from the
    // message, by the voice; the message line shows it without reading it again
    const w2 = after(w, take(w.log.at(-1).n + 1, 1, "ducat 2"));
    model.state.view = w2;
    model.state.message = { kind: "info", text: describeEntry(w2.log.at(-1), w2), id: 2 };
    model.push({ view: w2 });
    model.push({ message: model.state.message });
    await drawn();
    expect(region.children.length).toBe(2);
    expect(region.lastElementChild.textContent).toBe(describeEntry(w2.log.at(-1), w2));
    const line = el.querySelector('.alh-message[role="status"]');
    expect(line.textContent).toContain(describeEntry(w2.log.at(-1), w2));
    expect(line.getAttribute("aria-live")).toBe("off");
    // an info message alone (no move with it), then a move from a cell: each is read
    model.push({ message: { kind: "info", text: "Review done.", id: 3 } });
    await drawn();
    expect(region.lastElementChild.textContent).toBe("Review done.");
    const w3 = after(w2, take(w2.log.at(-1).n + 1, 2, "florin 1"));
    model.push({ view: w3 });
    await drawn();
    expect(region.lastElementChild.textContent).toBe(describeEntry(w3.log.at(-1), w3));
    // it keeps a few lines only, and survives the redraws (outside what they replace)
    let cur = w3;
    for (let i = 0; i < KEEP + 3; i++) {
      cur = after(cur, take(cur.log.at(-1).n + 1, (i + 1) % 3, "ducat 2"));
      model.push({ view: cur });
      await drawn();
    }
    expect(region.isConnected).toBe(true);
    expect(region.children.length).toBe(KEEP);
    expect(region.lastElementChild.textContent).toBe(describeEntry(cur.log.at(-1), cur));
    cleanup();
    expect(region.isConnected).toBe(false);
  });
});

describe("in the tutorial", () => {
  const v = fixture("buy-3p");
  const lesson = (index, step) => ({ index, step, title: `Lesson ${index}`, text: `Text ${index}.${step}.`, task: `Task ${index}.${step}.` });
  it("another step: what it says and asks, the lesson's title when the lesson is new, then where it starts", () => {
    useStrings(null);
    const first = { ...v, lesson: lesson(1, 0) };
    const start = toAnnounce(null, first).state;
    const next = { ...v, status: "Turn 1 — your turn", lesson: lesson(1, 1) };
    const got = toAnnounce(start, next);
    expect(got.lines).toEqual(["Text 1.1.", "Task 1.1.", "Turn 1 — your turn"]);
    expect(toAnnounce(got.state, { ...next }).lines).toEqual([]);            // the same step drawn again
    const other = { ...next, lesson: lesson(2, 0) };
    expect(toAnnounce(got.state, other).lines).toEqual(["Lesson 2", "Text 2.0.", "Task 2.0.", "Turn 1 — your turn"]);
  });
});
