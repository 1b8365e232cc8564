// The whole widget: status, message, markets, tiles to place and Dirk, the
// action bar, the focus player's hand, Alhambra and reserve, every player's
// panel, scoring rounds, the move log and the replay. tableParts() gives it as
// a tree of parts (js/view/parts.js) that the widget patches panel by panel;
// tableHtml() as one HTML string (the same markup).

import { alhambraSvg } from "./alhambra.js";
import { languages, ruleText, t, tn } from "../i18n.js";
import { esc } from "./common.js";
import { boardHelpHtml, controlsHtml, languageHtml, messageHtml, replayHtml } from "./controls.js";
import { handSvg, hiddenHandSvg } from "./hand.js";
import { lessonHtml } from "./lesson.js";
import { logHtml } from "./log.js";
import { marketSvg } from "./market.js";
import { moneySvg } from "./money.js";
import { box, leaf, partHtml } from "./parts.js";
import { playersPart, statusHtml } from "./players.js";
import { hintMarks } from "./hints.js";
import { dirkHtml, pendingHtml, reserveSvg } from "./reserve.js";
import { scoringPart } from "./scoring.js";
import { boardOptions, focusPlayer, tileChoice } from "../selection.js";

/**
 * The table as a tree of parts: the app box (status, message, markets,
 * extras, controls, focus, players, bottom, replay).
 * @param {object} view     the JSON view from Python
 * @param {object} ui       local selection state ({sel, note})
 * @param {object} message  the kernel's message trait
 * @param {object} [local]  how this display is unfolded: {earlierOpen, whyOpen, logOpen, lazyEarlier} (the earlier
 *                          scoring rounds and why a round gave its points, see scoringPart; the moves at the end),
 *                          and its language: {lang} (the switch shows it; default "en")
 */
export function tableParts(view, ui = { sel: null, note: null }, message = {}, local = {}) {
  if (!view || !view.players) return leaf("waiting", `<div class="alh-app"><p class="alh-muted">${esc(t("ui.waiting"))}</p></div>`);
  const legal = view.legal;
  const acting = !!legal;
  const fp = focusPlayer(view);
  const me = view.players[fp];
  const sel = ui.sel;
  const marks = hintMarks(view);
  const names = !!view.lesson; // the tutorial names the buildings on the tiles; a game shows their marks
  const kids = [];
  kids.push(leaf("lang", languageHtml(local.lang || "en", languages())));
  if (view.lesson) kids.push(leaf("lesson", lessonHtml(view.lesson))); // tutorial mode
  kids.push(leaf("status", statusHtml(view)));
  kids.push(leaf("message", messageHtml(message, ui.note, view)));
  // the game is over: the result first (the final scores and the last moves),
  // then every Alhambra; the markets and the acting player's section have
  // nothing more to offer (the replay brings any earlier position back whole)
  const over = view.phase === "over";
  const log = leaf("log", logHtml(view, { folded: over, open: !!local.logOpen, lazy: !!local.lazyEarlier }));
  const bottom = () => box("bottom", `<div class="alh-bottom${over ? " alh-result" : ""}">`, [scoringPart(view, local), log], `</div>`);
  if (over) {
    if (view.dirk) kids.push(leaf("extras", `<div class="alh-extras">${dirkHtml(view)}</div>`));
    kids.push(leaf("controls", controlsHtml(view, ui)));
    kids.push(bottom());
  } else {
    // markets
    const bm = esc(t("ui.market.building"));
    const mm = esc(t("ui.market.money"));
    kids.push(box("markets", `<div class="alh-markets">`, [
      leaf("building", `<section class="alh-section" aria-label="${bm}"><h4>${bm}</h4>${marketSvg(view, {
        interactive: acting && view.phase === "action",
        selected: sel?.kind === "buy" ? sel.slot : null,
        buyable: legal ? legal.buy.map((b) => b.slot) : [],
        marks: marks.slots,
        names,
      })}</section>`),
      leaf("money", `<section class="alh-section" aria-label="${mm}"><h4>${mm}</h4>${moneySvg(view, {
        interactive: acting && view.phase === "action",
        selected: sel?.kind === "money" ? sel.idx : [],
        marks: marks.money,
      })}</section>`),
    ], `</div>`));
    const pend = pendingHtml(view, {
      player: legal ? legal.player : null,
      act: acting && view.phase === "place" ? "pending-tile" : null,
      selected: sel?.kind === "tile" ? sel.id : null,
      names,
    });
    if (pend || view.dirk) kids.push(leaf("extras", `<div class="alh-extras">${pend}${dirkHtml(view)}</div>`));
    kids.push(leaf("controls", controlsHtml(view, ui)));
    // the focus player: hand, Alhambra, reserve
    const title = acting ? t("ui.focus.your_turn", { name: me.name }) : view.seat !== null && view.seat !== undefined ? t("ui.focus.you", { name: me.name }) : me.name;
    const payCurrency = sel?.kind === "buy" ? view.market[sel.slot - 1].currency : null;
    const hand = me.hand
      ? handSvg(me.hand, {
          interactive: acting && view.phase === "action",
          selected: sel?.kind === "buy" ? sel.idx : [],
          currency: payCurrency,
          label: t("ui.hand.of", { name: me.name }),
          marks: marks.hand,
        })
      : hiddenHandSvg(me.cards, me.name);
    const reserveIds = acting && view.phase === "action" ? legal.tiles.filter((t) => t.from === "reserve").map((t) => t.id) : [];
    const why = (rule) => ruleText(view, rule);
    kids.push(box("focus", `<section class="alh-focus" data-player="${fp}" aria-label="${esc(t("ui.focus.aria", { name: me.name }))}">`, [
      leaf("title", `<h4>${esc(title)} \u00b7 ${esc(tn("ui.points_short", me.score))}</h4>`),
      leaf("hand", `<div class="alh-focus-hand">${hand}</div>`),
      leaf("board", `<div class="alh-focus-board">${alhambraSvg(me, { ...boardOptions(ui, view), why, maxWidth: 640, cellPx: 84, marks: marks.cells, names })}</div>`),
      leaf("help", boardHelpHtml(view, ui)),
      leaf("reserve", `<div class="alh-focus-reserve"><span class="alh-label">${esc(t("ui.reserve"))}</span>${reserveSvg(me, {
        act: acting && view.phase === "action" ? "reserve-tile" : null,
        enabled: reserveIds,
        selected: sel?.kind === "tile" && tileChoice(view, sel.id)?.from === "reserve" ? sel.id : null,
        size: 56,
        hint: t("ui.reserve.hint"),
        names,
      })}</div>`),
    ], `</section>`));
  }
  kids.push(leaf("players-title", `<h4 class="alh-players-title">${esc(t("ui.players.title"))}</h4>`));
  kids.push(playersPart(view));
  if (!over) kids.push(bottom());
  kids.push(leaf("replay", replayHtml(view)));
  const open = `<div class="alh-app${view.replay !== null && view.replay !== undefined ? " alh-replaying" : ""}" data-players="${view.n}" data-phase="${view.phase}">`;
  return box("app", open, kids, `</div>`);
}

/**
 * The whole table as one HTML string.
 * @param {object} view     the JSON view from Python
 * @param {object} ui       local selection state ({sel, note})
 * @param {object} message  the kernel's message trait
 */
export function tableHtml(view, ui = { sel: null, note: null }, message = {}, local = {}) {
  return partHtml(tableParts(view, ui, message, local));
}
