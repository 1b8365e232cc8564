import { describe, expect, it } from "vitest";
import { describeEntry } from "./describe.js";
import { accessibleName, dom, fixture, off } from "./fixtures.js";
import { initialUi, reduce } from "./input.js";
import { alhambraSvg } from "./view/alhambra.js";
import { BUILDING_COLORS, CELL, CURRENCY_COLORS, cardsText, esc, textWidth } from "./view/common.js";
import { handSvg, hiddenHandSvg } from "./view/hand.js";
import { logHtml } from "./view/log.js";
import { marketSvg } from "./view/market.js";
import { moneySvg } from "./view/money.js";
import { actionsText, playersHtml, statusHtml } from "./view/players.js";
import { dirkHtml, pendingHtml, reserveSvg } from "./view/reserve.js";
import { scoringHtml } from "./view/scoring.js";
import { controlsHtml, lineupHtml, messageHtml, replayBannerHtml, replayHtml } from "./view/controls.js";
import { messageLeaf, tableHtml } from "./view/table.js";
import { CSS } from "./style.js";

const fountain = { id: 0, building: "fountain", price: 0, walls: "", x: 0, y: 0 };
const towerNE = { id: 47, building: "tower", price: 9, walls: "NE", x: 1, y: 0 };
const player = (alhambra, extra = {}) => ({ name: "Ana", score: 0, hand: [], cards: 0, alhambra, reserve: [], counts: [0, 0, 0, 0, 0, 0], wall: 0, wall_path: [], ...extra });

const lineOf = (el) => ["x1", "y1", "x2", "y2"].map((a) => Number(el.getAttribute(a)));

describe("alhambraSvg", () => {
  it("draws a tile with walls N and E on its top and right edges", () => {
    const root = dom(alhambraSvg(player([fountain, towerNE])));
    const walls = [...root.querySelectorAll('line.alh-wall[data-x="1"][data-y="0"]')];
    expect(walls.map((w) => w.getAttribute("data-side")).sort()).toEqual(["E", "N"]);
    const north = walls.find((w) => w.getAttribute("data-side") === "N");
    const east = walls.find((w) => w.getAttribute("data-side") === "E");
    // tile (1, 0) covers [100, 200] x [0, 100]
    expect(lineOf(north)).toEqual([CELL, 0, 2 * CELL, 0]);
    expect(lineOf(east)).toEqual([2 * CELL, 0, 2 * CELL, CELL]);
    // no wall on the open sides, none on the fountain
    expect(root.querySelectorAll('line.alh-wall[data-side="S"], line.alh-wall[data-side="W"]').length).toBe(0);
    expect(root.querySelectorAll('line.alh-wall[data-x="0"]').length).toBe(0);
  });

  it("draws every tile in its building colour with its price, and the fountain", () => {
    const root = dom(alhambraSvg(player([fountain, towerNE])));
    const tower = root.querySelector('g.alh-tile.alh-tower[data-tile="47"]');
    expect(tower).not.toBeNull();
    expect(tower.querySelector("rect").getAttribute("fill")).toBe("#8455b0");
    expect(tower.querySelector(".alh-price").textContent).toBe("9");
    expect(root.querySelector("g.alh-tile.alh-fountain circle")).not.toBeNull();
    expect(root.querySelector("svg").getAttribute("viewBox")).toMatch(/^-?\d+(\.\d+)? -?\d+(\.\d+)? \d+(\.\d+)? \d+(\.\d+)?$/);
  });

  it("draws the board in focus from the top of its frame, level with the hand beside it; a picture centred", () => {
    const aspect = (o) => dom(alhambraSvg(player([fountain, towerNE]), o)).querySelector("svg").getAttribute("preserveAspectRatio");
    expect(aspect({ fill: true, min: 5 })).toBe("xMidYMin meet");
    expect(aspect({ maxWidth: 150, cellPx: 24 })).toBe("xMidYMid meet");
  });

  it("fills a frame of the shape it is told with grid, its ground to the frame's edges, at the same size of a cell", () => {
    const box = (aspect) => {
      const svg = dom(alhambraSvg(player([fountain, towerNE]), { fill: true, min: 5, aspect })).querySelector("svg");
      const [x, y, w, h] = svg.getAttribute("viewBox").split(" ").map(Number);
      const ground = svg.querySelector("rect.alh-board-bg");
      expect([ground, "x", "y", "width", "height"].slice(1).map((a) => Number(ground.getAttribute(a)))).toEqual([x, y, w, h]);
      const grid = svg.querySelector("path.alh-grid").getAttribute("d");
      return { w, h, columns: (grid.match(/V/g) || []).length - 1, rows: (grid.match(/H/g) || []).length - 1 };
    };
    const square = box(undefined);
    expect([square.columns, square.rows]).toEqual([5, 5]);
    const tall = box(0.6);
    expect(tall.w / tall.h).toBeCloseTo(0.6, 3);
    expect(tall.columns).toBe(5);
    expect(tall.rows).toBeGreaterThan(5);
    const wide = box(1.5);
    expect(wide.w / wide.h).toBeCloseTo(1.5, 3);
    expect(wide.rows).toBe(5);
    expect(wide.columns).toBeGreaterThan(5);
    // the width of a cell in the frame stays what it was: the view box grows by whole cells and a margin under one
    expect(tall.w).toBe(square.w);
    expect(wide.h).toBe(square.h);
    // a frame not yet measured (no size, or none at all) gives the square board, not a broken one
    for (const odd of [Infinity, NaN, 0, -1.5]) expect(box(odd)).toEqual(square);
  });

  it("leaves what is over of a frame as much on either side of the grid", () => {
    for (const aspect of [undefined, 0.6, 1, 1.37, 1.9]) {
      const svg = dom(alhambraSvg(player([fountain, towerNE]), { fill: true, min: 5, aspect })).querySelector("svg");
      const [x, y, w, h] = svg.getAttribute("viewBox").split(" ").map(Number);
      const d = svg.querySelector("path.alh-grid").getAttribute("d");
      const xs = [...d.matchAll(/M(-?[\d.]+) -?[\d.]+V/g)].map((g) => Number(g[1]));
      const ys = [...d.matchAll(/M-?[\d.]+ (-?[\d.]+)H/g)].map((g) => Number(g[1]));
      expect(Math.min(...xs) - x).toBeCloseTo(x + w - Math.max(...xs), 1);   // (the view box in hundredths)
      expect(Math.min(...ys) - y).toBeCloseTo(y + h - Math.max(...ys), 1);
      expect(Math.min(...xs) - x).toBeGreaterThan(0);
    }
  });

  it("numbers every column and every row in the margin, unless asked not to", () => {
    const svg = (o) => dom(alhambraSvg(player([fountain, towerNE]), o)).querySelector("svg");
    for (const o of [{}, { fill: true, min: 5, aspect: 1.9 }, { fill: true, min: 5, aspect: 0.6 }]) {
      const board = svg(o);
      const d = board.querySelector("path.alh-grid").getAttribute("d");
      // the cells' edges, from the grid's lines: columns minx..maxx and rows miny..maxy
      const xs = [...d.matchAll(/M(-?[\d.]+) -?[\d.]+V/g)].map((g) => Number(g[1]) / CELL);
      const ys = [...d.matchAll(/M-?[\d.]+ (-?[\d.]+)H/g)].map((g) => Number(g[1]) / CELL);
      const labels = [];
      for (let c = Math.min(...xs); c < Math.max(...xs); c++) labels.push(String(c));
      for (let r = Math.min(...ys); r < Math.max(...ys); r++) labels.push(String(r));
      // each character of a number is drawn from a move of its own (common.js numberD)
      const nums = board.querySelector("path.alh-coord-nums").getAttribute("d");
      expect((nums.match(/M/g) || []).length).toBe(labels.join("").length);
    }
    expect(svg({ coords: false }).querySelector(".alh-coords")).toBeNull();
  });

  it("adds the rows or columns around the fountain, so that the grid stays put while the Alhambra grows", () => {
    const columns = (tiles) => {
      const svg = dom(alhambraSvg(player(tiles), { fill: true, min: 5, aspect: 1.9 })).querySelector("svg");
      const xs = [...svg.querySelector("path.alh-grid").getAttribute("d").matchAll(/M(-?[\d.]+) [-\d.]+V/g)].map((m) => Number(m[1]));
      return [Math.min(...xs), Math.max(...xs)];
    };
    const east = { id: 9, building: "garden", price: 9, walls: "", x: 1, y: 0 };
    const further = { id: 10, building: "garden", price: 10, walls: "", x: 2, y: 0 };
    const one = columns([fountain, east]);
    // as many columns west of the fountain as east of it, give or take one
    expect(Math.abs(one[0] + one[1] - CELL)).toBeLessThanOrEqual(CELL);   // (lines at the cells' edges: the fountain's from 0 to CELL)
    // a tile more inside the frame: the same grid
    expect(columns([fountain, east, further])).toEqual(one);
  });

  it("highlights legal spots and marks refused cells with their rule", () => {
    const svg = alhambraSvg(player([fountain]), {
      interactive: true,
      spots: [[1, 0], [0, 1]],
      refused: [[-1, 0, "P3"]],
    });
    const root = dom(svg);
    const spots = [...root.querySelectorAll("rect.alh-spot")];
    expect(spots.map((s) => `${s.dataset.x},${s.dataset.y}`)).toEqual(["1,0", "0,1"]);
    for (const s of spots) {
      expect(s.getAttribute("role")).toBe("button");
      expect(s.getAttribute("tabindex")).toBe("0");
      expect(s.getAttribute("data-act")).toBe("spot");
      expect(s.getAttribute("aria-label")).toMatch(/legal/);
    }
    expect(Number(spots[0].getAttribute("x"))).toBeGreaterThan(CELL); // inside cell (1, 0)
    const no = root.querySelector("rect.alh-cell-no");
    expect(no.dataset.rule).toBe("P3");
    expect(no.getAttribute("aria-label")).toMatch(/rule P3/);
  });

  it("draws legal spots with no refused cell beside them, and refused cells with no legal spot", () => {
    const only = (o) => dom(alhambraSvg(player([fountain]), o));
    const spots = only({ spots: [[1, 0]] });
    expect(spots.querySelectorAll("rect.alh-spot").length).toBe(1);
    expect(spots.querySelectorAll("rect.alh-cell-no").length).toBe(0);
    const refused = only({ refused: [[-1, 0, "P3"], [0, 1, "P5"]] });
    expect(refused.querySelectorAll("rect.alh-spot").length).toBe(0);
    expect([...refused.querySelectorAll("rect.alh-cell-no")].map((r) => r.dataset.rule)).toEqual(["P3", "P5"]);
    expect(only({}).querySelector(".alh-spots")).toBeNull();
  });

  it("is not interactive by default: no controls on another player's board", () => {
    const root = dom(alhambraSvg(player([fountain, towerNE]), { spots: [[2, 0]] }));
    expect(root.querySelectorAll("[data-act]").length).toBe(0);
    expect(root.querySelectorAll("[tabindex]").length).toBe(0);
  });

  it("draws the counted longest wall along its path", () => {
    const p = player([fountain, towerNE], { wall: 2, wall_path: [[1, 0, "N"], [1, 0, "E"]] });
    const root = dom(alhambraSvg(p));
    const segs = root.querySelectorAll(".alh-longest-wall line.alh-longest");
    expect(segs.length).toBe(2);
    expect(root.querySelector(".alh-longest-wall").dataset.length).toBe("2");
    expect(lineOf(segs[1])).toEqual([200, 0, 200, 100]);
  });

  it("marks removable and swappable tiles and the selected cell", () => {
    const root = dom(alhambraSvg(player([fountain, towerNE]), { interactive: true, removable: [[1, 0]], selected: [1, 0] }));
    const t = root.querySelector('g.alh-tile[data-tile="47"]');
    expect(t.classList.contains("alh-removable")).toBe(true);
    expect(t.classList.contains("alh-selected")).toBe(true);
    expect(t.getAttribute("data-act")).toBe("placed");
    // the selected tile's ring is drawn above every tile and wall (the board's last layers)
    const ring = root.querySelector(".alh-selection");
    expect(ring).not.toBeNull();
    expect(ring.querySelector(".alh-sel-ring")).not.toBeNull();
    expect([...root.querySelector("svg").children].indexOf(ring)).toBeGreaterThan([...root.querySelector("svg").children].indexOf(root.querySelector(".alh-walls")));
    // removable tiles: a ring of their own above the walls, apart from the spots' look
    expect(root.querySelectorAll(".alh-remove-ring path.alh-ring").length).toBe(1);
  });

  it("writes a tile's name, in the tutorial, clear of the mark of a tile that may be moved", () => {
    const root = dom(alhambraSvg(player([fountain, towerNE]), { names: true, removable: [[1, 0]] }));
    const name = root.querySelector('g.alh-tile[data-tile="47"] text');
    // the mark takes the lower right corner from 0.62 of the cell: the name, centred left of it
    // and squeezed to 0.54 of the cell when longer, ends before it
    expect(Number(name.getAttribute("x"))).toBeCloseTo(CELL * 0.36);
    const drawn = name.hasAttribute("textLength") ? Number(name.getAttribute("textLength")) : textWidth(name.textContent, CELL * 0.17);
    expect(drawn).toBeLessThanOrEqual(CELL * 0.54 + 0.01);
    const plain = dom(alhambraSvg(player([fountain, towerNE]), { names: true }));
    expect(Number(plain.querySelector('g.alh-tile[data-tile="47"] text').getAttribute("x"))).toBe(CELL / 2);
  });

  it("draws a real Alhambra from the engine with a wall line per wall side", () => {
    const v = fixture("over-4p");
    for (const p of v.players) {
      const root = dom(alhambraSvg(p));
      const expected = p.alhambra.reduce((n, t) => n + t.walls.length, 0);
      expect(root.querySelectorAll("line.alh-wall").length).toBe(expected);
      expect(root.querySelectorAll("g.alh-tile").length).toBe(p.alhambra.length);
      expect(root.querySelectorAll("svg > g.alh-tiles > g.alh-tile").length).toBe(p.alhambra.length);
      expect(root.querySelectorAll("line.alh-longest").length).toBe(p.wall_path.length);
      expect(p.wall_path.length).toBe(p.wall);
    }
  });
});

