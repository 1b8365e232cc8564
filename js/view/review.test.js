// The game review in the front end: the Review button at the end of the game,
// the marks of the graded moves along the replay slider (js/view/controls.js).
import { describe, expect, it } from "vitest";
import { dom, fixture, off } from "../fixtures.js";
import uiDe from "../../alhambra_widget/i18n/locales/de/ui.json";
import uiEn from "../../alhambra_widget/i18n/locales/en/ui.json";
import { useStrings } from "../i18n.js";
import { eventFrom, initialUi, reduce } from "../input.js";
import { message, problem } from "../protocol.js";
import { controlsHtml, replayHtml, reviewSummaryHtml } from "./controls.js";
import { PLAYED, hintBadge, hintMarks, hintsHtml } from "./hints.js";
import { logHtml } from "./log.js";

const pick = (cat) => Object.fromEntries(Object.entries(cat).filter(([k]) => !k.startsWith("_")));

const REVIEW = {
  moves: {
    "3": { grade: "inaccuracy", player: 1, played: "B took dinar 8.", best: "B took dirham 1+4.", loss: 0.04, title: "move 3: inaccuracy — better: B took dirham 1+4." },
    "9": { grade: "blunder", player: 0, played: "A bought a tower.", best: "A took ducat 4.", loss: 0.2, title: "move 9: blunder — better: A took ducat 4." },
    "5": { grade: "mistake", player: 0, played: "A took dinar 2.", best: "A passed.", loss: 0.1, title: "move 5: mistake — better: A passed.", text: "Move 5, mistake: A took dinar 2." },
  },
  counts: { best: 7, good: 2, inaccuracy: 1, mistake: 1, blunder: 1 },
  // per seat of the over-4p fixture (four players)
  players: [
    { moves: 6, best: 3, good: 1, inaccuracy: 0, mistake: 1, blunder: 1, loss: 0.05 },
    { moves: 5, best: 3, good: 1, inaccuracy: 1, mistake: 0, blunder: 0, loss: 0.008 },
    { moves: 0, best: 0, good: 0, inaccuracy: 0, mistake: 0, blunder: 0, loss: 0 },
    { moves: 1, best: 1, good: 0, inaccuracy: 0, mistake: 0, blunder: 0, loss: 0.0004 },
  ],
  grades: { best: "best", good: "good", inaccuracy: "inaccuracy", mistake: "mistake", blunder: "blunder" },
};

const reviewButton = (root) => root.querySelector('button[data-act="review"]');

