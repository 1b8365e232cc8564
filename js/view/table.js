// The whole widget, one screen (js/layout.js, js/style.js): a main column --
// the status line (or the replay banner), the two markets, and the acting
// player's section: their Alhambra big, with the replay control under it;
// beside it their hand, the tiles to place, the reserve, Dirk's tiles and the
// action bar (the selection, the buttons, the message line) -- and a column
// of every player with the last moves under it. The scoring rounds follow
// below; a round just scored shows over the table (js/view/scoring.js). At
// the end of the game the main column shows the result instead of the
// markets. tableParts() gives it as a tree of parts (js/view/parts.js) that
// the widget patches panel by panel; tableHtml() as one HTML string.
//
// Every block of the acting player's section has a fixed size, and every
// button is always there (disabled when it cannot be used): selecting,
// taking, buying and placing change what the blocks show, never where they
// are.

import { alhambraSvg, boardBox } from "./alhambra.js";
import { isYou, languages, ruleText, t, tn } from "../i18n.js";
import { calloutPlace, markedWay, tableClass } from "../layout.js";
import { CELL, dirkShown, esc, refusalWords } from "./common.js";
import { boardHelpHtml, boardMark, controlsHtml, languageHtml, lineupHtml, messagePart, replayBannerHtml, replayPart, reviewSummaryHtml } from "./controls.js";
import { finalBoardsHtml } from "./finals.js";
import { handSvg, hiddenHandSvg } from "./hand.js";
import { lessonPart } from "./lesson.js";
import { lookPopHtml } from "./look.js";
import { logHtml } from "./log.js";
import { marketSvg } from "./market.js";
import { moneySvg } from "./money.js";
import { box, leaf, partHtml } from "./parts.js";
import { playersPart, seatDot, statusHtml } from "./players.js";
import { hintMarks, hintsHtml } from "./hints.js";
import { dirkHtml, pendingHtml, reserveSvg } from "./reserve.js";
import { scoringPart, scoringPopHtml } from "./scoring.js";
import { boardOptions, focusPlayer, tileChoice } from "../selection.js";

/** Where the widget finds the parts it redraws alone (js/widget.js): the message line, the help line, the board. */
export const PATHS = { message: ["main", "focus", "hold"], help: ["main", "focus", "play"], board: ["main", "focus", "play"] };

/**
 * The message line alone, for a redraw that changes nothing else (js/widget.js):
 * null when the board must be drawn again too (a note anchored at a board
 * cell shows a callout there, before or after) or the tutorial's lesson panel
 * speaks instead.
 */
export function messageLeaf(view, message, note, drawnNote = null) {
  if ((note && note.at) || (drawnNote && drawnNote.at)) return null;
  if (view && view.lesson && message && message.kind === "error" && !note) return messagePart({}, null, view);
  return messagePart(message, note, view);
}

/**
 * The table as a tree of parts: the app box (lesson, main column, players
 * column, scoring rounds, the scoring round just scored).
 * @param {object} view     the JSON view from Python
 * @param {object} ui       local selection state ({sel, note, hover})
 * @param {object} message  the kernel's message trait
 * @param {object} [local]  how this display is unfolded: {earlierOpen, whyOpen, logOpen, lazyEarlier, lineupOpen} (the
 *                          earlier scoring rounds and why a round gave its points, see scoringPart; the moves and
 *                          the players of the next game at the end),
 *                          the scoring round shown over the table ({pop}: its number, or null), the
 *                          player looked at ({look}: a seat, or null; js/view/look.js) and the
 *                          language: {lang} (the switch shows it; default "en"); the shape of the acting
 *                          player's board frame, its width over its height ({aspect}: the board fills it
 *                          with rows or columns more; js/widget.js measures it)
 */
