import { describe, expect, it } from "vitest";
import { dom, fixture } from "../fixtures.js";
import { ARTWORK, BUILDING_COLORS, CURRENCY_COLORS, DIGIT, PALETTE, artD, num, numbersPath, symbolD } from "./common.js";
import { markD, numberD, panelSvg } from "./panel.js";

/** The numbers of a path's data, in order. */
const numbers = (d) => (d.match(/-?(?:\d+\.?\d*|\.\d+)/g) || []).map(Number);
/** The digits of n centred on (cx, cy), 10 units tall: the DIGIT strokes as they are, one after another. */
const digitsD = (cx, cy, n) =>
  [...String(n)].map((ch, i) => `M${num(cx - (String(n).length * 8.4 - 2.4) / 2 + i * 8.4)} ${num(cy - 5)}${DIGIT[ch.charCodeAt(0) - 48]}`).join("");
/** Number of closed shapes (rounded rectangles end with "z") in path data. */
const shapes = (d) => (d.match(/z/gi) || []).length;

function picture(view, i) {
  return dom(panelSvg(view, view.players[i])).querySelector("svg");
}

describe("a player's picture in the players' panels", () => {
  const v = fixture("over-4p");

  it("gives every tile, the reserve, the counts and the wall as data and in words", () => {
    v.players.forEach((p, i) => {
      const svg = picture(v, i);
      expect(svg.getAttribute("role")).toBe("img");
      expect(svg.dataset.tiles.split(" ").sort()).toEqual(p.alhambra.map((t) => `${t.id}@${t.x},${t.y}`).sort());
      expect(svg.dataset.reserve).toBe(p.reserve.map((t) => t.id).join(" "));
      expect(svg.dataset.counts).toBe(p.counts.join(" "));
      expect(svg.dataset.wall).toBe(String(p.wall));
      const title = svg.querySelector("title").textContent;
      expect(title).toContain(`${p.name}'s Alhambra`);
      expect(title).toContain(`longest wall ${p.wall}`);
      v.buildings.forEach((b, k) => expect(title.toLowerCase()).toContain(`${b} ${p.counts[k]}`));
      // every tile described, with its position
      const desc = svg.querySelector("desc").textContent;
      for (const t of p.alhambra) if (t.id !== 0) expect(desc).toContain(`${t.price} at ${t.x},${t.y}`);
      // a picture: nothing in it is a control; it takes the pointer, so that its title shows as a tooltip
      expect(svg.querySelectorAll("[role=button], [tabindex]").length).toBe(0);
      expect(svg.getAttribute("pointer-events")).toBeNull();
    });
  });

  it("draws the grid between the Alhambra's rows and columns, each line across the whole of it", () => {
    v.players.forEach((p, i) => {
      const xs = p.alhambra.map((t) => t.x);
      const ys = p.alhambra.map((t) => t.y);
      const cols = Math.max(...xs) - Math.min(...xs) + 1;
      const rows = Math.max(...ys) - Math.min(...ys) + 1;
      const grid = picture(v, i).querySelector("path.alh-board-grid");
      const d = grid ? grid.getAttribute("d") : "";
      const vertical = d.match(/v-?[\d.]+/g) || [];
      const horizontal = d.match(/h-?[\d.]+/g) || [];
      expect([vertical.length, horizontal.length]).toEqual([cols - 1, rows - 1]);
      // as long as the Alhambra is tall and wide: a cell's size times the rows, times the columns
      if (vertical.length && horizontal.length) {
        const cell = Number(vertical[0].slice(1)) / rows;
        expect(Number(horizontal[0].slice(1))).toBeCloseTo(cell * cols, 1);
      }
    });
  });

  it("draws one path per colour: each building's tiles, reserve tiles and chip in one", () => {
    v.players.forEach((p, i) => {
      const svg = picture(v, i);
      v.buildings.forEach((b) => {
        const faces = svg.querySelectorAll(`path.alh-faces.alh-${b}`);
        expect(faces.length).toBe(1);
        const tiles = [...p.alhambra, ...p.reserve].filter((t) => t.building === b).length;
        expect(shapes(faces[0].getAttribute("d"))).toBe(tiles + 1); // + the count chip
      });
      // every wall side of the board and the reserve is a segment of one path
      const sides = [...p.alhambra, ...p.reserve].reduce((n, t) => n + (t.walls || "").length, 0);
      const wall = svg.querySelectorAll("path.alh-wall");
      expect(wall.length).toBe(sides ? 1 : 0);
      if (sides) expect((wall[0].getAttribute("d").match(/M/g) || []).length).toBe(sides);
      // the longest wall: its sides and the outline of its chip
      const longest = svg.querySelector("path.alh-longest");
      expect(Number(longest.dataset.length)).toBe(p.wall_path.length);
      expect((longest.getAttribute("d").match(/M/g) || []).length).toBe(p.wall_path.length + 1);
      // few elements, whatever the size of the Alhambra
      expect(svg.querySelectorAll("*").length).toBeLessThanOrEqual(24);
    });
  });

  it("draws the walls on the tiles' wall sides, and the longest wall along its path", () => {
    const fountain = { id: 0, building: "fountain", price: 0, walls: "", x: 0, y: 0 };
    const tower = { id: 47, building: "tower", price: 9, walls: "NE", x: 1, y: 0 };
    const p = { name: "Ana", hand: [], cards: 0, alhambra: [fountain, tower], reserve: [], counts: [0, 0, 0, 0, 0, 1], wall: 2, wall_path: [[1, 0, "N"], [1, 0, "E"]] };
    const svg = dom(panelSvg({ buildings: v.buildings }, p)).querySelector("svg");
    // the tower's square on the board (its first shape; its count chip follows) gives its cell: inset by 3% of the cell
    const face = svg.querySelector("path.alh-faces.alh-tower").getAttribute("d").split("M").filter(Boolean)[0];
    const [fx, fy, w] = numbers(face);
    const s = Math.round((w / 0.94) * 100) / 100;
    const r2 = (v) => Math.round(v * 100) / 100;
    const x0 = r2(fx - s * 0.03);
    const y0 = r2(fy - s * 0.03);
    const north = `M${x0} ${y0}H${r2(x0 + s)}`;
    const east = `M${r2(x0 + s)} ${y0}V${r2(y0 + s)}`;
    expect(svg.querySelector("path.alh-wall").getAttribute("d")).toBe(north + east);
    // the longest wall: the same two sides, then the outline of its count chip
    expect(svg.querySelector("path.alh-longest").getAttribute("d").startsWith(north + east)).toBe(true);
    // the fountain sits one cell to the left of the tower
    expect(Number(svg.querySelector("circle").getAttribute("cx"))).toBeCloseTo(x0 - s / 2, 1);
  });

  it("shows a hidden hand as the back of a card and its size, an empty one as an empty place", () => {
    const p = { ...v.players[0], hand: null, cards: 5 };
    const hidden = dom(panelSvg(v, p)).querySelector("svg");
    expect(hidden.querySelector(".alh-card-back")).not.toBeNull();
    expect(hidden.querySelector("text.alh-hand-count").textContent).toBe("5 cards");
    expect(hidden.dataset.cards).toBe("5");
    const empty = dom(panelSvg(v, { ...v.players[0], hand: [] })).querySelector("svg");
    expect(empty.querySelector("rect.alh-empty")).not.toBeNull();
    expect(empty.dataset.cards).toBe("0");
  });
});

