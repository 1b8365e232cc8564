// A hand of money cards, grouped by currency; or, for a hand the viewer may
// not see, only the back of a card and how many there are (decision X3).

import { cardName, t, tn } from "../i18n.js";
import { cardMarks, hintBadge } from "./hints.js";
import { CURRENCY_COLORS, UNKNOWN_COLORS, cardBack, cardInner, roundRect, cardSvg, control, esc, numbersPath, parseCard, svgOpen, symbolD, text } from "./common.js";

/**
 * A visible hand.
 * @param {string[]} hand  cards ("dirham 4"), sorted by currency then value
 * @param {object} [o]
 * @param {boolean} [o.interactive]  cards are controls (data-act="card", data-i)
 * @param {number[]} [o.selected]    indices of the selected cards
 * @param {string|null} [o.currency] the currency being paid: other cards are dimmed
 * @param {string} [o.label]
 */
export function handSvg(hand, o = {}) {
  const { interactive = false, selected = [], currency = null, label = t("ui.hand.label") } = o;
  const cw = 40;
  const ch = 58;
  const step = cw + 6;
  const pos = [];
  let x = 0;
  hand.forEach((c, i) => {
    if (i && parseCard(c).currency !== parseCard(hand[i - 1]).currency) x += 12;
    pos.push(x);
    x += step;
  });
  const W = Math.max(x, 200);
  const H = ch + 12;
  // a hand nobody chooses from, empty: a line of text, not a picture
  if (!hand.length && !interactive) {
    return `<span class="alh-row-empty alh-muted" role="group" aria-label="${esc(t("ui.label_count", { label, count: tn("ui.cards", 0) }))}"><span class="alh-hand-cards" data-count="0">${esc(t("ui.hand.none"))}</span></span>`;
  }
  let out = svgOpen("alh-hand", 0, 0, W, H, t("ui.label_count", { label, count: tn("ui.cards", hand.length) }));
  out += `<g class="alh-hand-cards" data-count="${hand.length}">`;
  // a hand nobody chooses from (the players' panels): the cards' inner borders
  // as one path per ink colour rather than one element per card
  const inner = {};
  const faces = {};
  const values = [];
  const symbols = {};
  hand.forEach((card, i) => {
    const on = selected.includes(i);
    const dim = currency && parseCard(card).currency !== currency;
    const attrs = interactive ? control("card", t("ui.hand.card", { card: cardName(card) }), { i, key: `card-${i}` }, { pressed: on }) : "";
    const cls = [on ? "alh-selected" : "", dim ? "alh-dim" : ""].filter(Boolean).join(" ");
    const y = on ? 0 : 10;
    out += cardSvg(card, pos[i], y, cw, ch - 10, { attrs, cls, inner: interactive, value: interactive, face: interactive });
    if (!interactive) {
      const { currency, value } = parseCard(card);
      const ink = (CURRENCY_COLORS[currency] || UNKNOWN_COLORS)[2];
      inner[ink] = (inner[ink] || "") + cardInner(pos[i], y, cw, ch - 10);
      faces[currency] = (faces[currency] || "") + roundRect(pos[i], y, cw, ch - 10, cw * 0.14);
      values.push([pos[i] + cw * 0.56, y + (ch - 10) * 0.6, value, ink]);
      symbols[ink] = (symbols[ink] || "") + symbolD(currency, pos[i] + cw * 0.12, y + cw * 0.12, cw * 0.34);
    }
  });
  for (const [cur, d] of Object.entries(faces)) {
    const [fill, edge] = CURRENCY_COLORS[cur] || UNKNOWN_COLORS;
    out += `<path class="alh-card-faces alh-${cur}" d="${d}" fill="${fill}" stroke="${edge}" stroke-width="1.5" pointer-events="none"/>`;
  }
  for (const [ink, d] of Object.entries(inner)) out += `<path d="${d}" fill="none" stroke="${ink}" stroke-opacity="0.35" pointer-events="none"/>`;
  for (const [ink, d] of Object.entries(symbols)) out += `<path class="alh-symbols" d="${d}" fill="${ink}" fill-rule="evenodd" pointer-events="none"/>`;
  // ... and their values as strokes, one path per ink
  out += numbersPath(values, (ch - 10) * 0.34, "alh-card-values");
  if (!hand.length) out += text(4, 36, t("ui.hand.none"), 14, { cls: "alh-muted", maxWidth: W - 8 });
  for (const [i, ranks] of cardMarks(hand, o.marks)) out += hintBadge(pos[i] + cw / 2, 8, 8, ranks);
  return out + `</g></svg>`;
}

/** A hidden hand: the back of a card and the number of cards. */
export function hiddenHandSvg(count, name = "") {
  const cards = tn("ui.cards", count);
  const label = name ? t("ui.hand.hidden_of", { name, cards }) : t("ui.hand.hidden", { cards });
  let out = svgOpen("alh-hand alh-hidden", 0, 0, 120, 50, label, { maxWidth: 140 });
  out += `<title>${esc(label)}</title>`;
  out += cardBack(2, 4, 30, 42);
  out += text(42, 31, cards, 15, { cls: "alh-hand-count", maxWidth: 76 });
  return out + `</svg>`;
}
