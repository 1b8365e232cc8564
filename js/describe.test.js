// Moves told in words (js/describe.js): every kind of move in every language,
// exactly as the kernel says it (alhambra_widget/i18n/moves.py wrote
// js/fixtures/moves/cases.json from recorded games), and actions not played yet
// (the hints) from their notation and the view.
import { afterEach, describe, expect, it } from "vitest";
import namesDe from "../alhambra_widget/i18n/locales/de/names.json";
import uiDe from "../alhambra_widget/i18n/locales/de/ui.json";
import namesEn from "../alhambra_widget/i18n/locales/en/names.json";
import uiEn from "../alhambra_widget/i18n/locales/en/ui.json";
import namesFi from "../alhambra_widget/i18n/locales/fi/names.json";
import uiFi from "../alhambra_widget/i18n/locales/fi/ui.json";
import namesJa from "../alhambra_widget/i18n/locales/ja/names.json";
import uiJa from "../alhambra_widget/i18n/locales/ja/ui.json";
import namesNl from "../alhambra_widget/i18n/locales/nl/names.json";
import uiNl from "../alhambra_widget/i18n/locales/nl/ui.json";
import { cardsText, describeAction, describeEntry, describeParts, formatNumber, notationTitle, placeText, tileText } from "./describe.js";
import moves from "./fixtures/moves/cases.json";
import { dom, fixture } from "./fixtures.js";
import { useStrings } from "./i18n.js";
import { replayBannerHtml } from "./view/controls.js";

// the strings trait of each language, as alhambra_widget/i18n/strings.py makes it (English fills gaps)
const FRONT = /^(ui|building|currency|card|rule|list)\./;
const pick = (...cats) => Object.fromEntries(cats.flatMap((c) => Object.entries(c)).filter(([k]) => FRONT.test(k)));
const EN = pick(namesEn, uiEn);
const STRINGS = {
  en: EN,
  de: { ...EN, ...pick(namesDe, uiDe) },
  fi: { ...EN, ...pick(namesFi, uiFi) },
  ja: { ...EN, ...pick(namesJa, uiJa) },
  nl: { ...EN, ...pick(namesNl, uiNl) },
};
const LANGS = Object.keys(STRINGS);
const use = (lang) => useStrings(STRINGS[lang], lang);

afterEach(() => useStrings(null));

const KINDS = ["take one", "take several", "buy exact", "buy over", "remove", "build", "swap", "place next to the fountain",
  "place further away", "reserve", "dirk", "end", "pass", "refills", "shuffle", "scoring", "scoring with Dirk", "award", "over", "reshuffle", "round 3 after round 1"];