describe("the game review", () => {
  it("offers Review at the end of the game, Reviewing… while it runs", () => {
    useStrings(null);
    const over = fixture("over-4p");
    const idle = reviewButton(dom(controlsHtml({ ...over, review: null }, { sel: null })));
    expect(idle.textContent).toBe("Review");
    expect(idle.getAttribute("title")).toBe("Review the game: grade every move");
    expect(off(idle)).toBe(false);
    const running = reviewButton(dom(controlsHtml({ ...over, review: { running: true } }, { sel: null })));
    expect(running.textContent).toBe("Reviewing…");
    expect(off(running)).toBe(true);
    // how far it is: the moves graded so far of all
    const part = reviewButton(dom(controlsHtml({ ...over, review: { running: true, done: 37, total: 120 } }, { sel: null })));
    expect(part.textContent).toBe("Reviewing… 37/120");
    expect(part.getAttribute("title")).toBe("Review the game: grade every move");
    // done: it says so (and where the marks are), and cannot be pressed again
    const done = reviewButton(dom(controlsHtml({ ...over, review: REVIEW }, { sel: null })));
    expect(off(done)).toBe(true);
    expect(done.textContent).toBe("Reviewed \u2713");
    expect(done.getAttribute("title")).toBe("The game is reviewed: its marks are along the Replay slider and in the last moves");
    // a review that holds on the moves kept only (after an undo or Play from here): its marks stay, and
    // Review grades the game as it is now
    const kept = dom(controlsHtml({ ...over, review: { ...REVIEW, partial: true } }, { sel: null }));
    expect(off(reviewButton(kept))).toBe(false);
    expect(reviewButton(kept).textContent).toBe("Review");
    expect(dom(replayHtml({ ...over, review: { ...REVIEW, partial: true } })).querySelectorAll(".alh-review-mark").length).toBe(3);
    // not during the game
    expect(reviewButton(dom(controlsHtml(fixture("hotseat-3p"), { sel: null })))).toBeNull();
    useStrings(pick(uiDe));
    expect(reviewButton(dom(controlsHtml(over, { sel: null }))).textContent).toBe(uiDe["ui.review.button"]);
    useStrings(null);
  });

  it("offers Stop while the review runs, which sends review_stop", () => {
    useStrings(null);
    const over = fixture("over-4p");
    const stopOf = (review) => dom(controlsHtml({ ...over, review }, { sel: null })).querySelector('button[data-act="review-stop"]');
    const stop = stopOf({ running: true, done: 3, total: 120 });
    expect(stop.textContent).toBe("Stop");
    expect(stop.getAttribute("title")).toBe("Stop the review (the moves graded so far are dropped)");
    expect(off(stop)).toBe(false);
    expect(stopOf(null)).toBeNull();      // not before a review, nor after one
    expect(stopOf(REVIEW)).toBeNull();
    const { intent } = reduce(initialUi(), eventFrom(stop), over);
    expect(intent).toEqual({ type: "review_stop" });
    const msg = message(intent, over);
    expect(problem(msg)).toBeNull();
    expect(msg).toEqual({ type: "review_stop", seat: over.seat, stamp: over.stamp });
  });

  it("sends a review message for the button", () => {
    const v = fixture("over-4p");
    const { intent } = reduce(initialUi(), { act: "review" }, v);
    expect(intent).toEqual({ type: "review" });
    const msg = message(intent, v);
    expect(problem(msg)).toBeNull();
    expect(msg).toEqual({ type: "review", seat: v.seat, stamp: v.stamp });
  });

  it("draws every player's win chance behind the replay slider, a line per seat in its colour", () => {
    useStrings(null);
    const over = fixture("over-4p");
    const n = over.live_moves ?? over.moves;
    const chances = [[1, 30, 25, 25, 20], [2, 35, 20, 25, 20], [3, 60, 10, 20, 10]];
    const root = dom(replayHtml({ ...over, review: { ...REVIEW, chances } }));
    const graph = root.querySelector('svg[role="img"][aria-label="Win chances over the game"]');
    expect(graph).not.toBeNull();
    expect(graph.getAttribute("viewBox")).toBe(`0 0 ${n} 100`);
    const lines = [...graph.querySelectorAll("polyline")];
    expect(lines).toHaveLength(4);
    // from an even share at the start, then after each move; higher is likelier
    expect(lines[0].getAttribute("points")).toBe("0,75.0 1,70 2,65 3,40");
    expect(lines[1].getAttribute("points")).toBe("0,75.0 1,75 2,80 3,90");
    expect(new Set(lines.map((l) => l.getAttribute("stroke"))).size).toBe(4);
    // behind the slider, which stays what is clicked and dragged
    const track = root.querySelector(".alh-replay-track");
    expect(track.firstElementChild).toBe(graph);
    expect(track.querySelector('input[type="range"]')).not.toBeNull();
    // none before a review, none without chances
    expect(dom(replayHtml(over)).querySelector("svg.alh-review-graph")).toBeNull();
    expect(dom(replayHtml({ ...over, review: REVIEW })).querySelector("svg.alh-review-graph")).toBeNull();
  });

  it("marks the inaccuracies, mistakes and blunders along the replay slider", () => {
    useStrings(null);
    const v = { ...fixture("over-4p"), review: REVIEW };
    const n = v.live_moves ?? v.moves;
    const root = dom(replayHtml(v));
    const group = root.querySelector('[role="group"][aria-label="Reviewed moves"]');
    expect(group).not.toBeNull();
    const marks = [...group.querySelectorAll("button")];
    // in the order of the game, each its own look, named in words
    expect(marks.map((b) => b.getAttribute("aria-label"))).toEqual([
      "move 3: inaccuracy — better: B took dirham 1+4.",
      "move 5: mistake — better: A passed.",
      "move 9: blunder — better: A took ducat 4.",
    ]);
    expect(marks.map((b) => b.className)).toEqual([
      "alh-review-mark alh-review-inaccuracy", "alh-review-mark alh-review-mistake", "alh-review-mark alh-review-blunder",
    ]);
    expect(marks[0].getAttribute("title")).toBe(marks[0].getAttribute("aria-label"));
    // positioned by move index along the slider
    expect(marks[0].getAttribute("style")).toContain(`* ${(2 / n).toFixed(4)})`);
    expect(marks[2].getAttribute("style")).toContain(`* ${(8 / n).toFixed(4)})`);
    // a mark shows the position before its move (where the board marks the better move)
    const ev = eventFrom(marks[1]);
    expect(ev).toEqual({ act: "replay", index: 4 });
    expect(reduce(initialUi(), ev, v).intent).toEqual({ type: "replay", index: 4 });
    // the slider is still there, and nothing is marked without a review
    expect(root.querySelector('input[type="range"]')).not.toBeNull();
    expect(dom(replayHtml({ ...v, review: null })).querySelector(".alh-review-mark")).toBeNull();
    expect(dom(replayHtml({ ...v, review: { running: true } })).querySelector(".alh-review-mark")).toBeNull();
    // only the moves of the game shown, and only the grades worth a mark
    const odd = { ...REVIEW, moves: { ...REVIEW.moves, "0": REVIEW.moves["9"], [n + 1]: REVIEW.moves["9"], "4": { ...REVIEW.moves["3"], grade: "good" } } };
    const labels = [...dom(replayHtml({ ...v, review: odd })).querySelectorAll(".alh-review-mark")].map((b) => b.getAttribute("aria-label"));
    expect(labels).toEqual(marks.map((b) => b.getAttribute("aria-label")));
    // the first move and the last are moves of the game too: marked at either end of the track
    const ends = { ...REVIEW, moves: { "1": REVIEW.moves["3"], [n]: REVIEW.moves["9"] } };
    const drawn = [...dom(replayHtml({ ...v, review: ends })).querySelectorAll(".alh-review-mark")];
    expect(drawn.map((b) => b.dataset.index)).toEqual(["0", String(n - 1)]);
    expect(drawn[0].getAttribute("style")).toContain("* 0.0000)");
  });

  it("tells a marked move in words where the replay shows the position before it", () => {
    useStrings(null);
    const over = fixture("over-4p");
    const at = (replay, review = REVIEW) => dom(controlsHtml({ ...over, phase: "action", legal: null, replay, review }, { sel: null })).querySelector(".alh-selection");
    const p = at(4);                    // the position before move 5, a mistake
    expect(p.textContent).toBe(REVIEW.moves["5"].text);
    expect(p.getAttribute("title")).toBe(REVIEW.moves["5"].text);
    expect(p.classList.contains("alh-reviewed")).toBe(true);
    expect(p.querySelector(".alh-review-key.alh-review-mistake")).not.toBeNull();   // the mark of the slider, as a key
    // before a move the review did not mark, or without a review: the replay's own sentence
    const replayText = (k) => uiEn["ui.sel.replay"].replace("{at}", String(k)).replace("{n}", String(over.live_moves));
    for (const [other, k] of [[at(5), 5], [at(4, null), 4], [at(4, { running: true, done: 2, total: 9 }), 4]]) {
      expect(other.textContent).toBe(replayText(k));
      expect(other.classList.contains("alh-reviewed")).toBe(false);
    }
  });

  it("sums the review up per player at the end of the game: grades, and the win chance lost per move", () => {
    useStrings(null);
    const v = { ...fixture("over-4p"), review: REVIEW };
    const table = dom(reviewSummaryHtml(v)).querySelector("table");
    expect(table.querySelector("caption").textContent).toBe("Review of the game");
    const head = [...table.querySelectorAll("thead th")].map((th) => th.textContent);
    expect(head).toEqual(["Player", "Moves", "Best", "Good", "Inaccuracy", "Mistake", "Blunder", "Lost per move"]);
    // the marked grades carry the slider's marks as a key; the others none
    expect([...table.querySelectorAll("thead .alh-review-key")].map((k) => k.className)).toEqual([
      "alh-review-key alh-review-inaccuracy", "alh-review-key alh-review-mistake", "alh-review-key alh-review-blunder",
    ]);
    const rows = [...table.querySelectorAll("tbody tr")];
    expect(rows.map((r) => r.querySelector("th").textContent)).toEqual(v.players.map((p) => p.name));
    const cells = (r) => [...r.querySelectorAll("td")].map((td) => td.textContent);
    expect(cells(rows[0])).toEqual(["6", "3", "1", "\u2013", "1", "1", "5.0%"]);
    expect(cells(rows[1])).toEqual(["5", "3", "1", "1", "\u2013", "\u2013", "0.8%"]);
    expect(cells(rows[2])).toEqual(["0", "\u2013", "\u2013", "\u2013", "\u2013", "\u2013", "\u2013"]);
    // percent as the language writes it (Intl)
    useStrings(pick(uiDe), "de");
    const de = dom(reviewSummaryHtml(v)).querySelector("table");
    expect(de.querySelector("caption").textContent).toBe(uiDe["ui.review.summary"]);
    expect([...de.querySelectorAll("tbody tr")[0].querySelectorAll("td")].pop().textContent.replace(/\s/g, " ")).toBe("5,0 %");
    useStrings(null);
    // nothing before a review is done
    expect(reviewSummaryHtml({ ...v, review: null })).toBe("");
    expect(reviewSummaryHtml({ ...v, review: { running: true, done: 1, total: 9 } })).toBe("");
    expect(reviewSummaryHtml({ ...v, review: { ...REVIEW, grades: undefined } })).toBe("");
    // a seat the view does not name (a review of another line-up) by its number
    const more = { ...REVIEW, players: [...REVIEW.players, REVIEW.players[3]] };
    const last = [...dom(reviewSummaryHtml({ ...v, review: more })).querySelectorAll("tbody tr th")].pop();
    expect(last.textContent).toBe("5");
  });

  it("marks the moves the review found wanting in the move log, named by the review's words", () => {
    useStrings(null);
    const over = fixture("over-4p");
    const [a, b] = [over.log[3].n, over.log[7].n];   // two moves of the log (the last dozen of the game)
    const review = {
      ...REVIEW,
      moves: {
        [a]: { ...REVIEW.moves["5"], title: `move ${a}: mistake — better: A passed.` },
        [b]: { ...REVIEW.moves["9"], title: `move ${b}: blunder — better: A took ducat 4.` },
      },
    };
    const items = [...dom(logHtml({ ...over, review })).querySelectorAll(".alh-log-list li")];
    const marked = items.filter((li) => li.querySelector(".alh-review-key"));
    expect(marked.map((li) => Number(li.dataset.n)).sort((x, y) => x - y)).toEqual([a, b]);
    const key = items.find((li) => Number(li.dataset.n) === b).querySelector(".alh-review-key");
    expect(key.className).toBe("alh-review-key alh-review-blunder");
    expect(key.getAttribute("role")).toBe("img");
    expect(key.getAttribute("aria-label")).toBe(`move ${b}: blunder — better: A took ducat 4.`);
    // the move's words stay as they were, after the mark
    const plain = [...dom(logHtml(over)).querySelectorAll(".alh-log-list li")];
    expect(items.map((li) => li.textContent.trim())).toEqual(plain.map((li) => li.textContent.trim()));
    expect(dom(logHtml({ ...over, review: { running: true } })).querySelector(".alh-review-key")).toBeNull();
  });

  it("lists the better move of a reviewed move without a margin (the review estimates none), and the move played apart", () => {
    useStrings(null);
    const v = {
      ...fixture("hotseat-3p"),
      hints: [
        { action: "take dinar 2+3", verb: "take", kind: "take", win: 0.62, margin: null, cards: ["dinar 2", "dinar 3"] },
        { action: "buy 2 with dirham 3+4", verb: "buy", kind: "buy", win: 0.41, margin: null, slot: 2, cards: ["dirham 3", "dirham 4"], played: true },
      ],
    };
    const list = dom(hintsHtml(v));
    expect(list.querySelector(".alh-label").textContent).toBe("Review");   // the review's verdict, not a hint for now
    const items = [...list.querySelectorAll("li")];
    expect(items[0].textContent).toContain("take dinar 2+3: 62% chance to win");
    expect(items[0].textContent).not.toMatch(/ahead|behind|neck and neck/);
    // (a button that plays it: the viewer may act here) its exact estimate in the tooltip
    expect(items[0].querySelector("button").getAttribute("title")).toMatch(/: 62% chance to win\nEstimate: win chance 62\.0%\nNotation: take dinar 2\+3$/);
    // (its words too, which the list may cut to two lines)
    expect(items[1].getAttribute("title")).toMatch(/^played: .*: 41% chance to win\nEstimate: win chance 41\.0%\nNotation: buy 2 with dirham 3\+4$/);
    expect(items[0].querySelector(".alh-hint-badge").textContent).toBe("1");
    // the move played: a cross where a hint has its rank, said to be the move played
    expect(items[1].textContent).toMatch(/^\s*\u2717\s+played: .*: 41% chance to win$/);
    expect(items[1].querySelector(".alh-hint-badge.alh-hint-played")).not.toBeNull();
    expect(items[1].getAttribute("data-hint")).toBe("played");
    // on the table: the better move's marks numbered 1, the played one's a cross
    const marks = hintMarks(v);
    expect(marks.money).toEqual({ "dinar 2": [1], "dinar 3": [1] });
    expect(marks.slots).toEqual({ 2: [PLAYED] });
    expect(marks.hand).toEqual({ "dirham 3": [PLAYED], "dirham 4": [PLAYED] });
    const badge = dom(`<svg>${hintBadge(10, 10, 8, [PLAYED])}</svg>`).querySelector(".alh-hint-mark");
    expect(badge.classList.contains("alh-hint-played")).toBe(true);
    expect(dom(`<svg>${hintBadge(10, 10, 8, [1])}</svg>`).querySelector(".alh-hint-played")).toBeNull();
  });
});
