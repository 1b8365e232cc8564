// The widget's texts, in the widget's language.
//
// Python sends the strings of the widget's language in the `strings` trait
// (the ui.*, building.*, currency.*, card.*, rule.* and list.* keys of its catalogue,
// alhambra_widget/i18n/locales/<lang>/*.json). The views read them through
// t(key, params) / tn(key, n, params): the same {name} placeholders and the
// same _one / _other counted keys as alhambra_widget.i18n.t / tn in Python.
//
// The view functions stay pure functions of their arguments plus the strings
// in use: the widget calls useStrings(model.get("strings")) before each draw
// and each input event (JavaScript runs one at a time, so two widgets in two
// languages on one page do not mix). English (bundled) fills any gap, then the
// key itself, so a missing text never breaks a draw.

import botsEn from "../alhambra_widget/i18n/locales/en/bots.json";
import hostsEn from "../alhambra_widget/i18n/locales/en/hosts.json";
import namesEn from "../alhambra_widget/i18n/locales/en/names.json";
import uiEn from "../alhambra_widget/i18n/locales/en/ui.json";
import tableEn from "../alhambra_widget/i18n/locales/en/table.json";

const strip = (cat) => Object.fromEntries(Object.entries(cat).filter(([k]) => !k.startsWith("_")));

/** The bundled English texts (the fallback of every lookup). */
export const EN = Object.freeze({ ...strip(namesEn), ...strip(uiEn), ...strip(botsEn), ...strip(hostsEn), ...strip(tableEn) });

let current = EN;
let currentLang = "en";

/**
 * Use these strings (a flat {key: template} object, e.g. the `strings` trait)
 * for the following t() calls; null, undefined or {} means English.
 */
export function useStrings(strings, lang = null) {
  current = strings && typeof strings === "object" && Object.keys(strings).length ? strings : EN;
  currentLang = lang || current["language.code"] || (current === EN ? "en" : currentLang);
}

/** The language code of the strings in use ("en", "de", ...). */
export function language() {
  return currentLang;
}

/** Is there a text for `key` (in the strings in use or in English)? */
export function has(key) {
  return typeof current[key] === "string" || typeof EN[key] === "string";
}

// templates split once into [text, name, text, name, ..., text] (a table draw fills ~1,000)
const split = new Map();

/** Fill {name} placeholders; unknown ones are left as they are. */
export function fill(template, params) {
  if (!params || template.indexOf("{") < 0) return template;
  let parts = split.get(template);
  if (!parts) {
    parts = template.split(/\{(\w+)\}/);
    if (split.size > 5000) split.clear();
    split.set(template, parts);
  }
  let out = parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i];
    out += (Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : `{${name}}`) + parts[i + 1];
  }
  return out;
}

/** Is `name` the word the table says "you" with in the strings in use (a player named "You"
 * against bots; "du", "sinä", "あなた", "jij")? */
export function isYou(name) {
  const you = current["ui.player.you"] ?? EN["ui.player.you"];
  return typeof name === "string" && name.trim().toLowerCase() === String(you).trim().toLowerCase();
}

/** The text of `key` in the language in use, placeholders filled from `params`. Where the player
 * the text is about (`name`, or `names` of one player) is called "you" and the strings have a
 * second-person text of the key (`key@you`), that text is used, as in Python: "You win with 115
 * points", not "You wins". */
export function t(key, params) {
  if (params && typeof current[`${key}@you`] === "string" && isYou(params.name ?? params.names)) key = `${key}@you`;
  const s = current[key];
  const template = typeof s === "string" ? s : typeof EN[key] === "string" ? EN[key] : key;
  return fill(template, params);
}

/** A counted text: key_one when n is 1, else key_other; {n} is n. */
export function tn(key, n, params = {}) {
  return t(`${key}_${n === 1 ? "one" : "other"}`, { ...params, n });
}

/** A building's name ("Tower", "Turm", "塔" ...). */
export function buildingName(b) {
  return b === "fountain" ? t("ui.tile.fountain") : t(`building.${b}`);
}

/** A currency's name ("dinar", "Denar" ...). */
export function currencyName(c) {
  return t(`currency.${c}`);
}

/** A currency and a value -- one card's, or several cards' as "1+3" -- joined as the language in
 * use joins them: "dirham 4", "Dirham 4", "ディルハム4" (Japanese writes the value right after the
 * currency). The one place a card is put into words (card.name, as Python's money_name). */
export function moneyName(currency, value) {
  return t("card.name", { currency: currencyName(currency), value });
}

/** A card ("dirham 4") in words in the language in use ("Dirham 4", "ディルハム4" ...). */
export function cardName(card) {
  const [cur, value] = String(card).split(" ");
  return moneyName(cur, value);
}

/** "a, b and c" in the language in use. */
export function joinAnd(items) {
  const list = items.map(String);
  if (list.length <= 1) return list.join("");
  const head = list.slice(0, -1).join(t("list.sep"));
  return t("list.and", { rest: head, last: list[list.length - 1] });
}

/**
 * The one-line explanation of a rule id ("P5": "No holes: ..."), in the
 * language in use: the view's `explain` (made by Python in the widget's
 * language), else the rule.* strings, else "".
 */
export function ruleText(view, rule) {
  if (!rule) return "";
  const mine = view && view.explain ? view.explain[rule] : undefined;
  if (typeof mine === "string" && mine) return mine;
  const key = `rule.${rule}`;
  // (the bundle's English has no rule.* strings: the kernel sends them with the rest)
  return typeof current[key] === "string" ? current[key] : "";
}

/**
 * The languages the switch offers, {code: the language's own name}: the
 * strings' "language.<code>" entries (Python sends one per language), else
 * English alone.
 */
let offered = { strings: null, list: null };

export function languages() {
  if (offered.strings === current) return offered.list;
  const out = {};
  for (const [k, v] of Object.entries(current)) {
    const m = /^language\.([a-z]{2,3})$/.exec(k);
    if (m && typeof v === "string") out[m[1]] = v;
  }
  const list = Object.keys(out).length ? out : { en: EN["language.name"] || "English" };
  offered = { strings: current, list };
  return list;
}
