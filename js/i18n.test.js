// The texts of the front end: t()/tn() (the same {name} placeholders and
// _one/_other keys as Python's alhambra_widget.i18n), the English fallback,
// views drawn in another language, the language switch, the help line that
// explains a spot, and a widget redrawn when the kernel sends new strings.
import { afterEach, describe, expect, it } from "vitest";
import botsDe from "../alhambra_widget/i18n/locales/de/bots.json";
import botsFi from "../alhambra_widget/i18n/locales/fi/bots.json";
import botsJa from "../alhambra_widget/i18n/locales/ja/bots.json";
import namesDe from "../alhambra_widget/i18n/locales/de/names.json";
import uiDe from "../alhambra_widget/i18n/locales/de/ui.json";
import namesFi from "../alhambra_widget/i18n/locales/fi/names.json";
import uiFi from "../alhambra_widget/i18n/locales/fi/ui.json";
import namesJa from "../alhambra_widget/i18n/locales/ja/names.json";
import uiJa from "../alhambra_widget/i18n/locales/ja/ui.json";
import tableDe from "../alhambra_widget/i18n/locales/de/table.json";
import tableFi from "../alhambra_widget/i18n/locales/fi/table.json";
import tableJa from "../alhambra_widget/i18n/locales/ja/table.json";
import { dom, fakeModel, fixture } from "./fixtures.js";
import { EN, buildingName, cardName, fill, joinAnd, language, languages, moneyName, ruleText, t, tn, useStrings } from "./i18n.js";
import { cardsText, describeAction } from "./describe.js";
import { initialUi, reduce } from "./input.js";
import { boardHelpHtml, controlsHtml, hoverText, languageHtml } from "./view/controls.js";
import { cardSvg, describeTile, text, textWidth, tileSvg } from "./view/common.js";
import { tableHtml } from "./view/table.js";
import widget, { message } from "./widget.js";

const LANGS = { en: "English", de: "Deutsch", fi: "Suomi", ja: "日本語", nl: "Nederlands" };
const strings = (...cats) => {
  const out = {};
  for (const c of cats) for (const [k, v] of Object.entries(c)) if (!k.startsWith("_")) out[k] = v;
  for (const [code, name] of Object.entries(LANGS)) out[`language.${code}`] = name;
  return out;
};
const DE = strings(namesDe, uiDe, botsDe, tableDe);
const FI = strings(namesFi, uiFi, botsFi, tableFi);
const JA = strings(namesJa, uiJa, botsJa, tableJa);

afterEach(() => useStrings(null));

