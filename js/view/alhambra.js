// One player's Alhambra as SVG: tiles in their building colours with price
// and picture, walls drawn exactly on the tiles' wall sides (above every
// tile), the fountain, the counted longest wall (C4), and -- when the viewer
// may act on this board -- the legal empty spots of the selected tile (green,
// with a plus), the frontier cells it may not go to (a faint dotted outline,
// with the rule), removable tiles (a dashed ring and an arrow up) and
// swappable ones (a ring and two arrows), each drawn above the walls; the
// selected tile's ring above everything but the hints (numbered yellow marks).
//
// A board is one <svg>. The small boards (compact) draw their walls and
// longest wall as one <path> each, the tiles' faces as one <path> per
// building and their pictures as one <path> per ink (an SVG <text> costs ~30
// us of layout); each tile keeps its <g class="alh-tile"> (data-tile, data-x,
// data-y) and its <title>. The acting player's board keeps one <line> per
// wall side (data-x, data-y, data-side) and a <rect> and a picture per tile.
// The grid is one path; so are the plus signs of the spots and the rings of
// the removable and of the swappable tiles.

import { t, tn } from "../i18n.js";
import { hintBadge, onlyPlayed } from "./hints.js";
import { boardFrame, fillFrame } from "../layout.js";
import {
  ARTWORK, BUILDING_COLORS, CELL, EDGE, UNKNOWN_COLORS, artD, control, describeTile, esc, markD, num, numbersPath, roundRect, selectionRing, sideSegment,
  svgOpen, tileSvg, wallLines, wallPath,
} from "./common.js";

const key = (x, y) => `${x},${y}`;
const FOUNTAIN = { x: 0, y: 0 };

/**
 * The cells an Alhambra's picture shows and its view box, in user units
 * (CELL a cell): every tile, highlighted and marked cell, and at least `min`
 * x `min` cells (`o.min`, default 1).
 */
export function boardBox(player, o = {}) {
  const marked = Object.keys(o.marks || {}).map((k) => k.split(",").map(Number));
  const cells = [...(o.spots || []), ...(o.refused || []), ...marked];
  const C = CELL;
  const m = o.coords === false ? C * 0.2 : C * 0.45;
  // (a board that fills its frame: as many more rows or columns as the frame's shape has room for,
  // around the fountain -- which never moves: the grid stays put as the Alhambra grows, until the
  // frame itself must grow)
  const aspect = o.aspect > 0 && Number.isFinite(o.aspect) ? o.aspect : null;
  const b = fillFrame(boardFrame(player.alhambra || [], cells, o.min ?? 1), aspect, (2 * m) / C, 12, FOUNTAIN);
  const box = { ...b, m, x: b.minx * C - m, y: b.miny * C - m, w: (b.maxx - b.minx + 1) * C + 2 * m, h: (b.maxy - b.miny + 1) * C + 2 * m };
  // and the less than a cell left over as margin, as much on either side: the board's ground fills
  // the frame to its edges
  if (aspect) {
    if (box.w / box.h > aspect) {
      const h = box.w / aspect;
      box.y -= (h - box.h) / 2;
      box.h = h;
    } else {
      const w = box.h * aspect;
      box.x -= (w - box.w) / 2;
      box.w = w;
    }
  }
  return box;
}

/**
 * The width (px) an Alhambra's picture is drawn at, unless its frame is narrower: `o.cellPx` a
 * cell (default 64), at most `o.maxWidth`.
 * @param {object} box  its view box (boardBox)
 */
function naturalWidth(box, o) {
  return Math.min(o.maxWidth ?? Infinity, (box.w * (o.cellPx ?? 64)) / CELL);
}

/** The width (px) of `player`'s Alhambra drawn with the options `o` of alhambraSvg. */
export function boardWidth(player, o = {}) {
  return naturalWidth(boardBox(player, o), o);
}

/**
 * The mark of what a refusal names (see alhambraSvg's o.refusal), above the walls: a wall against
 * an open side, the side of the refused cell that meets the other tile; walls that shut a new
 * tile off from every neighbour, those sides; a hole, or tiles a
 * removal would cut off, an outline around each of those cells. Hidden from screen readers: the
 * message line says it in words.
 */
