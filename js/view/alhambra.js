// One player's Alhambra as SVG: tiles in their building colours with price,
// walls drawn exactly on the tiles' wall sides (above every tile), the
// fountain, the counted longest wall (C4), and -- when the viewer may act on
// this board -- the legal empty spots of the selected tile, the frontier cells
// it may not go to (with the rule), removable and swappable tiles.
//
// A board is one <svg>. The small boards of the players' panels (compact)
// draw their walls and longest wall as one <path> each, the tiles' faces as
// one <path> per building and their prices as stroked digits (one <path> per
// ink: an SVG <text> costs ~30 us of layout); each tile keeps its <g
// class="alh-tile"> (data-tile, data-x, data-y) and its <title>. The focus
// board keeps one <line> per wall side (data-x, data-y, data-side) and a
// <rect> and <text>s per tile. The grid is one path.

import { t, tn } from "../i18n.js";
import { hintBadge } from "./hints.js";
import { CELL, EDGE, control, describeTile, esc, facesPath, num, numbersPath, pricesText, sideSegment, svgOpen, tileSvg, wallLines, wallPath } from "./common.js";

const key = (x, y) => `${x},${y}`;

/**
 * @param {object} player  a view player ({name, alhambra, wall, wall_path, ...})
 * @param {object} [o]
 * @param {boolean} [o.interactive]  tiles and cells are controls (data-act placed / spot)
 * @param {number[][]} [o.spots]     legal empty cells [[x, y], ...] to highlight
 * @param {Array[]} [o.refused]      frontier cells a tile may not go to [[x, y, rule], ...]
 * @param {function} [o.why]         rule id -> its explanation (for the refused cells' tooltips)
 * @param {number[][]} [o.removable] cells whose tile may go to the reserve
 * @param {number[][]} [o.swaps]     cells whose tile the selected reserve tile may replace
 * @param {number[]|null} [o.selected] the selected cell [x, y]
 * @param {boolean} [o.wall]         draw the longest wall (default true)
 * @param {boolean} [o.coords]       column/row numbers in the margin (default true)
 * @param {boolean} [o.detail]       building names on the tiles (default true)
 * @param {boolean} [o.compact]      walls and the longest wall as one path each (default false)
 * @param {string} [o.tileAction]    what clicking a tile does, for its accessible name
 * @param {number} [o.maxWidth]      max width in px
 * @param {number} [o.cellPx]        natural size of a cell in px (default 64)
 * @param {boolean} [o.names]         buildings' names on the tiles, not their marks (the tutorial)
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
  const marked = Object.keys(o.marks || {}).map((k) => k.split(",").map(Number));
  const cells = [...tiles.map((t) => [t.x, t.y]), ...spots, ...refused, ...marked];
  let minx = 0, maxx = 0, miny = 0, maxy = 0;
  for (const [x, y] of cells) {
    minx = Math.min(minx, x); maxx = Math.max(maxx, x);
    miny = Math.min(miny, y); maxy = Math.max(maxy, y);
  }
  const C = CELL;
  const m = coords ? C * 0.45 : C * 0.2;
  const vx = minx * C - m;
  const vy = miny * C - m;
  const vw = (maxx - minx + 1) * C + 2 * m;
  const vh = (maxy - miny + 1) * C + 2 * m;
  const n = tiles.filter((t) => t.id !== 0).length;
  const label = tn("ui.board.label", n, { name: player.name, wall: player.wall ?? 0 });
  const natural = Math.min(o.maxWidth ?? Infinity, (vw * (o.cellPx ?? 64)) / C);
  let out = svgOpen("alh-alhambra", vx, vy, vw, vh, label, { maxWidth: natural });
  out += `<title>${esc(label)}</title>`;
  out += `<rect class="alh-board-bg" x="${num(vx)}" y="${num(vy)}" width="${num(vw)}" height="${num(vh)}" rx="${C * 0.1}"/>`;
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
  const rm = new Set(removable.map(([x, y]) => key(x, y)));
  const sw = new Set(swaps.map(([x, y]) => key(x, y)));
  const sel = selected ? key(selected[0], selected[1]) : null;
  // a small board: the tiles' faces as one path per building, below the tiles
  if (compact) out += facesPath(tiles, C);
  out += `<g class="alh-tiles">`;
  for (const tile of tiles) {
    const k = key(tile.x, tile.y);
    const cls = [rm.has(k) ? "alh-removable" : "", sw.has(k) ? "alh-swappable" : "", sel === k ? "alh-selected" : ""]
      .filter(Boolean)
      .join(" ");
    let name = describeTile(tile);
    if (rm.has(k)) name = t("ui.board.tile_removable", { tile: name });
    else if (sw.has(k)) name = t("ui.board.tile_swappable", { tile: name });
    if (tileAction) name = t("ui.board.tile_action", { tile: name, action: tileAction });
    const attrs = interactive ? control("placed", name, { key: `placed-${k}` }) : ""; // data-x, data-y: tileSvg
    out += tileSvg(tile, tile.x * C, tile.y * C, C, { walls: false, detail, attrs, cls, price: !compact, face: !compact, name: !!o.names });
  }
  out += `</g>`;
  // a small board: the prices as one <text> above the tiles
  if (compact) out += pricesText(tiles, C);
  if (spots.length || refused.length) {
    const i = C * 0.08;
    out += `<g class="alh-spots">`;
    for (const [x, y] of spots) {
      const attrs = interactive ? control("spot", t("ui.spot.legal_label", { x, y }), { x, y, key: `spot-${key(x, y)}` }) : "";
      out +=
        `<rect class="alh-spot" data-x="${x}" data-y="${y}"${attrs} x="${x * C + i}" y="${y * C + i}" ` +
        `width="${C - 2 * i}" height="${C - 2 * i}" rx="${i}"><title>${esc(t("ui.spot.legal_title", { x, y }))}</title></rect>`;
    }
    for (const [x, y, rule] of refused) {
      const text = o.why ? o.why(rule) : "";
      const attrs = interactive
        ? control("spot", t("ui.spot.refused_label", { x, y, rule }), { x, y, rule, key: `spot-${key(x, y)}` })
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
  if (sel) {
    const [x, y] = selected;
    out += `<rect class="alh-selection" pointer-events="none" x="${x * C + 3}" y="${y * C + 3}" width="${C - 6}" height="${C - 6}" rx="8"/>`;
  }
  // hints (js/view/hints.js): a numbered mark on each cell a hint acts on
  for (const [k, ranks] of Object.entries(o.marks || {})) {
    const [x, y] = k.split(",").map(Number);
    out += `<rect class="alh-hint-cell" pointer-events="none" x="${x * C + 6}" y="${y * C + 6}" width="${C - 12}" height="${C - 12}" rx="8"/>`;
    out += hintBadge(x * C + C / 2, y * C + C * 0.22, C * 0.14, ranks);
  }
  return out + `</svg>`;
}
