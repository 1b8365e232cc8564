import { describe, expect, it } from "vitest";
import { accessibleName, dom, fixture } from "../fixtures.js";
import botsDe from "../../alhambra_widget/i18n/locales/de/bots.json";
import namesDe from "../../alhambra_widget/i18n/locales/de/names.json";
import uiDe from "../../alhambra_widget/i18n/locales/de/ui.json";
import botsFi from "../../alhambra_widget/i18n/locales/fi/bots.json";
import namesFi from "../../alhambra_widget/i18n/locales/fi/names.json";
import uiFi from "../../alhambra_widget/i18n/locales/fi/ui.json";
import botsJa from "../../alhambra_widget/i18n/locales/ja/bots.json";
import namesJa from "../../alhambra_widget/i18n/locales/ja/names.json";
import uiJa from "../../alhambra_widget/i18n/locales/ja/ui.json";
import botsNl from "../../alhambra_widget/i18n/locales/nl/bots.json";
import namesNl from "../../alhambra_widget/i18n/locales/nl/names.json";
import uiNl from "../../alhambra_widget/i18n/locales/nl/ui.json";
import { tileText } from "../describe.js";
import { EN, useStrings } from "../i18n.js";

const pick = (cat) => Object.fromEntries(Object.entries(cat).filter(([k]) => !k.startsWith("_")));
import { PLAYED, canHint, cardMarks, hintBadge, hintDetail, hintMarks, hintPlay, hintsHtml, marginWords, onlyPlayed, thinkingHtml } from "./hints.js";

const LANG = {
  de: () => ({ ...EN, ...pick(namesDe), ...pick(uiDe), ...pick(botsDe) }),
  fi: () => ({ ...EN, ...pick(namesFi), ...pick(uiFi), ...pick(botsFi) }),
  ja: () => ({ ...EN, ...pick(namesJa), ...pick(uiJa), ...pick(botsJa) }),
  nl: () => ({ ...EN, ...pick(namesNl), ...pick(uiNl), ...pick(botsNl) }),
};

const HINTS = [
  { action: "buy 2 with dirham 3+4", verb: "buy", kind: "buy", win: 0.523, margin: 2.1, slot: 2, cards: ["dirham 3", "dirham 4"] },
  { action: "take dinar 2+3", verb: "take", kind: "take", win: 0.41, margin: -3, cards: ["dinar 2", "dinar 3"] },
  { action: "place 12 at 1,0", verb: "place", kind: "place", win: 0.3, margin: -8.25, tile: 12, cell: [1, 0] },
];

