import { describe, expect, it } from "vitest";
import { accessibleName, dom, fixture } from "../fixtures.js";
import botsDe from "../../alhambra_widget/i18n/locales/de/bots.json";
import namesDe from "../../alhambra_widget/i18n/locales/de/names.json";
import uiDe from "../../alhambra_widget/i18n/locales/de/ui.json";
import { tileText } from "../describe.js";
import { EN, useStrings } from "../i18n.js";

const pick = (cat) => Object.fromEntries(Object.entries(cat).filter(([k]) => !k.startsWith("_")));
import { canHint, hintBadge, hintMarks, hintPlay, hintsHtml, thinkingHtml } from "./hints.js";

const HINTS = [
  { action: "buy 2 with dirham 3+4", verb: "buy", kind: "buy", win: 0.523, margin: 2.1, slot: 2, cards: ["dirham 3", "dirham 4"] },
  { action: "take dinar 2+3", verb: "take", kind: "take", win: 0.41, margin: -3, cards: ["dinar 2", "dinar 3"] },
  { action: "place 12 at 1,0", verb: "place", kind: "place", win: 0.3, margin: -8.25, tile: 12, cell: [1, 0] },
];

describe("hints", () => {
  it("lists the hints numbered, with win chance and margin", () => {
    useStrings(null);
    const view = { ...fixture("hotseat-3p"), hints: HINTS, hinting: false, legal: null };   // (nobody here may play them)
    const items = [...dom(hintsHtml(view)).querySelectorAll("li")];
    expect(items.map((li) => li.getAttribute("data-hint"))).toEqual(["1", "2", "3"]);
    // the move in words (the building of slot 2), its notation as the tooltip
    const slot2 = tileText(view.market[1].tile, "thing");
    expect(items[0].textContent).toContain(`buy ${slot2} with dirham 3+4: wins 52%, margin +2.1`);
    expect(items[0].getAttribute("title")).toBe("Notation: buy 2 with dirham 3+4");
    expect(items[1].textContent).toContain("take dinar 2+3: wins 41%, margin -3.0");
  });

  it("writes the numbers as the language does", () => {
    useStrings({ ...EN, ...pick(namesDe), ...pick(uiDe), ...pick(botsDe) }, "de");
    const view = { ...fixture("hotseat-3p"), hints: HINTS, hinting: false };
    const items = [...dom(hintsHtml(view)).querySelectorAll("li")];
    expect(items[1].textContent).toContain("Denar 2+3 nehmen: gewinnt 41\u00a0%, Abstand -3,0");
    expect(items[2].textContent).toContain("Abstand -8,3");
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
    expect(accessibleName(buttons[0])).toBe(`Play this move: buy ${slot2} with dirham 3+4: wins 52%, margin +2.1`);
    expect(buttons[0].getAttribute("title")).toContain("Notation: buy 2 with dirham 3+4");
    expect(buttons[0].textContent).toContain("wins 52%");
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

  it("draws a badge with every rank pointing there", () => {
    const el = dom(`<svg>${hintBadge(10, 10, 8, [1, 3])}</svg>`);
    expect(el.querySelector("text").textContent).toBe("1\u00b73");
    expect(el.querySelector(".alh-hint-mark").getAttribute("aria-hidden")).toBe("true");
  });

  it("shows which bot thinks, in the language in use", () => {
    const view = { ...fixture("hotseat-3p"), thinking: 1 };
    useStrings({ "ui.bots.thinking": "{name} miettii…" }, "fi");
    expect(dom(thinkingHtml(view)).textContent).toBe(`${view.players[1].name} miettii…`);
    useStrings(null);
    expect(thinkingHtml({ ...view, thinking: null })).toBe("");
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
