// The money market (four face-up cards) with the money deck, the discard
// pile and the bag of tiles -- counts only: their order is never known (X3).

import { cardName, t, tn } from "../i18n.js";
import { BAG_COLORS, cardBack, cardSvg, control, esc, svgOpen, text } from "./common.js";
import { cardMarks, hintBadge } from "./hints.js";

/**
 * @param {object} view  the JSON view
 * @param {object} [o]
 * @param {boolean} [o.interactive]  face-up cards are controls (data-act="money")
 * @param {number[]} [o.selected]    indices of the selected face-up cards
 */
export function moneySvg(view, o = {}) {
  const { interactive = false, selected = [] } = o;
  const cw = 52;
  const ch = 80;
  const gap = 7;
  const W = 4 * (cw + gap) + 2 * (cw + 16);
  const H = 105;
  let out = svgOpen("alh-money-market", 0, 0, W, H, t("ui.money.aria"), { maxWidth: W * 1.25 });
  out += `<g class="alh-money">`;
  view.money.forEach((card, i) => {
    const on = selected.includes(i);
    const attrs = interactive ? control("money", t("ui.money.card", { card: cardName(card) }), { i, key: `money-${i}` }, { pressed: on }) : "";
    out += cardSvg(card, i * (cw + gap), on ? 0 : 8, cw, ch, { attrs, cls: on ? "alh-selected" : "", big: true });
  });
  if (!view.money.length) out += text(4, 50, t("ui.money.none"), 13, { cls: "alh-muted", maxWidth: 4 * (cw + gap) - 8 });
  for (const [i, ranks] of cardMarks(view.money, o.marks)) out += hintBadge(i * (cw + gap) + cw / 2, 10, 10, ranks);
  out += `</g>`;
  const dx = 4 * (cw + gap) + 6;
  out += `<g class="alh-deck" data-count="${view.deck}"><title>${esc(t("ui.money.deck_title", { deck: tn("ui.cards", view.deck), discard: tn("ui.cards", view.discard) }))}</title>`;
  if (view.deck) out += cardBack(dx + 4, 4, cw, ch - 4, "alh-deck-card") + cardBack(dx, 8, cw, ch - 4, "alh-deck-card");
  else out += `<rect class="alh-empty" x="${dx}" y="8" width="${cw}" height="${ch - 4}" rx="8"/>`;
  out += text(dx + cw / 2, ch + 22, t("ui.money.deck", { n: view.deck }), 12, { anchor: "middle", maxWidth: cw + 14 });
  out += `</g>`;
  const bx = dx + cw + 12;
  out += `<g class="alh-bag" data-count="${view.bag}"><title>${esc(t("ui.money.bag_title", { tiles: tn("ui.tiles", view.bag) }))}</title>`;
  out += `<path d="M${bx + 12} 20h34l-6 14c20 8 28 26 24 44c-3 12-14 16-35 16s-32-4-35-16c-4-18 4-36 24-44z" fill="${BAG_COLORS.fill}" stroke="${BAG_COLORS.edge}" stroke-width="2"/>`;
  out += text(bx + 29, 72, view.bag, 18, { anchor: "middle", weight: "bold", fill: BAG_COLORS.ink });
  out += text(bx + 29, ch + 22, t("ui.money.bag", { n: view.bag }), 12, { anchor: "middle", maxWidth: 62 });
  out += `</g>`;
  return out + `</svg>`;
}
