// The picture of a player in the column of players: a miniature Alhambra on
// the left; on the right the building counts, the cards in hand and the
// reserve -- in ONE <svg> as tall as the miniature (js/layout.js,
// panelLayout: fewer players, bigger pictures), drawn with one element per
// paint.
//
// The panels are not controls (the focus section is where a player acts), so
// nothing in them needs an element of its own, and what the browser pays for
// is elements (~30-40 us each, style to paint, on the machines here), not the
// shapes in them. So the picture has one <path> per fill: each building's
// colour holds that building's tiles on the board, in the reserve and its
// count chip; each currency's colour holds the cards in hand; one <path> per
// ink holds the buildings' pictures (artwork.json) and the currencies'
// symbols; and one per ink every number (card values, counts, drawn as
// strokes). A 6-player end-of-game table drew ~75 elements per panel in
// three <svg>s and as many HTML chips; this draws ~20
// (benchmarks/bench_widget.py). The miniature shows each tile's picture, not
// its price (the price is in the description).
//
// What the picture shows is told in words too: the <svg> is an image whose
// name (its <title>, also the tooltip) sums it up -- the Alhambra's size and
// longest wall, the building counts, the cards in hand, the reserve -- and
// whose description (<desc>) lists every tile with its position and walls and
// every card. The tiles, the reserve and the counts are also given as data
// (data-tiles="id@x,y ...", data-reserve="id ...", data-counts, data-wall, data-cards)
// for scripts and tests.

import { buildingName, cardName, t, tn } from "../i18n.js";
import { sentences } from "../describe.js";
import { boundsOf, fanRow, fitBoard, panelLayout } from "../layout.js";
import {
  ARTWORK, BUILDING_COLORS, CURRENCY_COLORS, FOUNTAIN_COLORS, PALETTE, UNKNOWN_COLORS, artD, cardBack, describeTile, esc, markD, num, numberD, parseCard, roundRect,
  sideSegment, symbolD, text,
} from "./common.js";

export { markD, numberD };

/** Ink of the numbers and pictures on light faces (florin cards, chambers tiles), and on dark ones. */
const DARK = PALETTE.table.ink;
const LIGHT = PALETTE.table.on_dark;
const GAP = 10;

/** Collects path data by paint: add(key, d), then the <path>s. */
function layers() {
  const by = new Map();
  return {
    add(key, d) {
      by.set(key, (by.get(key) || "") + d);
    },
    entries() {
      return [...by.entries()];
    },
  };
}

/** The ink (dark or light) a colour triple's text colour stands for. */
const inkOf = (colors) => ((colors || UNKNOWN_COLORS)[2] === LIGHT ? LIGHT : DARK);

/**
 * One player's picture for the column of players.
 * @param {object} view  the JSON view (for the buildings' order and the number of players)
 * @param {object} p     a view player ({name, counts, hand|null, cards, alhambra, reserve, wall, wall_path})
 * @param {object} [o]
 * @param {boolean} [o.hand]  draw the hand (default true; at the end of the game money is worth nothing)
 */