describe("a move in words, as the kernel says it", () => {
  it("covers every kind of move", () => {
    expect(moves.cases.map((c) => c.label).sort()).toEqual([...KINDS].sort());
  });

  for (const lang of LANGS) {
    it(`says every kind of move in ${lang} as alhambra_widget/i18n/moves.py does`, () => {
      use(lang);
      for (const c of moves.cases) {
        const view = { players: c.names.map((name) => ({ name })), rounds: c.rounds };
        const text = describeEntry(c.entry, view);
        expect(text, `${c.label} (${lang})`).toBe(c.texts[lang]);
        // building names and prices, never a tile id or the notation
        expect(text).not.toMatch(/#\d|\{|ui\.move/);
        if (c.entry.action.includes(" ")) expect(text).not.toContain(c.entry.action);
      }
    });
  }

  it("splits the player's action from what followed it", () => {
    use("en");
    const c = moves.cases.find((x) => x.label === "scoring with Dirk");
    const { main, more } = describeParts(c.entry, { players: c.names.map((name) => ({ name })), rounds: c.rounds });
    expect(main).toMatch(/^Ben took florin \d\.$/);
    expect(more.some((s) => s.startsWith("Scoring round 1: Ana +"))).toBe(true);
    expect(more.some((s) => s.startsWith("Dirk drew "))).toBe(true);
  });

  it("tells round 3 by its number when the bag ran out before round 2", () => {
    use("en");
    const c = moves.cases.find((x) => x.label === "round 3 after round 1");
    const { more } = describeParts(c.entry, { players: c.names.map((name) => ({ name })), rounds: c.rounds });
    const r3 = c.rounds.find((r) => r.round === 3);
    expect(c.rounds.map((r) => r.round)).toEqual([1, 3]);
    expect(more).toContain(`Scoring round 3: Ana +${r3.points[0]}, Ben +${r3.points[1]} and Chi +${r3.points[2]}.`);
  });

  it("falls back to the notation for an entry without its events (an older saved view)", () => {
    use("en");
    expect(describeEntry({ n: 1, player: 0, name: "Ana", action: "take dinar 3" }, {})).toBe("Ana: take dinar 3");
    for (const action of ["buy 2 with dirham 3+4", "remove 1,0", "build 23 at 1,0", "place 23 at 1,0", "swap 23 at 1,0", "reserve 23", "dirk 23"]) {
      const other = action.startsWith("take") ? "buy" : "take";   // (nor by another kind's events)
      expect(describeEntry({ name: "Ana", action, events: [] }, {})).toBe(`Ana: ${action}`);
      expect(describeEntry({ name: "Ana", action, events: [{ kind: other, tile: 23, cards: ["dinar 3"] }] }, {})).toBe(`Ana: ${action}`);
    }
    // a purchase whose tile the entry does not describe: without its price, no words for what was paid over it
    const bought = { name: "Ana", action: "buy 2 with dirham 3+4", events: [{ kind: "buy", slot: 2, tile: 23 }, { kind: "pay", cards: ["dirham 3", "dirham 4"] }] };
    expect(describeEntry(bought, {})).toBe("Ana: buy 2 with dirham 3+4");
    expect(describeEntry({ ...bought, tiles: { 23: { building: "arcades", price: 7 } } }, {})).toBe("Ana bought arcades (7) with dirham 3+4, the exact price.");
    // an award to a player the view does not hold (a view of another game): told without a name, not failing
    const award = moves.cases.find((c) => c.label === "award");
    const few = { players: [{ name: "Ana" }], rounds: [] };
    const told = describeEntry(award.entry, few);
    expect(told).toContain("Ana gets arcades (6) from slot 2");
    expect(told).toContain(" gets a seraglio (9) from slot 1");
    expect(told).not.toContain("Ben");
  });

  it("the replay banner tells the move shown in words", () => {
    use("nl");
    const v = fixture("buy-3p");
    const last = v.log[v.log.length - 1];
    const banner = replayBannerHtml({ ...v, replay: last.n, live_moves: last.n + 3 });
    const text = dom(banner).textContent;
    expect(text).toContain(describeEntry(last, v));
    expect(text).not.toContain(last.action);
  });

  it("keeps the notation at hand as a tooltip", () => {
    use("de");
    expect(notationTitle("buy 2 with dinar 3+5")).toBe("Notation: buy 2 with dinar 3+5");
  });
});

describe("the words inside a move", () => {
  it("names places from the fountain, north or south first", () => {
    use("en");
    expect(placeText([1, 0])).toBe("east of the fountain");
    expect(placeText([0, -1])).toBe("north of the fountain");
    expect(placeText([-1, -2])).toBe("2 north, 1 west of the fountain");
    expect(placeText([3, 0])).toBe("3 east of the fountain");
    use("ja");
    expect(placeText([-1, -2])).toBe("スタートタイルから北に2マス、西に1マス");
    use("fi");
    expect(placeText([0, 1])).toBe("aloituslaatasta etelään");
  });

  it("groups cards by currency in slot order, values ascending", () => {
    use("en");
    expect(cardsText(["ducat 2", "florin 2", "florin 1"])).toBe("florin 1+2 and ducat 2");
    use("de");
    expect(cardsText(["dinar 5", "dinar 3"])).toBe("Denar 3+5");
  });

  it("names a tile by its building and price, in the form the sentence needs", () => {
    use("de");
    expect(tileText({ building: "tower", price: 8 })).toBe("einen Turm (8)");
    expect(tileText({ building: "tower", price: 8 }, "new")).toBe("ein Turm (8)");
    use("fi");
    expect(tileText({ building: "tower", price: 8 })).toBe("tornin (8)");
    expect(tileText({ building: "tower", price: 8 }, "thing")).toBe("torni (8)");
  });

  it("writes numbers as the language does", () => {
    use("de");
    expect(formatNumber(-4.5, { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe("-4,5");
    expect(formatNumber(0.52, { style: "percent" })).toBe("52\u00a0%");
    use("en");
    expect(formatNumber(-4.5, { minimumFractionDigits: 1 })).toBe("-4.5");
    expect(formatNumber(0.52, { style: "percent" })).toBe("52%");
    use("fi");
    expect(formatNumber(-4.5, { minimumFractionDigits: 1 })).toBe("\u22124,5");
    // a language tag Intl cannot read (a host's "de_DE"): the numbers of English, never an error
    useStrings(STRINGS.de, "de_DE");
    expect(formatNumber(-4.5, { minimumFractionDigits: 1 })).toBe("-4.5");
    expect(placeText([2, -3])).toBe("3 nach Norden, 2 nach Osten vom Brunnen aus");   // (the words stay German)
  });
});

describe("an action to play, in words (hints)", () => {
  const v = fixture("hotseat-3p");
  const me = v.players[v.current];
  const reserveTile = me.reserve[0];
  const board = me.alhambra.find((tile) => tile.id !== 0);
  const slot = v.market.find((s) => s.tile);
  // (a bought tile waits beside its buyer, its slot empty until the turn ends: the view names it only there)
  const pending = { ...v, phase: "place", pending: [{ player: v.current, tile: slot.tile }],
    market: v.market.map((s) => (s === slot ? { ...s, tile: null } : s)) };
  const ACTIONS = [
    ["take dinar 3", v],
    ["take florin 1+2, ducat 2", v],
    [`buy ${slot.slot} with ${slot.currency} 9`, v],
    [`remove ${board.x},${board.y}`, v],
    [`build ${reserveTile.id} at 5,5`, v],
    [`swap ${reserveTile.id} at ${board.x},${board.y}`, v],
    [`place ${slot.tile.id} at 0,-1`, pending],
    [`reserve ${slot.tile.id}`, pending],
    [`dirk ${slot.tile.id}`, pending],
    ["end", v],
    ["pass", v],
  ];

  for (const lang of LANGS) {
    it(`says every kind of action in ${lang}, never by tile id`, () => {
      use(lang);
      const texts = ACTIONS.map(([a, view]) => describeAction(a, view));
      texts.forEach((text, i) => {
        const [a] = ACTIONS[i];
        expect(text, a).not.toMatch(/#\d|\{|ui\.move/);
        // (an English take reads as its notation: "take dinar 3")
        if (a.includes(" ") && !a.startsWith("take")) expect(text, a).not.toContain(a);
      });
      expect(new Set(texts).size).toBe(texts.length);
    });
  }

  it("in English", () => {
    use("en");
    expect(describeAction("take florin 1+2, ducat 2", v)).toBe("take florin 1+2 and ducat 2");
    expect(describeAction(`place ${slot.tile.id} at 0,-1`, pending)).toBe(`place ${tileText(slot.tile, "thing")} north of the fountain`);
    expect(describeAction(`swap ${reserveTile.id} at ${board.x},${board.y}`, v)).toBe(
      `swap ${tileText(reserveTile, "thing")} from the reserve for ${tileText(board)} ${placeText([board.x, board.y])}`,
    );
    expect(describeAction("nonsense 3", v)).toBe("nonsense 3");
    // a purchase names the tile of the slot it buys from, each slot its own
    for (const s of v.market.filter((x) => x.tile)) {
      expect(describeAction(`buy ${s.slot} with ${s.currency} 9`, v)).toBe(`buy ${tileText(s.tile, "thing")} with ${s.currency} 9`);
    }
    expect(new Set(v.market.map((s) => describeAction(`buy ${s.slot} with dinar 9`, v))).size).toBe(v.market.length);
    expect(describeAction(`remove ${board.x},${board.y}`, v)).toBe(`move ${tileText(board, "thing")} from ${placeText([board.x, board.y])} to the reserve`);
    expect(describeAction(`build ${reserveTile.id} at 5,5`, v)).toMatch(new RegExp(`^build ${tileText(reserveTile, "thing").replace(/[()]/g, "\\$&")} `));
    expect(describeAction(`reserve ${slot.tile.id}`, pending)).toBe(`put ${tileText(slot.tile, "thing")} in the reserve`);
    expect(describeAction("end", v)).toBe("end the turn");
    expect(describeAction("pass", v)).toBe("pass");
    // what the tiles of the view do not name: the notation's id; what cannot be read: the notation
    expect(describeAction("reserve 99", v)).toBe("put #99 in the reserve");
    for (const odd of ["take dinar", "take", "buy 9 with dinar 3", "place 3 at north"]) expect(describeAction(odd, v)).toBe(odd);
  });
});