describe("t and tn", () => {
  it("fill {name} placeholders and leave unknown ones", () => {
    expect(fill("{a} and {b}", { a: 1, b: "x" })).toBe("1 and x");
    expect(fill("{a} and {c}", { a: 1 })).toBe("1 and {c}");
    expect(fill("no braces", { a: 1 })).toBe("no braces");
    expect(fill("{a} and {b}")).toBe("{a} and {b}"); // nothing to fill in
  });

  it("use English by default, the strings given, English for a gap, else the key", () => {
    expect(t("ui.btn.take")).toBe("Take");
    useStrings(DE);
    expect(t("ui.btn.take")).toBe("Nehmen");
    expect(t("building.tower")).toBe("Turm");
    useStrings({ "ui.btn.take": "Ota" });
    expect(t("ui.btn.undo")).toBe(EN["ui.btn.undo"]);
    expect(t("no.such.key")).toBe("no.such.key");
    useStrings({});
    expect(t("ui.btn.take")).toBe("Take");
  });

  it("know the language in use: the one given, else the strings' own code, else the last one (English for English)", () => {
    useStrings({ "language.code": "fi", "ui.btn.take": "Ota" });
    expect(language()).toBe("fi");
    useStrings({ "ui.btn.take": "Nehmen" }, "de");
    expect(language()).toBe("de");
    useStrings({ "ui.btn.undo": "Rückgängig" });   // (strings without their code: still German)
    expect(language()).toBe("de");
    useStrings(null);
    expect(language()).toBe("en");
  });

  it("count with _one and _other, {n} filled", () => {
    expect(tn("ui.cards", 1)).toBe("1 card");
    expect(tn("ui.cards", 7)).toBe("7 cards");
    expect(tn("ui.cards", 0)).toBe("0 cards");
    useStrings(FI);
    expect(tn("ui.cards", 1)).toBe("1 kortti");
    expect(tn("ui.cards", 3)).toBe("3 korttia");
    expect(tn("ui.player.aria", 2, { name: "Ana" })).toBe("Ana: 2 pistettä");
  });

  it("name buildings, cards, lists and rules in the language in use", () => {
    useStrings(JA);
    expect(buildingName("tower")).toBe("塔");
    expect(cardName("dinar 3")).toBe("ディナール3");
    expect(joinAnd(["A", "B", "C"])).toBe("A、BとC");
    useStrings(DE);
    expect(joinAnd(["Ana", "Ben"])).toBe("Ana und Ben");
    expect(joinAnd(["Ana"])).toBe("Ana");
    // the view's explanation (made by Python in the widget's language) first, then rule.* strings
    expect(ruleText({ explain: { P5: "Keine Löcher." } }, "P5")).toBe("Keine Löcher.");
    useStrings({ ...DE, "rule.P3": "Seiten passen." });
    expect(ruleText({ explain: {} }, "P3")).toBe("Seiten passen.");
    expect(ruleText(null, null)).toBe("");
    expect(ruleText({ explain: {} }, "P5")).toBe(""); // a rule the strings in use do not explain
  });

  it("join a currency and its value as the language does, in every text and on the cards drawn", () => {
    // one text of the language (card.name): Japanese writes the value right after the currency
    const named = () => [cardName("florin 2"), moneyName("dinar", "3+4"), cardsText(["dirham 4", "dinar 3"]),
      dom(`<svg>${cardSvg("florin 2", 0, 0, 40, 60)}</svg>`).querySelector("title").textContent,
      describeAction("take florin 2", null)];
    useStrings(JA);
    expect(named()).toEqual(["フローリン2", "ディナール3+4", "ディルハム4とディナール3", "フローリン2", expect.stringContaining("フローリン2")]);
    expect(named().join("")).not.toMatch(/(フローリン|ディルハム|ディナール|ドゥカート) /);
    useStrings(DE);
    expect(named().slice(0, 4)).toEqual(["Gulden 2", "Denar 3+4", "Dirham 4 und Denar 3", "Gulden 2"]);
    useStrings(null);
    expect(named().slice(0, 4)).toEqual(["florin 2", "dinar 3+4", "dirham 4 and dinar 3", "florin 2"]);
  });

  it("list the languages the kernel offers, each in its own name", () => {
    expect(languages()).toEqual({ en: "English" });
    useStrings(DE);
    expect(languages()).toEqual(LANGS);
  });
});