export function panelSvg(view, p, o = {}) {
  const drawHand = o.hand !== false;
  const tiles = p.alhambra || [];
  const reserve = p.reserve || [];
  const hand = p.hand;
  const buildings = view.buildings || Object.keys(BUILDING_COLORS);
  const counts = p.counts || buildings.map(() => 0);
  const L = panelLayout(view.n || (view.players || []).length || 4);
  const B = L.board;
  const W = L.width;
  const H = B;
  const x0 = B + GAP; // the column right of the miniature
  const IW = W - x0;

  const faces = layers(); // fill per building or currency
  const arts = layers(); // filled pictures per ink: buildings, currencies
  const inks = layers(); // strokes per ink: numbers
  const walls = layers(); // wall sides, the longest wall
  const number = (cx, cy, n, height, ink) => inks.add(ink, numberD(cx, cy, n, height));
  const tileFace = (tile, x, y, s, square = true) => {
    if (tile.id === 0) return;
    const g = s * 0.03;
    // square: at this size a rounded corner is a pixel, and four arcs are most of a path's data
    faces.add(`b:${tile.building}`, square ? `M${num(x + g)} ${num(y + g)}h${num(s - 2 * g)}v${num(s - 2 * g)}h${num(2 * g - s)}z` : roundRect(x, y, s, s, s * 0.12));
    arts.add(inkOf(BUILDING_COLORS[tile.building]), artD(tile.building, x + s * 0.14, y + s * 0.14, s * 0.72));
  };
  const tileWalls = (tile, x, y, s) => {
    for (const side of tile.walls || "") walls.add("wall", sideSegment(x / s, y / s, side, s));
  };

  // 1. the Alhambra, centred in its square: background and grid, the fountain, the tiles
  const bounds = boundsOf(tiles);
  const fit = fitBoard(bounds, B);
  const C = fit.cell;
  let extra = `<rect class="alh-board-bg alh-mini-bg" x="0" y="0" width="${B}" height="${B}" rx="5" stroke-width="1"/>`;
  const { minx, maxx, miny, maxy } = bounds;
  let grid = "";
  for (let x = minx + 1; x <= maxx; x++) grid += `M${num(fit.ox + x * C)} ${num(fit.oy + miny * C)}v${num((maxy - miny + 1) * C)}`;
  for (let y = miny + 1; y <= maxy; y++) grid += `M${num(fit.ox + minx * C)} ${num(fit.oy + y * C)}h${num((maxx - minx + 1) * C)}`;
  if (grid) extra += `<path class="alh-board-grid" d="${grid}"/>`;
  const home = tiles.find((tile) => tile.id === 0);
  if (home) {
    const x = fit.ox + home.x * C;
    const y = fit.oy + home.y * C;
    const F = FOUNTAIN_COLORS;
    extra +=
      `<rect x="${num(x + C * 0.03)}" y="${num(y + C * 0.03)}" width="${num(C * 0.94)}" height="${num(C * 0.94)}" rx="2" fill="${F.base}" stroke="${F.rim}"/>` +
      `<circle cx="${num(x + C / 2)}" cy="${num(y + C / 2)}" r="${num(C * 0.32)}" fill="${F.water}" stroke="${F.water_edge}" stroke-width="${num(Math.max(1, C * 0.06))}"/>`;
  }
  for (const tile of tiles) {
    tileFace(tile, fit.ox + tile.x * C, fit.oy + tile.y * C, C);
    tileWalls(tile, fit.ox + tile.x * C, fit.oy + tile.y * C, C);
  }
  for (const [x, y, side] of p.wall_path || []) walls.add("longest", sideSegment(x + fit.ox / C, y + fit.oy / C, side, C));

  // 2. the building counts: per building a square in its colour with its
  // picture, and the count beside it in the text colour; the same for the
  // longest wall (bricks in an amber frame)
  const S = L.chip;
  const CW = IW / (buildings.length + 1);
  buildings.forEach((b, i) => {
    const x = x0 + i * CW;
    faces.add(`b:${b}`, roundRect(x, 0, S, S, 2.5));
    arts.add(inkOf(BUILDING_COLORS[b]), artD(b, x + 1.5, 1.5, S - 3));
    number(x + S + (CW - S) / 2, S / 2, counts[i] ?? 0, S * 0.62, "currentColor");
  });
  {
    const x = x0 + buildings.length * CW;
    walls.add("longest", roundRect(x + 1, 1, S - 2, S - 2, 2.5));
    arts.add("currentColor", markD(ARTWORK.marks.wall, x + 3, 3, S - 6, ARTWORK.box));
    number(x + S + (CW - S) / 2, S / 2, p.wall ?? 0, S * 0.62, "currentColor");
  }

  // 3. the hand: its cards (fanned when many), or the back of a card and how many
  const [cw, ch] = L.card;
  const handTop = S + 5;
  if (drawHand && hand && hand.length) {
    const curs = hand.map((c) => parseCard(c).currency);
    const row = fanRow(hand.map(() => cw), IW, { gap: 2, groups: curs, groupGap: 4 });
    hand.forEach((card, i) => {
      const { currency, value } = parseCard(card);
      const x = x0 + row.xs[i];
      const ink = inkOf(CURRENCY_COLORS[currency]);
      faces.add(`c:${currency}`, roundRect(x, handTop, cw, ch, cw * 0.16));
      // value and symbol in the card's left part: still seen when the next card covers the rest
      number(x + cw * 0.36, handTop + ch * 0.3, value, ch * 0.3, ink);
      arts.add(ink, symbolD(currency, x + cw * 0.1, handTop + ch * 0.54, cw * 0.52));
    });
  } else if (drawHand && hand) {
    extra += `<rect class="alh-empty" x="${x0 + 1}" y="${handTop + 1}" width="${cw}" height="${ch - 2}" rx="3"/>`;
  } else if (drawHand) {
    extra += cardBack(x0, handTop, cw, ch) + text(x0 + cw + 6, handTop + ch * 0.7, tn("ui.cards", p.cards ?? 0), 13, { cls: "alh-hand-count", maxWidth: IW - cw - 8 });
  }

  // 4. the reserve: its tiles in a row (overlapping a little when many); when
  // they would cover more than a fifth of each other, a tile per building and
  // how many, as the building counts are drawn (every tile is in the title)
  const rs = L.tile;
  const reserveTop = Math.min(H - rs - 1, (drawHand ? handTop + ch : handTop) + 5);
  const reserveXs = [];
  if (reserve.length) {
    const row = fanRow(reserve.map(() => rs), IW, { gap: 3 });
    if (row.step >= rs * 0.8) {
      reserve.forEach((tile, i) => {
        const x = x0 + row.xs[i];
        reserveXs.push(num(x));
        tileFace(tile, x, reserveTop, rs, false);
        tileWalls(tile, x, reserveTop, rs);
      });
    } else {
      const at = {};
      let x = x0;
      for (const b of buildings) {
        const k = reserve.filter((tile) => tile.building === b).length;
        if (!k) continue;
        at[b] = x;
        tileFace({ id: 1, building: b }, x, reserveTop, rs, false);
        const digits = String(k).length;
        const w = (digits * 6 + (digits - 1) * 2.4) * rs * 0.062;   // (numberD's width at rs * 0.62 tall)
        number(x + rs + 3 + w / 2, reserveTop + rs / 2, k, rs * 0.62, "currentColor");
        x += rs + 3 + w + 8;
      }
      for (const tile of reserve) reserveXs.push(num(at[tile.building] ?? x0));
    }
  }

  // the words
  const n = tiles.filter((tile) => tile.id !== 0).length;
  const boardLabel = tn("ui.board.label", n, { name: p.name, wall: p.wall ?? 0 });
  const countsText = buildings.map((b, i) => `${buildingName(b)} ${counts[i] ?? 0}`).join(t("list.sep"));
  const handLabel = hand
    ? t("ui.label_count", { label: t("ui.hand.of", { name: p.name }), count: tn("ui.cards", hand.length) })
    : t("ui.hand.hidden_of", { name: p.name, cards: tn("ui.cards", p.cards ?? 0) });
  const reserveLabel = t("ui.label_count", { label: t("ui.reserve.of", { name: p.name }), count: reserve.length });
  // (the punctuation from the catalogue: Japanese has its own)
  const sentence = (text) => t("list.sentence", { text });
  const listed = (label, items, sep) => sentence(t("ui.tiles.item", { label, tile: items.join(t(sep)) }));
  const title = sentences([sentence(t("list.paren", { text: boardLabel, more: countsText })), sentence(handLabel), sentence(reserveLabel)]);
  const lists = [
    listed(boardLabel, tiles.map((tile) => describeTile(tile)), "list.items"),
    hand && hand.length ? listed(handLabel, hand.map(cardName), "list.sep") : "",
    reserve.length ? listed(reserveLabel, reserve.map((tile) => describeTile(tile, false)), "list.items") : "",
  ].filter(Boolean);

  let out =
    `<svg xmlns="http://www.w3.org/2000/svg" class="alh-svg alh-panel-picture" viewBox="0 0 ${num(W)} ${num(H)}" ` +
    `preserveAspectRatio="xMinYMid meet" role="img"` +
    ` data-tiles="${esc(tiles.map((tile) => `${tile.id}@${tile.x},${tile.y}`).join(" "))}"` +
    ` data-reserve="${esc(reserve.map((tile) => tile.id).join(" "))}" data-counts="${counts.join(" ")}"` +
    // where the tiles lie, for the motion to land a tile on its cell (js/motion.js measure):
    // the board's grid (left, top, cell) and the reserve's row (top, size, left of each tile)
    ` data-grid="${num(fit.ox)} ${num(fit.oy)} ${num(C)}" data-reserve-at="${num(reserveTop)} ${num(rs)} ${reserveXs.join(" ")}"` +
    ` data-wall="${p.wall ?? 0}" data-cards="${hand ? hand.length : p.cards ?? 0}">` +
    `<title>${esc(title)}</title><desc>${esc(sentences(lists))}</desc>` +
    extra;
  for (const [key, d] of faces.entries()) {
    const [kind, name] = key.split(":");
    const [fill, edge] = (kind === "b" ? BUILDING_COLORS : CURRENCY_COLORS)[name] || UNKNOWN_COLORS;
    out += `<path class="alh-faces alh-${name}" d="${d}" fill="${fill}" stroke="${edge}" stroke-width="1"/>`;
  }
  for (const [ink, d] of arts.entries()) out += `<path class="alh-arts" d="${d}" fill="${ink}" fill-rule="evenodd"/>`;
  const w = walls.entries();
  for (const [key, d] of w) {
    if (key === "wall") out += `<path class="alh-wall" stroke-width="${num(Math.max(1.6, C * 0.14))}" d="${d}"/>`;
  }
  for (const [key, d] of w) {
    // the longest wall's sides, and the outline of its count chip
    if (key === "longest") out += `<path class="alh-longest alh-longest-thin" data-length="${(p.wall_path || []).length}" d="${d}"/>`;
  }
  for (const [ink, d] of inks.entries()) {
    out += `<path class="alh-strokes" d="${d}" fill="none" stroke="${ink}" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/>`;
  }
  return out + `</svg>`;
}
