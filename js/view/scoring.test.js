import { describe, expect, it } from "vitest";
import { accessibleName, dom, fixture } from "../fixtures.js";
import { useStrings } from "../i18n.js";
import { scoringHtml, scoringPopHtml } from "./scoring.js";

// The scoring section's tables, and a round's panel over the table (js/view/scoring.js). Its
// folding and drawing in the widget are in js/widget-draw.test.js, the rest of it in js/view.test.js.

const over = fixture("over-4p");   // four players, rounds 1-3 scored, the last move scored round 3
const names = over.players.map((p) => p.name);
const texts = (els) => [...els].map((el) => el.textContent);
const keys = (root) => [...root.querySelectorAll("[data-key]")].map((el) => el.getAttribute("data-key"));

describe("the scoring section", () => {
  it("draws a round as a table: a row per player under their name, per building the points and the tiles", () => {
    useStrings(null);
    const root = dom(scoringHtml(over));
    const table = root.querySelector('table.alh-round[data-round="1"]');
    // its caption names the round, in sight (the panel's alone is for a screen reader: its heading says it)
    expect(table.querySelector("caption").textContent).toBe("Scoring round 1");
    expect(table.querySelector("caption").classList.contains("alh-sr")).toBe(false);
    expect(root.querySelector('table.alh-round[data-round="3"] caption').textContent).toBe("Scoring round 3 (end of the game)");
    const rows = [...table.querySelectorAll("tbody tr[data-player]")];
    expect(rows.map((tr) => tr.querySelector("th").textContent)).toEqual(names);
    // Player 2 in round 1: a pavilion that scored nothing ("0"), no seraglio ("–"), the tiles counted
    const r1 = over.rounds[0];
    expect(r1.buildings[1]).toEqual([0, 0, 3, 0, 2, 3]);
    expect(r1.counts[1]).toEqual([1, 0, 1, 0, 1, 1]);
    const cells = [...rows[1].querySelectorAll("td")];
    expect(texts(cells.slice(0, 6))).toEqual(["0\u00a0(1)", "\u2013", "3\u00a0(1)", "\u2013", "2\u00a0(1)", "3\u00a0(1)"]);
    expect(cells[0].getAttribute("title")).toBe("Player 2: 1 × Pavilion, 0 points");
    expect(cells[2].getAttribute("title")).toBe("Player 2: 1 × Arcades, 3 points");
    expect(cells[6].getAttribute("title")).toBe("longest wall");
    expect(texts(cells.slice(6))).toEqual([String(r1.walls[1]), `+${r1.points[1]}`, String(r1.scores[1])]);
  });

  it("adds Dirk's row where he plays (D3): his points and tiles per building, and that he is not a player", () => {
    useStrings(null);
    const withDirk = { ...over, dirk: [] };
    withDirk.rounds = over.rounds.map((r) => ({ ...r, dirk: [3, 0, 0, 0, 0, 0], counts: [...r.counts, [1, 2, 0, 0, 0, 0]] }));
    const row = dom(scoringHtml(withDirk)).querySelector('table.alh-round[data-round="1"] tr.alh-dirk-row');
    expect(row.querySelector("th").textContent).toBe("Dirk");
    const cells = [...row.querySelectorAll("td")];
    expect(texts(cells)).toEqual(["3\u00a0(1)", "0\u00a0(2)", "\u2013", "\u2013", "\u2013", "\u2013", "\u2013", "not a player"]);
    expect(cells[1].getAttribute("title")).toBe("Dirk: 2 × Seraglio");
    expect(cells[7].getAttribute("colspan")).toBe("2");
  });

  it("is headed and named for a screen reader; before the first round it says when the rounds come", () => {
    useStrings(null);
    const start = dom(scoringHtml({ ...fixture("buy-3p"), rounds: [], preview: null }));
    const section = start.querySelector("section.alh-scoring");
    expect(accessibleName(section)).toBe("scoring rounds");
    expect(section.querySelector("h3").textContent).toBe("Scoring");
    expect(section.querySelector("table")).toBeNull();
    expect(texts(section.querySelectorAll("p"))).toEqual(["No scoring round yet: they come with the two scoring cards in the money deck and at the end."]);
    // with rounds: the legend under them
    expect(dom(scoringHtml(over)).querySelector(".alh-legend").textContent).toBe(
      "Points per building type (tiles in the Alhambra); the counted longest wall is drawn in amber on each board.");
  });

  it("names the winner, or the winners who share the victory", () => {
    useStrings(null);
    const final = (v) => dom(scoringHtml(v)).querySelector(".alh-final").textContent;
    expect(final(over)).toBe(`\u2605 Player 4 wins with ${over.players[3].score} points.`);
    const tie = structuredClone(over);
    tie.players[1].score = tie.players[3].score;
    tie.winners = [1, 3];
    expect(final(tie)).toBe(`\u2605 Player 2 and Player 4 share the victory with ${over.players[3].score} points.`);
  });

  it("in play, folds the latest round to its name and the players' points; its button says which round it shows", () => {
    useStrings(null);
    const quiet = over.log.filter((e) => !(e.rounds || []).length);
    const inPlay = { ...over, phase: "action", winners: [], rounds: over.rounds.slice(0, 2), log: quiet.slice(-6) };
    const root = dom(scoringHtml(inPlay, { lazyEarlier: true }));
    const r2 = over.rounds[1];
    expect(root.querySelector("details.alh-latest-round summary").textContent)
      .toBe(`Scoring round 2: ${names.map((n, i) => `${n} +${r2.points[i]}`).slice(0, 3).join(", ")} and ${names[3]} +${r2.points[3]}`);
    const show = root.querySelector('button[data-act="scoring-round"]');
    expect(show.dataset.round).toBe("2");
    expect(show.textContent).toBe("Show on the table");
    expect(show.getAttribute("title")).toBe("Show scoring round 2 over the table");
  });

  it("marks the round the last move scored as just scored (the last of two scored at once), never a table shown apart", () => {
    useStrings(null);
    const marked = (v) => [...dom(scoringHtml(v)).querySelectorAll("table.alh-round.alh-latest")].map((tb) => tb.dataset.round);
    const caption = dom(scoringHtml(over)).querySelector('table.alh-round[data-round="3"] caption');
    expect(caption.getAttribute("data-just")).toBe("just scored");   // (the style sheet shows it after the caption)
    // a move that scored rounds 2 and 3 (the bag ran out at the same refill as the second scoring card came up)
    const both = { ...over, log: [...over.log.slice(0, -1), { ...over.log[over.log.length - 1], rounds: [2, 3] }] };
    expect(marked(both)).toEqual(["3"]);
    // the next round as it would be scored now, and a round's panel: never just scored
    const preview = dom(scoringHtml(fixture("buy-3p"), { previewOpen: true })).querySelector("table.alh-preview-table");
    expect(preview.classList.contains("alh-latest")).toBe(false);
    expect(preview.querySelector("caption").hasAttribute("data-just")).toBe(false);
    const pop = dom(scoringPopHtml(over, 3)).querySelector("table.alh-pop-table");
    expect(pop.classList.contains("alh-latest")).toBe(false);
    expect(pop.querySelector("caption").hasAttribute("data-just")).toBe(false);
  });
});