function refusalMark(cell, C) {
  if (!cell || cell.length < 5) return "";
  const [x, y, rule, , detail] = cell;
  if (typeof detail === "string") {
    const parts = [...detail].map((side) => sideSegment(x, y, side, C));
    const d = parts.every(Boolean) ? parts.join("") : "";   // (a side not N, E, S or W: no mark)
    return d ? `<path class="alh-refusal-mark alh-refusal-side" data-rule="${esc(rule)}" data-side="${esc(detail)}" pointer-events="none" aria-hidden="true" d="${d}"/>` : "";
  }
  if (!Array.isArray(detail) || !detail.length) return "";
  const i = C * 0.1;
  const d = detail.map(([cx, cy]) => `M${num(cx * C + i)} ${num(cy * C + i)}h${num(C - 2 * i)}v${num(C - 2 * i)}h${num(2 * i - C)}z`).join("");
  return `<path class="alh-refusal-mark alh-refusal-cells" data-rule="${esc(rule)}" data-cells="${esc(detail.map(([cx, cy]) => `${cx},${cy}`).join(" "))}" pointer-events="none" aria-hidden="true" d="${d}"/>`;
}

/**
 * @param {object} player  a view player ({name, alhambra, wall, wall_path, ...})
 * @param {object} [o]
 * @param {boolean} [o.interactive]  tiles and cells are controls (data-act placed / spot)
 * @param {number[][]} [o.spots]     legal empty cells [[x, y], ...] to highlight
 * @param {Array[]} [o.refused]      frontier cells a tile may not go to [[x, y, rule(, key, detail)], ...]
 * @param {function} [o.why]         rule id -> its explanation (for the refused cells' tooltips)
 * @param {function} [o.words]       a refused cell -> the engine's words where its refusal says where
 *                                   (js/view/common.js refusalWords), else null: the tooltip instead
 * @param {number[][]} [o.removable] cells whose tile may go to the reserve
 * @param {number[][]} [o.swaps]     cells whose tile the selected reserve tile may replace
 * @param {number[]|null} [o.selected] the selected cell [x, y]
 * @param {boolean} [o.wall]         draw the longest wall (default true)
 * @param {boolean} [o.coords]       column/row numbers in the margin (default true)
 * @param {boolean} [o.detail]       prices and pictures on the tiles (default true)
 * @param {boolean} [o.compact]      faces, pictures and walls as one path each (default false)
 * @param {string} [o.tileAction]    what clicking a tile does, for its accessible name
 * @param {number} [o.maxWidth]      max width in px
 * @param {number} [o.cellPx]        natural size of a cell in px (default 64)
 * @param {boolean} [o.fill]         fill the frame it is drawn in (no natural size: the style sheet sizes it)
 * @param {number} [o.min]           show at least min x min cells (default 1)
 * @param {number} [o.aspect]        the width over the height of the frame it fills: rows or columns
 *                                   more to match it (js/layout.js fillFrame)
 * @param {boolean} [o.names]        buildings' names on the tiles, not their pictures (the tutorial)
 * @param {number} [o.who]           the player's index, in the data-key of each cell's control
 * @param {Array} [o.refusal]        a refused cell whose refusal says where ([x, y, rule, key, detail],
 *                                   js/view/common.js refusalWords): its side against the wrong neighbour, or
 *                                   the cells (a hole's, or the tiles a removal would cut off), marked
 */
