// The players: the status line (whose turn, actions left, counts), and the
// column of players: a panel per player with their seat's colour, name, tags
// (to act, winner, you, bot, thinking…), score, and the picture of their
// Alhambra, building counts, hand and reserve (js/view/panel.js).

import { isYou, t, tn } from "../i18n.js";
import { PALETTE, esc } from "./common.js";
import { box, leaf, partHtml } from "./parts.js";
import { panelSvg } from "./panel.js";
import { thinkingHtml } from "./hints.js";

/** Seat i's colour (palette.json "seats"). */
export function seatColor(i) {
  const seats = PALETTE.seats || [];
  return seats.length ? seats[i % seats.length] : "currentColor";
}

/** A dot in seat i's colour (decoration: the seat is named in words beside it). */
export function seatDot(i) {
  return `<span class="alh-seat-dot" style="--alh-seat:${seatColor(i)}" aria-hidden="true"></span>`;
}

/** "1 action left" / "another action (exact payment)" for the player to act. */
export function actionsText(view) {
  if (view.phase === "over") return "";
  if (view.phase === "place") {
    const left = view.pending.filter((e) => e.player === view.current).length;
    return tn("ui.status.to_place", left);
  }
  const text = t(view.extra ? "ui.status.extra_action" : "ui.status.one_left");
  return view.actions ? t("ui.status.with_taken", { text, taken: tn("ui.status.taken", view.actions) }) : text;
}

/** A disk beside the counts while the game is kept in a file (``save=``), its name in the tooltip. */
export function savedHtml(view) {
  if (!view.saved) return "";
  const label = esc(t("ui.status.saved", { file: view.saved }));
  return (
    `<svg class="alh-saved" role="img" aria-label="${label}" viewBox="0 0 16 16" width="15" height="15"><title>${label}</title>` +
    `<path d="M2.5 1.5h8.5l2.5 2.5v9.5a1 1 0 0 1-1 1h-9a1 1 0 0 1-1-1z" fill="none" stroke="currentColor" stroke-width="1.4"/>` +
    `<rect x="5" y="1.5" width="5" height="4" fill="currentColor"/>` +
    `<rect x="4.5" y="9" width="7" height="5" rx=".6" fill="none" stroke="currentColor" stroke-width="1.2"/></svg>`
  );
}

/** The status bar: the sentence from Python, the actions left, deck and bag (one line: cut, never wrapped).
 * A screen reader hears its sentence from the table's voice (js/announce.js) when it changes. */
export function statusHtml(view) {
  const over = view.phase === "over";
  const left = actionsText(view);
  const who = over ? "" : `<span class="alh-turn" title="${esc(left)}"><span class="alh-turn-text">${esc(left)}</span></span>`;
  const info = t("ui.status.info", { deck: view.deck, discard: view.discard, bag: view.bag, moves: view.moves });
  const dot = over ? "" : seatDot(view.current);
  return (
    `<div class="alh-status${over ? " alh-over" : ""}">` +
    `${dot}<strong class="alh-status-text" title="${esc(view.status)}">${esc(view.status)}</strong>${who}${thinkingHtml(view)}<span class="alh-info" title="${esc(info)}"><span class="alh-info-text">${esc(info)}</span></span>${savedHtml(view)}</div>`
  );
}

/**
 * Who player `i` is at this table, as tags: [{cls, text, whole}] -- to act (or placing), the
 * winner, you, a bot (`whole`: the tag's whole words, its tooltip where the tag is cut).
 */
export function playerTags(view, p, i) {
  const tags = [];
  if (view.phase !== "over" && i === view.current) tags.push({ cls: "alh-tag-turn", text: t(view.phase === "place" ? "ui.player.placing" : "ui.player.to_act") });
  if (view.phase === "over" && (view.winners || []).includes(i)) tags.push({ cls: "alh-tag-winner", text: `\u2605 ${t("ui.player.winner")}` });
  if (view.seat === i && !isYou(p.name)) tags.push({ cls: "", text: t("ui.player.you") });
  const bot = view.bots && view.bots[String(i)];
  if (bot) tags.push({ cls: "alh-tag-bot", text: t("ui.bots.bot_tag"), whole: `${t("ui.bots.bot_tag")}: ${bot}` });
  return tags;
}

/** A tag of playerTags as drawn beside a name: its words, whole in its tooltip. */
export function tagHtml({ cls, text, whole = text }) {
  return `<span class="alh-tag${cls ? ` ${cls}` : ""}" title="${esc(whole)}">${esc(text)}</span>`;
}

/** One player's panel (an item of the list of players). */
export function playerHtml(view, p, i) {
  const current = view.phase !== "over" && i === view.current;
  const winner = view.phase === "over" && view.winners.includes(i);
  // (a tag may be cut where the column is narrow, before the name is: its whole text is its tooltip)
  const tags = playerTags(view, p, i).map((tag) =>
    // a bot thinking is the player to act: "thinking…" stands in the place of "to act"
    tag.cls === "alh-tag-turn" && view.thinking === i
      ? `<span class="alh-tag alh-tag-thinking" title="${esc(t("ui.table.thinking_tag"))}"><span class="alh-spinner" aria-hidden="true"></span><span class="alh-tag-text">${esc(t("ui.table.thinking_tag"))}</span></span>`
      : tagHtml(tag));
  const cls = ["alh-player", current ? "alh-current" : "", winner ? "alh-winner" : ""].filter(Boolean).join(" ");
  let out = `<div class="${cls}" role="listitem" data-player="${i}" style="--alh-seat:${seatColor(i)}" aria-label="${esc(tn("ui.player.aria", p.score, { name: p.name }))}">`;
  // the name opens the player's Alhambra big, with what the panel shows in words (js/view/look.js)
  const look = t("ui.look.aria", { name: p.name });
  out += `<div class="alh-player-head"><button type="button" class="alh-name alh-name-btn" data-act="look" data-player="${i}" data-key="look-${i}" data-lm-suppress-shortcuts="true" aria-label="${esc(look)}" title="${esc(look)}">${esc(p.name)}</button>${tags.join("")}<span class="alh-score">${esc(tn("ui.points_short", p.score))}</span></div>`;
  out += panelSvg(view, p, { hand: view.phase !== "over" });
  return out + `</div>`;
}

/** The players' panels as a part (a box of one leaf per player). */
export function playersPart(view) {
  return box(
    "players",
    `<div class="alh-players" role="list" aria-label="${esc(t("ui.players.aria"))}">`,
    view.players.map((p, i) => leaf(`player-${i}`, playerHtml(view, p, i))),
    `</div>`,
  );
}

/** One panel per player. */
export function playersHtml(view) {
  return partHtml(playersPart(view));
}
