import { afterEach, describe, expect, it } from "vitest";
import errorsEn from "../../alhambra_widget/i18n/locales/en/errors.json";
import namesEn from "../../alhambra_widget/i18n/locales/en/names.json";
import { dom } from "../fixtures.js";
import { useStrings } from "../i18n.js";
import { describeTile, refusalWords, text, textWidth, tileSvg } from "./common.js";

const garden = { id: 30, building: "garden", price: 9, walls: "" };

describe("the drawing helpers every part shares", () => {
  afterEach(() => useStrings(null));

  it("describes a tile with its place only where it has one and the place is asked for", () => {
    expect(describeTile(garden)).toBe("Garden 9, no walls");   // (a reserve tile: no place)
    expect(describeTile({ ...garden, walls: "NE", x: 1, y: -2 })).toBe("Garden 9 at 1,-2, walls N E");
    expect(describeTile({ ...garden, x: 1, y: -2 }, false)).toBe("Garden 9, no walls");
    expect(describeTile(null)).toBe("empty");
  });

  it("estimates a text's width by its letters: capitals wider, spaces narrower, CJK a full em", () => {
    expect(textWidth("@AZ[", 10)).toBeCloseTo((0.57 + 0.68 + 0.68 + 0.57) * 10, 9);
    expect(textWidth("a b", 10)).toBeCloseTo((0.57 + 0.3 + 0.57) * 10, 9);
    expect(textWidth("\u2e7f\u2e80\u5854", 10)).toBeCloseTo((0.57 + 1 + 1) * 10, 9);
  });

  it("anchors a text where it is told (squeezing it: js/i18n.test.js)", () => {
    const el = (...a) => dom(`<svg>${text(...a)}</svg>`).querySelector("text");
    expect(el(1, 2, "x", 10, { anchor: "middle" }).getAttribute("text-anchor")).toBe("middle");
    expect(el(1, 2, "x", 10).hasAttribute("text-anchor")).toBe(false);
  });

  it("rings a selected tile unless the ring is drawn elsewhere", () => {
    const ring = (o) => dom(`<svg>${tileSvg(garden, 0, 0, 60, o)}</svg>`).querySelectorAll(".alh-sel-ring").length;
    expect(ring({ cls: "alh-selected" })).toBe(1);
    expect(ring({ cls: "alh-choosable alh-selected" })).toBe(1);
    expect(ring({ cls: "alh-selected", ring: false })).toBe(0);
    expect(ring({ cls: "alh-selected-not" })).toBe(0);
  });

  it("words a refused cell from the engine's catalogue, and nothing for a cell it cannot read", () => {
    useStrings({ ...namesEn, ...errorsEn }, "en");   // (the strings trait carries the engine's words for a refused cell)
    const view = { legal: { player: 0 }, players: [{ alhambra: [{ id: 0, building: "fountain", x: 0, y: 0 }], reserve: [] }], market: [], pending: [] };
    const words = refusalWords(view, [1, 0, "P3", "error.P3.wall_to_open", "W"], 30);
    expect(words).toContain("at (1, 0) would put a wall against an open side");
    expect(words).toContain("the tile next to it (fountain) has none");
    for (const cell of [null, [1, 0, "P3"], [1, 0, "P3", "error.no.such.key", "W"], [1, 0, "P3", "error.P3.wall_to_open", ""],
      [1, 0, "P3", "error.P3.wall_to_open", "Q"], [1, 0, "P3", "error.P3.wall_to_open", 7]]) {
      expect(refusalWords(view, cell, 30)).toBeNull();
    }
  });
});