export function alhambraSvg(player, o = {}) {
  const {
    interactive = false,
    spots = [],
    refused = [],
    removable = [],
    swaps = [],
    selected = null,
    wall = true,
    coords = true,
    detail = true,
    tileAction = "",
    compact = false,
  } = o;
  const tiles = player.alhambra || [];
  const vb = boardBox(player, o);
  const { minx, maxx, miny, maxy } = vb;
  const C = CELL;
  const m = vb.m;
  const n = tiles.filter((t) => t.id !== 0).length;
  const label = tn("ui.board.label", n, { name: player.name, wall: player.wall ?? 0 });
  const natural = o.fill ? null : naturalWidth(vb, o);
  // (a board filling its frame sits at the frame's top, level with the hand beside it)
  let out = svgOpen("alh-alhambra", vb.x, vb.y, vb.w, vb.h, label, { maxWidth: natural, align: o.fill ? "xMidYMin" : "xMidYMid" });
  out += `<title>${esc(label)}</title>`;
  out += `<rect class="alh-board-bg" x="${num(vb.x)}" y="${num(vb.y)}" width="${num(vb.w)}" height="${num(vb.h)}" rx="${C * 0.1}"/>`;
  // faint grid: one path
  let grid = "";
  for (let x = minx; x <= maxx + 1; x++) grid += `M${x * C} ${miny * C}V${(maxy + 1) * C}`;
  for (let y = miny; y <= maxy + 1; y++) grid += `M${minx * C} ${y * C}H${(maxx + 1) * C}`;
  out += `<path class="alh-grid" d="${grid}"/>`;
  if (coords) {
    // the grid's coordinates as strokes (see numbersPath): no <text> to lay out
    const nums = [];
    for (let x = minx; x <= maxx; x++) nums.push([x * C + C / 2, miny * C - m * 0.3 - C * 0.07, x, "currentColor"]);
    for (let y = miny; y <= maxy; y++) nums.push([minx * C - m / 2, y * C + C / 2, y, "currentColor"]);
    out += `<g class="alh-coords">${numbersPath(nums, C * 0.14, "alh-coord-nums")}</g>`;
  }
  const who = o.who === undefined ? "" : `${o.who}:`;
  const rm = new Set(removable.map(([x, y]) => key(x, y)));
  const sw = new Set(swaps.map(([x, y]) => key(x, y)));
  const sel = selected ? key(selected[0], selected[1]) : null;
  // a small board: the tiles' faces as one path per building, their pictures as one path per ink
  if (compact) out += facesAndArt(tiles, C);
  out += `<g class="alh-tiles">`;
  for (const tile of tiles) {
    const k = key(tile.x, tile.y);
    const cls = [rm.has(k) ? "alh-removable" : "", sw.has(k) ? "alh-swappable" : "", sel === k ? "alh-selected" : ""]
      .filter(Boolean)
      .join(" ");
    let name = describeTile(tile);
    if (rm.has(k)) name = t("ui.board.tile_removable", { tile: name });
    else if (sw.has(k)) name = t("ui.board.tile_swappable", { tile: name });
    // what choosing it does, said of the tiles it can be done with (not the fountain, P6)
    if (tileAction && (rm.has(k) || sw.has(k))) name = t("ui.board.tile_action", { tile: name, action: tileAction });
    const attrs = interactive ? control("placed", name, { key: `placed-${who}${k}` }) : ""; // data-x, data-y: tileSvg
    out += compact
      ? tileSvg(tile, tile.x * C, tile.y * C, C, { walls: false, attrs, cls, face: false, price: false, art: false, ring: false })
      : tileSvg(tile, tile.x * C, tile.y * C, C, { walls: false, detail, attrs, cls, name: !!o.names, ring: false, marked: rm.has(k) || sw.has(k) });
  }
  out += `</g>`;
  if (spots.length || refused.length) {
    const i = C * 0.08;
    out += `<g class="alh-spots">`;
    let plus = "";
    for (const [x, y] of spots) {
      const attrs = interactive ? control("spot", t("ui.spot.legal_label", { x, y }), { x, y, key: `spot-${who}${key(x, y)}` }) : "";
      out +=
        `<rect class="alh-spot" data-x="${x}" data-y="${y}"${attrs} x="${x * C + i}" y="${y * C + i}" ` +
        `width="${C - 2 * i}" height="${C - 2 * i}" rx="${i}"><title>${esc(t("ui.spot.legal_title", { x, y }))}</title></rect>`;
      plus += markD(ARTWORK.marks.plus, x * C + C * 0.34, y * C + C * 0.34, C * 0.32, ARTWORK.box);
    }
    if (plus) out += `<path class="alh-spot-plus" pointer-events="none" aria-hidden="true" d="${plus}"/>`;
    for (const cell of refused) {
      const [x, y, rule] = cell;
      // (its tooltip and description: the engine's words where they say where, else the rule's line)
      const text = (o.words && o.words(cell)) || (o.why ? o.why(rule) : "");
      const attrs = interactive
        ? control("spot", t("ui.spot.refused_label", { x, y, rule }), { x, y, rule, key: `spot-${who}${key(x, y)}` })
        : "";
      const tip = text ? t("ui.spot.refused_title_text", { rule, text }) : t("ui.spot.refused_title", { rule });
      out +=
        `<rect class="alh-cell-no" data-x="${x}" data-y="${y}" data-rule="${esc(rule)}"${attrs} x="${x * C + i}" y="${y * C + i}" ` +
        `width="${C - 2 * i}" height="${C - 2 * i}" rx="${i}"><title>${esc(tip)}</title></rect>`;
    }
    out += `</g>`;
  }
  if (compact) {
    const d = wallPath(tiles, C);
    if (d) out += `<path class="alh-wall alh-walls" pointer-events="none" stroke-width="${num(C * 0.12)}" d="${d}"/>`;
  } else {
    out += `<g class="alh-walls" pointer-events="none">`;
    for (const tile of tiles) if (tile.walls) out += wallLines(tile, tile.x * C, tile.y * C, C);
    out += `</g>`;
  }
  const path = player.wall_path || [];
  if (wall && path.length) {
    out += `<g class="alh-longest-wall" data-length="${path.length}" pointer-events="none"><title>${esc(t("ui.board.longest_wall", { n: path.length }))}</title>`;
    if (compact) {
      out += `<path class="alh-longest" d="${path.map(([x, y, side]) => sideSegment(x, y, side, C)).join("")}"/>`;
    } else {
      for (const [x, y, side] of path) {
        const e = EDGE[side];
        out +=
          `<line class="alh-longest" data-x="${x}" data-y="${y}" data-side="${side}" x1="${(x + e[0]) * C}" y1="${(y + e[1]) * C}" ` +
          `x2="${(x + e[2]) * C}" y2="${(y + e[3]) * C}"/>`;
      }
    }
    out += `</g>`;
  }
  out += refusalMark(o.refusal, C);
  // removable and swappable tiles: rings above the walls (one path each), and their marks
  out += ringsSvg(removable, "alh-remove-ring", ARTWORK.marks.lift, C);
  out += ringsSvg(swaps, "alh-swap-ring", ARTWORK.marks.swap, C);
  if (sel) {
    const [x, y] = selected;
    out += `<g class="alh-selection" transform="translate(${x * C} ${y * C})">${selectionRing(C)}</g>`;
  }
  // hints (js/view/hints.js): a numbered mark on each cell a hint acts on
  for (const [k, ranks] of Object.entries(o.marks || {})) {
    const [x, y] = k.split(",").map(Number);
    const played = onlyPlayed(ranks);   // (the move played, beside the review's better one)
    out += `<rect class="alh-hint-cell${played ? " alh-hint-played" : ""}" pointer-events="none" x="${x * C + 6}" y="${y * C + 6}" width="${C - 12}" height="${C - 12}" rx="8"/>`;
    out += hintBadge(x * C + C / 2, y * C + C * 0.22, C * 0.14, ranks);
  }
  return out + `</svg>`;
}

