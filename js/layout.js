// The table's layout, as numbers: pure functions the views draw with (and
// vitest checks), so that the whole game fits one screen and nothing moves
// while a turn is played.
//
// The page layout itself is CSS (js/style.js): the widget's root is a size
// container, and container queries choose between the wide table (the
// markets, the action bar and the acting player's board on the left; a
// column of every player, the last moves under it, on the right) and the
// narrow one (everything stacked). What CSS cannot know is drawn here: how
// tall each player's picture may be for the number of players (so that 2-6
// panels fit beside the main column), how a board's cells fit a box, how
// loose tiles and cards fit a row, and where a callout at a board cell goes.

/** Natural width (SVG user units, about px) of a player's picture in the column of players. */
export const PANEL_W = 340;

/**
 * The picture of each player's panel for `n` players: `board`, the side of
 * the square its miniature Alhambra is drawn in (the picture is as tall), and
 * `card` / `tile`, the sizes of a card in hand and of a reserve tile. Fewer
 * players, bigger pictures; six panels and the last moves fit beside a main
 * column of 780 px (a 1440 x 900 screen), four beside one of 650 px (1366 x 768).
 */
export function panelLayout(n) {
  const board = n <= 3 ? 100 : n === 4 ? 92 : n === 5 ? 80 : 74;
  const card = n <= 4 ? [18, 25] : [16, 22];
  const tile = n <= 4 ? 19 : 17;
  return { width: PANEL_W, board, card, tile, chip: n <= 4 ? 14 : 13 };
}

/**
 * Fit a board of cells `bounds` ({minx, maxx, miny, maxy}) into a box of
 * side `box`: the cell size (at most `maxCell`) and the offset of cell
 * (0, 0)'s corner, the board centred in the box.
 */
export function fitBoard(bounds, box, maxCell = 22) {
  const cols = bounds.maxx - bounds.minx + 1;
  const rows = bounds.maxy - bounds.miny + 1;
  const cell = Math.min(maxCell, box / cols, box / rows);
  const ox = (box - cols * cell) / 2 - bounds.minx * cell;
  const oy = (box - rows * cell) / 2 - bounds.miny * cell;
  return { cell, ox, oy, cols, rows };
}

/** The cells a board's pictures must show: its tiles and any extra cells ([x, y] ...). */
export function boundsOf(tiles, extra = []) {
  let minx = 0, maxx = 0, miny = 0, maxy = 0;
  for (const t of tiles) {
    minx = Math.min(minx, t.x); maxx = Math.max(maxx, t.x);
    miny = Math.min(miny, t.y); maxy = Math.max(maxy, t.y);
  }
  for (const [x, y] of extra) {
    minx = Math.min(minx, x); maxx = Math.max(maxx, x);
    miny = Math.min(miny, y); maxy = Math.max(maxy, y);
  }
  return { minx, maxx, miny, maxy };
}

/**
 * The acting player's board: the cells its frame shows -- every tile with a
 * ring of one cell around them (where any spot, refused cell or hint of the
 * next choice lies: selecting a tile lights cells inside the frame, never
 * beyond it), any other cell asked for, and at least `min` x `min` cells.
 * The frame changes only when the Alhambra does.
 */
export function boardFrame(tiles, cells = [], min = 5) {
  const t = boundsOf(tiles);
  const b = boundsOf([], [[t.minx - 1, t.miny - 1], [t.maxx + 1, t.maxy + 1], ...cells]);
  const grow = (lo, hi) => {
    const need = min - (hi - lo + 1);
    if (need <= 0) return [lo, hi];
    const before = Math.floor(need / 2);
    return [lo - before, hi + (need - before)];
  };
  const [minx, maxx] = grow(b.minx, b.maxx);
  const [miny, maxy] = grow(b.miny, b.maxy);
  return { minx, maxx, miny, maxy };
}

/**
 * `frame` ({minx, maxx, miny, maxy}, in cells) grown by whole rows or
 * columns, so that with a margin of `margin` cells around it its shape comes
 * as close to `aspect` (the width over the height of the place it is drawn
 * in) as whole cells allow without passing it: a board drawn to fill a frame
 * then shows grid where a band of nothing would be (a narrow column: rows
 * more; a wide one: columns more), at the same size of a cell. At most
 * `most` rows or columns are added; a missing or unusable `aspect` leaves the
 * frame as it is. With `centre` ({x, y}, a cell: the fountain's) they go
 * where they bring that cell nearest the frame's middle, else as evenly on
 * both sides as can be (one more after than before when odd).
 */
