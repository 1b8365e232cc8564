// The players: status line (whose turn, actions left, counts), and a panel
// per player with name, score, building counts, longest wall, hand (or its
// size), Alhambra and reserve.

import { alhambraSvg } from "./alhambra.js";
import { buildingName, joinAnd, t, tn } from "../i18n.js";
import { BUILDING_LABEL_COLORS, buildingShort, esc } from "./common.js";
import { handSvg, hiddenHandSvg } from "./hand.js";
import { box, leaf, partHtml } from "./parts.js";
import { reserveSvg } from "./reserve.js";
import { thinkingHtml } from "./hints.js";

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

/** The status bar: the sentence from Python, the actions left, deck and bag. */
export function statusHtml(view) {
  const over = view.phase === "over";
  const who = over ? "" : `<span class="alh-turn">${esc(actionsText(view))}</span>`;
  const winners = over && view.winners.length
    ? `<span class="alh-winners" aria-label="${esc(t("ui.status.winners"))}">\u2605 ${esc(joinAnd(view.winners.map((i) => view.players[i].name)))}</span>`
    : "";
  const info = t("ui.status.info", { deck: view.deck, discard: view.discard, bag: view.bag, moves: view.moves });
  return (
    `<div class="alh-status${over ? " alh-over" : ""}" role="status">` +
    `<strong class="alh-status-text">${esc(view.status)}</strong>${who}${winners}${thinkingHtml(view)}<span class="alh-info">${esc(info)}</span></div>`
  );
}

/** Building counts and wall length as small coloured chips. */
export function countsHtml(view, p) {
  let out = `<span class="alh-counts">`;
  view.buildings.forEach((b, k) => {
    const [bg, ink] = BUILDING_LABEL_COLORS[b];
    const name = esc(t("ui.label_count", { label: buildingName(b), count: p.counts[k] }));
    out += `<span class="alh-count alh-${b}" title="${name}" aria-label="${name}" style="background:${bg};color:${ink}">${esc(buildingShort(b))}\u202f${p.counts[k]}</span>`;
  });
  const wall = esc(t("ui.label_count", { label: t("ui.longest_wall"), count: p.wall }));
  return out + `<span class="alh-count alh-wall-count" title="${wall}" aria-label="${wall}">${esc(t("ui.counts.wall"))}\u202f${p.wall}</span></span>`;
}

/** One player's panel (a section). */
export function playerHtml(view, p, i) {
  const current = view.phase !== "over" && i === view.current;
  const winner = view.phase === "over" && view.winners.includes(i);
  const tags = [];
  if (current) tags.push(`<span class="alh-tag alh-tag-turn">${esc(t(view.phase === "place" ? "ui.player.placing" : "ui.player.to_act"))}</span>`);
  if (winner) tags.push(`<span class="alh-tag alh-tag-winner">\u2605 ${esc(t("ui.player.winner"))}</span>`);
  if (view.seat === i) tags.push(`<span class="alh-tag">${esc(t("ui.player.you"))}</span>`);
  if (view.bots && view.bots[String(i)]) tags.push(`<span class="alh-tag alh-tag-bot">${esc(t("ui.bots.bot_tag"))}</span>`);
  const cls = ["alh-player", current ? "alh-current" : "", winner ? "alh-winner" : ""].filter(Boolean).join(" ");
  let out = `<section class="${cls}" role="listitem" data-player="${i}" aria-label="${esc(tn("ui.player.aria", p.score, { name: p.name }))}">`;
  out += `<header><span class="alh-name">${esc(p.name)}</span>${tags.join("")}<span class="alh-score">${esc(tn("ui.points_short", p.score))}</span></header>`;
  out += countsHtml(view, p);
  out += `<div class="alh-player-hand">`;
  out += p.hand ? handSvg(p.hand, { label: t("ui.hand.of", { name: p.name }) }) : hiddenHandSvg(p.cards, p.name);
  out += `</div>`;
  out += `<div class="alh-player-board">${alhambraSvg(p, { coords: false, detail: false, compact: true, maxWidth: 320, cellPx: 44 })}</div>`;
  out += `<div class="alh-player-reserve"><span class="alh-label">${esc(t("ui.reserve"))}</span>${reserveSvg(p, { size: 36 })}</div>`;
  return out + `</section>`;
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