/** Rings around cells (one path) and a small mark in each one's corner (one path), above the walls. */
function ringsSvg(cells, cls, mark, C) {
  if (!cells.length) return "";
  let ring = "";
  let marks = "";
  for (const [x, y] of cells) {
    ring += roundRect(x * C + C * 0.1, y * C + C * 0.1, C * 0.8, C * 0.8, C * 0.1);
    marks += markD(mark, x * C + C * 0.62, y * C + C * 0.62, C * 0.26, ARTWORK.box);
  }
  return (
    `<g class="${cls}" pointer-events="none" aria-hidden="true"><path class="alh-ring" d="${ring}"/>` +
    `<path class="alh-ring-mark" d="${marks}"/></g>`
  );
}

/** The faces of a small board's tiles (one <path> per building) and their pictures (one <path> per ink). */
function facesAndArt(tiles, s) {
  const byKind = {};
  const byInk = {};
  const g = s * 0.03;
  for (const t of tiles) {
    if (t.id === 0) continue;
    byKind[t.building] = (byKind[t.building] || "") + roundRect(t.x * s + g, t.y * s + g, s - 2 * g, s - 2 * g, s * 0.07);
    const ink = (BUILDING_COLORS[t.building] || UNKNOWN_COLORS)[2];
    byInk[ink] = (byInk[ink] || "") + artD(t.building, t.x * s + s * 0.14, t.y * s + s * 0.14, s * 0.72);
  }
  let out = "";
  for (const [kind, d] of Object.entries(byKind)) {
    const [fill, edge] = BUILDING_COLORS[kind] || UNKNOWN_COLORS;
    out += `<path class="alh-tile-faces alh-${kind}" d="${d}" fill="${fill}" stroke="${edge}" stroke-width="${num(s * 0.03)}" pointer-events="none"/>`;
  }
  for (const [ink, d] of Object.entries(byInk)) out += `<path class="alh-arts" d="${d}" fill="${ink}" fill-rule="evenodd" pointer-events="none"/>`;
  return out;
}
