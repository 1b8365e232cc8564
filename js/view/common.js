// Shared pieces of the state -> SVG/HTML view functions: colours (those of
// alhambra_widget/palette.json, which render.py reads too), escaping, one
// tile, one money card, and the attributes every control carries.
// Everything here is pure: strings in, strings out (texts from js/i18n.js).

import artwork from "../../alhambra_widget/artwork.json";
import palette from "../../alhambra_widget/palette.json";
import { buildingName, cardName, currencyName, has, joinAnd, t } from "../i18n.js";

/** Size of one grid cell in SVG user units (tile (x, y) covers [x*CELL, (x+1)*CELL]). */
export const CELL = 100;

/** The game's colours, shared with render.py (alhambra_widget/palette.json). */
export const PALETTE = palette;

/** Building colours of the rulebook: [fill, edge, text]. */
export const BUILDING_COLORS = palette.buildings;

/**
 * Colours of a building's label in HTML (count chips, scoring table heads):
 * [background, text]. The tile colour where its text reads at >= 4.5:1
 * (WCAG AA for small text), else the darker edge colour (pavilion 4.1:1 ->
 * 7.0:1, arcades 4.0 -> 7.5, garden 3.5 -> 6.4).
 */
export const BUILDING_LABEL_COLORS = palette.building_labels;

/** A building's short mark in table heads and count chips ("P", "Pa", "塔" ...), in the language in use. */
export function buildingShort(b) {
  return t(`ui.building_short.${b}`);
}

/** Currency colours: [fill, edge, text]; slot order florin, dirham, dinar, ducat. */
export const CURRENCY_COLORS = palette.currencies;

/** [fill, edge, text] of a building or currency the palette does not know. */
export const UNKNOWN_COLORS = palette.unknown;

/** The fountain's colours: base, rim, water, water_edge, ripple. */
export const FOUNTAIN_COLORS = palette.fountain;

/** The colours of a money card's back: fill, edge, mark. */
export const CARD_BACK_COLORS = palette.card_back;

/** The bag of tiles: fill, edge, band, ink (its count). */
export const BAG_COLORS = palette.bag;

/** Corners of each side of the unit cell: [x1, y1, x2, y2] (N is the top edge). */
export const EDGE = { N: [0, 0, 1, 0], E: [1, 0, 1, 1], S: [0, 1, 1, 1], W: [0, 0, 0, 1] };

const ESC = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

