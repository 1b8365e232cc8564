import { describe, expect, it } from "vitest";
import { accessibleName, dom, fixture } from "../fixtures.js";
import { BUILDING_COLORS } from "./common.js";
import { alhambraSvg } from "./alhambra.js";
import { lookPopHtml } from "./look.js";

/** Player i's dialog, parsed. */
const look = (view, i) => dom(lookPopHtml(view, i)).firstElementChild;
/** A table's rows, as the words of their cells. */
const rows = (table) => [...table.querySelectorAll("tr")].map((tr) => [...tr.children].map((c) => c.textContent));

describe("a player looked at, in play", () => {
  const v = fixture("buy-3p");

  it("tabulates the tiles per building, the wall and what the next scoring would give for each, with its heads", () => {
    const table = look(v, 1).querySelector("table.alh-look-table");
    const ben = v.players[1];
    expect(table.querySelector("caption").textContent).toBe("Scoring round 2 if it were now");
    expect(rows(table)).toEqual([
      ["Building", "Tiles", "Points"],
      ...v.buildings.map((b, k) => [b[0].toUpperCase() + b.slice(1), String(ben.counts[k]), `+${v.preview.buildings[1][k]}`]),
      ["Longest outer wall", String(ben.wall), `+${v.preview.walls[1]}`],
      ["Round", `+${v.preview.points[1]}`],
    ]);
    // each building's row marked with its colour
    for (const tr of table.querySelectorAll("tr[data-building]")) {
      const swatch = tr.querySelector(".alh-look-swatch");
      expect(swatch.getAttribute("aria-hidden")).toBe("true");
      expect(swatch.style.background).toBe(dom(`<i style="background:${BUILDING_COLORS[tr.dataset.building][0]}"></i>`).firstChild.style.background);
    }
  });

  it("says after the table what the money pays for, the hand card by card and the reserve tile by tile", () => {
    const dialog = look(v, 1);
    const words = dialog.querySelector(".alh-look-words");
    expect([...words.children].map((e) => e.tagName)).toEqual(["TABLE", "P", "P", "P"]);
    expect([...words.querySelectorAll("p")].map((p) => p.textContent)).toEqual([
      "Ben can pay for Tower 10 (slot 2) and Garden 9 (slot 4) now.",
      "Ben's hand: florin 9, dirham 1, dirham 2, dirham 9, ducat 2, ducat 8",
      "Ben's reserve: Arcades 8, walls E; Chambers 6, walls E S; Garden 8, walls N W",
    ]);
  });

  it("tells a hidden hand by its size, an empty hand and an empty reserve as such", () => {
    const hidden = { ...v, players: v.players.map((p, i) => (i === 1 ? { ...p, hand: null, cards: 6, affords: null, reserve: [] } : p)) };
    const lines = [...look(hidden, 1).querySelectorAll(".alh-look-words p")].map((p) => p.textContent);
    expect(lines).toEqual(["Ben's hand: 6 cards (hidden)", "Ben's reserve: 0 tiles"]);
    const empty = { ...v, players: v.players.map((p, i) => (i === 1 ? { ...p, hand: [], affords: [] } : p)) };
    expect([...look(empty, 1).querySelectorAll(".alh-look-words p")].map((p) => p.textContent)).toContain("Ben's hand: 0 cards");
  });

  it("draws the Alhambra big, and has a button to close it, named for what it does", () => {
    const dialog = look(v, 1);
    // at 56 px a cell (the table's own board draws 64), and never wider than 420 px
    const width = (view, i) => parseFloat(look(view, i).querySelector(".alh-look-board svg").style.maxWidth);
    const drawn = parseFloat(dom(alhambraSvg(v.players[1])).querySelector("svg").style.maxWidth);
    expect(width(v, 1)).toBeCloseTo((drawn * 56) / 64, 1);
    const row = Array.from({ length: 9 }, (_, k) => ({ id: k ? 10 + k : 0, building: k ? "garden" : "fountain", price: 5, walls: "", x: k - 4, y: 0 }));
    const wide = { ...v, players: v.players.map((p, i) => (i === 1 ? { ...p, alhambra: row } : p)) };
    expect(width(wide, 1)).toBe(420);
    const close = dialog.querySelector('button[data-act="pop-close"]');
    expect(accessibleName(close)).toBe("Close");
    expect(close.getAttribute("title")).toBe("Close and go back to the table");
  });

  it("gives a seat the view has no player for a hidden placeholder, no dialog", () => {
    const none = dom(lookPopHtml(v, 5));
    expect(none.querySelector("[role=dialog]")).toBeNull();
    expect(none.firstElementChild.hidden).toBe(true);
  });

  it("carries the player's tags, each with its meaning as a class: you, a bot", () => {
    const seated = { ...v, seat: 1, bots: { 1: "Greedy" } };
    const tags = [...look(seated, 1).querySelectorAll(".alh-pop-title .alh-tag")];
    expect(tags.map((e) => [e.className, e.textContent])).toEqual([
      ["alh-tag alh-tag-turn", "to act"],
      ["alh-tag", "you"],
      ["alh-tag alh-tag-bot", "bot: Greedy"],
    ]);
    // the title: the name and points, then the tags, a space before each
    expect(look(seated, 1).querySelector(".alh-pop-title").textContent).toBe(" Ben: 13 points to act you bot: Greedy");
  });
});

describe("a player looked at, at the end of the game", () => {
  const over = fixture("over-4p");

  it("shows the counts and the wall without a scoring to come, and says nothing of what the money pays for", () => {
    const i = over.winners[0];
    const dialog = look(over, i);
    expect(dialog.querySelector(".alh-pop-title .alh-tag-winner").textContent).toBe("\u2605 winner");
    const table = dialog.querySelector("table.alh-look-table");
    expect(table.querySelector("caption")).toBeNull();
    expect(rows(table)[0]).toEqual(["Building", "Tiles"]);
    expect(rows(table).at(-1)).toEqual(["Longest outer wall", String(over.players[i].wall)]);
    expect(table.querySelector(".alh-look-total")).toBeNull();
    expect(over.players[i].affords).toEqual([]);
    expect(dialog.querySelector(".alh-look-affords")).toBeNull();
  });
});