export function fillFrame(frame, aspect, margin = 0, most = 12, centre = null) {
  if (!(aspect > 0) || !Number.isFinite(aspect)) return frame;
  const w = frame.maxx - frame.minx + 1;
  const h = frame.maxy - frame.miny + 1;
  const grow = (lo, hi, need, c) => {
    const off = c === undefined ? 0 : c - (lo + hi) / 2;
    const before = Math.min(need, Math.max(0, Math.floor(need / 2 - off + 1e-9)));
    return [lo - before, hi + (need - before)];
  };
  // (a hair of slack: an aspect measured in pixels is seldom exact)
  const rows = Math.min(most, Math.floor((w + margin) / aspect - margin + 1e-6) - h);
  if (rows > 0) {
    const [miny, maxy] = grow(frame.miny, frame.maxy, rows, centre?.y);
    return { ...frame, miny, maxy };
  }
  const cols = Math.min(most, Math.floor(aspect * (h + margin) - margin + 1e-6) - w);
  if (cols > 0) {
    const [minx, maxx] = grow(frame.minx, frame.maxx, cols, centre?.x);
    return { ...frame, minx, maxx };
  }
  return frame;
}

/**
 * Items of widths `widths` in a row of width `width`, `gap` apart and
 * `groupGap` more before the first item of a new group (`groups[i]`
 * differs from `groups[i-1]`): the x of each item. When they do not fit,
 * the items overlap (a fanned hand) by the same step, never beyond `width`.
 */
export function fanRow(widths, width, { gap = 2, groups = null, groupGap = 0 } = {}) {
  const n = widths.length;
  if (!n) return { xs: [], step: 0, width: 0 };
  let gaps = 0;
  for (let i = 1; i < n; i++) if (groups && groups[i] !== groups[i - 1]) gaps += groupGap;
  const w = widths[0];
  const natural = n * w + (n - 1) * gap + gaps;
  const step = natural <= width ? w + gap : Math.max(1, (width - w - gaps) / Math.max(1, n - 1));
  const xs = [];
  let x = 0;
  for (let i = 0; i < n; i++) {
    if (i) x += step + (groups && groups[i] !== groups[i - 1] ? groupGap : 0);
    xs.push(x);
  }
  return { xs, step, width: x + w };
}

/**
 * Where a callout about board cell (x, y) goes, for a board drawn with view
 * box `vb` ({x, y, w, h} in user units, CELL units a cell) and scaled to fit
 * its frame (preserveAspectRatio meet): the cell's centre relative to the
 * view box's centre and the view box's size, as unitless numbers the style
 * sheet turns into a position (--dx, --dy, --vw, --vh); and the side the
 * callout opens to, away from the nearer edges ("above"/"below",
 * "left"/"right"). `away`: -1 when what the board marks for the refusal lies
 * above the cell (its north side, a hole to the north), 1 below it: the
 * callout then opens the other way, where the board has a row for it.
 */
export function calloutPlace(vb, x, y, cell, away = 0) {
  const cx = (x + 0.5) * cell;
  const cy = (y + 0.5) * cell;
  const dx = cx - (vb.x + vb.w / 2);
  const dy = cy - (vb.y + vb.h / 2);
  // top half: the callout hangs below the cell; else above it
  let vertical = dy < 0 ? "below" : "above";
  if (away < 0 && (y + 2) * cell <= vb.y + vb.h) vertical = "below";
  else if (away > 0 && (y - 1) * cell >= vb.y) vertical = "above";
  return {
    dx: Math.round(dx * 10) / 10,
    dy: Math.round(dy * 10) / 10,
    vw: vb.w,
    vh: vb.h,
    vertical,
    horizontal: dx > vb.w * 0.15 ? "left" : dx < -vb.w * 0.15 ? "right" : "center",
  };
}

/**
 * Which way from the refused cell (x, y) what its refusal names lies (see calloutPlace's
 * `away`): -1 north, 1 south, 0 neither -- from the view's refused cell [x, y, rule, key,
 * detail] (a side letter, or cells).
 */
export function markedWay(cell) {
  if (!cell || cell.length < 5) return 0;
  const [, y, , , detail] = cell;
  if (typeof detail === "string") {   // (sides: away from a mark to the north or the south, not both)
    const n = detail.includes("N");
    const s = detail.includes("S");
    return n === s ? 0 : n ? -1 : 1;
  }
  if (!Array.isArray(detail) || !detail.length) return 0;
  const mean = detail.reduce((s, c) => s + c[1], 0) / detail.length;
  return mean < y ? -1 : mean > y ? 1 : 0;
}

/** The classes of the table for `n` players: the column of players in one or two columns. */
export function tableClass(n) {
  return n >= 5 ? "alh-many" : "alh-few";
}