describe("a long reserve", () => {
  it("overlaps its tiles in one row no wider than the board, so that the picture keeps its scale", () => {
    const v = fixture("over-4p");
    const p = v.players[0];
    const spare = p.alhambra.filter((t) => t.id !== 0);
    const long = { ...p, reserve: [...spare, ...spare].slice(0, 12).map((t, i) => ({ ...t, id: 1000 + i, x: undefined, y: undefined })) };
    const width = (svg) => Number(svg.getAttribute("viewBox").split(" ")[2]);
    const short = picture(v, 0);
    const svg = dom(panelSvg(v, long)).querySelector("svg");
    expect(width(svg)).toBeLessThanOrEqual(Math.max(width(short), 70 + 4 * 38));
    expect(svg.dataset.reserve.split(" ").length).toBe(12);
    // every reserve tile is drawn: one face each, in its building's path
    const faces = [...svg.querySelectorAll("path.alh-faces")].filter((f) => !/alh-(florin|dirham|dinar|ducat)/.test(f.getAttribute("class")));
    const drawn = faces.reduce((n, f) => n + shapes(f.getAttribute("d")), 0);
    expect(drawn).toBe(spare.length + 12 + v.buildings.length); // board + reserve + count chips
  });
});

describe("a player's picture at the end of the game", () => {
  it("leaves the hand out (money is worth nothing then) but still says it", () => {
    const v = fixture("hotseat-3p");
    const p = v.players[0];
    expect(p.hand.length).toBeGreaterThan(0);
    const full = picture(v, 0);
    const end = dom(panelSvg(v, p, { hand: false })).querySelector("svg");
    expect(full.querySelectorAll('[class~="alh-florin"], [class~="alh-dirham"], [class~="alh-dinar"], [class~="alh-ducat"]').length).toBeGreaterThan(0);
    expect(end.querySelectorAll('[class~="alh-florin"], [class~="alh-dirham"], [class~="alh-dinar"], [class~="alh-ducat"]').length).toBe(0);
    // the picture keeps its size (the column of players does not move at the end)
    expect(end.getAttribute("viewBox")).toBe(full.getAttribute("viewBox"));
    expect(end.querySelector("title").textContent).toContain(`${p.hand.length} cards`);
    expect(end.dataset.tiles).toBe(full.dataset.tiles);
  });
});

