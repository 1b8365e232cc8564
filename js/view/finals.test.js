import { describe, expect, it } from "vitest";
import { dom, fixture } from "../fixtures.js";
import { tableParts } from "./table.js";
import { partHtml } from "./parts.js";
import { finalBoardsHtml } from "./finals.js";

describe("the Alhambras at the end of a game", () => {
  const over = fixture("over-4p");

  it("draws every player's Alhambra as it ended, named, with the points and the winner", () => {
    const section = dom(finalBoardsHtml(over)).querySelector("section.alh-finals");
    expect(section.getAttribute("aria-label")).toBe("The Alhambras at the end of the game");
    const items = [...section.querySelectorAll("li.alh-final-board")];
    expect(items.map((li) => li.querySelector(".alh-final-name").textContent)).toEqual(over.players.map((p) => p.name));
    items.forEach((li, i) => {
      const p = over.players[i];
      const svg = li.querySelector("svg.alh-alhambra");
      expect(svg.querySelector("title").textContent).toContain(`${p.name}'s Alhambra`);
      // every tile of the Alhambra drawn (the fountain too), and nothing to click
      expect(li.querySelectorAll("[data-act]").length).toBe(0);
      expect(li.querySelector(".alh-score").textContent).toBe(`${p.score} pts`);
      const winner = li.querySelector(".alh-tag-winner");
      expect(!!winner).toBe(over.winners.includes(i));
    });
    expect(over.winners.length).toBeGreaterThan(0);
  });

  it("lists the boards, one item each, and closes its section: what follows is not part of it", () => {
    const root = dom(finalBoardsHtml(over) + `<p class="after">next</p>`);
    const section = root.querySelector("section.alh-finals");
    const lists = section.querySelectorAll("ul");
    expect(lists.length).toBe(1);
    expect([...lists[0].children].map((li) => li.dataset.player)).toEqual(over.players.map((_, i) => String(i)));
    expect(root.querySelector("p.after").parentElement).toBe(root);
  });

  it("writes the tags and the points under the name, nothing between them, and no coordinates on the boards", () => {
    const v = { ...fixture("over-4p"), bots: { [over.winners[0]]: "Greedy" } };
    const li = dom(finalBoardsHtml(v)).querySelectorAll("li.alh-final-board")[over.winners[0]];
    const sub = li.querySelector(".alh-final-sub");
    const parts = [...sub.children].map((el) => el.textContent);
    expect(parts).toEqual(["\u2605 winner", "bot", `${v.players[over.winners[0]].score} pts`]);
    expect(sub.textContent).toBe(parts.join(""));
    for (const board of dom(finalBoardsHtml(over)).querySelectorAll("svg.alh-alhambra")) expect(board.querySelector(".alh-coords")).toBeNull();
  });

  it("gives each board a share of the row by its size, shrinking it before the row wraps", () => {
    const items = [...dom(finalBoardsHtml(over)).querySelectorAll("li.alh-final-board")];
    const widths = items.map((li) => {
      // the board is drawn at most this wide, and its column is no wider
      const drawn = parseFloat(li.querySelector("svg.alh-alhambra").style.maxWidth);
      expect(drawn).toBeGreaterThan(0);
      expect(parseFloat(li.style.maxWidth)).toBeCloseTo(drawn, 0);
      // it grows in proportion to its size, and is laid out in the row at 60% of it
      expect(parseFloat(li.style.flexGrow)).toBeCloseTo(drawn, 0);
      expect(parseFloat(li.style.flexShrink)).toBe(1);
      expect(parseFloat(li.style.flexBasis)).toBeCloseTo(0.6 * drawn, 0);
      return drawn;
    });
    // (the fixture's boards are not all alike, so a share by size is not a share alike)
    expect(new Set(widths.map(Math.round)).size).toBeGreaterThan(1);
  });

  it("is shown under the result at the end, and not in play", () => {
    const html = partHtml(tableParts(over));
    expect(dom(html).querySelectorAll(".alh-result .alh-finals li").length).toBe(over.players.length);
    const play = fixture("buy-3p");
    expect(finalBoardsHtml(play)).toBe("");
    expect(dom(partHtml(tableParts(play))).querySelector(".alh-finals")).toBeNull();
  });
});