describe("markets", () => {
  it("draws the four slots with their currencies, tiles, prices and walls", () => {
    const v = fixture("buy-3p");
    const root = dom(marketSvg(v));
    const slots = [...root.querySelectorAll("g.alh-slot")];
    expect(slots.map((s) => s.dataset.currency)).toEqual(["florin", "dirham", "dinar", "ducat"]);
    v.market.forEach((m, i) => {
      const tile = slots[i].querySelector("g.alh-tile");
      expect(tile.classList.contains(`alh-${m.tile.building}`)).toBe(true);
      expect(tile.querySelector(".alh-price").textContent).toBe(String(m.tile.price));
      expect(tile.querySelectorAll("line.alh-wall").length).toBe(m.tile.walls.length);
    });
  });

  it("makes slots controls only when the player may act, and marks the payable ones", () => {
    const v = fixture("buy-3p");
    expect(dom(marketSvg(v)).querySelectorAll("[data-act]").length).toBe(0);
    const root = dom(marketSvg(v, { interactive: true, buyable: [1], selected: 1 }));
    const s1 = root.querySelector('g.alh-slot[data-slot="1"]');
    expect(s1.getAttribute("role")).toBe("button");
    expect(s1.getAttribute("aria-pressed")).toBe("true");
    expect(s1.classList.contains("alh-buyable")).toBe(true);
    expect(s1.getAttribute("aria-label")).toMatch(/you can buy it/);
    const s2 = root.querySelector('g.alh-slot[data-slot="2"]');
    expect(s2.classList.contains("alh-buyable")).toBe(false);
    expect(s2.getAttribute("aria-label")).toMatch(/cannot pay/);
    // the slot chosen, and its tile, stand out; no other
    expect([...root.querySelectorAll(".alh-selected")].map((e) => e.closest("g.alh-slot").dataset.slot)).toEqual(["1", "1"]);
    expect(s2.getAttribute("aria-pressed")).toBe("false");
    // a picture only: each slot says its tile, not whether the player can pay
    const plain = dom(marketSvg(v, { buyable: [1] }));
    for (const g of plain.querySelectorAll("g.alh-slot")) expect(g.querySelector("title").textContent).not.toMatch(/you can buy it|cannot pay/);
  });

  it("puts each slot in its place, left to right, whatever the view's order", () => {
    const v = fixture("buy-3p");
    const x = (root, n) => Number(root.querySelector(`g.alh-slot[data-slot="${n}"] rect.alh-slot-bg`).getAttribute("x"));
    const root = dom(marketSvg({ ...v, market: [...v.market].reverse() }));
    expect([1, 2, 3, 4].map((n) => x(root, n))).toEqual([0, 104, 208, 312]);
  });

  it("shows the money market and only counts for the deck and the bag", () => {
    const v = fixture("buy-3p");
    const root = dom(moneySvg(v, { interactive: true, selected: [1] }));
    const cards = [...root.querySelectorAll("g.alh-card")];
    expect(cards.map((c) => `${c.dataset.currency} ${c.dataset.value}`)).toEqual(v.money);
    expect(cards[1].getAttribute("aria-pressed")).toBe("true");
    expect(root.querySelector(".alh-deck").dataset.count).toBe(String(v.deck));
    expect(root.querySelector(".alh-bag").dataset.count).toBe(String(v.bag));
    expect(root.textContent).toContain(`deck ${v.deck}`);
    expect(root.textContent).toContain(`bag ${v.bag}`);
  });
});

