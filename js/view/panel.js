// The picture of a player in the players' panels: building counts, hand,
// Alhambra and reserve in ONE <svg>, drawn with one element per paint.
//
// The panels are not controls (the focus section above is where a player
// acts), so nothing in them needs an element of its own, and what the browser
// pays for is elements (~30-40 us each, style to paint, on the machines here),
// not the shapes in them. So the picture has one <path> per fill: each
// building's colour holds that building's tiles on the board, in the reserve
// and its count chip; each currency's colour holds the cards in hand; and one
// <path> per ink holds every number (prices, card values, counts, drawn as
// strokes) and the chips' building marks. A 6-player end-of-game table drew
// ~75 elements per panel in three <svg>s and as many HTML chips; this draws
// ~20 (benchmarks/bench_widget.py).
//
// What the picture shows is told in words too: the <svg> is an image whose
// name (its <title>, also the tooltip) sums it up -- the Alhambra's size and
// longest wall, the building counts, the cards in hand, the reserve -- and
// whose description (<desc>) lists every tile with its position and walls and
// every card. The tiles, the reserve and the counts are also given as data
// (data-tiles="id@x,y ...", data-reserve="id ...", data-counts, data-wall, data-cards)
// for scripts and tests.

import { buildingName, cardName, t, tn } from "../i18n.js";
import { BUILDING_COLORS, BUILDING_MARK, CURRENCY_COLORS, cardBack, describeTile, esc, markD, num, numberD, parseCard, roundRect, sideSegment, text } from "./common.js";

export { BUILDING_MARK, markD, numberD };

/** Sizes in px at the picture's natural size: a board cell, a hand card, a reserve tile, a count chip. */
const CELL = 44;
const CARD_W = 28;
const CARD_H = 40;
const RESERVE = 34;
const CHIP_W = 31;
const CHIP_H = 15;
const GAP = 8;
/** Ink of the numbers on light faces (florin cards, chambers tiles). */
const DARK = "#2a2118";
const LIGHT = "#ffffff";

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

