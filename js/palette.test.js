// One look: the front end draws in the colours of alhambra_widget/palette.json,
// the file render.py (the static SVG) reads too.
import { describe, expect, it } from "vitest";
import palette from "../alhambra_widget/palette.json";
import { CSS } from "./style.js";
import { BUILDING_COLORS, BUILDING_LABEL_COLORS, CURRENCY_COLORS, PALETTE, cardBack, cardSvg, tileSvg } from "./view/common.js";
import { dom } from "./fixtures.js";

describe("the palette", () => {
  it("is the colours common.js exports", () => {
    expect(PALETTE).toEqual(palette);
    expect(BUILDING_COLORS).toEqual(palette.buildings);
    expect(BUILDING_LABEL_COLORS).toEqual(palette.building_labels);
    expect(CURRENCY_COLORS).toEqual(palette.currencies);
  });

  it("colours the tiles, the fountain and the cards", () => {
    const tower = dom(tileSvg({ id: 54, building: "tower", price: 13, walls: "E" }, 0, 0, 100)).querySelector("rect");
    expect([tower.getAttribute("fill"), tower.getAttribute("stroke")]).toEqual(palette.buildings.tower.slice(0, 2));
    const fountain = dom(tileSvg({ id: 0, building: "fountain", price: 0, walls: "" }, 0, 0, 100));
    expect(fountain.querySelector("rect").getAttribute("fill")).toBe(palette.fountain.base);
    expect(fountain.querySelector("circle").getAttribute("fill")).toBe(palette.fountain.water);
    const card = dom(cardSvg("dinar 4", 0, 0, 30, 40)).querySelector("rect");
    expect(card.getAttribute("fill")).toBe(palette.currencies.dinar[0]);
    const back = dom(cardBack(0, 0, 30, 40)).querySelector("rect");
    expect(back.getAttribute("fill")).toBe(palette.card_back.fill);
  });

  it("gives the style sheet its fixed colours and fallbacks", () => {
    for (const c of [palette.theme.accent, palette.theme.hint, palette.theme.wall_light, palette.theme.wall_dark,
      palette.table.current, palette.table.spot, palette.table.winner, palette.table.longest]) {
      expect(CSS).toContain(c);
    }
    expect(CSS).not.toContain("${");
    const known = new Set(Object.entries(palette).filter(([k]) => !k.endsWith("about")).flatMap(([, v]) => JSON.stringify(v).match(/#[0-9a-f]{6}/g)));
    for (const c of CSS.match(/#[0-9a-fA-F]{3,8}\b/g) || []) expect(known.has(c)).toBe(true);
  });
});