describe("hands", () => {
  it("shows a visible hand card by card, grouped by currency", () => {
    const root = dom(handSvg(["florin 1", "florin 3", "dinar 2"], { interactive: true, selected: [1], currency: "florin" }));
    const cards = [...root.querySelectorAll("g.alh-card")];
    expect(cards.map((c) => c.dataset.value)).toEqual(["1", "3", "2"]);
    expect(cards[1].classList.contains("alh-selected")).toBe(true);
    expect(cards[2].classList.contains("alh-dim")).toBe(true); // not the currency being paid
    expect(cards[0].getAttribute("data-act")).toBe("card");
  });

  it("lays a hand out card by card, a gap between currencies, a chosen card raised, none dimmed while nothing is paid", () => {
    const xy = (g) => (g.getAttribute("transform") || "translate(0 0)").match(/translate\(([-\d.]+) ([-\d.]+)\)/).slice(1).map(Number);
    const root = dom(handSvg(["florin 1", "florin 3", "dinar 2", "dinar 5", "ducat 7"], { interactive: true, selected: [2] }));
    const cards = [...root.querySelectorAll("g.alh-card")];
    expect(cards.map(xy)).toEqual([[0, 10], [46, 10], [104, 0], [150, 10], [208, 10]]);
    expect(root.querySelectorAll(".alh-dim").length).toBe(0);
    // an empty hand to choose from is still a picture, saying "no cards"
    const empty = dom(handSvg([], { interactive: true }));
    expect(empty.querySelector("svg").textContent).toContain("no cards");
  });

  it("draws a hand nobody chooses from as a path per currency and per ink, in the palette's colours; an empty one as words", () => {
    const html = handSvg(["florin 1", "florin 3", "dinar 2"]);
    expect(html).not.toContain("undefined");
    const root = dom(html);
    expect(root.querySelector("svg")).not.toBeNull();
    expect(root.querySelectorAll("g.alh-card .alh-card-face").length).toBe(0);   // (the faces: one path per currency)
    for (const [cur, n] of [["florin", 2], ["dinar", 1]]) {
      const face = root.querySelector(`path.alh-card-faces.alh-${cur}`);
      expect([face.getAttribute("fill"), face.getAttribute("stroke")]).toEqual(CURRENCY_COLORS[cur].slice(0, 2));
      expect(face.getAttribute("d").match(/M/g).length).toBe(n);   // a rounded rectangle per card
    }
    const inks = [CURRENCY_COLORS.florin[2], CURRENCY_COLORS.dinar[2]].sort();
    expect([...root.querySelectorAll("path.alh-symbols")].map((p) => p.getAttribute("fill")).sort()).toEqual(inks);
    expect([...root.querySelectorAll('path[stroke-opacity="0.35"]')].map((p) => p.getAttribute("stroke")).sort()).toEqual(inks);
    const none = dom(handSvg([]));
    expect(none.querySelector("svg")).toBeNull();
    expect(none.textContent).toBe("no cards");
  });

  it("shows only the number of cards of a hidden hand", () => {
    const root = dom(hiddenHandSvg(7, "Ben"));
    expect(root.querySelectorAll("g.alh-card").length).toBe(0);
    expect(root.querySelector(".alh-card-back")).not.toBeNull();
    expect(root.textContent).toContain("7 cards");
  });

  it("shows every hand in a seated view too (RULES X3: hands are known)", () => {
    const v = fixture("seated-2p-place");
    expect(v.seat).toBe(0);
    expect(v.players[1].hand).toEqual(expect.any(Array));
    const theirs = dom(playersHtml(v)).querySelector('.alh-player[data-player="1"] .alh-panel-picture');
    const desc = theirs.querySelector("desc").textContent;
    for (const card of v.players[1].hand) expect(desc).toContain(card);
  });

  it("draws a hand the view leaves out (null) as its count only", () => {
    const v = structuredClone(fixture("seated-2p-place"));
    v.players[1].hand = null;
    const root = dom(playersHtml(v));
    const mine = root.querySelector('.alh-player[data-player="0"] .alh-panel-picture');
    const theirs = root.querySelector('.alh-player[data-player="1"] .alh-panel-picture');
    expect(mine.dataset.cards).toBe(String(v.players[0].hand.length));
    const desc = mine.querySelector("desc").textContent;
    for (const card of v.players[0].hand) expect(desc).toContain(card);
    expect(theirs.dataset.cards).toBe(String(v.players[1].cards));
    expect(theirs.querySelector(".alh-card-back")).not.toBeNull();
    expect(theirs.querySelector("title").textContent).toContain(`${v.players[1].cards} cards (hidden)`);
    expect(theirs.querySelector("text.alh-hand-count").textContent).toBe(`${v.players[1].cards} cards`);
    // no card face anywhere in their panel, and none of the whole table's focus is theirs
    expect(theirs.querySelectorAll('[class*="alh-faces alh-florin"], [class*="alh-faces alh-dirham"], [class*="alh-faces alh-dinar"], [class*="alh-faces alh-ducat"]').length).toBe(0);
    const table = dom(tableHtml(v));
    expect(table.querySelector(".alh-focus").dataset.player).toBe("0");
    expect(table.querySelectorAll(`.alh-player[data-player="1"] g.alh-card`).length).toBe(0);
  });

  it("shows every hand in the hot-seat view", () => {
    const v = fixture("hotseat-3p");
    const root = dom(playersHtml(v));
    v.players.forEach((p, i) => {
      const pic = root.querySelector(`.alh-player[data-player="${i}"] .alh-panel-picture`);
      expect(pic.dataset.cards).toBe(String(p.hand.length));
      // one face path per currency in hand, with one rounded card (4 arcs) per card
      const cur = new Set(p.hand.map((c) => c.split(" ")[0]));
      for (const c of cur) {
        const d = pic.querySelector(`path.alh-faces.alh-${c}`).getAttribute("d");
        expect(d.split("z").length - 1).toBe(p.hand.filter((x) => x.startsWith(c + " ")).length);
      }
    });
  });
});

