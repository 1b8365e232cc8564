// The building market (js/view/market.js) and the money market with the deck and the bag
// (js/view/money.js): what each slot, card, pile and count shows, inside the picture.
import { afterEach, describe, expect, it } from "vitest";
import { dom, fixture } from "../fixtures.js";
import { EN, useStrings } from "../i18n.js";
import { marketSvg } from "./market.js";
import { moneySvg } from "./money.js";

afterEach(() => useStrings(null));

const v = fixture("buy-3p");   // a full market; dinar 5, florin 7, ducat 2, dinar 2 face up; deck 47, bag 29
const viewBox = (root) => root.querySelector("svg").getAttribute("viewBox").split(" ").map(Number);
const translate = (el) => (el.getAttribute("transform") || "").match(/translate\(([-\d.]+) ([-\d.]+)\)/).slice(1).map(Number);
const attr = (el, name) => Number(el.getAttribute(name));
const texts = (el) => [...el.querySelectorAll("text")].map((x) => x.textContent);

describe("the building market", () => {
  it("shows four slots side by side in the picture, each headed by its number, currency and symbol, its tile below", () => {
    const root = dom(marketSvg(v));
    const [, , W, H] = viewBox(root);
    const slots = [...root.querySelectorAll(".alh-slot")];
    expect(slots.map((s) => s.dataset.slot)).toEqual(["1", "2", "3", "4"]);
    let right = 0;
    slots.forEach((s, i) => {
      const bg = s.querySelector(".alh-slot-bg");
      const [x, w] = [attr(bg, "x"), attr(bg, "width")];
      expect(x).toBeGreaterThanOrEqual(right);   // (after the slot before it: no overlap)
      expect(x + w).toBeLessThanOrEqual(W);
      expect(attr(bg, "height")).toBeLessThanOrEqual(H);
      right = x + w;
      const cur = v.market[i].currency;
      expect(s.dataset.currency).toBe(cur);
      expect(texts(s)[0]).toBe(`${i + 1} \u00b7 ${cur}`);
      expect(s.querySelector(".alh-symbol")).not.toBeNull();
      // the tile: inside its slot, below the head
      const tile = s.querySelector(`[data-tile="${v.market[i].tile.id}"]`);
      const [tx, ty] = translate(tile);
      const face = tile.querySelector(".alh-tile-face");
      const size = 2 * attr(face, "x") + attr(face, "width");
      expect(tx).toBeGreaterThanOrEqual(x);
      expect(tx + size).toBeLessThanOrEqual(x + w);
      expect(ty).toBeGreaterThanOrEqual(20);
      expect(ty + size).toBeLessThanOrEqual(H);
    });
  });

  it("names a slot's currency in the language in use", () => {
    useStrings({ "currency.florin": "Florin", "ui.market.building": "Baumarkt" }, "de");
    const root = dom(marketSvg(v));
    expect(texts(root.querySelector('[data-slot="1"]'))[0]).toBe("1 \u00b7 Florin");
    expect(root.querySelector("svg").getAttribute("aria-label")).toBe("Baumarkt");
  });

  it("marks an empty slot as a place with nothing in it, never as a tile", () => {
    const empty = { ...v, market: v.market.map((s) => (s.slot === 3 ? { ...s, tile: null } : s)) };
    const slot = dom(marketSvg(empty)).querySelector('[data-slot="3"]');
    expect(slot.querySelector("[data-tile]")).toBeNull();
    expect(slot.querySelector(".alh-empty")).not.toBeNull();
    expect(texts(slot)).toEqual(["3 \u00b7 dinar", "empty"]);
  });

  it("puts a hint's badge on the tile of its own slot", () => {
    const root = dom(marketSvg(v, { marks: { 2: [1] } }));
    const badges = root.querySelectorAll(".alh-hint-mark");
    expect(badges.length).toBe(1);
    const bg = root.querySelector('[data-slot="2"] .alh-slot-bg');
    const mark = badges[0].querySelector("rect");
    expect(attr(mark, "x")).toBeGreaterThanOrEqual(attr(bg, "x"));
    expect(attr(mark, "x") + attr(mark, "width")).toBeLessThanOrEqual(attr(bg, "x") + attr(bg, "width"));
    expect(attr(mark, "y")).toBeGreaterThanOrEqual(20);   // (on the tile, below the slot's head)
  });
});