describe("views in another language", () => {
  it("German: buttons, building names on tiles (their titles; the tutorial's tiles), the status bar, no English left", () => {
    useStrings(DE);
    const v = fixture("buy-3p");
    const root = dom(tableHtml(v, initialUi(), {}, { lang: "de" }));
    const buttons = [...root.querySelectorAll("button")].map((b) => b.textContent);
    expect(buttons).toContain("Nehmen");
    expect(buttons).toContain("Kaufen");
    expect(root.querySelector('button[data-act="undo"]').textContent).toContain("Rückgängig");
    expect(root.querySelector('.alh-section[aria-label="Bauhof"] h3').textContent).toBe("Bauhof");
    // a tile shows its building's mark; its name, in German, is in its title
    const tiles = [...root.querySelectorAll(".alh-market .alh-tile")];
    expect(tiles.length).toBeGreaterThan(0);
    const german = Object.entries(DE).filter(([k]) => k.startsWith("building.")).map(([, v]) => v);
    for (const g of tiles) {
      expect(g.querySelector("path.alh-mark")).not.toBeNull();
      expect(g.querySelector("text")).toBeNull();
      expect(german.some((n) => g.querySelector("title").textContent.startsWith(n + " "))).toBe(true);
    }
    // the tutorial's tiles carry the names themselves
    const slot = v.market.find((m) => m.tile);
    const named = dom(`<svg>${tileSvg(slot.tile, 0, 0, 84, { name: true })}</svg>`);
    expect(named.querySelector("text").textContent).toBe(DE[`building.${slot.tile.building}`]);
    expect(named.querySelector("path.alh-mark")).toBeNull();
    expect(root.querySelector(".alh-turn").textContent).toMatch(/noch 1 Aktion/);
    expect(root.querySelector(".alh-info").textContent).toMatch(/^Stapel \d+ · Ablage \d+ · Beutel \d+ · Zug Nr\. \d+$/);
    expect(root.querySelector(".alh-log h3").textContent).toBe("Letzte Züge");
    // no English label left in the accessible names
    for (const el of root.querySelectorAll("[aria-label]")) {
      expect(el.getAttribute("aria-label"), el.outerHTML.slice(0, 80)).not.toMatch(/\b(the|your|slot|card|tile|empty|hand|reserve)\b/);
    }
  });

  it("Japanese: scoring table, earlier rounds, the narration under the table", () => {
    useStrings(JA);
    const v = fixture("over-4p");
    const root = dom(tableHtml(v, initialUi(), {}, { lang: "ja" }));
    const heads = [...root.querySelector(".alh-round").querySelectorAll("thead th")].map((th) => th.textContent);
    expect(heads).toEqual(["プレイヤー", "パ", "セ", "ア", "室", "庭", "塔", "城壁", "今回", "合計"]);
    expect(root.querySelector(".alh-round caption").textContent).toBe("3回目の得点計算（最終）");
    expect(root.querySelector(".alh-earlier-summary").textContent).toMatch(/^これまでの得点計算 2と1$/);
    const story = [...root.querySelector(".alh-narration").querySelectorAll("li")].map((li) => li.textContent);
    expect(story).toEqual(v.rounds[v.rounds.length - 1].narration);
    // a player's picture sums up and lists in Japanese punctuation, not ". " and "; "
    const picture = root.querySelector(".alh-panel-picture");
    const [title, desc] = ["title", "desc"].map((tag) => picture.querySelector(tag).textContent);
    expect(title).toMatch(/^.+のアルハンブラ：タイル\d+枚.*（.+）。.+。.+。$/);
    expect(desc).toMatch(/。$/);
    expect(desc).toContain("／");
    for (const s of [title, desc]) expect(s).not.toMatch(/[.;] |\(|, /);
  });

  it("Finnish: a refused spot says the rule in the view's words", () => {
    useStrings(FI);
    const v = fixture("buy-3p");
    v.explain = Object.fromEntries(Object.keys(v.explain).map((r) => [r, `selitys ${r}`]));
    const entry = v.legal.tiles[0];
    const [x, y, rule] = entry.why_not[0];
    let ui = reduce(initialUi(), { act: "reserve-tile", id: entry.id }, v).ui;
    ui = reduce(ui, { act: "spot", x, y, rule }, v).ui;
    // the tile as players know it (Arcades 8), not by its number in the set (21)
    expect(entry.id).toBe(21);
    expect(ui.note.text).toBe(`Laatta Holvikäytävä 8 kohtaan ${x},${y}: ei sallittu (sääntö ${rule}). selitys ${rule}`);
    const root = dom(tableHtml(v, ui, {}, { lang: "fi" }));
    const no = root.querySelector(`.alh-focus rect.alh-cell-no[data-x="${x}"][data-y="${y}"]`);
    expect(no.querySelector("title").textContent).toBe(`ei tähän: sääntö ${rule} – selitys ${rule}`);
  });

  it("squeezes long words into their tile and estimates CJK wider than Latin", () => {
    expect(textWidth("塔塔", 10)).toBeGreaterThan(textWidth("ab", 10));
    expect(text(0, 0, "Holvikäytävä", 13, { maxWidth: 60 })).toContain('textLength="60"');
    expect(text(0, 0, "Turm", 13, { maxWidth: 60 })).not.toContain("textLength");
    // a label estimated to fit carries its room, for a reader's wider spacing (widget.js fitLabels)
    expect(text(0, 0, "Turm", 13, { maxWidth: 60 })).toContain('data-fit="60"');
    expect(text(0, 0, "Holvikäytävä", 13, { maxWidth: 60 })).not.toContain("data-fit");
    expect(text(0, 0, "Turm", 13)).not.toContain("data-fit");
    useStrings(FI);
    expect(describeTile({ id: 5, building: "arcades", price: 6, walls: "NE", x: 1, y: 0 })).toBe("Holvikäytävä 6 kohdassa 1,0, muurit P I");
  });
});

describe("the language switch", () => {
  it("is a labelled select of the languages in their own names, the widget's one chosen", () => {
    useStrings(DE);
    const root = dom(languageHtml("de", languages()));
    const select = root.querySelector("select[data-act='lang']");
    expect(select.getAttribute("aria-label")).toBe("Sprache des Widgets");
    expect(select.hasAttribute("data-lm-suppress-shortcuts")).toBe(true);
    expect([...select.options].map((o) => o.textContent)).toEqual(Object.values(LANGS));
    expect([...select.options].map((o) => o.lang)).toEqual(Object.keys(LANGS));
    expect(select.value).toBe("de");
    expect(root.querySelector("label").textContent).toContain("Sprache");
    // the visible word is the label's own element, before the list (no stray markup around it)
    const word = root.querySelector("label > span.alh-label");
    expect(word.textContent).toBe("Sprache");
    expect(word.nextElementSibling).toBe(select);
  });

  it("sends a language intent without a stamp; the selection stays", () => {
    const v = fixture("buy-3p");
    const ui = { ...initialUi(), sel: { kind: "money", idx: [0] } };
    const r = reduce(ui, { act: "lang", lang: "fi" }, v);
    expect(r.intent).toEqual({ type: "language", lang: "fi" });
    expect(r.ui.sel).toEqual(ui.sel);
    expect(message(r.intent, v)).toEqual({ type: "language", lang: "fi", seat: null });
    expect(reduce(ui, { act: "lang", lang: "" }, v).intent).toBeNull();
  });
});

describe("explanations while playing: the cell under the pointer", () => {
  const v = fixture("buy-3p");
  const entry = v.legal.tiles[0];
  const sel = { ...initialUi(), sel: { kind: "tile", id: entry.id } };

  it("says a legal spot may take the tile", () => {
    const [x, y] = entry.spots[0];
    const ui = reduce(sel, { act: "hover", on: "spot", x, y }, v).ui;
    expect(ui.hover).toEqual({ act: "spot", x, y, rule: null });
    expect(hoverText(v, ui)).toBe(`${x},${y}: tile Arcades 8 may be built here — click to build it (T3b).`);
  });

  it("says which rule forbids a refused spot, in plain words", () => {
    const [x, y, rule] = entry.why_not[0];
    const ui = reduce(sel, { act: "hover", on: "spot", x, y, rule }, v).ui;
    const text = hoverText(v, ui);
    expect(text).toContain(`rule ${rule}`);
    expect(text).toContain(v.explain[rule]);
    const help = dom(boardHelpHtml(v, ui)).querySelector("p.alh-board-help");
    expect(help.textContent).toBe(text);
    // not a live region: the cell in focus says it by its own name and description (not read twice)
    expect(help.getAttribute("aria-live")).toBeNull();
    // a cell pointed at: the line may be read whole over what lies below its box of two lines' room
    expect(help.classList.contains("alh-help-on")).toBe(true);
    expect(help.parentElement.classList.contains("alh-board-help-box")).toBe(true);
    const idle = dom(boardHelpHtml(v, sel)).querySelector("p.alh-board-help");
    expect(idle.classList.contains("alh-help-on")).toBe(false);
  });

  it("explains tiles of the Alhambra too: a swap, a tile that must stay", () => {
    const [sx, sy] = entry.swaps[0];
    expect(hoverText(v, { ...sel, hover: { act: "placed", x: sx, y: sy } })).toMatch(/may take the place/);
    const w = fixture("hotseat-3p");
    const [fx, fy, rule] = w.legal.no_remove[0];
    expect(hoverText(w, { ...initialUi(), hover: { act: "placed", x: fx, y: fy } })).toContain(w.explain[rule]);
  });

  it("in another language", () => {
    useStrings(JA);
    const [x, y, rule] = entry.why_not[0];
    const text = hoverText(v, { ...sel, hover: { act: "spot", x, y } });
    expect(text).toBe(`${x},${y}：タイル「アーケード8」はここに置けません — ルール ${rule}：${v.explain[rule]}`);
  });

  it("leaving the cell clears it; nothing said without a selection or choices", () => {
    const ui = reduce({ ...sel, hover: { act: "spot", x: 1, y: 0 } }, { act: "hover" }, v).ui;
    expect(ui.hover).toBeNull();
    expect(hoverText(v, ui)).toBeNull();
    expect(hoverText(fixture("seated-2p-other"), { ...initialUi(), hover: { act: "spot", x: 0, y: 1 } })).toBeNull();
    // at the end of a turn a tile of the Alhambra is not taken out: nothing said of it
    expect(hoverText(fixture("seated-2p-place"), { ...initialUi(), hover: { act: "placed", x: 0, y: 0 } })).toBeNull();
  });
});


describe("the widget", () => {
  it("redraws everything when the kernel sends another language, and switches by its select", () => {
    const model = fakeModel({ view: fixture("buy-3p"), message: {}, lang: "en", strings: strings(uiDe, namesDe) });
    model.push({ lang: "en", strings: { ...EN, ...Object.fromEntries(Object.entries(LANGS).map(([c, n]) => [`language.${c}`, n])) } });
    const el = document.createElement("div");
    document.body.appendChild(el);
    const cleanup = widget.render({ model, el });
    const take = () => el.querySelector('button[data-act="take"]').textContent;
    expect(take()).toBe("Take");
    expect(el.querySelector(".alh-root").getAttribute("lang")).toBe("en");
    model.push({ lang: "ja", strings: JA });
    expect(take()).toBe("取る");
    expect(el.querySelector(".alh-root").getAttribute("lang")).toBe("ja");
    expect(el.querySelector(".alh-root").getAttribute("aria-label")).toBe("アルハンブラのゲーム");
    const select = el.querySelector("select.alh-lang-select");
    expect(select.value).toBe("ja");
    select.value = "fi";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent).toEqual([{ type: "language", lang: "fi", seat: null }]);
    // refused (no new strings come): the switch shows the widget's language again on the next draw
    model.push({ message: { kind: "error", rule: null, text: "x", id: 1 } });
    model.push({ lang: "ja" });
    expect(el.querySelector("select.alh-lang-select").value).toBe("ja");
    model.push({ lang: "fi", strings: FI });
    expect(take()).toBe("Ota");
    cleanup();
  });

  it("the help line under the board follows the pointer, redrawing only itself", () => {
    const v = fixture("buy-3p");
    const model = fakeModel({ view: v, message: {}, lang: "en", strings: {} });
    const el = document.createElement("div");
    document.body.appendChild(el);
    const cleanup = widget.render({ model, el });
    const entry = v.legal.tiles[0];
    el.querySelector(`[data-act="reserve-tile"][data-id="${entry.id}"]`).dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const help = () => el.querySelector(".alh-board-help");
    expect(help().textContent).toBe(t("ui.hover.point_at"));
    const board = el.querySelector(".alh-focus-board");
    const [x, y, rule] = entry.why_not[0];
    const cell = el.querySelector(`.alh-focus rect.alh-cell-no[data-x="${x}"][data-y="${y}"]`);
    cell.dispatchEvent(new Event("pointerover", { bubbles: true }));
    expect(help().textContent).toContain(`rule ${rule}`);
    expect(help().textContent).toContain(v.explain[rule]);
    expect(el.querySelector(".alh-focus-board")).toBe(board); // the board was not redrawn
    // keyboard: focusing a legal spot says so
    const [sx, sy] = entry.spots[0];
    el.querySelector(`.alh-focus rect.alh-spot[data-x="${sx}"][data-y="${sy}"]`).dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    expect(help().textContent).toMatch(/may be built here/);
    el.querySelector(".alh-root").dispatchEvent(new Event("pointerleave"));
    expect(help().textContent).toBe(t("ui.hover.point_at"));
    cleanup();
  });
});