describe("players, reserve, pending, Dirk", () => {
  it("shows scores, whose turn it is and the actions left", () => {
    const v = fixture("buy-3p");
    const root = dom(playersHtml(v));
    const current = root.querySelector(".alh-player.alh-current");
    expect(current.dataset.player).toBe(String(v.current));
    expect(current.textContent).toContain("to act");
    v.players.forEach((p, i) => expect(root.querySelector(`.alh-player[data-player="${i}"] .alh-score`).textContent).toBe(`${p.score} pts`));
    const status = dom(statusHtml(v));
    expect(status.textContent).toContain(v.status);
    expect(status.textContent).toContain("1 action left");
    expect(actionsText({ ...v, extra: true, actions: 1 })).toMatch(/one more action after an exact payment/);
  });

  it("counts the tiles the player to act has to place, not the others'; frames the winners at the end only", () => {
    const v = fixture("seated-2p-place");
    const mine = v.pending.filter((e) => e.player === v.current).length;
    const pending = [...v.pending, { ...v.pending[0], player: 1 - v.current }, { ...v.pending[0], player: 1 - v.current }];
    expect(actionsText({ ...v, pending })).toBe(actionsText(v));
    expect(actionsText(v)).toBe(mine === 1 ? "1 tile to place" : `${mine} tiles to place`);
    const over = fixture("over-4p");
    const framed = (view) => [...dom(playersHtml(view)).querySelectorAll(".alh-player.alh-winner")].map((e) => Number(e.dataset.player));
    expect(framed(over)).toEqual(over.winners);
    expect(framed({ ...fixture("buy-3p"), winners: [0] })).toEqual([]);
    // and the winner's tag the same: at the end only
    const starred = (view) => [...dom(playersHtml(view)).querySelectorAll(".alh-tag-winner")].map((e) => Number(e.closest(".alh-player").dataset.player));
    expect(starred(over)).toEqual(over.winners);
    expect(starred({ ...fixture("buy-3p"), winners: [0] })).toEqual([]);
  });

  it("says 'thinking…' in the place of 'to act' for a bot at work, and gives every tag its text as a tooltip", () => {
    const v = { ...fixture("buy-3p"), bots: { [String(fixture("buy-3p").current)]: "Greedy" } };
    const cur = String(v.current);
    const tags = (view) => [...dom(playersHtml(view)).querySelectorAll(`.alh-player[data-player="${cur}"] .alh-tag`)];
    const idle = tags(v);
    expect(idle.map((e) => e.textContent)).toEqual(["to act", "bot"]);
    const thinking = tags({ ...v, thinking: v.current });
    expect(thinking.map((e) => e.textContent)).toEqual(["thinking…", "bot"]);
    expect(thinking[0].classList.contains("alh-tag-thinking")).toBe(true);
    // a tag may be cut in a narrow column (the name keeps its room): its whole text is in its tooltip
    for (const e of [...idle, ...thinking]) expect(e.getAttribute("title")).toContain(e.textContent);
    expect(thinking[1].getAttribute("title")).toBe("bot: Greedy");
    expect(CSS).toMatch(/\.alh-player-head \.alh-tag \{[^}]*text-overflow: ellipsis/);
  });

  it("does not say 'you' beside a player named You (against bots), in the panel or over the board", () => {
    const v = structuredClone(fixture("seated-2p-place"));
    const you = () => [...dom(playersHtml(v)).querySelectorAll('.alh-player[data-player="0"] .alh-tag')].map((e) => e.textContent);
    expect(you()).toContain("you");
    const name = () => dom(tableHtml(v)).querySelector(".alh-focus-name").textContent;
    v.legal = null;   // (not acting: the title names the seat's player)
    expect(name()).toBe(`${v.players[0].name} (you)`);
    v.players[0].name = "You";
    expect(you()).not.toContain("you");
    expect(name()).toBe("You");
  });

  it("puts Dirk beside the players in play (the column beside the board keeps its room for the message line)", () => {
    const v = fixture("seated-2p-place");
    const root = dom(tableHtml(v));
    expect(root.querySelector(".alh-side .alh-side-dirk .alh-dirk")).not.toBeNull();
    expect(root.querySelector(".alh-hold .alh-dirk")).toBeNull();
    // the players, then Dirk, then the last moves
    const order = [...root.querySelector(".alh-side").children].map((e) => e.className.split(" ")[0]);
    expect(order.indexOf("alh-side-dirk")).toBe(order.indexOf("alh-players") + 1);
    expect(order.indexOf("alh-side-log")).toBeGreaterThan(order.indexOf("alh-side-dirk"));
  });

  it("shows the games played at this table, from the second on: a row of the players, a row of their wins", () => {
    const over = structuredClone(fixture("over-4p"));
    const tally = () => dom(scoringHtml(over)).querySelector("table.alh-tally");
    expect(tally()).toBeNull();
    over.tally = { games: 1, wins: over.players.map((p, i) => [p.name, i === over.winners[0] ? 1 : 0]) };
    expect(tally()).toBeNull();   // one game is no series
    over.tally = { games: 3, wins: [...over.players.map((p, i) => [p.name, i]), ["Zoë", 1]] };
    const table = tally();
    expect(table.querySelector("caption").textContent).toBe("At this table: 3 games");
    const [names, wins] = [...table.querySelectorAll("tr")].map((r) => [...r.children].map((c) => c.textContent));
    expect(names).toEqual(["Player", ...over.players.map((p) => p.name), "Zoë"]);
    expect(wins).toEqual(["Wins", ...over.players.map((p, i) => String(i)), "1"]);
    expect(table.querySelectorAll('th[scope="col"]').length).toBe(over.players.length + 1);
    // not while a game is played
    const live = { ...fixture("buy-3p"), tally: over.tally };
    expect(dom(scoringHtml(live)).querySelector("table.alh-tally")).toBeNull();
  });

  it("speaks to a player named You: 'Your turn', 'Your hand', 'You win' (not 'You wins')", () => {
    const v = structuredClone(fixture("seated-2p-place"));
    v.players[0].name = "You";
    const html = dom(tableHtml(v));
    expect(html.querySelector(".alh-focus-name").textContent).toBe("Your turn");
    const labels = [...html.querySelectorAll("[aria-label]")].map((e) => e.getAttribute("aria-label"));
    expect(labels.some((l) => l.startsWith("Your Alhambra: "))).toBe(true);
    expect(labels.some((l) => l.includes("You's") || l.startsWith("You's"))).toBe(false);
    // what to do now, over the buttons: "Place the tiles you bought", not "You: place the tiles bought"
    expect(html.querySelector("p.alh-selection").textContent).toContain("Place the tiles you bought this turn — choose one above.");
    expect(html.querySelector("p.alh-selection").textContent).not.toContain("You:");
    // anyone else is told about by name
    v.players[0].name = "Ana";
    expect(dom(tableHtml(v)).querySelector(".alh-focus-name").textContent).toBe("Ana — your turn");
    expect(dom(tableHtml(v)).querySelector("p.alh-selection").textContent).toContain("Ana: place the tiles bought this turn");
    const over = structuredClone(fixture("over-4p"));
    over.players[over.winners[0]].name = "You";
    const final = () => dom(scoringHtml(over)).querySelector(".alh-final").textContent;
    expect(final()).toMatch(/^\u2605 You win with \d+ points\.$/);
    over.players[over.winners[0]].name = "Zoë";
    expect(final()).toMatch(/^\u2605 Zoë wins with \d+ points\.$/);
  });

  it("shows a disk in the status line while the game is kept in a file, its name in the tooltip", () => {
    const v = fixture("buy-3p");
    expect(dom(statusHtml(v)).querySelector(".alh-saved")).toBeNull();
    const disk = dom(statusHtml({ ...v, saved: "evening.json" })).querySelector("svg.alh-saved");
    expect(disk.getAttribute("role")).toBe("img");
    expect(accessibleName(disk)).toBe("Kept in evening.json: saved after every move");
    expect(disk.querySelector("title").textContent).toBe("Kept in evening.json: saved after every move");
  });

  it("draws a reserve with choosable tiles", () => {
    const v = fixture("hotseat-3p");
    const me = v.players[v.current];
    const root = dom(reserveSvg(me, { act: "reserve-tile", enabled: [me.reserve[0].id] }));
    const t = root.querySelector("g.alh-tile");
    expect(t.getAttribute("data-act")).toBe("reserve-tile");
    expect(t.dataset.id).toBe(String(me.reserve[0].id));
  });

  it("makes reserve tiles controls only when asked, the chosen one pressed; a tile's price and picture from 44 units", () => {
    const tiles = [{ id: 12, building: "seraglio", price: 6, walls: "N" }, { id: 30, building: "garden", price: 9, walls: "" }];
    const me = player([fountain], { reserve: tiles });
    const still = dom(reserveSvg(me));
    expect(still.querySelectorAll("g.alh-tile").length).toBe(2);
    expect(still.querySelectorAll("[data-act]").length).toBe(0);
    const root = dom(reserveSvg(me, { act: "reserve-tile", enabled: [30], selected: 30 }));
    const [a, b] = root.querySelectorAll("g.alh-tile");
    expect([a.getAttribute("data-act"), b.getAttribute("data-act")]).toEqual([null, "reserve-tile"]);
    expect(b.getAttribute("aria-pressed")).toBe("true");
    expect(b.classList.contains("alh-selected")).toBe(true);
    expect(a.classList.contains("alh-selected")).toBe(false);
    const prices = (size) => dom(reserveSvg(me, { size })).querySelectorAll(".alh-price").length;
    expect([prices(44), prices(43)]).toEqual([2, 0]);
  });

  it("lets only the placer choose the tiles to place, and names Dirk in their hint in a two-player game only", () => {
    const v = fixture("seated-2p-place");
    const placer = v.pending[0].player;
    expect(dom(pendingHtml(v, { player: 1 - placer, act: "pending-tile" })).querySelectorAll("[data-act]").length).toBe(0);
    const names = (view) => [...dom(pendingHtml(view, { player: placer, act: "pending-tile" })).querySelectorAll("g.alh-tile")].map(accessibleName);
    expect(names(v).every((n) => n.endsWith("choose it, then a spot, the reserve or Dirk"))).toBe(true);
    // the tiles awarded at the end go to an Alhambra or a reserve only
    expect(names({ ...v, final: true }).every((n) => n.endsWith("choose it, then a spot or the reserve"))).toBe(true);
    const three = { ...fixture("buy-3p"), pending: v.pending };
    expect(names(three).length).toBeGreaterThan(0);
    expect(names(three).every((n) => n.endsWith("choose it, then a spot or the reserve"))).toBe(true);
  });

  it("draws Dirk's tiles per building in the palette's colours", () => {
    const v = fixture("seated-2p-place");
    const html = dirkHtml(v);
    expect(html).not.toContain("undefined");
    const root = dom(html);
    for (const b of v.buildings) {
      const face = root.querySelector(`path.alh-faces.alh-${b}`);
      expect([face.getAttribute("fill"), face.getAttribute("stroke")]).toEqual(BUILDING_COLORS[b].slice(0, 2));
    }
    const inks = new Set(v.buildings.map((b) => BUILDING_COLORS[b][2]));
    expect(new Set([...root.querySelectorAll('path[fill-rule="evenodd"]')].map((p) => p.getAttribute("fill")))).toEqual(inks);
  });

  it("offers cards, slots and reserve tiles as controls only to the player to act, and only while an action is chosen", () => {
    const controls = (v) => [...dom(tableHtml(v)).querySelectorAll("[data-act]")].map((e) => e.getAttribute("data-act"));
    const acting = fixture("buy-3p");
    const reserve = [{ id: 30, building: "garden", price: 9, walls: "" }];
    const withReserve = (v) => ({ ...v, players: v.players.map((p, i) => (i === v.current ? { ...p, reserve } : p)) });
    const theirs = withReserve({ ...acting, legal: { ...acting.legal, tiles: [...acting.legal.tiles, { id: 30, from: "reserve" }] } });
    expect(controls(theirs)).toEqual(expect.arrayContaining(["card", "slot", "reserve-tile"]));
    // a seat watching another player's action
    const watching = controls(withReserve({ ...acting, seat: (acting.current + 1) % 3, legal: null }));
    for (const act of ["card", "slot", "reserve-tile"]) expect(watching).not.toContain(act);
    // the player to act placing the tiles bought: those tiles only
    const placing = fixture("seated-2p-place");
    const mine = controls(withReserve(placing));
    expect(mine).toContain("pending-tile");
    for (const act of ["card", "slot", "reserve-tile"]) expect(mine).not.toContain(act);
  });

  it("dims the cards of the currencies a slot chosen to buy from does not take; shows the language in use in its menu", () => {
    const acting = fixture("buy-3p");
    for (const slot of [1, 2, 3, 4]) {
      const cards = [...dom(tableHtml(acting, { sel: { kind: "buy", slot, idx: [] }, note: null })).querySelectorAll('.alh-focus-hand g.alh-card')];
      expect(cards.length).toBe(acting.players[acting.current].hand.length);
      for (const c of cards) expect(c.classList.contains("alh-dim")).toBe(c.dataset.currency !== acting.market[slot - 1].currency);
    }
    // the language chosen shows in its menu, English when none is
    expect(dom(tableHtml(acting)).querySelector('.alh-lang-select option[selected]').value).toBe("en");
  });

  it("redraws the message line alone unless a note points at a board cell, now or before", () => {
    const v = fixture("buy-3p");
    const msg = { kind: "info", text: "Ana took dinar 3." };
    expect(messageLeaf(v, msg, null)).not.toBeNull();
    expect(messageLeaf(v, msg, { text: "x", at: [1, 0] })).toBeNull();
    expect(messageLeaf(v, msg, null, { text: "x", at: [1, 0] })).toBeNull();
    expect(messageLeaf(v, msg, { text: "x" }, { text: "y" })).not.toBeNull();
  });

  it("draws the tiles to place and Dirk's tiles in a two-player game", () => {
    const v = fixture("seated-2p-place");
    const pend = dom(pendingHtml(v, { player: 0, act: "pending-tile" }));
    const t = pend.querySelector('g.alh-tile[data-act="pending-tile"]');
    expect(t.dataset.id).toBe(String(v.pending[0].tile.id));
    const dirk = dom(dirkHtml(v));
    // Dirk's tiles as what counts for the majorities: a count per building, every tile in the title
    const counts = dirk.querySelector(".alh-dirk").dataset.counts.split(" ").map(Number);
    expect(counts).toEqual(v.buildings.map((b) => v.dirk.filter((x) => x.building === b).length));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(v.dirk.length);
    expect(dirk.querySelector("title").textContent.split(";").length).toBe(v.dirk.length);
    expect(dirkHtml(fixture("buy-3p"))).toBe("");
  });

  it("labels another player's tiles to place with their name, on two lines where one is too short", () => {
    const v = fixture("seated-2p-place");
    const owner = v.pending[0].player;
    const label = (o) => dom(pendingHtml(v, o)).querySelector(".alh-pending-row .alh-label");
    expect(label({ player: owner }).textContent).toBe("To place");
    expect(label({ player: owner }).classList.contains("alh-label-other")).toBe(false);
    const other = label({ player: 1 - owner });
    expect(other.textContent).toBe(`${v.players[owner].name} — to place:`);
    expect(other.classList.contains("alh-label-other")).toBe(true);
    expect(other.getAttribute("title")).toBe(other.textContent);
    expect(CSS).toMatch(/\.alh-label\.alh-label-other \{[^}]*-webkit-line-clamp: 2/);
  });
});