describe("the money market, the deck and the bag", () => {
  it("lays the face-up cards in a row before the deck, controls only for a player who may take them", () => {
    const still = dom(moneySvg(v));
    expect(still.querySelectorAll('[role="button"]').length).toBe(0);
    const root = dom(moneySvg(v, { interactive: true, selected: [1] }));
    const cards = [...root.querySelectorAll(".alh-money .alh-card")];
    expect(cards.map((c) => c.getAttribute("aria-label"))).toEqual(v.money.map((c) => `face-up card ${c}`));
    const xs = cards.map((c) => translate(c)[0]);
    const w = attr(cards[0].querySelector(".alh-card-face"), "width");
    for (let i = 1; i < xs.length; i++) expect(xs[i]).toBeGreaterThanOrEqual(xs[i - 1] + w);
    const deckX = Math.min(...[...root.querySelectorAll(".alh-deck rect")].map((r) => attr(r, "x")));
    expect(xs.at(-1) + w).toBeLessThanOrEqual(deckX);
    expect(cards.map((c) => translate(c)[1])).toEqual([8, 0, 8, 8]);   // (the chosen card raised)
  });

  it("says so when no card lies face up", () => {
    expect(texts(dom(moneySvg({ ...v, money: [] })).querySelector(".alh-money"))).toEqual(["no face-up cards"]);
  });

  it("shows the deck as a pile while it has cards and as an empty place when not, its count beneath", () => {
    const full = dom(moneySvg(v)).querySelector(".alh-deck");
    expect(full.querySelectorAll(".alh-deck-card").length).toBe(2);
    expect(full.querySelector(".alh-empty")).toBeNull();
    expect(texts(full)).toEqual(["deck 47"]);
    expect(full.querySelector("title").textContent).toBe("money deck: 47 cards; discard pile: 33 cards");
    const gone = dom(moneySvg({ ...v, deck: 0 })).querySelector(".alh-deck");
    expect(gone.querySelectorAll(".alh-deck-card").length).toBe(0);
    expect(gone.querySelector(".alh-empty")).not.toBeNull();
    expect(texts(gone)).toEqual(["deck 0"]);
  });

  it("shows the bag with its count on it and beneath it, the cards, the deck and the bag each a group of its own", () => {
    const root = dom(moneySvg(v));
    const bag = root.querySelector(".alh-bag");
    expect(texts(bag)).toEqual(["29", "bag 29"]);
    expect(bag.querySelector("title").textContent).toBe("bag: 29 tiles");
    const svg = root.querySelector("svg");
    for (const cls of ["alh-money", "alh-deck", "alh-bag"]) expect(root.querySelector(`.${cls}`).parentElement).toBe(svg);
    // the bag's count centred on it, right of the deck, inside the picture
    const [, , W] = viewBox(root);
    const [count, label] = bag.querySelectorAll("text");
    const deckRight = Math.max(...[...root.querySelectorAll(".alh-deck rect")].map((r) => attr(r, "x") + attr(r, "width")));
    expect(attr(count, "x")).toBe(attr(label, "x"));
    expect(attr(count, "x")).toBeGreaterThan(deckRight);
    expect(attr(count, "x")).toBeLessThan(W);
  });

  it("names the picture, and makes each face-up card a button that takes that very card, known again after a redraw", () => {
    const root = dom(moneySvg(v, { interactive: true }));
    expect(root.querySelector("svg").getAttribute("aria-label")).toBe("Money market, deck and bag");
    const cards = [...root.querySelectorAll('.alh-money [role="button"]')];
    expect(cards.map((c) => c.dataset.act)).toEqual(["money", "money", "money", "money"]);
    expect(cards.map((c) => c.dataset.i)).toEqual(["0", "1", "2", "3"]);
    const keys = cards.map((c) => c.dataset.key);
    expect(keys.every(Boolean)).toBe(true);
    expect(new Set(keys).size).toBe(4);   // (each card its own: the focus stays on it when the table is drawn again)
  });

  it("shows each face-up card's value and currency in words, and rings the chosen one", () => {
    const root = dom(moneySvg(v, { interactive: true, selected: [1] }));
    const cards = [...root.querySelectorAll(".alh-money .alh-card")];
    expect(cards.map(texts)).toEqual(v.money.map((c) => c.split(" ").reverse()));
    expect(cards.map((c) => c.querySelector(".alh-sel-ring") !== null)).toEqual([false, true, false, false]);
    expect(cards.map((c) => c.getAttribute("aria-pressed"))).toEqual(["false", "true", "false", "false"]);
  });

  it("says there are no face-up cards only when there are none, in the room where they would lie", () => {
    expect(texts(dom(moneySvg(v)).querySelector(".alh-money"))).not.toContain("no face-up cards");
    const none = dom(moneySvg({ ...v, money: [] })).querySelector(".alh-money text");
    expect(none.hasAttribute("textLength")).toBe(false);   // (fits as it is)
    const deckX = Math.min(...[...dom(moneySvg(v)).querySelectorAll(".alh-deck rect")].map((r) => attr(r, "x")));
    const fourth = translate(dom(moneySvg(v)).querySelectorAll(".alh-money .alh-card")[3])[0];
    useStrings({ ...EN, "ui.money.none": "kuvapuoli ylöspäin olevia kortteja ei ole lainkaan pöydällä" }, "fi");
    const long = dom(moneySvg({ ...v, money: [] })).querySelector(".alh-money text");
    const right = attr(long, "x") + attr(long, "textLength");   // (squeezed to fit)
    expect(right).toBeLessThanOrEqual(deckX);
    expect(right).toBeGreaterThan(fourth);
  });

  it("puts a hint's badge on the face-up card it names", () => {
    const root = dom(moneySvg(v, { marks: { "florin 7": [1], "dinar 2": [2] } }));
    const cards = [...root.querySelectorAll(".alh-money .alh-card")];
    const badges = [...root.querySelectorAll(".alh-hint-mark")];
    expect(badges.map(texts)).toEqual([["1"], ["2"]]);
    badges.forEach((b, k) => {
      const x = translate(cards[[1, 3][k]])[0];
      const r = b.querySelector("rect");
      const mid = attr(r, "x") + attr(r, "width") / 2;
      expect(mid).toBeGreaterThan(x);
      expect(mid).toBeLessThan(x + 52);
    });
  });

  it("writes the deck's count centred under the pile, whole, and never over it", () => {
    for (const deck of [47, 0]) {
      const g = dom(moneySvg({ ...v, deck })).querySelector(".alh-deck");
      const rects = [...g.querySelectorAll("rect")].filter((r) => r.hasAttribute("width"));
      const left = Math.min(...rects.map((r) => attr(r, "x")));
      const right = Math.max(...rects.map((r) => attr(r, "x") + attr(r, "width")));
      const bottom = Math.max(...rects.map((r) => attr(r, "y") + attr(r, "height")));
      const label = g.querySelector("text");
      expect(label.getAttribute("text-anchor")).toBe("middle");
      expect(Math.abs(attr(label, "x") - (left + right) / 2)).toBeLessThanOrEqual(3);
      expect(attr(label, "y") - attr(label, "font-size")).toBeGreaterThanOrEqual(bottom);
      expect(label.hasAttribute("textLength")).toBe(false);
    }
  });

  it("draws the bag right of the deck, its count centred on it and its label below", () => {
    const root = dom(moneySvg(v));
    const deckRight = Math.max(...[...root.querySelectorAll(".alh-deck rect")].map((r) => attr(r, "x") + attr(r, "width")));
    const bag = root.querySelector(".alh-bag");
    const mouth = Number(bag.querySelector("path").getAttribute("d").match(/^M([-\d.]+)/)[1]);
    expect(mouth).toBeGreaterThan(deckRight);
    const [count, label] = bag.querySelectorAll("text");
    expect([count, label].map((x) => x.getAttribute("text-anchor"))).toEqual(["middle", "middle"]);
    expect(attr(label, "y")).toBeGreaterThan(attr(count, "y"));
  });
});