describe("numbers and marks as strokes", () => {
  it("scales the digits' strokes: at 10 px they are the DIGIT strokes themselves", () => {
    for (const n of [0, 7, 13, 42, 109]) expect(numbers(numberD(50, 20, n, 10))).toEqual(numbers(digitsD(50, 20, n)));
  });

  it("keeps arcs' flags when it scales", () => {
    // "0" is drawn with arcs: radii and end points scale, rotation and flags do not
    const d = numberD(0, 0, 0, 20);
    const arcs = [...d.matchAll(/a([^a-zA-Z]+)/g)].map((m) => numbers(m[1]));
    expect(arcs.length).toBeGreaterThan(0);
    for (const a of arcs) {
      expect(a[0]).toBe(6); // radius 3 at 10 px
      expect([a[2], a[3], a[4]].every((f) => f === 0 || f === 1)).toBe(true);
    }
    expect(numberD(0, 0, 2, 20)).toContain("a5.7 5.4 0 1 1 10.2 3.4");   // (the 2's arc: its flags 1 1 stay 1 1)
  });

  it("scales a curve's every number, writes a number straight after its command, draws a path per ink", () => {
    // the digit 0 at twice the size, whole: radii and moves doubled, the flags "0 0 0" as they are
    expect(numberD(3, 5, 0, 20)).toBe("M-3 -5m6 0a6 6 0 0 0 -6 6v8a6 6 0 0 0 12 0v-8a6 6 0 0 0 -6 -6z");
    expect(numberD(0, 0, 6, 20)).toContain("c-6 -2 -10.4 3 -10.4 12.8");   // (a curve's every number scaled)
    expect(numberD(0, 0, 10, 10)).toBe("M-7.2 -5m1.2 2l2.3 -2v10M1.2 -5m3 0a3 3 0 0 0 -3 3v4a3 3 0 0 0 6 0v-4a3 3 0 0 0 -3 -3z");
    const paths = dom(`<svg>${numbersPath([[0, 0, 1, "#000"], [10, 0, 2, "#fff"], [20, 0, 3, "#000"]], 10, "n")}</svg>`).querySelectorAll("path.n");
    expect([...paths].map((p) => [p.getAttribute("stroke"), (p.getAttribute("d").match(/M/g) || []).length])).toEqual([["#000", 2], ["#fff", 1]]);
  });

  it("moves and scales a picture into its box", () => {
    expect(markD("M1 5L5 1.5H9V9Z", 10, 20, 10)).toBe("M11 25L15 21.5H19V29Z");
    expect(markD("M1 9A2 2 0 0 1 5 5", 0, 0, 20)).toBe("M2 18A4 4 0 0 1 10 10");
    expect(markD("M10 50L50 10H90V90Z", 0, 0, 10, 100)).toBe("M1 5L5 1H9V9Z");
    const pictures = [...Object.values(ARTWORK.buildings), ...Object.values(ARTWORK.marks), ...Object.values(ARTWORK.currencies)];
    expect(pictures.length).toBe(6 + Object.keys(ARTWORK.marks).length + 4);
    for (const mark of pictures) {
      // coordinates only: an arc's radii, rotation and flags left out
      const d = markD(mark, 100, 100, 10, ARTWORK.box).replace(/A([^A-Z]+)/g, (_, a) => "L" + numbers(a).slice(5).join(" "));
      const xs = numbers(d);
      expect(Math.min(...xs)).toBeGreaterThanOrEqual(100);
      expect(Math.max(...xs)).toBeLessThanOrEqual(110);
    }
  });
});