describe("hints", () => {
  it("lists the hints numbered, with the win chance and the margin in plain words", () => {
    useStrings(null);
    const view = { ...fixture("hotseat-3p"), hints: HINTS, hinting: false, legal: null };   // (nobody here may play them)
    const items = [...dom(hintsHtml(view)).querySelectorAll("li")];
    expect(items.map((li) => li.getAttribute("data-hint"))).toEqual(["1", "2", "3"]);
    // the move in words (the building of slot 2); the margin rounded to a whole point, its sign in words
    const slot2 = tileText(view.market[1].tile, "thing");
    expect(items[0].textContent).toContain(`buy ${slot2} with dirham 3+4: 52% chance to win, about 2 points ahead`);
    expect(items[1].textContent).toContain("take dinar 2+3: 41% chance to win, about 3 points behind");
    expect(items[2].textContent).toContain(": 30% chance to win, about 8 points behind");
    // the exact estimates, said what they are, and the notation in the tooltip
    expect(items[0].getAttribute("title")).toBe(`buy ${slot2} with dirham 3+4: 52% chance to win, about 2 points ahead\n` +
      "Estimate: win chance 52.3%; final score +2.1 points against the best other player, on average\nNotation: buy 2 with dirham 3+4");
    expect(items[2].getAttribute("title")).toContain("win chance 30.0%; final score -8.3 points");
  });

  it("says the margin as a newcomer reads it: about so many points ahead or behind, one point, neck and neck", () => {
    useStrings(null);
    expect(marginWords(-19.2)).toBe("about 19 points behind");
    expect(marginWords(4.4)).toBe("about 4 points ahead");
    expect(marginWords(1.3)).toBe("about 1 point ahead");
    expect(marginWords(-0.6)).toBe("about 1 point behind");
    expect(marginWords(0.4)).toBe("neck and neck");
    expect(marginWords(-0.49)).toBe("neck and neck");
    expect(marginWords(0)).toBe("neck and neck");
    expect(hintDetail({ win: 0.163, margin: -19.2 })).toBe("Estimate: win chance 16.3%; final score -19.2 points against the best other player, on average");
    expect(hintDetail({ win: 0.62, margin: null })).toBe("Estimate: win chance 62.0%");
  });

  it("is compact: a title on one line, each hint's words a block of their own, whole in the tooltip", () => {
    // (the style sheet cuts the title to a line and a hint's words to two, and lets the list
    // scroll within the room beside the board, so the hand above stays in view: the words cut
    // are read whole in the tooltip, and by a screen reader)
    useStrings(null);
    const live = { ...fixture("hotseat-3p"), hints: HINTS, hinting: false, replay: null, bots: {} };
    for (const view of [live, { ...live, legal: null }]) {
      const el = dom(hintsHtml(view));
      const title = el.querySelector(".alh-hints > .alh-hints-title");
      expect(title.getAttribute("title")).toBe(title.textContent);
      const items = [...el.querySelectorAll(".alh-hint-list > li")];
      expect(items.length).toBe(3);
      for (const li of items) {
        const words = li.querySelectorAll(".alh-hint-text");
        expect(words.length).toBe(1);
        const tip = (li.querySelector("button") || li).getAttribute("title");
        expect(tip).toContain(words[0].textContent);
        expect(tip).toContain("Notation: ");
        // the number before the words, apart from them
        expect(words[0].previousElementSibling.classList.contains("alh-hint-badge")).toBe(true);
      }
    }
  });

  it("writes the words and the numbers as each language does", () => {
    const view = { ...fixture("hotseat-3p"), hints: HINTS, hinting: false, legal: null };
    const said = (lang) => {
      useStrings(lang === "en" ? null : LANG[lang](), lang);
      return [...dom(hintsHtml(view)).querySelectorAll("li")].map((li) => [li.textContent, li.getAttribute("title")]);
    };
    const de = said("de");
    expect(de[1][0]).toContain("Denar 2+3 nehmen: 41\u00a0% Gewinnchance, etwa 3 Punkte Rückstand");
    expect(de[0][0]).toContain("52\u00a0% Gewinnchance, etwa 2 Punkte Vorsprung");
    expect(de[2][1]).toContain("Gewinnwahrscheinlichkeit 30,0\u00a0%; Endstand im Mittel -8,3 Punkte");
    expect(said("fi")[1][0]).toContain(": voittomahdollisuus 41\u00a0%, noin 3 pistettä perässä");
    const ja = said("ja");
    expect(ja[0][0]).toContain("：勝率52%、約2点差でトップ");
    expect(ja[1][0]).toContain("：勝率41%、トップと約3点差");
    expect(ja[1][1]).toContain("勝率41.0%、終了時の平均点差-3.0点");
    expect(said("nl")[2][0]).toContain(": 30% winkans, zo'n 8 punten achterstand");
    useStrings(LANG.de(), "de");
    expect(marginWords(1.2)).toBe("etwa 1 Punkt Vorsprung");
    expect(marginWords(-0.2)).toBe("Kopf an Kopf");
    useStrings(LANG.fi(), "fi");
    expect(marginWords(-1)).toBe("noin 1 piste perässä");
    useStrings(LANG.nl(), "nl");
    expect(marginWords(1)).toBe("zo'n 1 punt voorsprong");
    // in every language: no signed or decimal number in the list, all of them in the tooltip
    for (const lang of ["en", ...Object.keys(LANG)]) {
      for (const [text, title] of said(lang)) {
        expect(text, lang).not.toMatch(/(?<!\d)[+\-\u2212]\d|\d[.,]\d/);   // ("dirham 3+4" is the move's cards)
        expect(title, lang).toMatch(/\d[.,]\d/);
      }
    }
    useStrings(null);
  });

  it("makes each hint a button that plays it where the viewer may act: live, or on from the position replayed", () => {
    useStrings(null);
    const live = { ...fixture("hotseat-3p"), hints: HINTS, hinting: false, replay: null, bots: {} };
    expect(hintPlay(live)).toBe("play");
    expect(dom(hintsHtml(live)).querySelector(".alh-label").textContent).toBe("Hints (choose one to play it)");
    expect(dom(hintsHtml({ ...live, legal: null })).querySelector(".alh-label").textContent).toBe("Hints");
    const buttons = [...dom(hintsHtml(live)).querySelectorAll("li > button[data-act=hint-play]")];
    expect(buttons.map((b) => b.getAttribute("data-i"))).toEqual(["1", "2", "3"]);
    const slot2 = tileText(live.market[1].tile, "thing");
    expect(accessibleName(buttons[0])).toBe(`Play this move: buy ${slot2} with dirham 3+4: 52% chance to win, about 2 points ahead`);
    expect(buttons[0].getAttribute("title")).toContain("Notation: buy 2 with dirham 3+4");
    expect(buttons[0].getAttribute("title")).toContain("win chance 52.3%; final score +2.1 points");
    expect(buttons[0].textContent).toContain("52% chance to win");
    // replaying: where the viewer may play on from there and act in it, "on from here with it"
    const past = { ...live, legal: null, replay: 4, can_play_from: true };
    expect(hintPlay(past)).toBe("try");
    const tried = dom(hintsHtml(past)).querySelector("button[data-act=hint-play]");
    expect(accessibleName(tried)).toMatch(/^Play on from this position with this move \(the later moves are taken back\): buy /);
    // and nowhere else: nobody to act here, another's seat, a bot's turn, a lesson, the search running, the end
    expect(hintPlay({ ...live, legal: null })).toBe(null);
    expect(hintPlay({ ...past, can_play_from: false })).toBe(null);
    expect(hintPlay({ ...past, seat: (past.current + 1) % 3 })).toBe(null);
    expect(hintPlay({ ...past, bots: { [past.current]: "Greedy" } })).toBe(null);
    expect(hintPlay({ ...live, lesson: { id: "x" } })).toBe(null);
    expect(hintPlay({ ...live, phase: "over" })).toBe(null);
    expect(dom(hintsHtml({ ...past, can_play_from: false })).querySelectorAll("button").length).toBe(0);
    // the review's move played beside its better move is never a button
    const review = { ...past, hints: [HINTS[0], { ...HINTS[1], played: true, margin: null }] };
    const items = [...dom(hintsHtml(review)).querySelectorAll("li")];
    expect(items.map((li) => li.querySelectorAll("button").length)).toEqual([1, 0]);
  });

  it("says a search is running, and nothing without hints", () => {
    useStrings(null);
    const view = fixture("hotseat-3p");
    expect(dom(hintsHtml({ ...view, hinting: true })).textContent).toContain("Looking for the best moves");
    expect(hintsHtml({ ...view, hints: null, hinting: false })).toBe("");
  });

  it("maps hints to slots, market cards, hand cards and cells", () => {
    const m = hintMarks({ hints: HINTS });
    expect(m.slots).toEqual({ 2: [1] });
    expect(m.hand).toEqual({ "dirham 3": [1], "dirham 4": [1] });
    expect(m.money).toEqual({ "dinar 2": [2], "dinar 3": [2] });
    expect(m.cells).toEqual({ "1,0": [3] });
    expect(m.tiles).toEqual({ 12: [3] });
  });

  it("marks as many hand cards as a hint names, the first matching ones, two copies apart", () => {
    const hand = ["dinar 3", "dinar 3", "dinar 5", "ducat 2"];
    // hint 1 pays dinar 3+3, hint 2 dinar 3 and ducat 2, hint 3 a card not in the hand
    const marks = { "dinar 3": [1, 1, 2], "ducat 2": [2], "florin 9": [3] };
    expect(cardMarks(hand, marks)).toEqual([[0, [1, 2]], [1, [1]], [3, [2]]]);
    expect(cardMarks(hand, { "dinar 3": [1, 1, 1] })).toEqual([[0, [1]], [1, [1]]]);   // (only two copies to mark)
    expect(cardMarks(hand, null)).toEqual([]);
    expect(cardMarks([], marks)).toEqual([]);
    // in the order of the cards, whatever the order of the hints naming them
    expect(cardMarks(hand, { "ducat 2": [1], "dinar 5": [2], "dinar 3": [3] })).toEqual([[0, [3]], [2, [2]], [3, [1]]]);
  });

  it("draws a badge with every rank pointing there", () => {
    const el = dom(`<svg>${hintBadge(10, 10, 8, [1, 3])}</svg>`);
    expect(el.querySelector("text").textContent).toBe("1\u00b73");
    expect(el.querySelector(".alh-hint-mark").getAttribute("aria-hidden")).toBe("true");
  });

  it("centres a badge on its spot, as tall as its ring and wider for more ranks, the number inside it", () => {
    const at = (ranks) => {
      const el = dom(`<svg>${hintBadge(50, 40, 8, ranks)}</svg>`);
      const n = (sel, name) => Number(el.querySelector(sel).getAttribute(name));
      return { x: n("rect", "x"), y: n("rect", "y"), w: n("rect", "width"), h: n("rect", "height"),
        tx: n("text", "x"), ty: n("text", "y"), size: n("text", "font-size") };
    };
    const one = at([1]);
    expect([one.w, one.h]).toEqual([16, 16]);   // one rank: a round mark of the ring's size
    const two = at([1, 3]);
    expect(two.h).toBe(16);
    expect(two.w).toBeGreaterThan(one.w);   // "1·3" needs more room
    for (const b of [one, two]) {
      expect(b.x + b.w / 2).toBeCloseTo(50);
      expect(b.y + b.h / 2).toBeCloseTo(40);
      expect(b.tx).toBeCloseTo(50);
      // the digits' baseline below the middle, within the ring; as tall as fits in it
      expect(b.ty).toBeGreaterThan(40);
      expect(b.ty).toBeLessThan(48);
      expect(b.size).toBeGreaterThan(8);
      expect(b.size).toBeLessThan(16);
    }
  });

  it("draws the move played apart only where it is alone on a spot", () => {
    expect(onlyPlayed([PLAYED])).toBe(true);
    expect(onlyPlayed([PLAYED, 1])).toBe(false);
    expect(onlyPlayed([1, PLAYED])).toBe(false);
    expect(onlyPlayed([1])).toBe(false);
    const mark = (ranks) => dom(`<svg>${hintBadge(10, 10, 8, ranks)}</svg>`).querySelector(".alh-hint-mark");
    expect(mark([PLAYED]).classList.contains("alh-hint-played")).toBe(true);
    expect(mark([PLAYED, 2]).classList.contains("alh-hint-played")).toBe(false);
    expect(mark([PLAYED, 2]).querySelector("text").textContent).toBe(`${PLAYED}\u00b72`);
  });

  it("shows which bot thinks, in the language in use", () => {
    const view = { ...fixture("hotseat-3p"), thinking: 1 };
    useStrings({ "ui.bots.thinking": "{name} miettii…" }, "fi");
    expect(dom(thinkingHtml(view)).textContent).toBe(`${view.players[1].name} miettii…`);
    useStrings(null);
    expect(thinkingHtml({ ...view, thinking: null })).toBe("");
    expect(thinkingHtml({ ...view, thinking: undefined })).toBe("");
    expect(thinkingHtml({ ...view, thinking: 7 })).toBe("");   // (a seat the view does not hold)
  });

  it("offers a hint to a person who may act in the live game, and on any position replayed", () => {
    const view = fixture("hotseat-3p");
    expect(canHint({ ...view, replay: null, bots: {} })).toBe(true);
    expect(canHint({ ...view, replay: null, bots: { [view.current]: "Greedy" } })).toBe(false);
    expect(canHint({ ...view, replay: null, seat: (view.current + 1) % 3 })).toBe(false);
    // a past position: whoever was to act there, a bot or another seat (every hand is known, X3)
    expect(canHint({ ...view, replay: 3, bots: {} })).toBe(true);
    expect(canHint({ ...view, replay: 3, bots: { [view.current]: "Greedy" } })).toBe(true);
    expect(canHint({ ...view, replay: 3, seat: (view.current + 1) % 3 })).toBe(true);
    expect(canHint({ ...view, replay: 3, lesson: { id: "x" } })).toBe(false);
    expect(canHint({ ...view, replay: null, phase: "over" })).toBe(false);
  });
});