export function tableParts(view, ui = { sel: null, note: null }, message = {}, local = {}) {
  if (!view || !view.players) return leaf("waiting", `<div class="alh-app"><p class="alh-muted">${esc(t("ui.waiting"))}</p></div>`);
  const legal = view.legal;
  const acting = !!legal;
  const fp = focusPlayer(view);
  const me = view.players[fp];
  const sel = ui.sel;
  const marks = hintMarks(view);
  const names = namesOnTiles(view);
  const over = view.phase === "over";
  const replaying = view.replay !== null && view.replay !== undefined;
  // in the tutorial the lesson panel tells about every try: the kernel's
  // refusals are not repeated in the message line
  const shown = view.lesson && message && message.kind === "error" ? {} : message;

  const top = box("top", `<div class="alh-top">`, [
    leaf("status", replaying ? replayBannerHtml(view) : statusHtml(view)),
    leaf("lang", languageHtml(local.lang || "en", languages())),
  ], `</div>`);

  const main = [top];
  if (over) {
    main.push(box("result", `<div class="alh-result">`, [
      box("bar", `<div class="alh-bar">`, [
        leaf("controls", controlsHtml(view, ui)),
        view.lesson ? null : leaf("lineup", lineupHtml(view, ui, !!local.lineupOpen)),
        messagePart(shown, ui.note, view),
      ], `</div>`),
      scoringPart(view, local),
      dirkShown(view) ? leaf("extras", `<div class="alh-extras">${dirkHtml(view)}</div>`) : null,
      replayPart(view),
      view.review && view.review.players ? leaf("review", `<div class="alh-review-box">${reviewSummaryHtml(view)}</div>`) : null,
      // every Alhambra as it ended, big enough to look at (the column of players has thumbnails)
      leaf("finals", finalBoardsHtml(view)),
    ], `</div>`));
  } else {
    const bm = esc(t("ui.market.building"));
    const mm = esc(t("ui.market.money"));
    main.push(box("markets", `<div class="alh-markets">`, [
      leaf("building", `<section class="alh-section alh-building" aria-label="${bm}"><h3 class="alh-sr">${bm}</h3>${marketSvg(view, {
        interactive: acting && view.phase === "action",
        selected: sel?.kind === "buy" ? sel.slot : null,
        buyable: legal ? legal.buy.map((b) => b.slot) : [],
        marks: marks.slots,
        names,
      })}</section>`),
      leaf("money", `<section class="alh-section alh-money-section" aria-label="${mm}"><h3 class="alh-sr">${mm}</h3>${moneySvg(view, {
        interactive: acting && view.phase === "action",
        selected: sel?.kind === "money" ? sel.idx : [],
        marks: marks.money,
      })}</section>`),
    ], `</div>`));
    main.push(focusPart(view, ui, shown, { fp, me, acting, sel, marks, names, aspect: local.aspect }));
  }

  const side = box("side", `<aside class="alh-side" aria-label="${esc(t("ui.players.aria"))}">`, [
    leaf("players-title", `<h3 class="alh-sr">${esc(t("ui.players.title"))}</h3>`),
    playersPart(view),
    // Dirk (two players), the third collector of tiles: beside the players in play (beside the board it
    // took a row the action bar and the message line under it needed), under the scoring at the end
    dirkShown(view) && !over ? leaf("dirk", `<div class="alh-side-dirk">${dirkHtml(view)}</div>`) : null,
    box("logbox", `<div class="alh-side-log">`, [leaf("log", logHtml(view, { folded: over, open: !!local.logOpen, lazy: !!local.lazyEarlier }))], `</div>`),
  ], `</aside>`);

  // the table's own heading, for screen readers: its parts' headings (h3) come under it,
  // whatever the notebook's headings above it are
  const kids = [leaf("heading", `<h2 class="alh-sr">${esc(t("ui.widget.aria"))}</h2>`)];
  if (view.lesson) kids.push(lessonPart(view.lesson)); // tutorial mode
  kids.push(box("main", `<div class="alh-main">`, main, `</div>`));
  kids.push(side);
  if (!over) {
    // before the first move: who plays may still be changed (a new deal for them)
    const start = view.moves === 0 && !view.lesson && !replaying;
    const lineup = start ? leaf("lineup", lineupHtml(view, ui, !!local.lineupOpen, { start: true })) : null;
    kids.push(box("bottom", `<div class="alh-bottom">`, [lineup, scoringPart(view, local)], `</div>`));
  }
  const pop = local.pop ?? null;
  if (pop !== null && !replaying) kids.push(leaf("pop", scoringPopHtml(view, pop, { boards: !!local.popBoards })));
  else if (local.look !== null && local.look !== undefined) kids.push(leaf("pop", lookPopHtml(view, local.look)));
  const cls = ["alh-app", tableClass(view.n), replaying ? "alh-replaying" : "", view.lesson ? "alh-tutorial" : ""].filter(Boolean).join(" ");
  const open = `<div class="${cls}" data-players="${view.n}" data-phase="${view.phase}">`;
  return box("app", open, kids, `</div>`);
}

/**
 * The acting player's section (or, when nobody may act here, the focus
 * player's): their Alhambra with the help line and the replay control; and
 * the column beside it ("hold"): the title, hand, tiles to place, reserve,
 * Dirk's tiles, the action bar, the message line and the hints.
 */