const SPECIAL = /[&<>"']/;

/**
 * The attributes of a fold (<details>) drawn open: `open`, and a mark that it
 * was drawn so -- the browser fires "toggle" for a fold inserted open, and the
 * widget tells that from a player's toggle by it (js/widget.js).
 */
export const OPEN = " open data-drawn-open";

/** Text made safe for HTML/SVG content and double-quoted attributes. */
export function esc(value) {
  const s = typeof value === "string" ? value : String(value ?? "");
  return SPECIAL.test(s) ? s.replace(/[&<>"']/g, (c) => ESC[c]) : s;
}

/** A player's name in a table or a caption: cut after about 14 characters' width, the whole name
 * in its tooltip, so that a long name (up to 64 characters) leaves the figures beside it in view. */
export function nameHtml(name) {
  return `<span class="alh-cut-name" title="${esc(name)}">${esc(name)}</span>`;
}

/** A compact number (at most 2 decimals) for coordinates. */
export function num(v) {
  if (Number.isInteger(v)) return String(v);
  const r = Math.round(v * 100) / 100;
  return r === 0 ? "0" : String(r);
}

/** "dirham 4" -> {currency: "dirham", value: 4} */
export function parseCard(card) {
  const [currency, value] = String(card).split(" ");
  return { currency, value: Number(value) };
}

/** Group cards for the notation: ["florin 1", "dinar 2", "florin 3"] -> "florin 1+3, dinar 2". */
export function cardsText(cards, currencies = ["florin", "dirham", "dinar", "ducat"]) {
  const groups = [];
  for (const cur of currencies) {
    const vals = cards
      .map(parseCard)
      .filter((c) => c.currency === cur)
      .map((c) => c.value)
      .sort((a, b) => a - b);
    if (vals.length) groups.push(`${cur} ${vals.join("+")}`);
  }
  return groups.join(", ");
}

/** A tile of the acting player's, by id: in a reserve or among the tiles to place (null if neither). */
export function findTile(view, id) {
  for (const p of view.players) for (const tile of p.reserve) if (tile.id === id) return tile;
  for (const e of view.pending) if (e.tile.id === id) return e.tile;
  return null;
}

/** A tile as players know it, by building and price ("Chambers 9"), not by its number in the
 * set (the number is the notation's: `place 30 at 0,-1`); the number where the tile is not found. */
export function tileName(view, id) {
  const tile = findTile(view, id);
  return tile ? t("ui.tile.short", { building: buildingName(tile.building), price: tile.price }) : String(id);
}

/** "Tower 13 at 1,0, walls N E" -- a tile's accessible description, in the language in use. */
export function describeTile(tile, withPos = true) {
  if (!tile) return t("ui.tile.empty");
  const at = withPos && tile.x !== undefined;
  if (tile.id === 0) return at ? t("ui.tile.fountain_at", { x: tile.x, y: tile.y }) : t("ui.tile.fountain");
  const walls = tile.walls ? t("ui.tile.walls", { sides: tile.walls.split("").map((d) => t(`ui.side.${d}`)).join(" ") }) : t("ui.tile.no_walls");
  const p = { building: buildingName(tile.building), price: tile.price, walls };
  return at ? t("ui.tile.describe_at", { ...p, x: tile.x, y: tile.y }) : t("ui.tile.describe", p);
}

/**
 * The words of a text button and how it is named: the words it shows are its
 * accessible name (WCAG 2.5.3, label in name: a speech-input user says what
 * they see), and a longer `description`, when it says more, is its tooltip
 * and accessible description (title). An arrow drawn before or after the
 * words (`before`, `after`) is hidden from screen readers.
 * Returns {attrs, html}: attributes for the <button> and its content.
 */
export function buttonWords(text, description = "", { before = "", after = "" } = {}) {
  const icon = (s) => (s ? `<span class="alh-icon" aria-hidden="true">${esc(s)}</span>` : "");
  const html = `${icon(before)}${before ? " " : ""}${esc(text)}${after ? " " : ""}${icon(after)}`;
  const attrs = description && description !== text ? ` title="${esc(description)}"` : "";
  return { attrs, html };
}

/**
 * Attributes of an interactive element: role, focus, accessible name and the
 * data-act the input handler dispatches on. `data` adds data-* attributes.
 * Disabled controls stay visible (aria-disabled) but leave the tab order.
 */
export function control(act, label, data = {}, { disabled = false, pressed = null } = {}) {
  // data-lm-suppress-shortcuts on the focusable element itself: Lumino matches a
  // shortcut's selector (e.g. ".jp-Notebook.jp-mod-commandMode :focus") on the
  // key event's target before it looks at the target's ancestors
  let s = ` role="button" aria-label="${esc(label)}" data-act="${esc(act)}" data-lm-suppress-shortcuts="true"`;
  s += disabled ? ` aria-disabled="true" tabindex="-1"` : ` tabindex="0"`;
  if (pressed !== null) s += ` aria-pressed="${pressed ? "true" : "false"}"`;
  for (const [k, v] of Object.entries(data)) s += ` data-${k}="${esc(v)}"`;
  return s;
}

/**
 * About how wide a text is drawn at font size `size` (user units): wide
 * for CJK characters (1 em), narrower for Latin ones. Enough to tell when a
 * label needs squeezing; no layout needed (the views are pure functions).
 */
export function textWidth(s, size) {
  let w = 0;
  for (const ch of String(s)) {
    const c = ch.codePointAt(0);
    w += c >= 0x2e80 ? 1 : c >= 0x41 && c <= 0x5a ? 0.68 : ch === " " ? 0.3 : 0.57;
  }
  return w * size;
}

/**
 * An SVG <text>. `maxWidth`: a text that would be drawn wider is squeezed to
 * that width (textLength), so long words (German, Finnish) and CJK labels stay
 * inside their tile or card. One estimated to fit carries its room (data-fit),
 * for the table to squeeze it after all where a reader's style sheet spaces
 * letters or words wider (js/widget.js fitLabels).
 */
export function text(x, y, s, size, { cls = "", anchor = "start", weight = "", fill = "", maxWidth = 0 } = {}) {
  const fit = !maxWidth ? ""
    : textWidth(s, size) * (weight === "bold" ? 1.08 : 1) > maxWidth
      ? ` textLength="${num(maxWidth)}" lengthAdjust="spacingAndGlyphs"` : ` data-fit="${num(maxWidth)}"`;
  const a = (anchor !== "start" ? ` text-anchor="${anchor}"` : "") + fit;
  const w = weight ? ` font-weight="${weight}"` : "";
  const f = fill ? ` fill="${fill}"` : "";
  const c = cls ? ` class="${cls}"` : "";
  return `<text${c} x="${num(x)}" y="${num(y)}" font-size="${num(size)}"${a}${w}${f}>${esc(s)}</text>`;
}

/** Path data of one side ("N", "E", "S", "W") of cell (x, y) on a grid of cell size C. */
export function sideSegment(x, y, side, C) {
  const e = EDGE[side];
  if (!e) return "";
  return `M${num((x + e[0]) * C)} ${num((y + e[1]) * C)}${e[0] === e[2] ? "V" + num((y + e[3]) * C) : "H" + num((x + e[2]) * C)}`;
}

/** Path data of every wall side of tiles ({x, y, walls}): one path for a whole board. */
export function wallPath(tiles, C) {
  let d = "";
  for (const t of tiles) for (const side of t.walls || "") d += sideSegment(t.x, t.y, side, C);
  return d;
}

/** The wall lines of a tile whose square starts at (x0, y0) with side s. */
export function wallLines(tile, x0, y0, s, { cls = "alh-wall" } = {}) {
  let out = "";
  for (const side of tile.walls || "") {
    const e = EDGE[side];
    if (!e) continue;
    const pos = tile.x !== undefined ? ` data-x="${tile.x}" data-y="${tile.y}"` : "";
    out +=
      `<line class="${cls}"${pos} data-side="${side}" x1="${num(x0 + e[0] * s)}" y1="${num(y0 + e[1] * s)}" ` +
      `x2="${num(x0 + e[2] * s)}" y2="${num(y0 + e[3] * s)}" stroke-width="${num(s * 0.12)}"/>`;
  }
  return out;
}

/** ` transform="translate(x y)"`, or nothing at the origin. */
function at(x, y) {
  return x || y ? ` transform="translate(${num(x)} ${num(y)})"` : "";
}

/**
 * One tile at (x0, y0) with side s: its colour, its price at the top and its
 * building's picture below (ARTWORK; or, with `name`, the building's name: the
 * tutorial's tiles speak to beginners); `detail: false` draws the picture
 * alone, larger (small tiles: the price is in the title), and `price: false`
 * leaves out the price. Walls (unless walls=false: a board draws them in a
 * layer above all tiles). A selected tile (cls "alh-selected") gets a ring
 * and a check mark above its walls.
 * `attrs` is put on the tile's <g> (e.g. a control()). The <g> is translated
 * to (x0, y0) and its shapes are drawn at the origin: tiles of one size share
 * every attribute but the translation, which lets the browser share their
 * computed styles.
 */
export function tileSvg(tile, x0, y0, s, { detail = true, walls = true, attrs = "", cls = "", title = null, price = true, face = true, name = false, art = true, ring = true, marked = false } = {}) {
  const kind = tile.id === 0 ? "fountain" : tile.building;
  const pos = tile.x !== undefined ? ` data-x="${tile.x}" data-y="${tile.y}"` : "";
  const label = title ?? describeTile(tile);
  let out = `<g class="alh-tile alh-${kind}${cls ? " " + cls : ""}" data-tile="${tile.id}"${pos}${at(x0, y0)}${attrs}><title>${esc(label)}</title>`;
  const g = num(s * 0.03);
  const side = num(s - 2 * s * 0.03);
  const r = num(s * 0.07);
  if (tile.id === 0) {
    if (face) out += fountainSvg(s, detail);
  } else {
    const [fill, edge, ink] = BUILDING_COLORS[kind] || UNKNOWN_COLORS;
    if (face) out += `<rect class="alh-tile-face" x="${g}" y="${g}" width="${side}" height="${side}" rx="${r}" fill="${fill}" stroke="${edge}" stroke-width="${num(s * 0.03)}"/>`;
    // a name beside a mark in the lower right corner (a tile that may be moved: ringsSvg) ends before it
    const nx = marked ? s * 0.36 : s / 2;
    const nw = marked ? s * 0.54 : s * 0.86;
    if (detail && price) {
      out += priceMark(s / 2, s * 0.2, tile.price, s * 0.2, ink);
      if (name) out += text(nx, s * 0.72, buildingName(kind), s * 0.17, { anchor: "middle", fill: ink, maxWidth: nw });
      else if (art) out += artPath(kind, s * 0.22, s * 0.36, s * 0.56, ink);
    } else if (name) {
      out += text(nx, s * 0.58, buildingName(kind), s * 0.17, { anchor: "middle", fill: ink, maxWidth: nw });
    } else if (art) {
      out += artPath(kind, s * 0.14, s * 0.14, s * 0.72, ink);
    }
  }
  if (walls) out += wallLines(tile, 0, 0, s);
  if (ring && cls && /(^| )alh-selected( |$)/.test(cls)) out += selectionRing(s);
  return out + "</g>";
}

/** The fountain in a cell of side s at the origin (the base, the pool, a ripple, the jet). */
export function fountainSvg(s, ripple = true) {
  const F = FOUNTAIN_COLORS;
  const g = num(s * 0.03);
  const side = num(s - 2 * s * 0.03);
  const c = num(s / 2);
  return (
    `<rect x="${g}" y="${g}" width="${side}" height="${side}" rx="${num(s * 0.07)}" fill="${F.base}" stroke="${F.rim}" stroke-width="${num(s * 0.02)}"/>` +
    `<circle cx="${c}" cy="${c}" r="${num(s * 0.34)}" fill="${F.water}" stroke="${F.water_edge}" stroke-width="${num(s * 0.04)}"/>` +
    (ripple ? `<circle cx="${c}" cy="${c}" r="${num(s * 0.2)}" fill="none" stroke="${F.ripple}" stroke-width="${num(s * 0.035)}"/>` : "") +
    `<circle cx="${c}" cy="${c}" r="${num(s * 0.07)}" fill="${F.water_edge}"/>`
  );
}

/**
 * The ring of a selected tile or cell of side s at the origin, drawn above
 * its walls, with a check mark in a disc at its top right corner: no wall,
 * no neighbour and no building colour hides it.
 */
export function selectionRing(s) {
  const o = s * 0.05;
  const b = s * 0.17;
  return (
    `<g class="alh-sel" pointer-events="none" aria-hidden="true">` +
    `<rect class="alh-sel-halo" x="${num(-o)}" y="${num(-o)}" width="${num(s + 2 * o)}" height="${num(s + 2 * o)}" rx="${num(s * 0.1)}" stroke-width="${num(s * 0.11)}"/>` +
    `<rect class="alh-sel-ring" x="${num(-o)}" y="${num(-o)}" width="${num(s + 2 * o)}" height="${num(s + 2 * o)}" rx="${num(s * 0.1)}" stroke-width="${num(s * 0.06)}"/>` +
    `<circle class="alh-sel-disc" cx="${num(s - b * 0.35)}" cy="${num(b * 0.35)}" r="${num(b)}" stroke-width="${num(s * 0.025)}"/>` +
    `<path class="alh-sel-check" d="${markD(ARTWORK.marks.check, s - b * 1.05, b * 0.35 - b * 0.7, b * 1.4, 100)}"/></g>`
  );
}

/** The pictures of alhambra_widget/artwork.json (buildings, marks, currencies), shared with render.py. */
export const ARTWORK = artwork;

/** A building's picture (ARTWORK.buildings) in the box (x, y, size), filled with `ink`. */
export function artPath(kind, x, y, size, ink, cls = "alh-mark") {
  const art = ARTWORK.buildings[kind];
  if (!art) return "";
  return `<path class="${cls}" d="${artD(kind, x, y, size)}" fill="${ink}" fill-rule="evenodd" pointer-events="none" aria-hidden="true"/>`;
}

/** Path data of a building's picture in the box (x, y, size). */
export function artD(kind, x, y, size) {
  const art = ARTWORK.buildings[kind] || ARTWORK.marks[kind];
  return art ? markD(art, x, y, size, ARTWORK.box) : "";
}

/** Path data of a currency's symbol (ARTWORK.currencies) in the box (x, y, size). */
export function symbolD(currency, x, y, size) {
  const art = ARTWORK.currencies[currency];
  return art ? markD(art, x, y, size, ARTWORK.box) : "";
}

const marks = new Map();

/**
 * Path data of a picture (absolute M L H V C A Z commands in a box of side
 * `box`, e.g. ARTWORK's 100) drawn in the box (x, y, size).
 */
export function markD(mark, x, y, size, box = 10) {
  const key = `${mark}|${x}|${y}|${size}|${box}`;
  let d = marks.get(key);
  if (d === undefined) {
    d = markPath(mark, x, y, size, box);
    if (marks.size > 2000) marks.clear();
    marks.set(key, d);
  }
  return d;
}

/** A number with one decimal (a picture drawn small: a tenth of a unit is less than a pixel's worth). */
function num1(v) {
  const r = Math.round(v * 10) / 10;
  return r === 0 ? "0" : String(r);
}

function markPath(mark, x, y, size, box) {
  const f = size / box;
  // small pictures (the miniature boards, the chips) with one decimal: a third less markup to parse
  const n = size < 40 ? num1 : num;
  const px = (v) => n(x + v * f);
  const py = (v) => n(y + v * f);
  const out = [];
  const tokens = mark.match(/[MLHVCAZ]|-?[\d.]+/g);
  let cmd = "";
  let i = 0;
  const next = () => Number(tokens[i++]);
  while (i < tokens.length) {
    if (/[MLHVCAZ]/.test(tokens[i])) {
      cmd = tokens[i++];
      out.push(cmd);
      if (cmd === "Z") continue;
    }
    if (cmd === "M" || cmd === "L") out.push(px(next()), py(next()));
    else if (cmd === "H") out.push(px(next()));
    else if (cmd === "V") out.push(py(next()));
    else if (cmd === "C") for (let j = 0; j < 3; j++) out.push(px(next()), py(next()));
    else if (cmd === "A") {
      const rx = next(), ry = next();
      out.push(n(rx * f), n(ry * f), next(), next(), next(), px(next()), py(next()));
    } else i++; // Z followed by a number: malformed, skip it
  }
  return out.join(" ").replace(/ ?([MLHVCAZ]) ?/g, "$1");
}

// Digits as strokes in a 6 x 10 box (relative path commands after the first
// "m", so that a digit is moved by its starting point alone).
export const DIGIT = [
  "m3 0a3 3 0 0 0-3 3v4a3 3 0 0 0 6 0v-4a3 3 0 0 0-3-3z",
  "m1.2 2l2.3-2v10",
  "m.3 2.6a2.85 2.7 0 1 1 5.1 1.7l-5.4 5.7h6",
  "m.4 .3h5.2l-3 3.9a3 2.9 0 1 1-2.6 4.6",
  "m4.3 10v-10l-4.3 6.8h6",
  "m5.5 0h-4.6l-.6 4.4a3 2.9 0 1 1-.2 4.6",
  "m5.2 .4c-3-1-5.2 1.5-5.2 6.4m0 0a3 3 0 1 0 6 0a3 3 0 1 0-6 0",
  "m0 0h6l-3.8 10",
  "m3 4.6a2.6 2.3 0 1 1 0-4.6a2.6 2.3 0 1 1 0 4.6zm0 0a3 2.7 0 1 0 0 5.4a3 2.7 0 1 0 0-5.4z",
  "m.8 9.6c3 1 5.2-1.5 5.2-6.4m0 0a3 3 0 1 0-6 0a3 3 0 1 0 6 0",
];

/**
 * Numbers drawn as strokes: one <path> per ink colour for a whole board or
 * hand. An SVG <text> (or <tspan>) costs ~30 us of layout each; a path of
 * digits costs next to nothing. The numbers stay in the accessible names
 * (<title>, aria-label) of the tiles and cards they label.
 * `items`: [cx, cy, number, ink] with (cx, cy) the centre of the number;
 * `height`: the height of a digit in user units.
 */
export function numbersPath(items, height, cls, { inner = "" } = {}) {
  const byInk = {};
  for (const [cx, cy, n, ink] of items) byInk[ink] = (byInk[ink] || "") + numberD(cx, cy, n, height);
  let out = "";
  for (const [ink, d] of Object.entries(byInk)) {
    out +=
      `<path class="${cls}" d="${d}" fill="none" stroke="${ink}" stroke-width="${num((1.7 * height) / 10)}" ` +
      `stroke-linecap="round" stroke-linejoin="round" pointer-events="none" aria-hidden="true"` +
      (inner ? `>${inner}</path>` : `/>`);
  }
  return out;
}

/** A digit's strokes (DIGIT, relative commands in a 6 x 10 box) scaled by f: every number but the arcs' flags. */
const scaled = new Map();
function glyph(ch, f) {
  const key = `${ch}|${f}`;
  if (!scaled.has(key)) {
    const src = ch === "-" ? "m.5 5h5" : DIGIT[ch.charCodeAt(0) - 48] || "";
    const tokens = src.match(/[a-zA-Z]|-?(?:\d+\.?\d*|\.\d+)/g) || [];
    let cmd = "";
    let k = 0; // index of the number within the command's arguments
    let out = "";
    for (const tok of tokens) {
      if (/[a-zA-Z]/.test(tok)) {
        cmd = tok;
        k = 0;
        out += tok;
        continue;
      }
      const arc = cmd === "a" || cmd === "A";
      const i = k++ % 7;
      out += (out && !/[a-zA-Z]$/.test(out) ? " " : "") + (arc && i >= 2 && i <= 4 ? tok : num(Number(tok) * f));
    }
    scaled.set(key, out);
  }
  return scaled.get(key);
}

/** Path data of the number n centred on (cx, cy), `height` user units tall (a digit is 6 x 10 at height 10). */
export function numberD(cx, cy, n, height) {
  const f = height / 10;
  const s = String(n);
  const w = (s.length * 6 + (s.length - 1) * 2.4) * f;
  let x = cx - w / 2;
  let d = "";
  for (const ch of s) {
    d += `M${num(x)} ${num(cy - height / 2)}${glyph(ch, f)}`;
    x += 8.4 * f;
  }
  return d;
}

/**
 * A tile's price as strokes (see numbersPath), centred on (cx, cy): the path
 * has class "alh-price" and carries the number in a <desc> (its text), the
 * tile's <title> names it for assistive technology.
 */
export function priceMark(cx, cy, price, height, ink) {
  return numbersPath([[cx, cy, price, ink]], height, "alh-price", { inner: `<desc>${esc(price)}</desc>` });
}

/** The inner border of a money card at (x, y), w x h, as path data (see cardSvg). */
export function cardInner(x, y, w, h) {
  const i = w * 0.1;
  return roundRect(x + i, y + i, w - 2 * i, h - 2 * i, w * 0.08);
}

/** A rounded rectangle as path data. */
export function roundRect(x, y, w, h, r) {
  const a = `a${num(r)} ${num(r)} 0 0 1`;
  return (
    `M${num(x + r)} ${num(y)}h${num(w - 2 * r)}${a} ${num(r)} ${num(r)}v${num(h - 2 * r)}${a} ${num(-r)} ${num(r)}` +
    `h${num(2 * r - w)}${a} ${num(-r)} ${num(-r)}v${num(2 * r - h)}${a} ${num(r)} ${num(-r)}z`
  );
}

/**
 * A money card at (x, y), w x h (a translated <g>, shapes at the origin, as
 * tileSvg): its colour, its currency's symbol (ARTWORK.currencies) in the top
 * left corner, its value; `big`: the value large and the currency's name
 * under it. `inner: false` leaves out the card's inner border (a row of
 * cards draws all of them as one path: fewer elements).
 */
export function cardSvg(card, x, y, w, h, { attrs = "", cls = "", big = false, inner = true, value: showValue = true, face = true, symbol = true } = {}) {
  const { currency, value } = parseCard(card);
  const [fill, edge, ink] = CURRENCY_COLORS[currency] || UNKNOWN_COLORS;
  let out = `<g class="alh-card alh-${currency}${cls ? " " + cls : ""}" data-currency="${currency}" data-value="${value}"${at(x, y)}${attrs}><title>${esc(cardName(card))}</title>`;
  if (face) out += `<rect class="alh-card-face" width="${num(w)}" height="${num(h)}" rx="${num(w * 0.14)}" fill="${fill}" stroke="${edge}" stroke-width="1.5"/>`;
  if (inner) {
    const i = w * 0.1;
    out += `<rect x="${num(i)}" y="${num(i)}" width="${num(w - 2 * i)}" height="${num(h - 2 * i)}" rx="${num(w * 0.08)}" fill="none" stroke="${ink}" stroke-opacity="0.35"/>`;
  }
  if (symbol && ARTWORK.currencies[currency]) {
    const m = w * (big ? 0.3 : 0.34);
    out += `<path class="alh-symbol" d="${symbolD(currency, w * 0.12, w * 0.12, m)}" fill="${ink}" fill-rule="evenodd" pointer-events="none" aria-hidden="true"/>`;
  }
  if (big) {
    out += text(w / 2, h * 0.64, value, h * 0.4, { anchor: "middle", weight: "bold", fill: ink });
    out += text(w / 2, h * 0.88, currencyName(currency), h * 0.14, { anchor: "middle", fill: ink, maxWidth: w * 0.84 });
  } else if (showValue) {
    const fs = h * 0.46;
    out += text(w * 0.56, h * 0.6 + fs * 0.36, value, fs, { anchor: "middle", weight: "bold", fill: ink });
  }
  if (cls && /(^| )alh-selected( |$)/.test(cls)) {
    out += `<rect class="alh-sel-ring" pointer-events="none" x="-3" y="-3" width="${num(w + 6)}" height="${num(h + 6)}" rx="${num(w * 0.18)}" stroke-width="3.5"/>`;
  }
  return out + "</g>";
}

/** The back of a money card (hidden hands, the deck). */
export function cardBack(x, y, w, h, cls = "alh-card-back") {
  const cx = x + w / 2;
  const cy = y + h / 2;
  const B = CARD_BACK_COLORS;
  return (
    `<g class="${cls}"><rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" rx="${num(w * 0.14)}" fill="${B.fill}" stroke="${B.edge}" stroke-width="1.5"/>` +
    `<path d="M${num(cx)} ${num(y + h * 0.2)}L${num(x + w * 0.8)} ${num(cy)}L${num(cx)} ${num(y + h * 0.8)}L${num(x + w * 0.2)} ${num(cy)}Z" fill="none" stroke="${B.mark}" stroke-width="1.5"/></g>`
  );
}

/** The opening <svg> tag: scales with its container through the viewBox, centred in it (or, with
 * `align: "xMidYMin"`, at its top). */
export function svgOpen(cls, vx, vy, vw, vh, label, { maxWidth = null, align = "xMidYMid" } = {}) {
  const style = maxWidth ? ` style="max-width:${num(maxWidth)}px"` : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="alh-svg ${cls}" viewBox="${num(vx)} ${num(vy)} ${num(vw)} ${num(vh)}" ` +
    `preserveAspectRatio="${align} meet" role="group" aria-label="${esc(label)}"${style}>`
  );
}

/** Same multiset of strings/numbers? */
export function sameMultiset(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].map(String).sort();
  const y = [...b].map(String).sort();
  return x.every((v, i) => v === y[i]);
}

/** Does multiset `big` contain every element of `small` (with multiplicity)? */
export function containsMultiset(big, small) {
  const pool = [...big].map(String);
  for (const v of small) {
    const i = pool.indexOf(String(v));
    if (i < 0) return false;
    pool.splice(i, 1);
  }
  return true;
}

/** Whether Dirk belongs on the table (his tiles, his button, his points and row in a scoring, his
 * name in what to do): two players, and in the tutorial only in the lesson on Dirk -- a newcomer
 * meets him there, not before. */
export function dirkShown(view) {
  if (!view.dirk) return false;
  if (!view.lesson) return true;
  return (view.lesson.rules || []).some((r) => /^D\d/.test(r));
}

/** The way of each side: x east, y south. */
const TOWARD = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };

/**
 * The engine's words for a refused cell of the view that says where -- `[x, y, rule, key,
 * detail]` (alhambra_widget/view.py): the side of a wall against an open side, the sides that
 * wall a new tile off from every neighbour, the cells a hole
 * would close in, the cells of the tiles a removal would cut off -- filled in from the same
 * catalogue text as IllegalMove's (the strings trait carries those keys); `tileId`: the tile
 * placed, built or swapped in. Null for a cell without them.
 */
export function refusalWords(view, cell, tileId = null) {
  if (!cell || cell.length < 5 || !has(cell[3])) return null;
  const [x, y, , key, detail] = cell;
  const board = view.players[view.legal.player]?.alhambra ?? [];   // (the refusals are the acting player's)
  const nameAt = (cx, cy) => {
    const tile = board.find((b) => b.x === cx && b.y === cy);
    if (!tile) return `(${cx}, ${cy})`;
    return tile.id === 0 ? t("ui.tile.fountain") : t("ui.tile.short", { building: buildingName(tile.building), price: tile.price });
  };
  const pos = `(${x}, ${y})`;
  const tile = tileId === null ? "" : tileName(view, tileId);
  if (typeof detail === "string") {
    // (sides: the one of a wall against an open side, P3, or those walled off, P4, whose words
    // say "every neighbour")
    const steps = [...detail].map((s) => TOWARD[s]);
    if (!steps.length || !steps.every(Boolean)) return null;
    const [dx, dy] = steps[0];
    return t(key, { tile, pos, side: t(`side.at.${detail[0]}`), other: nameAt(x + dx, y + dy) });
  }
  if (!Array.isArray(detail)) return null;
  const cells = detail.map(([cx, cy]) => `(${cx}, ${cy})`);
  const tiles = detail.map(([cx, cy]) => nameAt(cx, cy));
  return t(key, { tile, pos, cells: joinAnd(cells), tiles: joinAnd(tiles) });
}
