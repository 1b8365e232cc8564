// The layout's numbers (js/layout.js): pictures that fit their column, boards
// that fit their frame, rows that never grow out of their block, and callouts
// that open away from the board's edges.
import { describe, expect, it } from "vitest";
import { dom, fixture } from "./fixtures.js";
import { PANEL_W, boardFrame, boundsOf, calloutPlace, fanRow, fillFrame, fitBoard, markedWay, panelLayout, tableClass } from "./layout.js";
import { boardBox } from "./view/alhambra.js";
import { CELL } from "./view/common.js";
import { panelSvg } from "./view/panel.js";
import { boardHtml, tableHtml } from "./view/table.js";

describe("the column of players", () => {
  it("gives fewer players bigger pictures, and six pictures and the last moves fit a 1440 x 900 screen", () => {
    const boards = [2, 3, 4, 5, 6].map((n) => panelLayout(n).board);
    for (let i = 1; i < boards.length; i++) expect(boards[i]).toBeLessThanOrEqual(boards[i - 1]);
    // a panel is its picture, a header (20 px) and its borders and padding (~13 px), 5 px apart
    const column = (n) => n * (panelLayout(n).board + 20 + 13) + (n - 1) * 5;
    expect(column(6) + 90).toBeLessThanOrEqual(780); // the main column's height at 1440 x 900, the last moves >= 90 px
    expect(column(4) + 90).toBeLessThanOrEqual(640); // at 1366 x 768
    for (const n of [2, 3, 4, 5, 6]) {
      const L = panelLayout(n);
      expect(L.width).toBe(PANEL_W);
      // the cards and the reserve fit under the chips, inside the picture's height
      expect(L.chip + 5 + L.card[1] + 5 + L.tile).toBeLessThanOrEqual(L.board);
    }
  });

  it("draws every picture at its layout's size, however big the Alhambra or the hand", () => {
    const v = fixture("over-4p");
    for (const p of v.players) {
      const svg = dom(panelSvg(v, { ...p, hand: [...p.reserve.map(() => "florin 3"), "dinar 9", "dinar 9", "ducat 2", "ducat 4", "ducat 5", "florin 1", "florin 2", "florin 4", "dirham 5"] })).querySelector("svg");
      expect(svg.getAttribute("viewBox")).toBe(`0 0 ${PANEL_W} ${panelLayout(4).board}`);
    }
  });

  it("draws a reserve tile by tile, and a crowded one as a tile per building and how many", () => {
    const v = fixture("over-4p");
    const p = v.players[0];
    const tile = (id, building) => ({ id, building, price: 5, walls: "n" });
    const reserveXs = (reserve) => {
      const svg = dom(panelSvg(v, { ...p, reserve })).querySelector("svg");
      expect(svg.getAttribute("data-reserve")).toBe(reserve.map((x) => x.id).join(" "));
      return svg.getAttribute("data-reserve-at").split(" ").slice(2).map(Number);
    };
    const few = [tile(3, "pavilion"), tile(4, "pavilion"), tile(20, "seraglio"), tile(40, "garden")];
    const xs = reserveXs(few);
    expect(new Set(xs).size).toBe(4); // a place of its own for every tile
    const many = [];
    for (let i = 0; i < 18; i++) many.push(tile(60 + i, ["pavilion", "seraglio", "garden"][i % 3]));
    const grouped = reserveXs(many);
    expect(grouped).toHaveLength(18); // (every tile still has where it lies, for the motion)
    expect(new Set(grouped).size).toBe(3); // a tile per building
    expect(grouped[0]).toBe(grouped[3]); // the pavilions lie together
    const svg = dom(panelSvg(v, { ...p, reserve: many })).querySelector("svg");
    expect(svg.querySelector("desc").textContent).toContain("18"); // every tile is still told
  });

  it("has one or two classes of table", () => {
    expect([2, 3, 4, 5, 6].map(tableClass)).toEqual(["alh-few", "alh-few", "alh-few", "alh-many", "alh-many"]);
  });
});

