import { afterEach, describe, expect, it } from "vitest";
import errorsEn from "../../alhambra_widget/i18n/locales/en/errors.json";
import namesEn from "../../alhambra_widget/i18n/locales/en/names.json";
import { dom } from "../fixtures.js";
import { useStrings } from "../i18n.js";
import { describeTile, numberD, numbersPath, refusalWords, text, textWidth, tileSvg } from "./common.js";

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

  it("anchors a text where it is told, squeezes it only when it would be wider than its room", () => {
    const el = (...a) => dom(`<svg>${text(...a)}</svg>`).querySelector("text");
    expect(el(1, 2, "x", 10, { anchor: "middle" }).getAttribute("text-anchor")).toBe("middle");
    expect(el(1, 2, "x", 10).hasAttribute("text-anchor")).toBe(false);
    const wide = el(0, 0, "Kaupunginmuuri", 10, { maxWidth: 40 });
    expect(wide.getAttribute("textLength")).toBe("40");
    const fits = el(0, 0, "Tuin", 10, { maxWidth: 40 });
    expect([fits.hasAttribute("textLength"), fits.getAttribute("data-fit")]).toEqual([false, "40"]);
  });

  it("rings a selected tile unless the ring is drawn elsewhere", () => {
    const ring = (o) => dom(`<svg>${tileSvg(garden, 0, 0, 60, o)}</svg>`).querySelectorAll(".alh-sel-ring").length;
    expect(ring({ cls: "alh-selected" })).toBe(1);
    expect(ring({ cls: "alh-choosable alh-selected" })).toBe(1);
    expect(ring({ cls: "alh-selected", ring: false })).toBe(0);
    expect(ring({ cls: "alh-selected-not" })).toBe(0);
  });

  it("scales a number's strokes but never an arc's flags, one path per ink", () => {
    // the digit 0 at twice the size: radii and moves doubled, the flags "0 0 0" as they are
    expect(numberD(3, 5, 0, 20)).toBe("M-3 -5m6 0a6 6 0 0 0 -6 6v8a6 6 0 0 0 12 0v-8a6 6 0 0 0 -6 -6z");
    expect(numberD(0, 0, 2, 20)).toContain("a5.7 5.4 0 1 1 10.2 3.4");   // (the 2's arc: its flags 1 1 stay 1 1)
    expect(numberD(0, 0, 6, 20)).toContain("c-6 -2 -10.4 3 -10.4 12.8");   // (a curve's every number scaled)
    expect(numberD(0, 0, 10, 10)).toBe("M-7.2 -5m1.2 2l2.3 -2v10M1.2 -5m3 0a3 3 0 0 0 -3 3v4a3 3 0 0 0 6 0v-4a3 3 0 0 0 -3 -3z");
    const paths = dom(`<svg>${numbersPath([[0, 0, 1, "#000"], [10, 0, 2, "#fff"], [20, 0, 3, "#000"]], 10, "n")}</svg>`).querySelectorAll("path.n");
    expect([...paths].map((p) => [p.getAttribute("stroke"), (p.getAttribute("d").match(/M/g) || []).length])).toEqual([["#000", 2], ["#fff", 1]]);
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
