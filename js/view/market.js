// The building market: four slots, each bound to its currency (slot 1 florin,
// 2 dirham, 3 dinar, 4 ducat), each showing its tile (colour, price, walls).

import { currencyName, t } from "../i18n.js";
import { CURRENCY_COLORS, control, describeTile, esc, num, svgOpen, symbolD, text, tileSvg } from "./common.js";
import { hintBadge } from "./hints.js";

/**
 * @param {object} view  the JSON view
 * @param {object} [o]
 * @param {boolean} [o.interactive]   slots are controls (data-act="slot")
 * @param {number|null} [o.selected]  the slot chosen for buying
 * @param {number[]} [o.buyable]      slots the player can pay for (legal.buy)
 * @param {boolean} [o.names]         buildings' names on the tiles, not their marks (the tutorial)
 */
export function marketSvg(view, o = {}) {
  const { interactive = false, selected = null, buyable = [] } = o;
  const sw = 96;
  const gap = 8;
  const ts = 76;
  const top = 24;
  const W = 4 * sw + 3 * gap;
  const H = top + ts + 5;
  let out = svgOpen("alh-market", 0, 0, W, H, t("ui.market.building"), { maxWidth: W * 1.25 });
  for (const slot of view.market) {
    const i = slot.slot - 1;
    const cur = slot.currency;
    const [fill, edge, ink] = CURRENCY_COLORS[cur];
    const x0 = i * (sw + gap);
    const can = buyable.includes(slot.slot);
    const what = slot.tile ? describeTile(slot.tile) : t("ui.tile.empty");
    const params = { slot: slot.slot, currency: currencyName(cur), tile: what };
    const label = t(interactive && slot.tile ? (can ? "ui.market.slot_can" : "ui.market.slot_cannot") : "ui.market.slot", params);
    const cls = ["alh-slot", `alh-${cur}`, selected === slot.slot ? "alh-selected" : "", can ? "alh-buyable" : ""]
      .filter(Boolean)
      .join(" ");
    const attrs = interactive && slot.tile ? control("slot", label, { slot: slot.slot, key: `slot-${slot.slot}` }, { pressed: selected === slot.slot }) : "";
    out += `<g class="${cls}" data-slot="${slot.slot}" data-currency="${cur}"${attrs}><title>${esc(label)}</title>`;
    out += `<rect class="alh-slot-bg" x="${x0}" y="0" width="${sw}" height="${H}" rx="8" stroke="${edge}"/>`;
    // the slot's head in its currency's colour, with the currency's symbol
    out += `<path d="M${x0} 20V8a8 8 0 0 1 8 -8H${x0 + sw - 8}a8 8 0 0 1 8 8V20Z" fill="${fill}"/>`;
    out += `<path class="alh-symbol" d="${symbolD(cur, x0 + 5, 3, 14)}" fill="${ink}" fill-rule="evenodd" aria-hidden="true"/>`;
    out += text(x0 + sw / 2 + 8, 15, `${slot.slot} \u00b7 ${currencyName(cur)}`, 12, { anchor: "middle", weight: "bold", fill: ink, maxWidth: sw - 30 });
    const tx = x0 + (sw - ts) / 2;
    if (slot.tile) out += tileSvg(slot.tile, tx, top, ts, { name: !!o.names, cls: selected === slot.slot ? "alh-selected" : "" });
    else out += `<rect class="alh-empty" x="${num(tx)}" y="${top}" width="${ts}" height="${ts}" rx="6"/>` + text(tx + ts / 2, top + ts / 2 + 5, t("ui.tile.empty"), 13, { anchor: "middle", cls: "alh-muted", maxWidth: ts - 8 });
    out += `</g>`;
    if (o.marks && o.marks[slot.slot]) out += hintBadge(x0 + sw - 14, top + 8, 11, o.marks[slot.slot]);
  }
  return out + `</svg>`;
}
