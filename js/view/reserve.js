// Rows of loose tiles: a player's reserve, the tiles still to place at the end
// of a turn, and Dirk's tiles in a two-player game.

import { t, tn } from "../i18n.js";
import { BUILDING_COLORS, UNKNOWN_COLORS, artD, control, describeTile, dirkShown, esc, numbersPath, roundRect, svgOpen, tileSvg } from "./common.js";

/**
 * @param {object[]} tiles  view tiles
 * @param {object} [o]
 * @param {string} [o.label]          accessible name of the row
 * @param {string|null} [o.act]       when set, each tile is a control with this data-act
 * @param {number[]} [o.enabled]      ids that may be chosen (default: all)
 * @param {number|null} [o.selected]  id of the selected tile
 * @param {number} [o.size]           tile size in user units
 * @param {string} [o.cls]            class of the <svg>
 * @param {string} [o.empty]          text when there is no tile
 * @param {string} [o.hint]           added to each tile's accessible name
 * @param {boolean} [o.names]         buildings' names on the tiles, not their marks (the tutorial)
 */
export function tilesRowSvg(tiles, o = {}) {
  const { label = t("ui.tiles.label"), act = null, enabled = null, selected = null, size = 60, cls = "alh-tiles-row", empty = t("ui.tiles.none"), hint = "" } = o;
  // no tile: a line of text, not a picture (an <svg> with one <text> costs a layout of its own)
  if (!tiles.length) return `<span class="alh-row-empty alh-muted" role="group" aria-label="${esc(t("ui.label_count", { label, count: 0 }))}">${esc(empty)}</span>`;
  const gap = size * 0.15;
  const W = Math.max(tiles.length * (size + gap), size * 3);
  const H = size + gap;
  let out = svgOpen(cls, 0, 0, W, H, t("ui.label_count", { label, count: tiles.length }));
  tiles.forEach((tile, i) => {
    const can = act && (!enabled || enabled.includes(tile.id));
    const on = selected === tile.id;
    let name = t("ui.tiles.item", { label, tile: describeTile(tile) });
    if (hint) name = t("ui.tiles.item_hint", { item: name, hint });
    const attrs = can ? control(act, name, { id: tile.id, key: `${act}-${tile.id}` }, { pressed: on }) : "";
    const c = [on ? "alh-selected" : "", can ? "alh-choosable" : ""].filter(Boolean).join(" ");
    out += tileSvg(tile, i * (size + gap) + gap / 2, gap / 2, size, { attrs, cls: c, detail: size >= 44, name: !!o.names });
  });
  return out + `</svg>`;
}

/** A player's reserve (T3). `o` as for tilesRowSvg; act defaults to none. */
export function reserveSvg(player, o = {}) {
  return tilesRowSvg(player.reserve || [], { label: t("ui.reserve.of", { name: player.name }), cls: "alh-reserve", empty: t("ui.reserve.empty"), ...o });
}

/** Tiles bought (or awarded at the end) that are still to be placed, per player. */
export function pendingHtml(view, o = {}) {
  if (!view.pending.length) return "";
  const byPlayer = new Map();
  for (const { player, tile } of view.pending) {
    if (!byPlayer.has(player)) byPlayer.set(player, []);
    byPlayer.get(player).push(tile);
  }
  let out = `<div class="alh-pending" role="group" aria-label="${esc(t("ui.pending.aria"))}">`;
  for (const [p, tiles] of byPlayer) {
    const mine = o.player === p;
    const name = view.players[p].name;
    const label = mine ? t("ui.table.to_place") : t("ui.pending.row", { name });
    out += `<div class="alh-pending-row" data-player="${p}"><span class="alh-label${mine ? "" : " alh-label-other"}" title="${esc(label)}">${esc(label)}</span>`;
    out += tilesRowSvg(tiles, {
      label: t("ui.pending.label", { name }),
      act: mine && o.act ? o.act : null,
      selected: o.selected ?? null,
      cls: "alh-pending-tiles",
      size: o.size ?? 48,
      names: o.names,
      hint: t(view.n === 2 && !view.final && dirkShown(view) ? "ui.pending.hint_dirk" : "ui.pending.hint"),
    });
    out += `</div>`;
  }
  return out + `</div>`;
}

/**
 * Dirk's tiles (2 players only; D2, D3): what counts for the majorities --
 * per building a chip in its colour with its picture and how many tiles Dirk
 * has (one <svg>, a path per paint); every tile in its title.
 */
export function dirkHtml(view) {
  if (!view.dirk) return "";
  const buildings = view.buildings || Object.keys(BUILDING_COLORS);
  const counts = buildings.map((b) => view.dirk.filter((x) => x.building === b).length);
  const S = 18;
  const CW = 40;
  const W = buildings.length * CW - (CW - S - 16);
  const faces = {};
  const arts = {};
  const nums = [];
  buildings.forEach((b, i) => {
    const x = i * CW;
    const [, , ink] = BUILDING_COLORS[b] || UNKNOWN_COLORS;
    faces[b] = roundRect(x, 1, S, S, 3);
    arts[ink] = (arts[ink] || "") + artD(b, x + 2, 3, S - 4);
    nums.push([x + S + 8, 1 + S / 2, counts[i], "currentColor"]);
  });
  const tiles = view.dirk.map((x) => describeTile(x, false)).join("; ");
  const label = `${t("ui.label_count", { label: t("ui.dirk.label"), count: view.dirk.length })}${tiles ? `: ${tiles}` : ""}`;
  let svg = svgOpen("alh-dirk-tiles", 0, 0, W, S + 2, label).replace('role="group"', 'role="img"');
  svg += `<title>${esc(label)}</title>`;
  for (const [b, d] of Object.entries(faces)) {
    const [fill, edge] = BUILDING_COLORS[b] || UNKNOWN_COLORS;
    svg += `<path class="alh-faces alh-${b}" d="${d}" fill="${fill}" stroke="${edge}"/>`;
  }
  for (const [ink, d] of Object.entries(arts)) svg += `<path d="${d}" fill="${ink}" fill-rule="evenodd"/>`;
  svg += numbersPath(nums, 11, "alh-dirk-counts");
  svg += `</svg>`;
  return (
    `<div class="alh-dirk" data-count="${view.dirk.length}" data-counts="${counts.join(" ")}"><span class="alh-label" title="${esc(tn("ui.dirk.row", view.dirk.length))}">${esc(t("ui.dirk.name"))} \u00b7 ${view.dirk.length}</span>` +
    svg +
    `</div>`
  );
}
