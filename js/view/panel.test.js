import { describe, expect, it } from "vitest";
import { dom, fixture } from "../fixtures.js";
import { ARTWORK, DIGIT, num, numbersPath } from "./common.js";
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
  it("wraps into rows as wide as the board, so that the picture keeps its scale", () => {
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
