// The game review in the front end: the Review button at the end of the game,
// the marks of the graded moves along the replay slider (js/view/controls.js).
import { describe, expect, it } from "vitest";
import { dom, fixture } from "../fixtures.js";
import uiDe from "../../alhambra_widget/i18n/locales/de/ui.json";
import { useStrings } from "../i18n.js";
import { eventFrom, initialUi, reduce } from "../input.js";
import { message, problem } from "../protocol.js";
import { controlsHtml, replayHtml } from "./controls.js";
import { hintsHtml } from "./hints.js";

const pick = (cat) => Object.fromEntries(Object.entries(cat).filter(([k]) => !k.startsWith("_")));

const REVIEW = {
  moves: {
    "3": { grade: "inaccuracy", player: 1, played: "B took dinar 8.", best: "B took dirham 1+4.", loss: 0.04, title: "move 3: inaccuracy — better: B took dirham 1+4." },
    "9": { grade: "blunder", player: 0, played: "A bought a tower.", best: "A took ducat 4.", loss: 0.2, title: "move 9: blunder — better: A took ducat 4." },
    "5": { grade: "mistake", player: 0, played: "A took dinar 2.", best: "A passed.", loss: 0.1, title: "move 5: mistake — better: A passed." },
  },
  counts: { best: 7, good: 2, inaccuracy: 1, mistake: 1, blunder: 1 },
};

const reviewButton = (root) => root.querySelector('button[data-act="review"]');

describe("the game review", () => {
  it("offers Review at the end of the game, Reviewing… while it runs", () => {
    useStrings(null);
    const over = fixture("over-4p");
    const idle = reviewButton(dom(controlsHtml({ ...over, review: null }, { sel: null })));
    expect(idle.textContent).toBe("Review");
    expect(idle.getAttribute("title")).toBe("Review the game: grade every move");
    expect(idle.disabled).toBe(false);
    const running = reviewButton(dom(controlsHtml({ ...over, review: { running: true } }, { sel: null })));
    expect(running.textContent).toBe("Reviewing…");
    expect(running.disabled).toBe(true);
    // how far it is: the moves graded so far of all
    const part = reviewButton(dom(controlsHtml({ ...over, review: { running: true, done: 37, total: 120 } }, { sel: null })));
    expect(part.textContent).toBe("Reviewing… 37/120");
    expect(part.getAttribute("title")).toBe("Review the game: grade every move");
    expect(reviewButton(dom(controlsHtml({ ...over, review: REVIEW }, { sel: null }))).disabled).toBe(true);
    // not during the game
    expect(reviewButton(dom(controlsHtml(fixture("hotseat-3p"), { sel: null })))).toBeNull();
    useStrings(pick(uiDe));
    expect(reviewButton(dom(controlsHtml(over, { sel: null }))).textContent).toBe(uiDe["ui.review.button"]);
    useStrings(null);
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
  });

  it("lists the better move of a reviewed move without a margin (the review estimates none)", () => {
    useStrings(null);
    const v = { ...fixture("hotseat-3p"), hints: [{ action: "take dinar 2+3", verb: "take", kind: "take", win: 0.62, margin: null, cards: ["dinar 2", "dinar 3"] }] };
    const text = dom(hintsHtml(v)).querySelector("li").textContent;
    expect(text).toContain("take dinar 2+3: wins 62%");
    expect(text).not.toContain("margin");
  });
});