describe("a player's picture, drawn and told", () => {
  const buildings = ["pavilion", "seraglio", "arcades", "chambers", "garden", "tower"];
  // a small Alhambra: a pavilion west of the fountain, a tower east of it, a garden south of it
  const ana = () => ({
    name: "Ana",
    hand: ["dinar 3", "dinar 5", "florin 7"],
    cards: 3,
    alhambra: [
      { id: 47, building: "tower", price: 9, walls: "NE", x: 1, y: 0 },
      { id: 0, building: "fountain", price: 0, walls: "", x: 0, y: 0 },
      { id: 12, building: "garden", price: 6, walls: "S", x: 0, y: 1 },
      { id: 5, building: "pavilion", price: 3, walls: "", x: -1, y: 0 },
    ],
    reserve: [{ id: 30, building: "chambers", price: 7, walls: "W" }],
    counts: [1, 0, 0, 0, 1, 1],
    wall: 2,
    wall_path: [[1, 0, "N"], [1, 0, "E"]],
  });
  const draw = (p, o, view = { buildings, n: 3 }) => dom(panelSvg(view, p, o)).querySelector("svg");
  /** The closed shapes of a path, each as its numbers. */
  const shapesOf = (path) => path.getAttribute("d").split("M").filter(Boolean).map(numbers);
  const size = (svg) => svg.getAttribute("viewBox").split(" ").slice(2).map(Number);
  /** Does path data d draw the picture part somewhere, to a tenth of a unit? */
  const near = (d, part) => {
    const [all, want] = [numbers(d), numbers(part)];
    for (let i = 0; i + want.length <= all.length; i++) if (want.every((v, k) => Math.abs(all[i + k] - v) <= 0.15)) return true;
    return false;
  };

  it("tells the Alhambra's size, its counts, the hand and the reserve in words, every tile and card listed", () => {
    const svg = draw(ana());
    expect(svg.querySelector("title").textContent).toBe(
      "Ana's Alhambra: 3 tiles, longest wall 2 (Pavilion 1, Seraglio 0, Arcades 0, Chambers 0, Garden 1, Tower 1). " +
        "Ana's hand: 3 cards. Ana's reserve: 1.",
    );
    expect(svg.querySelector("desc").textContent).toBe(
      "Ana's Alhambra: 3 tiles, longest wall 2: Tower 9 at 1,0, walls N E; fountain at 0,0; Garden 6 at 0,1, walls S; Pavilion 3 at -1,0, no walls. " +
        "Ana's hand: 3 cards: dinar 3, dinar 5, florin 7. Ana's reserve: 1: Chambers 7, walls W.",
    );
    // a hidden hand: how many cards, none listed; no reserve, nothing listed for it
    const hidden = draw({ ...ana(), hand: null, cards: 4, reserve: [] });
    expect(hidden.querySelector("title").textContent).toContain("Ana's hand: 4 cards (hidden). Ana's reserve: 0.");
    expect(hidden.querySelector("desc").textContent).toBe(
      "Ana's Alhambra: 3 tiles, longest wall 2: Tower 9 at 1,0, walls N E; fountain at 0,0; Garden 6 at 0,1, walls S; Pavilion 3 at -1,0, no walls.",
    );
    // an empty hand: said, nothing listed
    const empty = draw({ ...ana(), hand: [], cards: 0 });
    expect(empty.querySelector("title").textContent).toContain("Ana's hand: 0 cards.");
    expect(empty.querySelector("desc").textContent).not.toContain("hand");
  });

  it("paints each building's tiles and each currency's cards in their colours, pictures and values in the ink that reads on them", () => {
    const svg = draw(ana());
    for (const b of ["tower", "garden", "pavilion", "chambers"]) {
      const face = svg.querySelector(`path.alh-faces.alh-${b}`);
      expect([face.getAttribute("fill"), face.getAttribute("stroke")]).toEqual(BUILDING_COLORS[b].slice(0, 2));
    }
    for (const c of ["dinar", "florin"]) {
      const face = svg.querySelector(`path.alh-faces.alh-${c}`);
      expect([face.getAttribute("fill"), face.getAttribute("stroke")]).toEqual(CURRENCY_COLORS[c].slice(0, 2));
      expect(shapes(face.getAttribute("d"))).toBe(c === "dinar" ? 2 : 1);
    }
    // the pictures: light ones on the dark faces, dark ones on the light faces (chambers, florins), the wall's mark in the text colour
    const arts = Object.fromEntries([...svg.querySelectorAll("path.alh-arts")].map((p) => [p.getAttribute("fill"), p.getAttribute("d")]));
    expect(Object.keys(arts).sort()).toEqual([PALETTE.table.ink, PALETTE.table.on_dark, "currentColor"].sort());
    // the numbers, one stroke path per ink, a move per digit: the counts and the wall's length in the text colour,
    // the dinars' values in light ink, the florin's in dark ink
    const digits = Object.fromEntries(
      [...svg.querySelectorAll("path.alh-strokes")].map((p) => [p.getAttribute("stroke"), (p.getAttribute("d").match(/M/g) || []).length]),
    );
    expect(digits).toEqual({ currentColor: 6 + 1, [PALETTE.table.on_dark]: 2, [PALETTE.table.ink]: 1 });
    // each tile's picture in the middle of its square, 72% of the cell; each chip's picture inside the chip
    const [ox, oy, C] = svg.dataset.grid.split(" ").map(Number);
    expect(arts[PALETTE.table.on_dark]).toContain(artD("tower", ox + 1 * C + C * 0.14, oy + 0 * C + C * 0.14, C * 0.72));
    expect(arts[PALETTE.table.on_dark]).toContain(artD("garden", ox + 0 * C + C * 0.14, oy + 1 * C + C * 0.14, C * 0.72));
    const chip = (b) => shapesOf(svg.querySelector(`path.alh-faces.alh-${b}`)).find(([, y]) => y === 0)[0] - 2.5;
    expect(near(arts[PALETTE.table.on_dark], artD("tower", chip("tower") + 1.5, 1.5, 14 - 3))).toBe(true);
    expect(near(arts[PALETTE.table.ink], artD("chambers", chip("chambers") + 1.5, 1.5, 14 - 3))).toBe(true);
    const wallChip = shapesOf(svg.querySelector("path.alh-longest")).at(-1)[0] - 2.5 - 1;
    expect(near(arts.currentColor, markD(ARTWORK.marks.wall, wallChip + 3, 3, 14 - 6, ARTWORK.box))).toBe(true);
    // each card's value and currency's symbol in its left part, still seen when the next card covers the rest
    const cards = shapesOf(svg.querySelector("path.alh-faces.alh-dinar"));
    const values = shapesOf(svg.querySelector(`path.alh-strokes[stroke="${PALETTE.table.on_dark}"]`));
    cards.forEach((n, i) => {
      const [x, y, r] = [n[0] - n[3], n[1], n[3]];
      const [cw, ch] = [n[2] + 2 * r, n[10] + 2 * r];
      expect(values[i][0]).toBeGreaterThan(x);
      expect(values[i][0]).toBeLessThan(x + cw / 2);
      expect(values[i][1]).toBeGreaterThan(y);
      expect(values[i][1]).toBeLessThan(y + ch / 2);
      expect(arts[PALETTE.table.on_dark]).toContain(symbolD("dinar", x + cw * 0.1, y + ch * 0.54, cw * 0.52));
    });
    // the counts and the wall drawn are the player's: other counts, other strokes
    const strokes = (p) => draw(p).querySelector('path.alh-strokes[stroke="currentColor"]').getAttribute("d");
    expect(strokes({ ...ana(), counts: [0, 0, 0, 0, 0, 0] })).not.toBe(strokes(ana()));
    expect(strokes({ ...ana(), wall: 0 })).not.toBe(strokes(ana()));
  });

  it("draws each tile on its cell, the fountain on its own, and the grid along the cells' borders", () => {
    const svg = draw(ana());
    const [ox, oy, C] = svg.dataset.grid.split(" ").map(Number);
    const [, H] = size(svg);
    // the board's background: the whole square left of the column
    const bg = svg.querySelector("rect.alh-mini-bg");
    expect(["x", "y", "width", "height"].map((a) => Number(bg.getAttribute(a)))).toEqual([0, 0, H, H]);
    // the Alhambra spans 3 x 2 cells, centred in the square
    expect(ox + -1 * C).toBeCloseTo((H - 3 * C) / 2, 1);
    expect(oy).toBeCloseTo((H - 2 * C) / 2, 1);
    // each tile a square of 94% of its cell, in the middle of it
    for (const tile of ana().alhambra.filter((t) => t.id)) {
      const [x, y, w, h, back] = shapesOf(svg.querySelector(`path.alh-faces.alh-${tile.building}`))[0];
      expect(x).toBeCloseTo(ox + tile.x * C + 0.03 * C, 1);
      expect(y).toBeCloseTo(oy + tile.y * C + 0.03 * C, 1);
      expect([w, h, -back].map((v) => Math.round(v * 10) / 10)).toEqual(Array(3).fill(Math.round(0.94 * C * 10) / 10));
    }
    // the fountain's basin as a tile's square on its cell, its water in the middle
    const basin = svg.querySelector("rect[fill]");
    const [bx, by, bw, bh] = ["x", "y", "width", "height"].map((a) => Number(basin.getAttribute(a)));
    expect([bx, by, bw, bh].map((v) => Math.round(v))).toEqual([ox + 0.03 * C, oy + 0.03 * C, 0.94 * C, 0.94 * C].map((v) => Math.round(v)));
    const water = svg.querySelector("circle");
    expect(Number(water.getAttribute("cx"))).toBeCloseTo(bx + bw / 2, 1);
    expect(Number(water.getAttribute("cy"))).toBeCloseTo(by + bh / 2, 1);
    expect(Number(water.getAttribute("r"))).toBeLessThan(bw / 2);
    // the garden's south wall on its cell's lower edge
    expect(svg.querySelector("path.alh-wall").getAttribute("d")).toContain(`M${num(ox)} ${num(oy + 2 * C)}H${num(ox + C)}`);
    // the grid: a line between each two columns, from the top of the Alhambra to its bottom; one between the rows
    const r = (v) => num(v);
    expect(svg.querySelector("path.alh-board-grid").getAttribute("d")).toBe(
      `M${r(ox)} ${r(oy)}v${r(2 * C)}M${r(ox + C)} ${r(oy)}v${r(2 * C)}M${r(ox - C)} ${r(oy + C)}h${r(3 * C)}`,
    );
  });

  it("draws the grid from the Alhambra's top row and left column, wherever they are", () => {
    const north = { id: 9, building: "arcades", price: 4, walls: "", x: 0, y: -1 };
    const east = { id: 47, building: "tower", price: 9, walls: "", x: 1, y: 0 };
    const svg = draw({ ...ana(), alhambra: [ana().alhambra[1], north, east] });
    const [ox, oy, C] = svg.dataset.grid.split(" ").map(Number);
    const r = (v) => num(v);
    expect(svg.querySelector("path.alh-board-grid").getAttribute("d")).toBe(`M${r(ox + C)} ${r(oy - C)}v${r(2 * C)}M${r(ox)} ${r(oy)}h${r(2 * C)}`);
  });

  it("draws no grid in an Alhambra of the fountain alone", () => {
    const svg = draw({ ...ana(), alhambra: [ana().alhambra[1]], counts: [0, 0, 0, 0, 0, 0], wall: 0, wall_path: [] });
    expect(svg.querySelector("path.alh-board-grid")).toBeNull();
    expect(svg.querySelector("circle")).not.toBeNull();
    expect(svg.querySelector("title").textContent).toContain("Ana's Alhambra: 0 tiles");
  });

  it("sizes the picture by the number of players at the table", () => {
    const height = (view) => size(draw(ana(), {}, { buildings, ...view }))[1];
    const players = (n) => Array.from({ length: n }, () => ({}));
    expect([2, 3, 4, 5, 6].map((n) => height({ n }))).toEqual([100, 100, 92, 80, 74]);
    // without the number, the players counted; without them, four
    expect([3, 4, 5, 6].map((n) => height({ players: players(n) }))).toEqual([100, 92, 80, 74]);
    expect(height({})).toBe(92);
    // a view without the buildings' order: the game's own
    const bare = draw(ana(), {}, { n: 3 });
    expect(bare.querySelector("title").textContent).toBe(draw(ana()).querySelector("title").textContent);
    expect(bare.dataset.counts).toBe("1 0 0 0 1 1");
  });

  it("puts the counts, the hand and the reserve in the column right of the miniature, each count beside its chip", () => {
    const svg = draw(ana());
    const [W, H] = size(svg);
    // the chips: the shape of each building's path at the top of the picture, then the wall's
    const chipX = buildings.map((b) => shapesOf(svg.querySelector(`path.alh-faces.alh-${b}`)).find(([, y]) => y === 0)[0] - 2.5);
    const wallChip = shapesOf(svg.querySelector("path.alh-longest")).at(-1);
    chipX.push(wallChip[0] - 2.5 - 1);
    expect(chipX[0]).toBeGreaterThan(H);
    for (let i = 1; i < chipX.length; i++) expect(chipX[i]).toBeGreaterThan(chipX[i - 1] + 14);
    expect(chipX.at(-1) + 14).toBeLessThanOrEqual(W);
    expect(wallChip[1]).toBe(1);
    // each count's digit between its chip and the next one, in the chips' row
    const digits = shapesOf(svg.querySelector('path.alh-strokes[stroke="currentColor"]'));
    expect(digits.length).toBe(7);
    digits.forEach(([x, y], i) => {
      expect(x).toBeGreaterThan(chipX[i] + 14);
      expect(x).toBeLessThan(i + 1 < chipX.length ? chipX[i + 1] : W);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(7);
    });
    // the hand under the chips, from the column's left edge; a currency's cards side by side, the next currency set apart
    const cards = [...shapesOf(svg.querySelector("path.alh-faces.alh-dinar")), ...shapesOf(svg.querySelector("path.alh-faces.alh-florin"))];
    const left = cards.map(([x]) => x - 2.88);
    expect(left[0]).toBeCloseTo(chipX[0], 5);
    expect(left[2] - left[1]).toBeGreaterThan(left[1] - left[0]);
    for (const [, y] of cards) expect(y).toBeGreaterThanOrEqual(14);
    // the reserve just under the hand, its tile drawn where the data says
    const [top, rs, x] = svg.dataset.reserveAt.split(" ").map(Number);
    const handBottom = cards[0][1] + 25;
    expect(top).toBeGreaterThanOrEqual(handBottom);
    expect(top).toBeLessThanOrEqual(handBottom + 6);
    expect(top + rs).toBeLessThanOrEqual(H);
    const tile = shapesOf(svg.querySelector("path.alh-faces.alh-chambers")).at(-1);
    expect([tile[0] - 2.28, tile[1]]).toEqual([x, top]);
    expect(x).toBe(chipX[0]);
    // at the end of the game the hand is left out: the reserve moves up under the chips
    const end = draw(ana(), { hand: false });
    const [endTop] = end.dataset.reserveAt.split(" ").map(Number);
    expect(endTop).toBeLessThan(top);
    expect(endTop).toBeGreaterThanOrEqual(14);
  });

  it("shows a hidden hand's back with its size beside it, an empty hand's place under the chips, and no hand at the end", () => {
    const hidden = draw({ ...ana(), hand: null, cards: 4 });
    const back = hidden.querySelector(".alh-card-back rect");
    const [bx, by, bw, bh] = ["x", "y", "width", "height"].map((a) => Number(back.getAttribute(a)));
    expect(bx).toBeGreaterThan(size(hidden)[1]);
    expect(by).toBeGreaterThanOrEqual(14);
    const count = hidden.querySelector("text.alh-hand-count");
    expect(Number(count.getAttribute("x"))).toBeGreaterThan(bx + bw);
    // the words fit in the column: squeezed to it if they must be
    const room = Number(count.getAttribute("data-fit") ?? count.getAttribute("textLength"));
    expect(Number(count.getAttribute("x")) + room).toBeLessThanOrEqual(size(hidden)[0]);
    const long = draw({ ...ana(), hand: null, cards: 4 }, {}, { buildings, n: 6 });
    const squeezed = long.querySelector("text.alh-hand-count");
    expect(Number(squeezed.getAttribute("x")) + Number(squeezed.getAttribute("data-fit") ?? squeezed.getAttribute("textLength"))).toBeLessThanOrEqual(size(long)[0]);
    expect(Number(count.getAttribute("y"))).toBeGreaterThan(by);
    expect(Number(count.getAttribute("y"))).toBeLessThanOrEqual(by + bh);
    const empty = draw({ ...ana(), hand: [], cards: 0 }).querySelector("rect.alh-empty");
    expect(Number(empty.getAttribute("x"))).toBeGreaterThan(bx);
    expect(Number(empty.getAttribute("y"))).toBeGreaterThan(by);
    expect(Number(empty.getAttribute("y")) + Number(empty.getAttribute("height"))).toBeLessThan(by + bh);
    // at the end: neither the back nor the count, though the words still tell the hand
    const end = draw({ ...ana(), hand: null, cards: 4 }, { hand: false });
    expect(end.querySelector(".alh-card-back")).toBeNull();
    expect(end.querySelector("text.alh-hand-count")).toBeNull();
    expect(end.querySelector("title").textContent).toContain("Ana's hand: 4 cards");
  });

  it("lays a short reserve out in a row, each tile where the data says", () => {
    const reserve = [
      { id: 30, building: "chambers", price: 7, walls: "W" },
      { id: 31, building: "tower", price: 8, walls: "" },
      { id: 32, building: "garden", price: 5, walls: "N" },
    ];
    const svg = draw({ ...ana(), reserve });
    const [top, rs, ...xs] = svg.dataset.reserveAt.split(" ").map(Number);
    expect(xs.length).toBe(3);
    for (let i = 1; i < xs.length; i++) expect(xs[i]).toBeGreaterThanOrEqual(xs[i - 1] + rs);
    reserve.forEach((tile, i) => {
      const face = shapesOf(svg.querySelector(`path.alh-faces.alh-${tile.building}`)).find(([, y]) => y === top);
      expect(face[0] - 2.28).toBeCloseTo(xs[i], 1);
    });
    expect(svg.querySelector("desc").textContent).toContain("Ana's reserve: 3: Chambers 7, walls W; Tower 8, no walls; Garden 5, walls N.");
  });

  it("shows a reserve too long for a row as one tile per building and how many", () => {
    const tile = (id, building) => ({ id, building, price: 5, walls: "" });
    const reserve = [...Array.from({ length: 10 }, (_, i) => tile(100 + i, "garden")), ...Array.from({ length: 6 }, (_, i) => tile(200 + i, "tower"))];
    const svg = draw({ ...ana(), reserve });
    const [W] = size(svg);
    const [top, rs, ...xs] = svg.dataset.reserveAt.split(" ").map(Number);
    // every tile given, each at its building's tile
    expect(svg.dataset.reserve.split(" ").length).toBe(16);
    expect(new Set(xs.slice(0, 10)).size).toBe(1);
    expect(new Set(xs.slice(10)).size).toBe(1);
    const [gx, tx] = [xs[0], xs[10]];
    expect(gx).toBe(shapesOf(svg.querySelector("path.alh-faces.alh-pavilion")).find(([, y]) => y === 0)[0] - 2.5); // (the column's left edge)
    expect(tx).toBeGreaterThan(gx + rs);
    // one tile drawn for each building, on the reserve's row, in its colour
    for (const [b, x] of [["garden", gx], ["tower", tx]]) {
      const row = shapesOf(svg.querySelector(`path.alh-faces.alh-${b}`)).filter(([, y]) => y === top);
      expect(row.length).toBe(1);
      expect(row[0][0] - rs * 0.12).toBeCloseTo(x, 1);
    }
    expect(svg.querySelectorAll("path.alh-faces.alh-chambers, path.alh-faces.alh-seraglio").length).toBe(2); // (their chips only)
    // how many beside each, in the text colour: 10 right after the garden, clear of the tower; 6 right after the tower
    const digits = shapesOf(svg.querySelector('path.alh-strokes[stroke="currentColor"]')).slice(7);
    expect(digits.length).toBe(2 + 1);
    for (const [, y] of digits) {
      expect(y).toBeGreaterThan(top);
      expect(y).toBeLessThan(top + rs);
    }
    // (a digit's box: 6 units wide in 10 tall, its top 5 units above the middle of the row)
    const unit = (top + rs / 2 - digits[0][1]) / 5;
    const ten = [digits[0][0], digits[1][0] + 6 * unit];
    expect(ten[0] - (gx + rs)).toBeGreaterThan(2);
    expect(ten[0] - (gx + rs)).toBeLessThan(4);
    expect(tx - ten[1]).toBeGreaterThan(6);
    expect(tx - ten[1]).toBeLessThan(10);
    expect(digits[2][0] - (tx + rs)).toBeGreaterThan(2);
    expect(digits[2][0] - (tx + rs)).toBeLessThan(4);
    expect(digits[2][0] + 6 * unit).toBeLessThan(W);
    // and every tile in words
    expect(svg.querySelector("title").textContent).toContain("Ana's reserve: 16.");
    expect(svg.querySelector("desc").textContent.match(/Garden 5/g).length).toBe(10);
    expect(svg.querySelector("desc").textContent.match(/Tower 5/g).length).toBe(6);
  });

  it("draws a player the view gives by name only: an empty square, no counts, no reserve", () => {
    const svg = draw({ name: "Bo", hand: null, cards: 0 });
    expect(svg.dataset.tiles).toBe("");
    expect(svg.dataset.reserve).toBe("");
    expect(svg.dataset.counts).toBe("0 0 0 0 0 0");
    expect(svg.querySelector("circle")).toBeNull();
    expect(svg.querySelector("path.alh-longest").dataset.length).toBe("0");
    expect(svg.querySelector("title").textContent).toBe(
      "Bo's Alhambra: 0 tiles, longest wall 0 (Pavilion 0, Seraglio 0, Arcades 0, Chambers 0, Garden 0, Tower 0). Bo's hand: 0 cards (hidden). Bo's reserve: 0.",
    );
  });
});