/**
 * One player's picture for the players' panels.
 * @param {object} view  the JSON view (for the buildings' order)
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

  // the board's extent, in cells
  let minx = 0, maxx = 0, miny = 0, maxy = 0;
  for (const { x, y } of tiles) {
    minx = Math.min(minx, x); maxx = Math.max(maxx, x);
    miny = Math.min(miny, y); maxy = Math.max(maxy, y);
  }
  const m = CELL * 0.2;
  const boardW = (maxx - minx + 1) * CELL + 2 * m;
  const boardH = (maxy - miny + 1) * CELL + 2 * m;
  let handW = CARD_W + 80;
  if (hand && hand.length) {
    handW = -4;
    hand.forEach((c, i) => {
      if (i && parseCard(c).currency !== parseCard(hand[i - 1]).currency) handW += 6;
      handW += CARD_W + 4;
    });
  }
  const chipsW = (buildings.length + 1) * (CHIP_W + 3) - 3;
  // the reserve in rows as wide as the rest of the picture (at least four
  // tiles a row): a long reserve does not shrink the whole picture
  const perRow = Math.max(4, Math.floor((Math.max(boardW, drawHand ? handW : 0, chipsW) - 70 + 4) / (RESERVE + 4)));
  const rows = Math.ceil(reserve.length / perRow);
  const W = Math.max(boardW, drawHand ? handW : 0, 70 + Math.min(reserve.length, perRow) * (RESERVE + 4) - 4, chipsW);
  const handTop = CHIP_H + GAP;
  const boardTop = drawHand ? handTop + CARD_H + GAP : handTop;
  const reserveTop = boardTop + boardH + GAP;
  const H = reserve.length ? reserveTop + rows * (RESERVE + 4) - 4 : boardTop + boardH;

  const faces = layers(); // fill per building or currency
  const inks = layers(); // strokes per ink: numbers and marks
  const walls = layers(); // wall sides, the longest wall
  const number = (cx, cy, n, height, ink) => inks.add(ink, numberD(cx, cy, n, height));
  const tileFace = (tile, x, y, s) => {
    if (tile.id === 0) return;
    const g = s * 0.03;
    // square: at this size a rounded corner is a pixel, and four arcs are most of a path's data
    faces.add(`b:${tile.building}`, `M${num(x + g)} ${num(y + g)}h${num(s - 2 * g)}v${num(s - 2 * g)}h${num(2 * g - s)}z`);
    const ink = (BUILDING_COLORS[tile.building] || [0, 0, DARK])[2] === LIGHT ? LIGHT : DARK;
    number(x + s / 2, y + s / 2, tile.price, s * 0.36, ink);
    for (const side of tile.walls || "") walls.add("wall", sideSegment(x / s, y / s, side, s));
  };

  // 1. the building counts: per building a square in its colour with its mark,
  // and the count beside it in the text colour; the same for the longest wall
  // (an amber square with bricks)
  const S = CHIP_H;
  buildings.forEach((b, i) => {
    const x = i * (CHIP_W + 3);
    faces.add(`b:${b}`, roundRect(x, 0, S, S, 3));
    const ink = (BUILDING_COLORS[b] || [0, 0, DARK])[2] === LIGHT ? LIGHT : DARK;
    inks.add(ink, markD(BUILDING_MARK[b], x + 2.5, 2.5, S - 5));
    number(x + S + (CHIP_W - S) / 2, S / 2, counts[i] ?? 0, 9, "currentColor");
  });
  {
    const x = buildings.length * (CHIP_W + 3);
    walls.add("longest", roundRect(x + 1, 1, S - 2, S - 2, 3));
    inks.add("currentColor", markD(BUILDING_MARK.wall, x + 2.5, 2.5, S - 5));
    number(x + S + (CHIP_W - S) / 2, S / 2, p.wall ?? 0, 9, "currentColor");
  }

  // 2. the hand: its cards, or the back of a card and how many
  let extra = "";
  if (drawHand && hand && hand.length) {
    let x = 0;
    hand.forEach((card, i) => {
      const { currency, value } = parseCard(card);
      if (i && currency !== parseCard(hand[i - 1]).currency) x += 6;
      faces.add(`c:${currency}`, roundRect(x, handTop, CARD_W, CARD_H, CARD_W * 0.14));
      number(x + CARD_W / 2, handTop + CARD_H / 2, value, CARD_H * 0.36, (CURRENCY_COLORS[currency] || [0, 0, DARK])[2] === LIGHT ? LIGHT : DARK);
      x += CARD_W + 4;
    });
  } else if (drawHand && hand) {
    extra += `<rect class="alh-empty" x="1" y="${handTop + 1}" width="${CARD_W}" height="${CARD_H - 2}" rx="4"/>`;
  } else if (drawHand) {
    extra += cardBack(0, handTop, CARD_W, CARD_H) + text(CARD_W + 8, handTop + CARD_H * 0.66, tn("ui.cards", p.cards ?? 0), 14, { cls: "alh-hand-count", maxWidth: 80 });
  }

  // 3. the Alhambra, centred: background and grid, the fountain, the tiles
  const ox = (W - boardW) / 2 - minx * CELL + m;
  const oy = boardTop - miny * CELL + m;
  let grid = roundRect(ox + minx * CELL - m, oy + miny * CELL - m, boardW, boardH, 4);
  for (let x = minx + 1; x <= maxx; x++) grid += `M${num(ox + x * CELL)} ${num(oy + miny * CELL)}v${(maxy - miny + 1) * CELL}`;
  for (let y = miny + 1; y <= maxy; y++) grid += `M${num(ox + minx * CELL)} ${num(oy + y * CELL)}h${(maxx - minx + 1) * CELL}`;
  extra += `<path class="alh-board-grid" d="${grid}"/>`;
  const home = tiles.find((tile) => tile.id === 0);
  if (home) {
    const x = ox + home.x * CELL;
    const y = oy + home.y * CELL;
    extra +=
      `<rect x="${num(x + 1.3)}" y="${num(y + 1.3)}" width="${num(CELL - 2.6)}" height="${num(CELL - 2.6)}" rx="3" fill="#f3e7c4" stroke="#b59a5e"/>` +
      `<circle cx="${num(x + CELL / 2)}" cy="${num(y + CELL / 2)}" r="${num(CELL * 0.34)}" fill="#7fb8e6" stroke="#2d6fa8" stroke-width="2"/>`;
  }
  for (const tile of tiles) tileFace(tile, ox + tile.x * CELL, oy + tile.y * CELL, CELL);
  for (const [x, y, side] of p.wall_path || []) walls.add("longest", sideSegment(x + ox / CELL, y + oy / CELL, side, CELL));

  // 4. the reserve: a label and its tiles, in rows
  if (reserve.length) {
    extra += text(0, reserveTop + RESERVE * 0.62, t("ui.reserve"), 13, { cls: "alh-muted", maxWidth: 64 });
    reserve.forEach((tile, i) => tileFace(tile, 70 + (i % perRow) * (RESERVE + 4), reserveTop + Math.floor(i / perRow) * (RESERVE + 4), RESERVE));
  }

  // the words
  const n = tiles.filter((tile) => tile.id !== 0).length;
  const boardLabel = tn("ui.board.label", n, { name: p.name, wall: p.wall ?? 0 });
  const countsText = buildings.map((b, i) => `${buildingName(b)} ${counts[i] ?? 0}`).join(", ");
  const handLabel = hand
    ? t("ui.label_count", { label: t("ui.hand.of", { name: p.name }), count: tn("ui.cards", hand.length) })
    : t("ui.hand.hidden_of", { name: p.name, cards: tn("ui.cards", p.cards ?? 0) });
  const reserveLabel = t("ui.label_count", { label: t("ui.reserve.of", { name: p.name }), count: reserve.length });
  const title = `${boardLabel} (${countsText}). ${handLabel}. ${reserveLabel}.`;
  const lists = [
    `${boardLabel}: ${tiles.map((tile) => describeTile(tile)).join("; ")}.`,
    hand && hand.length ? `${handLabel}: ${hand.map(cardName).join(", ")}.` : "",
    reserve.length ? `${reserveLabel}: ${reserve.map((tile) => describeTile(tile, false)).join("; ")}.` : "",
  ].filter(Boolean);

  let out =
    `<svg xmlns="http://www.w3.org/2000/svg" class="alh-svg alh-panel-picture" viewBox="0 0 ${num(W)} ${num(H)}" ` +
    `preserveAspectRatio="xMidYMin meet" role="img" style="max-width:${num(W * 1.1)}px"` +
    ` data-tiles="${esc(tiles.map((tile) => `${tile.id}@${tile.x},${tile.y}`).join(" "))}"` +
    ` data-reserve="${esc(reserve.map((tile) => tile.id).join(" "))}" data-counts="${counts.join(" ")}"` +
    ` data-wall="${p.wall ?? 0}" data-cards="${hand ? hand.length : p.cards ?? 0}">` +
    `<title>${esc(title)}</title><desc>${esc(lists.join(" "))}</desc>` +
    extra;
  for (const [key, d] of faces.entries()) {
    const [kind, name] = key.split(":");
    const [fill, edge] = (kind === "b" ? BUILDING_COLORS : CURRENCY_COLORS)[name] || ["#999", "#666"];
    out += `<path class="alh-faces alh-${name}" d="${d}" fill="${fill}" stroke="${edge}" stroke-width="1.3"/>`;
  }
  const w = walls.entries();
  for (const [key, d] of w) {
    if (key === "wall") out += `<path class="alh-wall" stroke-width="${num(CELL * 0.12)}" d="${d}"/>`;
  }
  for (const [key, d] of w) {
    // the longest wall's sides, and the outline of its count chip
    if (key === "longest") out += `<path class="alh-longest alh-longest-thin" data-length="${(p.wall_path || []).length}" d="${d}"/>`;
  }
  for (const [ink, d] of inks.entries()) {
    out += `<path class="alh-strokes" d="${d}" fill="none" stroke="${ink}" stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round"/>`;
  }
  return out + `</svg>`;
}
