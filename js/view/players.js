// The players: status line (whose turn, actions left, counts), and a panel
// per player with name, score, building counts, longest wall, hand (or its
// size), Alhambra and reserve.

import { alhambraSvg } from "./alhambra.js";
import { BUILDING_LABEL_COLORS, LETTER, esc, plural } from "./common.js";
import { handSvg, hiddenHandSvg } from "./hand.js";
import { box, leaf, partHtml } from "./parts.js";
import { reserveSvg } from "./reserve.js";

/** "1 action left" / "another action (exact payment)" for the player to act. */
export function actionsText(view) {
  if (view.phase === "over") return "";
  if (view.phase === "place") {
    const left = view.pending.filter((e) => e.player === view.current).length;
    return `${plural(left, "tile")} to place`;
  }
  const taken = view.actions ? ` (${plural(view.actions, "action")} taken this turn)` : "";
  if (view.extra) return `one more action after an exact payment${taken}`;
  return `1 action left${taken}`;
}

/** The status bar: the sentence from Python, the actions left, deck and bag. */
export function statusHtml(view) {
  const over = view.phase === "over";
  const who = over ? "" : `<span class="alh-turn">${esc(actionsText(view))}</span>`;
  const winners = over && view.winners.length
    ? `<span class="alh-winners" aria-label="winners">\u2605 ${esc(view.winners.map((i) => view.players[i].name).join(" and "))}</span>`
    : "";
  const info = `deck ${view.deck} \u00b7 discard ${view.discard} \u00b7 bag ${view.bag} \u00b7 move ${view.moves}`;
  return (
    `<div class="alh-status${over ? " alh-over" : ""}" role="status">` +
    `<strong class="alh-status-text">${esc(view.status)}</strong>${who}${winners}<span class="alh-info">${info}</span></div>`
  );
}

/** Building counts and wall length as small coloured chips. */
export function countsHtml(view, p) {
  let out = `<span class="alh-counts">`;
  view.buildings.forEach((b, k) => {
    const [bg, ink] = BUILDING_LABEL_COLORS[b];
    out += `<span class="alh-count alh-${b}" title="${b}: ${p.counts[k]}" aria-label="${b}: ${p.counts[k]}" style="background:${bg};color:${ink}">${LETTER[b]}\u202f${p.counts[k]}</span>`;
  });
  return out + `<span class="alh-count alh-wall-count" title="longest wall" aria-label="longest wall: ${p.wall}">wall\u202f${p.wall}</span></span>`;
}

/** One player's panel (a section). */
export function playerHtml(view, p, i) {
  const current = view.phase !== "over" && i === view.current;
  const winner = view.phase === "over" && view.winners.includes(i);
  const tags = [];
  if (current) tags.push(`<span class="alh-tag alh-tag-turn">${view.phase === "place" ? "placing" : "to act"}</span>`);
  if (winner) tags.push(`<span class="alh-tag alh-tag-winner">\u2605 winner</span>`);
  if (view.seat === i) tags.push(`<span class="alh-tag">you</span>`);
  const cls = ["alh-player", current ? "alh-current" : "", winner ? "alh-winner" : ""].filter(Boolean).join(" ");
  let out = `<section class="${cls}" role="listitem" data-player="${i}" aria-label="${esc(`${p.name}: ${p.score} points`)}">`;
  out += `<header><span class="alh-name">${esc(p.name)}</span>${tags.join("")}<span class="alh-score">${p.score} pts</span></header>`;
  out += countsHtml(view, p);
  out += `<div class="alh-player-hand">`;
  out += p.hand ? handSvg(p.hand, { label: `${p.name}'s hand` }) : hiddenHandSvg(p.cards, p.name);
  out += `</div>`;
  out += `<div class="alh-player-board">${alhambraSvg(p, { coords: false, detail: false, compact: true, maxWidth: 320, cellPx: 44 })}</div>`;
  out += `<div class="alh-player-reserve"><span class="alh-label">Reserve</span>${reserveSvg(p, { size: 36 })}</div>`;
  return out + `</section>`;
}

/** The players' panels as a part (a box of one leaf per player). */
export function playersPart(view) {
  return box(
    "players",
    `<div class="alh-players" role="list" aria-label="players">`,
    view.players.map((p, i) => leaf(`player-${i}`, playerHtml(view, p, i))),
    `</div>`,
  );
}

/** One panel per player. */
export function playersHtml(view) {
  return partHtml(playersPart(view));
}