describe("boards in their frames", () => {
  it("fits a board's cells into a square, centred, at most maxCell a cell", () => {
    const b = { minx: -2, maxx: 1, miny: 0, maxy: 1 };
    const f = fitBoard(b, 100, 22);
    expect(f.cell).toBe(22);
    expect(f.cols).toBe(4);
    expect(f.rows).toBe(2);
    // centred: cell (minx, miny) starts (100 - 4 * 22) / 2 from the left
    expect(f.ox + b.minx * f.cell).toBeCloseTo((100 - 88) / 2);
    expect(f.oy + b.miny * f.cell).toBeCloseTo((100 - 44) / 2);
    const big = fitBoard({ minx: -4, maxx: 5, miny: -3, maxy: 3 }, 100, 22);
    expect(big.cell).toBe(10);
    expect(big.ox + -4 * big.cell).toBeCloseTo(0);
  });

  it("shows at least 5 x 5 cells around the fountain, and grows only with the Alhambra", () => {
    const fountain = [{ id: 0, x: 0, y: 0 }];
    expect(boardFrame(fountain)).toEqual({ minx: -2, maxx: 2, miny: -2, maxy: 2 });
    const tiles = [...fountain, { id: 5, x: 3, y: 0 }, { id: 6, x: 3, y: 1 }];
    // a ring of one cell around the tiles
    expect(boardFrame(tiles)).toEqual({ minx: -1, maxx: 4, miny: -1, maxy: 3 });
    // the cells a selection lights (legal spots, refused cells: next to a tile) are inside the frame already
    const lit = [[-1, 0], [4, 0], [4, 1], [3, 2], [0, -1], [1, 1]];
    expect(boardFrame(tiles, lit)).toEqual(boardFrame(tiles));
    expect(boundsOf(tiles, [[-1, 4]])).toEqual({ minx: -1, maxx: 3, miny: 0, maxy: 4 });
  });

  it("fills a frame of another shape with whole rows or columns, around the tiles or evenly", () => {
    const five = { minx: -2, maxx: 2, miny: -2, maxy: 2 };
    // a tall narrow frame (a narrow column): rows more, one more below than above when odd
    expect(fillFrame(five, 0.61, 0.9)).toEqual({ minx: -2, maxx: 2, miny: -3, maxy: 4 });
    // a wide frame: columns more
    expect(fillFrame(five, 1.46, 0.9)).toEqual({ minx: -3, maxx: 3, miny: -2, maxy: 2 });
    // never past the frame's shape: with the margin, the cells fit (rows: width over aspect)
    for (const aspect of [0.3, 0.5, 0.61, 0.8, 1, 1.2, 1.46, 2, 3]) {
      const f = fillFrame(five, aspect, 0.9);
      const w = f.maxx - f.minx + 1 + 0.9;
      const h = f.maxy - f.miny + 1 + 0.9;
      if (f.miny !== five.miny) expect(w / h).toBeGreaterThanOrEqual(aspect - 1e-9);
      if (f.minx !== five.minx) expect(w / h).toBeLessThanOrEqual(aspect + 1e-9);
      // and not a row or column short of it
      expect(Math.min(Math.abs(w / h - aspect), Math.abs(w / (h + 1) - aspect), Math.abs((w + 1) / h - aspect))).toBeLessThan(0.5);
    }
    // nearly square, no shape, or a shape not measured: the frame as it was
    expect(fillFrame(five, 1)).toEqual(five);
    expect(fillFrame(five, undefined)).toBe(five);
    expect(fillFrame(five, 0)).toBe(five);
    expect(fillFrame(five, Infinity)).toBe(five);
    // around a cell (the fountain): the rows or columns more go where they bring it to the frame's middle
    expect(fillFrame({ minx: -1, maxx: 3, miny: -2, maxy: 2 }, 1.9, 0.9, 12, { x: 0.5, y: 0 })).toEqual({ minx: -4, maxx: 5, miny: -2, maxy: 2 });
    expect(fillFrame({ minx: -1, maxx: 3, miny: -2, maxy: 2 }, 1.9, 0.9)).toEqual({ minx: -3, maxx: 6, miny: -2, maxy: 2 });
    // (never fewer than none on a side: tiles far to one side get them all on the other)
    expect(fillFrame(five, 1.9, 0.9, 12, { x: -9, y: 0 })).toEqual({ minx: -7, maxx: 2, miny: -2, maxy: 2 });
    // at most `most` rows more, however narrow
    expect(fillFrame(five, 0.01, 0.9, 12)).toEqual({ minx: -2, maxx: 2, miny: -8, maxy: 8 });
  });

  it("keeps the acting player's view box while a tile is chosen and its spots light up", () => {
    for (const name of ["hotseat-3p", "seated-2p-place"]) {
      const v = fixture(name);
      const me = v.players[v.legal.player];
      for (const entry of v.legal.tiles) {
        const plain = boardBox(me, { min: 5 });
        const lit = boardBox(me, { min: 5, spots: entry.spots, refused: entry.why_not });
        expect(lit, `${name}: tile ${entry.id}`).toEqual(plain);
      }
    }
  });

  it("puts loose tiles and cards in a row, overlapping only when they do not fit", () => {
    expect(fanRow([10, 10, 10], 100, { gap: 2 }).xs).toEqual([0, 12, 24]);
    const groups = ["florin", "florin", "dinar"];
    expect(fanRow([10, 10, 10], 100, { gap: 2, groups, groupGap: 4 }).xs).toEqual([0, 12, 28]);
    const many = fanRow(Array(20).fill(18), 200, { gap: 2 });
    expect(many.step).toBeLessThan(18);
    expect(many.width).toBeCloseTo(200);
    expect(fanRow([], 100)).toEqual({ xs: [], step: 0, width: 0 });   // (an empty hand: no room taken)
    // exactly the room a row needs: no overlap; a pixel less: all overlap alike, the row as wide as the room
    expect(fanRow([10, 10, 10], 34, { gap: 2 })).toEqual({ xs: [0, 12, 24], step: 12, width: 34 });
    expect(fanRow([10, 10, 10], 33, { gap: 2 })).toEqual({ xs: [0, 11.5, 23], step: 11.5, width: 33 });
    // groups (a hand's currencies) keep their gap when the cards overlap
    const three = ["florin", "dinar", "dinar", "ducat"];
    expect(fanRow([10, 10, 10, 10], 54, { gap: 2, groups: three, groupGap: 4 })).toEqual({ xs: [0, 16, 28, 44], step: 12, width: 54 });
    const tight = fanRow([10, 10, 10, 10], 44, { gap: 2, groups: three, groupGap: 4 });
    expect(tight.step).toBeCloseTo(26 / 3);
    expect(tight.xs[1] - tight.xs[0]).toBeCloseTo(tight.step + 4);
    expect(tight.xs[2] - tight.xs[1]).toBeCloseTo(tight.step);
    expect(tight.width).toBeCloseTo(44);
  });
});