describe("log, scoring, controls", () => {
  it("lists the last moves in words, newest first, each with its notation as a tooltip", () => {
    const v = fixture("buy-3p");
    const root = dom(logHtml(v));
    const items = [...root.querySelectorAll("li")];
    expect(items.length).toBe(v.log.length);
    const last = v.log[v.log.length - 1];
    expect(items[0].textContent).toBe(describeEntry(last, v));
    expect(items[0].textContent.startsWith(`${last.name} `)).toBe(true);
    expect(items[0].getAttribute("title")).toBe(`Notation: ${last.action}`);
  });

  it("heads the log with its name; with no move yet says so, and is no stop for the keyboard", () => {
    const v = fixture("buy-3p");
    const full = dom(logHtml(v)).querySelector("section");
    expect(full.querySelector("h3").textContent).toBe("Last moves");
    expect(full.querySelector("details")).toBeNull();   // (unfolded unless asked)
    expect(full.getAttribute("tabindex")).toBe("0");   // (it scrolls: the keyboard can scroll it)
    const none = dom(logHtml({ ...v, log: [] })).querySelector("section");
    expect(none.querySelector("h3").textContent).toBe("Last moves");
    expect(none.querySelector("p").textContent).toBe("No moves yet.");
    expect(none.querySelector("li")).toBeNull();
    expect(none.hasAttribute("tabindex")).toBe(false);
  });

  it("shows each scoring round: points per building and wall, and the winners", () => {
    const v = fixture("over-4p");
    const root = dom(scoringHtml(v));
    const tables = [...root.querySelectorAll("table.alh-round")];
    expect(tables.map((t) => t.dataset.round)).toEqual(["3", "2", "1"]);
    const r3 = v.rounds[2];
    const row = tables[0].querySelector('tr[data-player="0"]');
    const cells = [...row.querySelectorAll("td")].map((td) => td.textContent.split("\u00a0")[0]);
    r3.buildings[0].forEach((pts, k) => expect(cells[k]).toBe(pts ? String(pts) : r3.counts[0][k] ? "0" : "\u2013"));
    expect(cells[6]).toBe(String(r3.walls[0]));
    expect(cells[7]).toBe(`+${r3.points[0]}`);
    const names = v.winners.map((i) => v.players[i].name);
    expect(root.querySelector(".alh-final").textContent).toContain(names.join(" and "));
  });

  it("offers the right buttons, and Undo/Redo", () => {
    const v = fixture("seated-2p-place");
    const root = dom(controlsHtml(v, { sel: null }));
    const acts = [...root.querySelectorAll("button")].map((b) => b.dataset.act);
    // seated (seat 0 to place): a hint may be asked for
    // every button of the game is always there (nothing moves during a turn): disabled when of no use now
    expect(acts).toEqual(["take", "buy", "to-reserve", "dirk", "end", "clear", "hint"]);
    const on = [...root.querySelectorAll("button:not([disabled]):not([aria-disabled=true])")].map((b) => b.dataset.act);
    expect(on).toEqual(["hint"]);
    // Undo and Redo sit with the replay control under the board
    const history = dom(replayHtml(v));
    expect([...history.querySelectorAll("button")].map((b) => b.dataset.act)).toEqual(["undo", "redo", "live"]);
    // the slider is labelled by the visible word before it
    const slider = history.querySelector("input[type=range]");
    expect(slider.closest("label").querySelector(".alh-label").textContent).toBe("Replay");
    expect(off(history.querySelector('[data-act="redo"]'))).toBe(true);
    const over = dom(controlsHtml(fixture("over-4p"), { sel: null }));
    expect([...over.querySelectorAll("button")].map((b) => b.dataset.act)).toEqual(["new_game", "undo", "redo", "review"]);
    // the game is over: a new game with the same players is the one thing to do next, named for a screen reader
    const again = over.querySelector('[data-act="new_game"]');
    expect(again.classList.contains("alh-primary")).toBe(true);
    expect(off(again)).toBe(false);
    expect(accessibleName(again)).toBe("New game");
    expect(again.getAttribute("title")).toMatch(/^Start a new game with the players of the next game/);
    expect(reduce(initialUi(), { act: "new_game" }, fixture("over-4p")).intent).toEqual({ type: "new_game" });
    // not in a lesson, whose positions are its own
    const lesson = dom(controlsHtml({ ...fixture("over-4p"), lesson: { title: "x" } }, { sel: null }));
    expect(lesson.querySelector('[data-act="new_game"]')).toBeNull();
  });

  it("chooses the players of the next game under New game: a person or a bot per seat, and how many", () => {
    const over = { ...fixture("over-4p"), bots: { 2: "Greedy" } };
    const fold = dom(lineupHtml(over, initialUi())).firstElementChild;
    expect(fold.tagName).toBe("DETAILS");
    expect(fold.open).toBe(false);
    // folded, its summary says the line-up: this game's, the bot at seat 3 kept
    const summary = fold.querySelector("summary").textContent;
    expect(summary).toBe("Players of the next game: Player 1, Player 2, Greedy, as now, Player 4");
    expect(fold.querySelectorAll("select").length).toBe(0);   // drawn once unfolded
    const selects = [...dom(lineupHtml(over, initialUi(), true)).querySelectorAll("select")];
    // every select is labelled by its visible words (the label around it)
    expect(selects.map((s) => s.closest("label").firstElementChild.textContent)).toEqual(["Players", "Seat 1", "Seat 2", "Seat 3", "Seat 4"]);
    expect(selects[0].value).toBe("4");
    expect([...selects[0].options].map((o) => o.value)).toEqual(["2", "3", "4", "5", "6"]);   // 2-6 players (S1)
    expect(selects.slice(1).map((s) => s.value)).toEqual(["person", "person", "same", "person"]);
    // a person's name, to type (filled with the name of who sits there now); none for a bot
    const open = dom(lineupHtml(over, initialUi(), true));
    // a seat's kind and name side by side, a group of their own (a column of the line-up's grid)
    const seats = [...open.querySelectorAll(".alh-lineup-seat")];
    expect(seats.map((seat) => [...seat.querySelectorAll("select, input")].map((c) => c.dataset.act))).toEqual([
      ["lineup-seat", "lineup-name"], ["lineup-seat", "lineup-name"], ["lineup-seat"], ["lineup-seat", "lineup-name"]]);
    expect(open.querySelector('select[data-act="lineup-n"]').closest(".alh-lineup-seat")).toBeNull();
    const fields = [...open.querySelectorAll('input[data-act="lineup-name"]')];
    expect(fields.map((f) => [f.dataset.i, f.value, f.getAttribute("aria-label")])).toEqual([
      ["0", "Player 1", "Name at seat 1"], ["1", "Player 2", "Name at seat 2"], ["3", "Player 4", "Name at seat 4"]]);
    // "the same bot" only where a bot plays now
    const offered = (s) => [...s.options].map((o) => o.value);
    expect(offered(selects[1])).toEqual(["person", "random", "greedy", "mcts"]);
    expect(offered(selects[3])).toEqual(["person", "random", "greedy", "mcts", "same"]);
    // unchanged, New game keeps the same players; chosen, it sends the line-up
    expect(reduce(initialUi(), { act: "new_game" }, over).intent).toEqual({ type: "new_game" });
    let ui = reduce(initialUi(), { act: "lineup-seat", i: 1, value: "mcts" }, over).ui;
    expect(ui.lineup).toEqual(["person", "mcts", "same", "person"]);
    ui = reduce(ui, { act: "lineup-n", value: "2" }, over).ui;
    expect(ui.lineup).toEqual(["person", "mcts"]);
    ui = reduce(ui, { act: "lineup-n", value: "5" }, over).ui;
    expect(ui.lineup).toEqual(["person", "mcts", "person", "person", "person"]);
    const drawn = dom(lineupHtml(over, ui, true)).firstElementChild;
    expect(drawn.open).toBe(true);
    expect(drawn.querySelectorAll("select").length).toBe(6);
    expect(drawn.querySelector("summary").textContent).toBe("Players of the next game: Player 1, MCTS (bot), person, person, person");
    ui = reduce(ui, { act: "lineup-name", i: 2, value: " Eve " }, over).ui;
    ui = reduce(ui, { act: "lineup-name", i: 0, value: "" }, over).ui;
    expect(dom(lineupHtml(over, ui)).querySelector("summary").textContent).toBe("Players of the next game: person, MCTS (bot), Eve, person, person");
    expect(reduce(ui, { act: "clear" }, over).ui.lineupNames).toEqual(ui.lineupNames);   // Escape keeps what is being chosen
    // a name left as shown is not sent: the kernel keeps who sits there (the view may show
    // an unnamed seat in the widget's words, "Spieler 4", where the game says "Player 4")
    ui = reduce(ui, { act: "lineup-n", value: "4" }, over).ui;
    ui = reduce(ui, { act: "lineup-name", i: 3, value: "Player 4" }, over).ui;
    expect(reduce(ui, { act: "new_game" }, over).intent.names).toEqual([null, null, "Eve", null]);
    ui = reduce(ui, { act: "lineup-n", value: "5" }, over).ui;
    const sent = reduce(ui, { act: "new_game" }, over);
    // the people's names: as typed, trimmed; none typed (or a bot's seat): the kernel names the seat
    expect(sent.intent).toEqual({ type: "new_game", players: ["person", "mcts", "person", "person", "person"], names: [null, null, "Eve", null, null] });
    expect(sent.ui.lineup).toBeUndefined();
    // what the kernel would refuse is not chosen: a count or a kind it does not know, a seat not there
    for (const ev of [{ act: "lineup-n", value: "7" }, { act: "lineup-n", value: "x" }, { act: "lineup-seat", i: 1, value: "human" },
      { act: "lineup-seat", i: 4, value: "greedy" }, { act: "lineup-seat", i: NaN, value: "greedy" }]) {
      expect(reduce(initialUi(), ev, over).ui.lineup).toBeUndefined();
    }
  });

  it("offers the players of this game before its first move, with a button of its own to deal for them", () => {
    const start = { ...fixture("hotseat-3p"), moves: 0 };
    const table = dom(tableHtml(start, initialUi(), {}, { lineupOpen: true }));
    const fold = table.querySelector("details.alh-lineup");
    expect(fold.querySelector("summary").textContent).toBe("Players of this game: Ana, Ben, Chi");
    // in the section under the table, before the scoring rounds
    expect(fold.closest(".alh-bottom")).not.toBeNull();
    const deal = fold.querySelector('button[data-act="new_game"]');
    expect(deal.textContent.trim()).toBe("Deal for these players");
    expect(deal.getAttribute("title")).toMatch(/only before the first move/);
    // once a move is made, or in a replay or a lesson, it is gone
    for (const v of [{ ...start, moves: 1 }, { ...start, replay: 0 }, { ...start, lesson: { title: "x" } }]) {
      expect(dom(tableHtml(v, initialUi(), {}, { lineupOpen: true })).querySelector("details.alh-lineup")).toBeNull();
    }
  });

  it("shows a refusal with its rule id", () => {
    const root = dom(messageHtml({ kind: "error", rule: "P5", text: "A hole.", id: 3 }, null));
    expect(root.querySelector(".alh-message.alh-error .alh-rule").textContent).toBe("P5");
    expect(root.textContent).toContain("A hole.");
    expect(dom(messageHtml({}, null)).querySelector(".alh-message").textContent).toBe("");
    // a screen reader hears the rule named once: "Rule P5." before words that do not name it
    expect(root.querySelector(".alh-sr").textContent).toBe("Rule P5.\u00a0");
    const named = dom(messageHtml({ kind: "error", rule: "P5", text: "P5: a hole.", id: 4 }, null));
    expect(named.querySelector(".alh-sr")).toBeNull();
    expect(named.querySelector(".alh-rule").getAttribute("aria-hidden")).toBe("true");
  });

  it("marks a move told by the kernel apart from a note or a refusal (it gives its room to hints)", () => {
    const told = dom(messageHtml({ kind: "info", rule: null, text: "Ana took dinar 2.", id: 4 }, null)).querySelector(".alh-message");
    expect([...told.classList]).toEqual(["alh-message", "alh-info-msg", "alh-told"]);
    const note = dom(messageHtml({ kind: "info", rule: null, text: "Ana took dinar 2.", id: 4 }, { kind: "note", rule: "T2", text: "You cannot pay." })).querySelector(".alh-message");
    expect(note.classList.contains("alh-told")).toBe(false);
    expect(note.textContent).toContain("You cannot pay.");
    for (const m of [{ kind: "error", rule: "P5", text: "A hole.", id: 3 }, {}]) {
      expect(dom(messageHtml(m, null)).querySelector(".alh-told")).toBeNull();
    }
    // and the style sheet takes away only those (and an empty line) while hints are shown
    expect(CSS).toMatch(/\.alh-hold:has\(> \.alh-focus-hints > \*\) > \.alh-message:is\(:empty, \.alh-told\) \{ display: none; \}/);
  });

  it("counts the moves of the live game in words: one move, two moves", () => {
    const pos = (n) => dom(replayHtml({ ...fixture("buy-3p"), replay: null, live_moves: n })).querySelector(".alh-replay-pos").textContent;
    expect(pos(1)).toBe("live (1 move)");
    expect(pos(2)).toBe("live (2 moves)");
    expect(pos(0)).toBe("live (0 moves)");
    const banner = (n) => dom(replayBannerHtml({ ...fixture("buy-3p"), replay: 0, live_moves: n })).textContent;
    expect(banner(1)).toContain("(1 move played)");
    expect(banner(3)).toContain("(3 moves played)");
  });

  it("offers to play on from the position replayed where the kernel allows it", () => {
    const v = { ...fixture("buy-3p"), legal: null, replay: 2, live_moves: 6 };
    const named = (root) => [...root.querySelectorAll("button")].map((b) => b.textContent.trim());
    const bar = dom(controlsHtml({ ...v, can_play_from: true }, { sel: null, note: null }));
    expect(named(bar)).toEqual(["Play from here", "Hint"]);     // the game's own buttons are off while replaying
    expect(bar.querySelector("[data-act=play-from]").getAttribute("title")).toMatch(/later moves are taken back/);
    expect(named(dom(controlsHtml({ ...v, can_play_from: false }, { sel: null, note: null })))).toEqual(["Hint"]);
    expect(named(dom(controlsHtml({ ...v, replay: null, can_play_from: true }, { sel: null, note: null })))).not.toContain("Play from here");
  });

  it("offers a hint on the position replayed: what was best there", () => {
    const v = { ...fixture("buy-3p"), legal: null, replay: 2, live_moves: 6, can_play_from: false };
    const hint = (view) => dom(controlsHtml(view, { sel: null, note: null })).querySelector("[data-act=hint]");
    expect(off(hint(v))).toBe(false);
    expect(hint(v).getAttribute("title")).toMatch(/best moves/);
    expect(off(hint({ ...v, hinting: true }))).toBe(true);     // one search at a time
    expect(hint({ ...v, lesson: { id: "x" } })).toBe(null);         // a lesson has no hints
  });

  it("offers the game as it was played after Play from here, beside Live", () => {
    const v = { ...fixture("buy-3p"), replay: null };
    const named = (view) => [...dom(replayHtml(view)).querySelectorAll("button")].map((b) => b.textContent.trim());
    expect(named({ ...v, played_moves: null })).not.toContain("\u21a9 Game played");
    const back = dom(replayHtml({ ...v, played_moves: 41 })).querySelector("[data-act=back-to-game]");
    expect(back.textContent.trim()).toBe("\u21a9 Game played");
    expect(back.getAttribute("title")).toBe("Back to the game as it was played, up to move 41: the moves tried since Play from here are dropped");
    expect(off(back)).toBe(false);
    expect(reduce(initialUi(), { act: "back-to-game" }, v).intent).toEqual({ type: "back_to_game" });
  });

  it("has a replay slider from the start to the live position", () => {
    const v = { ...fixture("buy-3p"), replay: 3 };
    const input = dom(replayHtml(v)).querySelector("input[type=range]");
    expect(input.max).toBe(String(v.live_moves));
    expect(input.value).toBe("3");
    expect(input.getAttribute("aria-label")).toMatch(/move 3 of/);
  });
});

