// The whole widget as one HTML string: status, message, markets, tiles to
// place and Dirk, the action bar, the focus player's hand, Alhambra and
// reserve, every player's panel, scoring rounds, the move log and the replay.

import { alhambraSvg } from "./alhambra.js";
import { esc } from "./common.js";
import { controlsHtml, messageHtml, replayHtml } from "./controls.js";
import { handSvg, hiddenHandSvg } from "./hand.js";
import { logHtml } from "./log.js";
import { marketSvg } from "./market.js";
import { moneySvg } from "./money.js";
import { playersHtml, statusHtml } from "./players.js";
import { dirkHtml, pendingHtml, reserveSvg } from "./reserve.js";
import { scoringHtml } from "./scoring.js";
import { boardOptions, focusPlayer, tileChoice } from "../selection.js";

/**
 * @param {object} view     the JSON view from Python
 * @param {object} ui       local selection state ({sel, note})
 * @param {object} message  the kernel's message trait
 */
export function tableHtml(view, ui = { sel: null, note: null }, message = {}) {
  if (!view || !view.players) return `<div class="alh-app"><p class="alh-muted">Waiting for the game\u2026</p></div>`;
  const legal = view.legal;
  const acting = !!legal;
  const fp = focusPlayer(view);
  const me = view.players[fp];
  const sel = ui.sel;
  let out = `<div class="alh-app${view.replay !== null && view.replay !== undefined ? " alh-replaying" : ""}" data-players="${view.n}" data-phase="${view.phase}">`;
  out += statusHtml(view);
  out += messageHtml(message, ui.note);
  // markets
  out += `<div class="alh-markets">`;
  out += `<section class="alh-section" aria-label="Building market"><h4>Building market</h4>${marketSvg(view, {
    interactive: acting && view.phase === "action",
    selected: sel?.kind === "buy" ? sel.slot : null,
    buyable: legal ? legal.buy.map((b) => b.slot) : [],
  })}</section>`;
  out += `<section class="alh-section" aria-label="Money market"><h4>Money market</h4>${moneySvg(view, {
    interactive: acting && view.phase === "action",
    selected: sel?.kind === "money" ? sel.idx : [],
  })}</section>`;
  out += `</div>`;
  const pend = pendingHtml(view, {
    player: legal ? legal.player : null,
    act: acting && view.phase === "place" ? "pending-tile" : null,
    selected: sel?.kind === "tile" ? sel.id : null,
  });
  if (pend || view.dirk) out += `<div class="alh-extras">${pend}${dirkHtml(view)}</div>`;
  out += controlsHtml(view, ui);
  // the focus player: hand, Alhambra, reserve
  const title = acting ? `${me.name} \u2014 your turn` : view.seat !== null && view.seat !== undefined ? `${me.name} (you)` : me.name;
  out += `<section class="alh-focus" data-player="${fp}" aria-label="${esc(`${me.name}: hand, Alhambra and reserve`)}"><h4>${esc(title)} \u00b7 ${me.score} pts</h4>`;
  const payCurrency = sel?.kind === "buy" ? view.market[sel.slot - 1].currency : null;
  out += `<div class="alh-focus-hand">`;
  out += me.hand
    ? handSvg(me.hand, {
        interactive: acting && view.phase === "action",
        selected: sel?.kind === "buy" ? sel.idx : [],
        currency: payCurrency,
        label: `${me.name}'s hand`,
      })
    : hiddenHandSvg(me.cards, me.name);
  out += `</div>`;
  out += `<div class="alh-focus-board">${alhambraSvg(me, { ...boardOptions(ui, view), maxWidth: 640, cellPx: 84 })}</div>`;
  const reserveIds = acting && view.phase === "action" ? legal.tiles.filter((t) => t.from === "reserve").map((t) => t.id) : [];
  out += `<div class="alh-focus-reserve"><span class="alh-label">Reserve</span>${reserveSvg(me, {
    act: acting && view.phase === "action" ? "reserve-tile" : null,
    enabled: reserveIds,
    selected: sel?.kind === "tile" && tileChoice(view, sel.id)?.from === "reserve" ? sel.id : null,
    size: 56,
    hint: "choose it, then a highlighted spot to build or a tile to swap",
  })}</div>`;
  out += `</section>`;
  out += `<h4 class="alh-players-title">Players</h4>`;
  out += playersHtml(view);
  out += `<div class="alh-bottom">${scoringHtml(view)}${logHtml(view)}</div>`;
  out += replayHtml(view);
  return out + `</div>`;
}