describe("a callout at a board cell", () => {
  it("is placed by the cell's centre relative to the view box, and opens away from the nearer edges", () => {
    const vb = { x: -250, y: -250, w: 500, h: 500 };
    const c = calloutPlace(vb, -2, -2, 100);
    expect([c.dx, c.dy, c.vw, c.vh]).toEqual([-150, -150, 500, 500]);
    expect([c.vertical, c.horizontal]).toEqual(["below", "right"]);
    const d = calloutPlace(vb, 1, 1, 100);
    expect([d.vertical, d.horizontal]).toEqual(["above", "left"]);
    expect(calloutPlace(vb, -1, 0, 100).horizontal).toBe("center");
    // within 15% of the view box's width either side of its middle, edge included: centred
    expect(calloutPlace(vb, 1, 0, 50).horizontal).toBe("center");    // (75 to the right)
    expect(calloutPlace(vb, -2, 0, 50).horizontal).toBe("center");   // (75 to the left)
    expect(calloutPlace(vb, -3, 0, 50).horizontal).toBe("right");
  });

  it("opens away from what the board marks for the refusal, where the board has a row for it", () => {
    const vb = { x: -300, y: -300, w: 700, h: 700 };   // rows -3 .. 3 (cells of 100)
    // a cell in the bottom half opens above, unless the mark is north of it (a hole, a north side)
    expect(calloutPlace(vb, 0, 1, 100, 0).vertical).toBe("above");
    expect(calloutPlace(vb, 0, 1, 100, -1).vertical).toBe("below");
    expect(calloutPlace(vb, 0, -3, 100, 1).vertical).toBe("below");   // (no row above the top one)
    expect(calloutPlace(vb, 0, -2, 100, 1).vertical).toBe("above");
    expect(calloutPlace(vb, 0, 3, 100, -1).vertical).toBe("above");   // (no row below the last one)
    expect(markedWay([2, 2, "P5", "error.P5.hole_one", [[2, 1]]])).toBe(-1);
    expect(markedWay([2, 2, "P5", "error.P5.hole_many", [[1, 3], [2, 3]]])).toBe(1);
    expect(markedWay([2, 2, "P3", "error.P3.wall_to_open", "S"])).toBe(1);
    expect(markedWay([2, 2, "P5", "error.P5.hole_many", [[1, 1], [3, 3]]])).toBe(0);   // (as far north as south)
    for (const detail of [null, [], 7]) expect(markedWay([2, 2, "P5", "error.P5.hole_one", detail])).toBe(0);
    expect(markedWay([2, 2, "P3", "error.P3.wall_to_open", "W"])).toBe(0);
    expect(markedWay([2, 2, "P4"])).toBe(0);
    // walls against several neighbours (P4): away from them, unless they lie both north and south
    expect(markedWay([2, 2, "P4", "error.P4.unreachable", "NW"])).toBe(-1);
    expect(markedWay([2, 2, "P4", "error.P4.unreachable", "ES"])).toBe(1);
    expect(markedWay([2, 2, "P4", "error.P4.unreachable", "NS"])).toBe(0);
  });

  it("is drawn in the board's frame for a refusal at a cell, with the rule and its explanation", () => {
    const v = fixture("hotseat-3p");
    const me = v.players[v.legal.player];
    const entry = v.legal.tiles[0];
    const [x, y, rule] = entry.why_not[0];
    const note = { kind: "why", rule, at: [x, y], text: "..." };
    const o = { spots: entry.spots, refused: entry.why_not, why: (r) => v.explain[r], fill: true, min: 5 };
    const frame = dom(boardHtml(me, o, note)).querySelector(".alh-focus-board");
    const callout = frame.querySelector(".alh-callout");
    expect(callout.getAttribute("role")).toBe("note");
    expect([callout.dataset.x, callout.dataset.y, callout.dataset.rule]).toEqual([String(x), String(y), rule]);
    expect(callout.querySelector(".alh-rule").textContent).toBe(rule);
    expect(callout.textContent).toContain(v.explain[rule]);
    const vb = boardBox(me, o);
    const place = calloutPlace(vb, x, y, CELL);
    expect(callout.getAttribute("style")).toBe(`--dx:${place.dx};--dy:${place.dy};--vw:${place.vw};--vh:${place.vh}`);
    // a note about no cell, or none: no callout
    expect(dom(boardHtml(me, o, { ...note, at: null })).querySelector(".alh-callout")).toBeNull();
    expect(dom(boardHtml(me, o, null)).querySelector(".alh-callout")).toBeNull();
  });

  it("shows on the table with the message line saying it too", () => {
    const v = fixture("hotseat-3p");
    const entry = v.legal.tiles[0];
    const [x, y, rule] = entry.why_not[0];
    const ui = { sel: { kind: "tile", id: entry.id }, note: { kind: "why", rule, at: [x, y], text: `Tile ${entry.id} at ${x},${y}: not allowed (rule ${rule}).` }, hover: null };
    const root = dom(tableHtml(v, ui, {}));
    expect(root.querySelector(".alh-focus-board .alh-callout").dataset.rule).toBe(rule);
    expect(root.querySelector(".alh-message").dataset.rule).toBe(rule);
  });
});