describe("the whole table", () => {
  const names = ["hotseat-3p", "buy-3p", "seated-2p-place", "seated-2p-other", "over-4p"];
  for (const name of names) {
    it(`${name}: every control is named and keyboard reachable, every class alh-`, () => {
      const root = dom(tableHtml(fixture(name), { sel: null, note: null }, {}));
      for (const el of root.querySelectorAll("[data-act]")) {
        const tag = el.tagName.toLowerCase();
        expect(accessibleName(el), `${tag} ${el.outerHTML.slice(0, 80)}`).toBeTruthy();
        // a button named by aria-label has that label's words in view (WCAG 2.5.3,
        // label in name), unless it shows a sign only (the message's ×)
        const shown = el.tagName === "BUTTON" ? el.textContent.replace(/\s+/g, " ").trim() : "";
        if (el.hasAttribute("aria-label") && /\p{L}/u.test(shown)) {
          expect(el.getAttribute("aria-label").toLowerCase(), el.outerHTML.slice(0, 80)).toContain(shown.toLowerCase());
        }
        // Lumino matches shortcut selectors on the focused element itself
        expect(el.hasAttribute("data-lm-suppress-shortcuts"), el.outerHTML.slice(0, 80)).toBe(true);
        if (tag !== "button" && tag !== "input" && tag !== "select") {
          expect(el.getAttribute("role")).toBe("button");
          expect(["0", "-1"]).toContain(el.getAttribute("tabindex"));
        }
      }
      for (const el of root.querySelectorAll("[class]")) {
        for (const c of el.getAttribute("class").split(/\s+/).filter(Boolean)) expect(c.startsWith("alh-") || c === "alh").toBe(true);
      }
      expect(root.querySelectorAll("[id]").length).toBe(0); // displayed twice, ids would clash
      const html = root.innerHTML;
      expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    });
  }

  it("at the end of the game shows the result first, then every Alhambra; no markets, no acting player", () => {
    const over = dom(tableHtml(fixture("over-4p")));
    const app = over.querySelector(".alh-app");
    expect(app.dataset.phase).toBe("over");
    expect(over.querySelector(".alh-markets")).toBeNull();
    expect(over.querySelector(".alh-focus")).toBeNull();
    const order = [".alh-status", ".alh-controls", ".alh-scoring", ".alh-replay", ".alh-players", ".alh-log"].map((sel) =>
      [...app.querySelectorAll("*")].indexOf(over.querySelector(sel)));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(over.querySelector('.alh-controls [data-act="undo"]')).not.toBeNull();
    // the moves under a fold (drawn by default in the HTML; the widget draws them when opened)
    const fold = over.querySelector(".alh-log details.alh-log-fold");
    expect(fold.open).toBe(false);
    expect(fold.querySelector("summary").textContent).toBe("Last moves");
    expect(dom(tableHtml(fixture("over-4p"), undefined, {}, { lazyEarlier: true })).querySelectorAll(".alh-log li").length).toBe(0);
    // in play: the markets and the acting player's section, the scores after the players
    const play = dom(tableHtml(fixture("buy-3p")));
    expect(play.querySelector(".alh-markets")).not.toBeNull();
    expect(play.querySelector(".alh-focus")).not.toBeNull();
    const all = [...play.querySelectorAll("*")];
    expect(all.indexOf(play.querySelector(".alh-players"))).toBeLessThan(all.indexOf(play.querySelector(".alh-scoring")));
  });

  it("in play, the latest scoring round is open while recent, then folded to each player's points", () => {
    const over = fixture("over-4p");
    // the same rounds in play: round 3 is "latest"; the log decides whether it is recent
    const inPlay = (log) => ({ ...over, phase: "action", winners: [], log });
    const scored = over.log[over.log.length - 1];
    expect(scored.rounds).toContain(3);
    const quiet = over.log.slice(0, -1).filter((e) => !(e.rounds || []).length);
    // recent: scored within the last n moves (n = the number of players)
    const recent = dom(scoringHtml(inPlay([...quiet.slice(-10), scored, ...quiet.slice(0, over.n - 1)]), { lazyEarlier: true }));
    expect(recent.querySelector("details.alh-latest-round").open).toBe(true);
    expect(recent.querySelector('details.alh-latest-round table.alh-round[data-round="3"]')).not.toBeNull();
    // n moves later: folded, not drawn, its summary gives every player's points of the round
    const later = dom(scoringHtml(inPlay([...quiet.slice(-10), scored, ...quiet.slice(0, over.n)]), { lazyEarlier: true }));
    const fold = later.querySelector("details.alh-latest-round");
    expect(fold.open).toBe(false);
    expect(fold.querySelector("table")).toBeNull();
    const summary = fold.querySelector("summary").textContent;
    over.players.forEach((p, i) => expect(summary).toContain(`${p.name} +${over.rounds[2].points[i]}`));
    // the player's choice wins either way
    expect(dom(scoringHtml(inPlay([scored]), { lazyEarlier: true, latestOpen: false })).querySelector("details.alh-latest-round").open).toBe(false);
    const opened = dom(scoringHtml(inPlay(quiet), { lazyEarlier: true, latestOpen: true }));
    expect(opened.querySelector("details.alh-latest-round").open).toBe(true);
    expect(opened.querySelector("details.alh-latest-round table")).not.toBeNull();
    // at the end of the game: the final table, no fold
    expect(dom(scoringHtml(over, { lazyEarlier: true })).querySelector("details.alh-latest-round")).toBeNull();
    // the round the last move scored is marked as just scored, and only that one; none after a quiet move
    const marked = (v) => [...dom(scoringHtml(v)).querySelectorAll("table.alh-latest")].map((tb) => tb.getAttribute("data-round"));
    expect(marked(over)).toEqual(["3"]);
    expect(marked(inPlay([...quiet.slice(-3), scored]))).toEqual(["3"]);
    expect(marked(inPlay([scored, ...quiet.slice(0, 1)]))).toEqual([]);
    expect(marked({ ...over, log: [] })).toEqual([]);
    // a scored round folded to a line: the players' points (Dirk's, D3, are in its table)
    const withDirk = inPlay([scored, ...quiet.slice(0, over.n)]);
    withDirk.rounds = over.rounds.map((r) => ({ ...r, dirk: [4, 0, 0, 0, 0, 0] }));
    const line = dom(scoringHtml(withDirk, { lazyEarlier: true })).querySelector("details.alh-latest-round summary").textContent;
    expect(line).not.toContain("Dirk");
    // Dirk's row (D3) where the view has Dirk, not in a lesson before the one on Dirk, not for a round without him
    const twoish = { ...over, dirk: [] };
    twoish.rounds = over.rounds.map((r) => ({ ...r, dirk: [3, 0, 0, 0, 0, 0], counts: [...r.counts, [1, 0, 0, 0, 0, 0]] }));
    const dirkRows = (v) => dom(scoringHtml(v)).querySelectorAll("tr.alh-dirk-row").length;
    expect(dirkRows(twoish)).toBeGreaterThan(0);
    expect(dirkRows(over)).toBe(0);
    expect(dirkRows({ ...twoish, lesson: { id: "x", rules: ["P1", "T2"] } })).toBe(0);
    expect(dirkRows({ ...twoish, lesson: { id: "x", rules: ["D3"] } })).toBe(dirkRows(twoish));
    expect(dirkRows({ ...twoish, rounds: over.rounds.map((r) => ({ ...r, dirk: null })) })).toBe(0);
    // one round scored: no fold of earlier rounds
    const first = { ...over, rounds: over.rounds.slice(0, 1) };
    expect(dom(scoringHtml(first)).querySelector("details.alh-earlier")).toBeNull();
    expect(dom(scoringHtml(over)).querySelector("details.alh-earlier")).not.toBeNull();
  });

  it("in play, the next scoring round as it would be scored now: a line of points, unfolded the table", () => {
    const v = fixture("buy-3p");
    const p = v.preview;
    expect(p.round).toBe(v.rounds.length + 1);
    const folded = dom(scoringHtml(v, { lazyEarlier: true }));
    const fold = folded.querySelector("details.alh-preview");
    expect(fold.open).toBe(false);
    expect(fold.querySelector("table")).toBeNull(); // folded: not drawn
    const summary = fold.querySelector("summary");
    expect(summary.textContent).toMatch(new RegExp(`^Scoring round ${p.round} if it were now: `));
    v.players.forEach((pl, i) => expect(summary.textContent).toContain(`${pl.name} +${p.points[i]}`));
    expect(summary.dataset.key).toBe("preview");
    // first in the section: what comes next, before the rounds scored
    const section = folded.querySelector(".alh-scoring");
    expect(section.querySelector("details, p")).toBe(fold);
    const open = dom(scoringHtml(v, { lazyEarlier: true, previewOpen: true })).querySelector("details.alh-preview");
    expect(open.open).toBe(true);
    const table = open.querySelector("table.alh-round.alh-preview-table");
    expect(table.querySelector("caption").textContent).toBe(`Scoring round ${p.round} if it were now`);
    expect(table.dataset.round).toBe(String(p.round));
    const rows = [...table.querySelectorAll("tbody tr[data-player]")];
    expect(rows.map((r) => r.querySelector(".alh-round-points").textContent)).toEqual(p.points.map((x) => `+${x}`));
    expect(rows.map((r) => r.lastElementChild.textContent)).toEqual(p.scores.map(String)); // the scores it would make
    expect(open.querySelector(".alh-why")).toBeNull(); // no narration: nothing was scored
    // not once the game is over
    expect(dom(scoringHtml({ ...fixture("over-4p"), preview: p })).querySelector("details.alh-preview")).toBeNull();
    // two players: Dirk's places score too (D3), his points after the players'
    const two = fixture("seated-2p-other");
    expect(two.preview.dirk).not.toBeNull();
    const dirk = two.preview.dirk.reduce((a, b) => a + b, 0);
    const line = dom(scoringHtml(two, { lazyEarlier: true })).querySelector("details.alh-preview summary").textContent;
    expect(line.endsWith(` and Dirk +${dirk}`)).toBe(true);
    const twoTable = dom(scoringHtml(two, { lazyEarlier: true, previewOpen: true })).querySelector("table.alh-preview-table");
    expect(twoTable.querySelector("tr.alh-dirk-row")).not.toBeNull();
  });

  it("at the end of a two-player game still shows Dirk's tiles", () => {
    const v = fixture("seated-2p-other");
    expect(v.dirk).not.toBeNull();
    const root = dom(tableHtml({ ...v, phase: "over", legal: null, winners: [0] }));
    expect(root.querySelector(".alh-dirk").dataset.count).toBe(String(v.dirk.length));
  });

  it("never draws the deck or the bag's contents, only counts", () => {
    const v = fixture("over-4p");
    expect(Object.keys(v)).not.toContain("deck_cards");
    expect(typeof v.deck).toBe("number");
    expect(typeof v.bag).toBe("number");
  });

  it("the stylesheet uses the JupyterLab theme variables for light and dark", () => {
    expect(CSS).toContain("color-scheme: light dark");
    expect(CSS).toMatch(/var\(--jp-layout-color1,/);
    expect(CSS).toMatch(/var\(--jp-ui-font-color1,/);
    const classes = CSS.replace(/\/\*[\s\S]*?\*\//g, "").match(/\.[a-z][\w-]*/g).filter((c) => !/^\.\d/.test(c));
    // the host page's own classes, read only to follow its theme or its layout
    const host = new Set([".light", ".dark", ".jp-OutputArea-child", ".output_area"]);
    for (const c of classes) expect(c.startsWith(".alh-") || c.startsWith(".vscode-") || host.has(c), c).toBe(true);
  });
});

describe("helpers", () => {
  it("writes cards in the engine's notation", () => {
    expect(cardsText(["dinar 2", "florin 3", "florin 1"])).toBe("florin 1+3, dinar 2");
  });
  it("escapes text", () => {
    expect(esc(`<a href="x">&'`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
  });
});

describe("a small board (the scoring's pictures)", () => {
  it("draws each building's faces as one path and the pictures as one path per ink, every tile in them", () => {
    const p = fixture("over-4p").players[0];
    const svg = dom(alhambraSvg(p, { compact: true, coords: false, detail: false, maxWidth: 150, cellPx: 24 })).querySelector("svg");
    const faces = [...svg.querySelectorAll("path.alh-tile-faces")];
    const built = p.alhambra.filter((t) => t.id !== 0);
    expect(faces.map((f) => f.classList[1]).sort()).toEqual([...new Set(built.map((t) => `alh-${t.building}`))].sort());
    // a rounded square a tile: as many shapes as the building has tiles, each path starting with one
    for (const f of faces) {
      const kind = f.classList[1].slice(4);
      const d = f.getAttribute("d");
      expect(d.startsWith("M")).toBe(true);
      expect((d.match(/M/g) || []).length).toBe(built.filter((t) => t.building === kind).length);
    }
    for (const a of svg.querySelectorAll("path.alh-arts")) expect(a.getAttribute("d").startsWith("M")).toBe(true);
    // in the colours a tile of that building has drawn alone: face, edge and the picture's ink
    const full = dom(alhambraSvg(p)).querySelector("svg");
    for (const f of faces) {
      const alone = full.querySelector(`g.alh-tile.${f.classList[1]} rect.alh-tile-face`);
      expect([f.getAttribute("fill"), f.getAttribute("stroke")]).toEqual([alone.getAttribute("fill"), alone.getAttribute("stroke")]);
    }
    const inks = (root, sel) => [...new Set([...root.querySelectorAll(sel)].map((a) => a.getAttribute("fill")))].sort();
    expect(inks(svg, "path.alh-arts")).toEqual(inks(full, "g.alh-tile path.alh-mark[fill-rule]"));
    // (so no tile draws a face or a picture of its own: each is drawn once)
    const tiles = [...svg.querySelectorAll("g.alh-tiles > g.alh-tile")];
    expect(tiles.length).toBe(p.alhambra.length);
    for (const t of tiles) expect(t.querySelectorAll("rect.alh-tile-face, path, use, circle").length).toBe(0);
  });

  it("is named by its player, its buildings (not the fountain) and its longest wall, drawn where asked", () => {
    const p = fixture("over-4p").players.find((q) => (q.wall_path || []).length);
    const built = p.alhambra.filter((t) => t.id !== 0).length;
    const svg = (o) => dom(alhambraSvg(p, o)).querySelector("svg");
    expect(svg({}).getAttribute("aria-label")).toBe(`${p.name}'s Alhambra: ${built} tiles, longest wall ${p.wall}`);
    expect(svg({}).querySelector(".alh-longest-wall").dataset.length).toBe(String(p.wall_path.length));
    expect(svg({ wall: false }).querySelector(".alh-longest-wall")).toBeNull();
  });
});