function focusPart(view, ui, message, { fp, me, acting, sel, marks, names, aspect }) {
  const legal = view.legal;
  const seated = view.seat !== null && view.seat !== undefined;
  // "You (you)" helps nobody: the tutorial's learner is named "You", and so may a player against bots be
  const title = acting ? t("ui.focus.your_turn", { name: me.name }) : seated && !view.lesson && !isYou(me.name) ? t("ui.focus.you", { name: me.name }) : me.name;
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
  const reserveIds = acting && view.phase === "action" ? legal.tiles.filter((x) => x.from === "reserve").map((x) => x.id) : [];
  const pend = pendingHtml(view, {
    player: legal ? legal.player : null,
    act: acting && view.phase === "place" ? "pending-tile" : null,
    selected: sel?.kind === "tile" ? sel.id : null,
    names,
  });
  const hold = [
    leaf("title", `<h3 class="alh-focus-title">${seatDot(fp)}<span class="alh-focus-name" title="${esc(title)}">${esc(title)}</span><span class="alh-focus-score">${esc(tn("ui.points_short", me.score))}</span></h3>`),
    leaf("hand", `<div class="alh-focus-hand">${hand}</div>`),
    leaf("pending", `<div class="alh-focus-pending">${pend || `<span class="alh-label" title="${esc(t("ui.table.to_place"))}">${esc(t("ui.table.to_place"))}</span><span class="alh-row-empty alh-muted">\u2013</span>`}</div>`),
    leaf("reserve", `<div class="alh-focus-reserve"><span class="alh-label" title="${esc(t("ui.reserve"))}">${esc(t("ui.reserve"))}</span>${reserveSvg(me, {
      act: acting && view.phase === "action" ? "reserve-tile" : null,
      enabled: reserveIds,
      selected: sel?.kind === "tile" && tileChoice(view, sel.id)?.from === "reserve" ? sel.id : null,
      size: 48,
      hint: t("ui.reserve.hint"),
      names,
    })}</div>`),
    leaf("controls", controlsHtml(view, ui)),
    messagePart(message, ui.note, view),
    // the hints, when they come: a live region kept in place (a screen reader reads them)
    box("hints", `<div class="alh-focus-hints" role="status" aria-live="polite" aria-label="${esc(t("ui.bots.hints_title"))}">`,
      [view.hinting || !(view.hints || []).length ? null : leaf("list", hintsHtml(view))], `</div>`),
  ];
  const play = [
    boardLeaf(view, ui, aspect, { fp, me, marks }),
    leaf("help", boardHelpHtml(view, ui)),
    replayPart(view),
  ];
  return box("focus", `<section class="alh-focus" data-player="${fp}" aria-label="${esc(t("ui.focus.aria", { name: me.name }))}">`, [
    box("play", `<div class="alh-play">`, play, `</div>`),
    box("hold", `<div class="alh-hold">`, hold, `</div>`),
  ], `</section>`);
}

/** The tutorial names the buildings on the tiles; a game shows their pictures. */
const namesOnTiles = (view) => !!view.lesson;

/**
 * The board of the player in focus, as the part "board" of the section (its box: PATHS.board), drawn
 * to fill a frame of shape `aspect` (width over height; js/widget.js measures it and, when only
 * that changed, draws this part alone). The facts focusPart has worked out already may be given.
 */
export function boardLeaf(view, ui, aspect, known = {}) {
  const fp = known.fp ?? focusPlayer(view);
  const me = known.me ?? view.players[fp];
  const marks = known.marks ?? hintMarks(view);
  const why = (rule) => ruleText(view, rule);
  const words = ui.sel?.kind === "tile" ? (cell) => refusalWords(view, cell, ui.sel.id) : null;
  // (who: the player's index in the cells' keys, so that a cell of one board is never taken
  // for the same cell of another player's, js/widget.js keepFocus)
  // (refusal: the refused cell pointed at, whose side, hole or tiles cut off the board marks as the
  // help line says them, or a lesson's refused try; a note's callout puts its own instead)
  const bo = { ...boardOptions(ui, view), why, words, fill: true, min: 5, aspect, marks: marks.cells, names: namesOnTiles(view), who: fp,
    refusal: boardMark(view, ui) };
  return leaf("board", boardHtml(me, bo, ui.note));
}

/**
 * The acting player's board in its frame (a size container: the board fills
 * it), with a callout at the cell a refusal is about: the note's rule and
 * its explanation, anchored at the cell whatever the board's scale (js/layout.js,
 * calloutPlace; the style sheet turns the numbers into a position).
 */
export function boardHtml(player, o, note) {
  let callout = "";
  const at = note && note.at;
  if (at && note.rule) {
    const vb = boardBox(player, o);
    const c = calloutPlace(vb, at[0], at[1], CELL, markedWay(note.cell));   // (not over what the board marks)
    const text = o.why ? o.why(note.rule) : "";
    callout =
      `<div class="alh-callout alh-callout-${c.vertical} alh-callout-${c.horizontal}" role="note" data-x="${at[0]}" data-y="${at[1]}" data-rule="${esc(note.rule)}" ` +
      `style="--dx:${c.dx};--dy:${c.dy};--vw:${c.vw};--vh:${c.vh}"><span class="alh-rule">${esc(note.rule)}</span> ${esc(text || t("ui.spot.refused_title", { rule: note.rule }))}</div>`;
  }
  // (tabindex -1: where the focus goes back to when the cell it was on is gone -- the board of the
  // next player shown after a tile placed by keyboard; a Tab from there goes on from the board)
  // (what the note's words name, marked on the board: see alhambraSvg's o.refusal; with a
  // callout, which opens away from that mark, no other)
  const board = alhambraSvg(player, callout ? { ...o, refusal: note.cell ?? null } : o);
  return `<div class="alh-focus-board${callout ? " alh-has-callout" : ""}" role="region" aria-label="${esc(t("ui.table.board_aria"))}" tabindex="-1">${board}${callout}</div>`;
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