describe("a scoring round's panel over the table", () => {
  it("is headed by the round, with a button that closes it, why the points (folded) and the boards' walls", () => {
    useStrings(null);
    const root = dom(scoringPopHtml(over, 3, { boards: true }));
    const pop = root.querySelector('.alh-pop[role="dialog"]');
    expect(pop.querySelector("h3.alh-pop-title").textContent).toBe("Scoring round 3 (end of the game)");
    expect(pop.getAttribute("aria-label")).toBe("Scoring round 3 (end of the game)");
    expect(dom(scoringPopHtml(over, 1)).querySelector("h3").textContent).toBe("Scoring round 1");
    const close = pop.querySelector('button[data-act="pop-close"]');
    expect(close.textContent).toBe("Continue");
    expect(close.getAttribute("title")).toBe("Close the scoring round and go on");
    // why the points: folded, its lines there to unfold (the panel is not drawn again for it)
    const why = pop.querySelector("details.alh-why");
    expect(why.open).toBe(false);
    expect(texts(why.querySelectorAll(".alh-narration li"))).toEqual(over.rounds[2].narration);
    // each board under its player's name and the wall counted
    expect(texts(pop.querySelectorAll(".alh-pop-board figcaption"))).toEqual(names.map((n, i) => `${n} \u00b7 Wall ${over.rounds[2].walls[i]}`));
    expect(pop.querySelector(".alh-legend").textContent.endsWith(
      ". Points per building type (tiles in the Alhambra); the counted longest wall is drawn in amber on each board.")).toBe(true);
  });

  it("keeps its controls' keys apart from the scoring section's under it", () => {
    const section = keys(dom(scoringHtml(over)));
    const pop = keys(dom(scoringPopHtml(over, 3)));
    const why = dom(scoringHtml(over)).querySelector('.alh-round-box[data-round="3"] summary.alh-why-summary').dataset.key;
    expect(why).toMatch(/why-3$/);
    expect(section).toContain(why);
    expect(pop.length).toBeGreaterThan(1);
    expect(pop.filter((k) => section.includes(k))).toEqual([]);
    expect(new Set(pop).size).toBe(pop.length);
  });

  it("is an empty, hidden element for a round not scored (taken back)", () => {
    const root = dom(scoringPopHtml({ ...over, rounds: over.rounds.slice(0, 1) }, 2));
    expect(root.querySelector('[role="dialog"]')).toBeNull();
    expect(root.children.length).toBe(1);
    expect(root.firstElementChild.hasAttribute("hidden")).toBe(true);
    expect(root.textContent).toBe("");
  });
});
