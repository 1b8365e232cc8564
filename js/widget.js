// anywidget entry: the Alhambra table in a notebook.
//
// The kernel owns the game. This module only draws the synced `view` trait
// (a JSON view made by alhambra_widget/view.py) and sends the player's intents
// as custom messages; each display keeps its own selection, and every
// display of the same widget shows the same model state.
//
//   kernel -> page: traits  view, message, seat, replay_index, lang, strings,
//                   moves
//   page -> kernel: the messages declared in alhambra_widget/protocol.json
//                   (action, undo, redo, replay, hint, language, lesson), built
//                   by js/protocol.js from that declaration; and `moves` written
//                   back unchanged, for marimo (js/static-copy.js)
//
// Texts: every text drawn comes from the `strings` trait (the widget's
// language, js/i18n.js); useStrings() is called before each draw and each
// input event, so two widgets in two languages can share a page.
//
// Drawing: the table is a tree of parts (status, message, markets, controls,
// focus board, one per player, scoring rounds, log ...); a redraw patches the
// DOM part by part (js/patch.js), so only the panels whose markup changed are
// replaced. A draw with the same view, selection and message as the last one
// is skipped, and a change of the message alone redraws only the message line
// (the kernel sends a move's view and its message together; a click redraws
// locally first, then the new view arrives).

import { createAnnouncer } from "./announce.js";
import { t, useStrings } from "./i18n.js";
import { bindInput, initialUi, reduce, rove } from "./input.js";
import { message } from "./protocol.js";
import { mount, nodeAt, patch, patchNode } from "./patch.js";
import { echoMoves, followKernel, markLost } from "./static-copy.js";
import { CSS } from "./style.js";
import { boardHelpHtml, boardMark } from "./view/controls.js";
import { LESSON_CSS } from "./view/lesson.js";
import { LOG_CSS } from "./view/log.js";
import { MOTION_CSS, createMotion } from "./motion.js";
import { leaf } from "./view/parts.js";
import { closeRound, followRounds, onlyBots, openRound, POP_WATCH_MS } from "./view/pop.js";
import { PATHS, boardLeaf, messageLeaf, tableParts } from "./view/table.js";

export { message } from "./protocol.js";

/** Can `el` take the focus back: a control drawn and not natively disabled. One that is off by
 * aria-disabled can (tabindex -1): the focus stays where the player was. */
const focusable = (el) => !!el && el.isConnected && typeof el.focus === "function" && !el.disabled;
/** A control that goes with the part it was in, and where the focus goes instead (data-keys):
 * Back to live in the replay banner, which goes when the live game shows, to the replay slider;
 * Stop of a review running, which goes when it stops, to Review, there to start it again; New
 * game, which goes with the game over, to the first money card, the first move of the next. */
const STAND_IN = { "btn-live-banner": "replay", "btn-review-stop": "btn-review", "btn-new_game": "money-0" };

// The shape of the board's frame last measured on this page: a table drawn next (a cell run again,
// another output of the same notebook: of the same width as a rule) starts with it, and is drawn
// once, not once more when its own frame is measured (see measureBoard).
let lastAspect;

/** Whose board (the index of the focus panel's player) `el` is in, or null. */
const boardOf = (el) => (el.closest ? el.closest(".alh-focus[data-player]")?.getAttribute("data-player") ?? null : null);

/** The cell of the board `el` (a control of the board) is at, and whose board it is, or null. */
function cellOf(el) {
  if (!el.closest || !el.closest(".alh-focus-board") || !el.hasAttribute("data-x")) return null;
  return { player: boardOf(el), x: Number(el.getAttribute("data-x")), y: Number(el.getAttribute("data-y")) };
}

/** Of the controls on `board`, the one nearest to `cell` when the board is still that player's
 * (the tile just placed there, a spot beside it), or null. */
function nearestOnBoard(board, cell) {
  if (!cell || boardOf(board) !== cell.player) return null;
  let best = null;
  let gap = Infinity;
  for (const c of board.querySelectorAll('[data-act][data-x]:not([aria-disabled="true"])')) {
    const d = Math.abs(Number(c.getAttribute("data-x")) - cell.x) + Math.abs(Number(c.getAttribute("data-y")) - cell.y);
    if (d < gap) {
      gap = d;
      best = c;
    }
  }
  return best;
}

/** The keys from `tree` down to the leaf part that holds `el` (for nodeAt), or []. */
function pathTo(tree, el) {
  const keys = [];
  let node = tree;
  while (node && node.kids) {
    let next = null;
    for (const kid of node.kids.values()) {
      if (kid.el.contains(el)) {
        next = kid;
        break;
      }
    }
    if (!next) return [];
    keys.push(next.key);
    node = next;
  }
  return keys;
}

function initialize({ model }) {
  // Model-wide wiring: the kernel pushes state in traits and intents are sent
  // by each view; only the move count is written back, for hosts that re-run
  // cells on the page's writes (marimo; js/static-copy.js)
  return echoMoves(model);
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "alh-root";
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.setAttribute("role", "region");
  root.setAttribute("aria-label", "Alhambra");
  root.tabIndex = -1;
  const style = document.createElement("style");
  style.textContent = CSS + LESSON_CSS + LOG_CSS + MOTION_CSS;
  const body = document.createElement("div");
  root.append(style, body);
  // every move seen: the moves new in a view fly from where things were (js/motion.js)
  const motion = createMotion(root, body);
  // ... and told in words to a screen reader (js/announce.js)
  const announcer = createAnnouncer(root);
  el.appendChild(root);

  let ui = initialUi();
  let since = null; // view.since of the view the selection (ui) was begun on
  let uiLang = null;
  let dismissed = null;
  let tree = null; // what is drawn (js/patch.js)
  // this display's folds, kept across redraws; the folded earlier scoring
  // rounds and the folded narrations are drawn only once unfolded (a 6-player
  // round table is ~100 elements, its narration ~1,700 characters)
  const local = { earlierOpen: false, whyOpen: false, logOpen: false, latestOpen: undefined, previewOpen: false, lineupOpen: false, lazyEarlier: true, look: null, aspect: lastAspect };
  let drawn = { view: undefined, sel: undefined, lineup: undefined, note: undefined, shown: undefined, hover: undefined, strings: undefined, hinted: null };

  // the game review rides in a trait of its own ("graded", kernel side
  // AlhambraWidget.graded), so that the view stays small after a review; the
  // drawing functions read it as view.review
  let merged = { view: undefined, graded: undefined, out: undefined };
  function currentView() {
    const view = model.get("view");
    // null, or a review: {running, …} or {moves, …} (a host may hand a null trait over as {}: Pyodide's)
    const raw = model.get("graded");
    const graded = raw && (raw.running || raw.moves) ? raw : null;
    if (view !== merged.view || graded !== merged.graded) {
      merged = { view, graded, out: view ? { ...view, review: graded } : view };
    }
    return merged.out;
  }

  /** The widget's strings for the following t() calls (see js/i18n.js). */
  function strings() {
    const s = model.get("strings");
    useStrings(s, model.get("lang"));
    return s;
  }

  // Replacing a focused element fires focusout (and pointer events) in the
  // middle of a patch; a draw asked for then runs once the patch is done.
  let drawing = false;
  let again = false;

  function draw() {
    if (drawing) {
      again = true;
      return;
    }
    drawing = true;
    try {
      do {
        again = false;
        drawParts();
      } while (again);
    } finally {
      drawing = false;
    }
    rove(body);   // one tab stop per picture of controls
    // a refused language switch: show the widget's language again
    const select = body.querySelector("select.alh-lang-select");
    if (select && select.value !== local.lang) select.value = local.lang;
    followDialog();
  }

  // The scoring round's panel is a modal dialog over the table: when it comes while the
  // keyboard is at the table, the focus goes to its button, and when it goes, back to the
  // control that had it (focus elsewhere on the page, in another cell, is never taken).
  let dialogShown = false;
  let dialogReturn = null; // the data-key of the control to go back to, or null
  function followDialog() {
    const pop = body.querySelector('.alh-pop[role="dialog"]');
    const active = root.ownerDocument.activeElement;
    const atTable = !!active && (active === root || root.contains(active));
    if (pop && !dialogShown) {
      dialogShown = true;
      dialogReturn = null;
      if (atTable && !pop.contains(active)) {
        dialogReturn = active === root ? null : active.getAttribute("data-key");
        const close = pop.querySelector('[data-act="pop-close"]');
        if (close) close.focus();
      }
    } else if (!pop && dialogShown) {
      dialogShown = false;
      const key = dialogReturn;
      dialogReturn = null;
      if (atTable && (active === root || !active.isConnected)) {
        const back = key ? body.querySelector(`[data-key="${key}"]`) : null;
        if (focusable(back)) back.focus();
        else root.focus();
      }
    }
  }

  function drawParts() {
    const view = currentView();
    const texts = strings();
    local.lang = model.get("lang") || "en";
    // a selection begun stays while the position, the seat and the line-up do (a hint come,
    // a review moving on) and in the same language (a note's words are in it)
    const at = view ? view.since ?? view.stamp : null;
    if (view && (at !== since || local.lang !== uiLang)) {
      ui = initialUi();
      since = at;
      uiLang = local.lang;
    }
    const msg = model.get("message") || {};
    const shown = msg.id !== undefined && msg.id === dismissed ? {} : msg;
    // (the same position, selection, line-up and texts: at most a part of the table to draw again)
    const same = tree && view === drawn.view && ui.sel === drawn.sel && ui.lineup === drawn.lineup && texts === drawn.strings;
    if (same && ui.note === drawn.note && shown === drawn.shown && ui.hover === drawn.hover && local.aspect !== drawn.aspect) {
      // only the shape of the board's frame changed (known after the first draw, a window resized): the board
      const play = nodeAt(tree, ...PATHS.board);
      if (play && play.kids && play.kids.has("board")) {
        keepFocus(() => patchNode(play, boardLeaf(view, ui, local.aspect)));
        drawn = { ...drawn, aspect: local.aspect };
        return;
      }
    }
    if (same && local.aspect === drawn.aspect) {
      if (ui.note === drawn.note && shown === drawn.shown) {
        if (ui.hover === drawn.hover) return; // nothing changed
        // only the cell under the pointer changed: the help line under the board, and the board
        // where the mark of a refusal pointed at comes, goes or moves
        const focus = nodeAt(tree, ...PATHS.help);
        if (focus && focus.kids && focus.kids.has("help") && focus.kids.has("board")) {
          const marked = boardMark(view, ui) !== boardMark(view, { ...ui, hover: drawn.hover });
          keepFocus(() => {
            if (marked) patchNode(focus, boardLeaf(view, ui, local.aspect));
            patchNode(focus, leaf("help", boardHelpHtml(view, ui)));
          });
          fitHelp();
          drawn = { ...drawn, hover: ui.hover };
          return;
        }
      } else if (ui.hover === drawn.hover) {
        // only the message line changed (unless a note at a board cell comes or goes: its callout)
        const host = nodeAt(tree, ...PATHS.message);
        const line = messageLeaf(view, shown, ui.note, drawn.note);
        if (line && host && host.kids && host.kids.has("message")) {
          keepFocus(() => patchNode(host, line));
          drawn = { ...drawn, note: ui.note, shown };
          revealMessage();
          return;
        }
      }
    }
    // set only when they change: setting lang, even to the same value, makes
    // the browser recompute the style of the whole table (~8 ms a redraw)
    const aria = t("ui.widget.aria");
    if (root.getAttribute("aria-label") !== aria) root.setAttribute("aria-label", aria);
    if (root.getAttribute("lang") !== local.lang) root.setAttribute("lang", local.lang);
    // a scoring round just scored shows over the table; by itself it goes after a while when only bots play
    const opened = followRounds(local, view);
    // a player looked at goes when another game comes in (a new game, a game assigned, a lesson's step)
    if (local.look !== null && (local.lookGame !== view.game || !(view.players && local.look < view.players.length))) local.look = null;
    if (opened !== null && onlyBots(view)) {
      setTimeout(() => {
        if (local.pop === opened && root.isConnected) {
          closeRound(local);
          redraw();
        }
      }, POP_WATCH_MS);
    }
    const pre = view !== drawn.view ? motion.before(view) : null; // measured before the patch (FLIP)
    const part = tableParts(view, ui, shown, local);
    const was = drawn.view;
    keepFocus(() => {
      tree = tree ? patch(tree, part) : mount(body, part);
    });
    focusTileToPlace(was, view);
    motion.after(pre, view);
    if (view !== drawn.view) announce();
    const told = shown !== drawn.shown || ui.note !== drawn.note;
    const hinted = !view.hinting && (view.hints || []).length ? view.hints : null;
    const hintsCame = hinted !== null && hinted !== drawn.hinted;
    const chose = ui.sel !== drawn.sel && view === drawn.view;
    const taught = view.lesson?.feedback?.id !== drawn.view?.lesson?.feedback?.id && !!view.lesson?.feedback;
    drawn = { view, sel: ui.sel, lineup: ui.lineup, note: ui.note, shown, hover: ui.hover, strings: texts, hinted, aspect: local.aspect };
    // the board fills its frame: drawn again (the board alone changes) once the frame's shape is known or new
    if (measureBoard()) again = true;
    fitSelection();
    fitHelp();
    fitLabels();
    if (told) {
      fitMessage();
      revealMessage();
    }
    if (hintsCame) revealHints();
    if (chose) revealChoice();
    if (taught) revealLesson();
  }

  /** The shape of the acting player's board frame (its width over its height, to 1/200) into
   * local.aspect, which the board is drawn to fill (js/view/table.js); true when it changed. A frame
   * not laid out (a hidden output, a tab not shown) keeps the shape it had. */
  function measureBoard() {
    const frame = body.querySelector(".alh-focus-board");
    if (!frame || !frame.clientWidth || !frame.clientHeight) return false;
    const aspect = Math.round((frame.clientWidth / frame.clientHeight) * 200) / 200;
    lastAspect = aspect;
    if (aspect === local.aspect) return false;
    local.aspect = aspect;
    return true;
  }

  /** The lesson's answer to a try: on a phone (one column) the lesson panel lies far above the board
   * tapped, so the page is brought to the answer (and the buttons under it) -- else a tap on the board
   * would seem to do nothing. Where it is in view already, nothing moves. */
  function revealLesson() {
    inView(body.querySelector(".alh-lesson-feedback"));
  }

  /** A choice just made that a button now carries out (the cards to take, a tile and the cards to pay
   * with): on a phone (one column) that button may lie below the screen, under the board and the hand;
   * the page is brought just far enough to show the buttons, so that the next tap is in view. */
  function revealChoice() {
    const ready = body.querySelector(".alh-hold .alh-buttons .alh-primary");
    if (ready) inView(ready, ready.closest(".alh-controls"));
  }

  /** Where `el` lies (partly) outside the window, scroll the page just far enough to show `box` (the
   * element or a block around it); else nothing moves. */
  function inView(el, box = el) {
    const view = root.ownerDocument.defaultView;
    if (!el || !box || !view || typeof box.scrollIntoView !== "function") return;
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.bottom > view.innerHeight) box.scrollIntoView({ block: "nearest" });
  }

  /** What to do now (the sentence over the buttons beside the board) gets four or five lines where
   * that column has the room (the German, Finnish and Dutch sentences need them), else three. Worked
   * out again only when the column's size, the language or replaying changes, and while no hints
   * fill the room: never because the sentence changed, so the buttons under it stay where they are. */
  function fitSelection() {
    const hold = body.querySelector(".alh-hold");
    const sel = hold && hold.querySelector(".alh-selection");
    const room = hold && hold.querySelector(".alh-focus-hints");
    // (nor while the column is not laid out: JupyterLab hides it for a moment as it changes its theme,
    // and lines fitted to nothing stayed so)
    if (!sel || !room || room.firstElementChild || !hold.clientHeight) return;
    const key = `${hold.clientWidth}x${hold.clientHeight} ${local.lang} ${root.querySelector(".alh-replaying") ? 1 : 0}`;
    if (hold.dataset.fit === key) return;
    hold.dataset.fit = key;
    const line = parseFloat(getComputedStyle(sel).lineHeight) || 18;
    const now = 3 + extraLines(hold, "--alh-sel-lines");
    // the room left under the message line, and the lines given beyond three already (here and
    // to a long message: the message takes what this leaves, see fitMessage)
    const spare = roomLeft(hold, room) + (now - 3 + extraLines(hold, "--alh-msg-lines")) * line - 2;
    const lines = Math.max(3, Math.min(5, 3 + Math.floor(spare / line)));
    if (lines !== now) hold.style.setProperty("--alh-sel-lines", String(lines));
  }

  /** The help line under the board, while a cell is pointed at, is read whole over what lies below
   * it (js/view/controls.js boardHelpHtml): marked as lying over it where it goes past its room. */
  function fitHelp() {
    const help = body.querySelector(".alh-board-help");
    if (!help) return;
    const over = help.classList.contains("alh-help-on") && help.scrollHeight > help.parentElement.clientHeight + 1;
    help.classList.toggle("alh-help-over", over);
  }

  /** The labels drawn in the pictures were measured for the table's own spacing (js/view/common.js
   * text): where a reader's style sheet spaces letters or words wider (WCAG 1.4.12), those that would
   * now go past their room are squeezed into it, so that no two run into each other. With the
   * table's own spacing nothing is measured. */
  function fitLabels() {
    const first = body.querySelector("text[data-fit]");
    if (!first) return;
    const cs = getComputedStyle(first);
    const plain = (v) => v === "normal" || v === "0px";
    if (plain(cs.letterSpacing) && plain(cs.wordSpacing)) return;
    for (const label of body.querySelectorAll("text[data-fit]")) {
      const room = Number(label.dataset.fit);
      if (typeof label.getComputedTextLength === "function" && label.getComputedTextLength() > room) {
        label.setAttribute("textLength", String(room));
        label.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
    }
  }

  /** The room left under the message line beside the board: less than none where the column
   * already holds more than it shows (a window made shorter) and scrolls. Hints shown there keep
   * their least height (the title and the best hint). */
  function roomLeft(hold, room) {
    const keep = room.firstElementChild ? parseFloat(getComputedStyle(room).minHeight) || 0 : 0;
    return room.getBoundingClientRect().height - keep - Math.max(0, hold.scrollHeight - hold.clientHeight);
  }

  /** The lines beyond three given to a block of the column beside the board (a CSS variable of it). */
  function extraLines(hold, name) {
    return (Number(hold.style.getPropertyValue(name)) || 3) - 3;
  }

  /** A message beside the board longer than its three lines (a refusal and its rule's explanation,
   * in German or Finnish) gets the lines it needs, up to eight, from the room under it -- so it is
   * read whole and nothing above it moves; where there is no such room it keeps three, the whole
   * text in its tooltip. Worked out whenever the message or the table's size changes. */
  function fitMessage() {
    const hold = body.querySelector(".alh-hold");
    const msg = hold && hold.querySelector(":scope > .alh-message");
    const room = hold && hold.querySelector(".alh-focus-hints");
    if (msg && room && hold.clientHeight) {
      const text = msg.querySelector(".alh-message-text");
      const had = extraLines(hold, "--alh-msg-lines");
      let lines = 3;
      if (text) {
        const line = parseFloat(getComputedStyle(text).lineHeight) || 18;
        const need = Math.round(text.scrollHeight / line);
        const spare = roomLeft(hold, room) + had * line - 2;
        lines = Math.max(3, Math.min(8, need, 3 + Math.floor(spare / line)));
      }
      if (lines !== 3 + had) {
        if (lines === 3) hold.style.removeProperty("--alh-msg-lines");
        else hold.style.setProperty("--alh-msg-lines", String(lines));
      }
    }
    // the whole words in a tooltip where they are cut, and only there (see messagePart)
    for (const text of body.querySelectorAll(".alh-message-text")) {
      if (text.scrollHeight > text.clientHeight + 1) text.title = text.dataset.text || "";
      else text.removeAttribute("title");
    }
  }

  /** A message just shown in the column beside the board: where that column is too short for all it
   * holds (a short window, long words) and scrolls, scroll it -- not the page -- to show the message;
   * once the message is gone, back to the column's top. */
  function revealMessage() {
    const line = body.querySelector(".alh-hold > .alh-message");
    const hold = line && line.parentElement;
    if (!hold) return;
    if (!line.firstChild) {   // (gone: the column back at its top, the title and the hand in view -- or the hints)
      hold.scrollTop = 0;
      revealHints();
      return;
    }
    if (hold.scrollHeight > hold.clientHeight) {
      const below = line.getBoundingClientRect().bottom - hold.getBoundingClientRect().bottom;
      if (below > 0) hold.scrollTop += below;
    }
    // on a phone (one column) the answer to a tap (a note, a refusal) may lie below the screen, far
    // under the market tapped: the page brought to it, so that a tap never seems to do nothing (not
    // for a move told: the page stays where the player looks, at a lesson's answer say)
    if (drawn.note || drawn.shown?.kind === "error") inView(line);
  }

  /** Hints just come. Beside the board they take the room left under the message line and scroll
   * on their own (js/style.js), so the hand and the buttons stay where they are; only a column too
   * short for their least height (the title and the best hint) is scrolled, just so far, never
   * their first line out of view. A list cut that holds no button takes the keyboard's focus, to
   * be scrolled. In one column (a phone) the page is brought to their title and the best hint
   * where these lie outside the window. */
  function revealHints() {
    const room = body.querySelector(".alh-hold .alh-focus-hints");
    const hold = room && room.closest(".alh-hold");
    if (!hold || !room.firstElementChild) return;
    const list = room.querySelector(".alh-hint-list");
    if (list && !list.querySelector("button")) {
      if (list.scrollHeight > list.clientHeight + 1) list.setAttribute("tabindex", "0");
      else list.removeAttribute("tabindex");
    }
    if (hold.scrollHeight > hold.clientHeight) {
      const box = hold.getBoundingClientRect();
      const r = room.getBoundingClientRect();
      const by = Math.min(r.bottom - box.bottom, r.top - box.top);
      if (by > 0) hold.scrollTop += by;
    }
    const board = body.querySelector(".alh-focus-board");
    if (board && hold.getBoundingClientRect().top >= board.getBoundingClientRect().bottom) {
      inView(room.querySelector(".alh-hint-list > li") || room.firstElementChild, room);
    }
  }

  /** What the table's voice says (js/announce.js), once this update is drawn: the view and the
   * message that came with it are both set then (a host sets a move's view and message together,
   * then tells of each change in turn). Asked on every new view and every new message. */
  let announcing = false;
  function announce() {
    if (announcing) return;
    announcing = true;
    queueMicrotask(() => {
      announcing = false;
      if (!root.isConnected) return;
      strings();
      announcer.update(currentView(), model.get("message") || {});
    });
  }

  /** Draw again although the view, selection and message did not change (a fold changed). */
  function redraw() {
    drawn = { ...drawn, view: undefined };
    draw();
  }

  /** Run a DOM update; if it removed the focused control, focus its successor (same data-key),
   * even one now off (aria-disabled: it stays where the player was), or its stand-in (STAND_IN:
   * a control that goes with its part, as Back to live with the replay banner); without one, the part it
   * was in when that part takes the focus (the board): at the same cell, or the control nearest
   * to it, while the board is the same player's (a tile placed where its spot was); else the
   * control before it in the tab order (a message dismissed); else the table. */
  function keepFocus(update) {
    const active = root.ownerDocument.activeElement;
    const key = active && root.contains(active) ? active.getAttribute("data-key") : null;
    const path = key && tree ? pathTo(tree, active) : [];
    const cell = key ? cellOf(active) : null;
    // (not from a panel over the table: when it closes, followDialog takes the focus back)
    const before = key && !active.closest(".alh-pop") ? keyBefore(active) : null;
    update();
    if (key && (!active.isConnected || active.disabled)) {
      const target = body.querySelector(`[data-key="${key}"]`);
      const part = path.length ? nodeAt(tree, ...path) : null;
      const prev = before ? body.querySelector(`[data-key="${before}"]`) : null;
      const standIn = STAND_IN[key] ? body.querySelector(`[data-key="${STAND_IN[key]}"]`) : null;
      if (focusable(target)) target.focus();
      else if (focusable(standIn)) standIn.focus();
      else if (part && part.el.hasAttribute("tabindex") && focusable(part.el)) (nearestOnBoard(part.el, cell) || part.el).focus();
      else if (focusable(prev)) prev.focus();   // (a message dismissed: the control before it)
      else root.focus();
    }
  }

  /** The data-key of the control before `el` in the tab order of the table, or null. */
  function keyBefore(el) {
    let prev = null;
    for (const c of body.querySelectorAll("[data-key]")) {
      if (c === el) return prev;
      if (!c.disabled && c.getAttribute("tabindex") !== "-1") prev = c.getAttribute("data-key");
    }
    return null;
  }

  /** After a player's own buy from the keyboard the button pressed is off, and what is left to
   * do is to choose a tile to place, which lies before it in the tab order: the focus goes to the
   * first tile to place. (Only then: an enabled control keeps the focus; another player's turn
   * keeps it where it was.) */
  function focusTileToPlace(was, view) {
    const active = root.ownerDocument.activeElement;
    if (!was || !view || !active || !root.contains(active) || active.getAttribute("aria-disabled") !== "true") return;
    if (was.phase !== "action" || view.phase !== "place" || !was.legal || !view.legal || was.legal.player !== view.legal.player) return;
    const tile = body.querySelector('[data-act="pending-tile"]:not([aria-disabled="true"])');
    if (tile) tile.focus();
  }

  function dispatch(ev) {
    if (ev.act === "look") {
      // a player looked at: their Alhambra big over the table (js/view/look.js), while this game is shown
      local.look = ev.player;
      local.lookGame = currentView().game;
      redraw();
      return;
    }
    if (ev.act === "pop-close" || ev.act === "scoring-round") {
      // the panel over the table closed -- the one shown: a scoring round's is (a player looked at
      // may be under it), but not while replaying -- or a scoring round shown again (from the log)
      const v = currentView();
      const scoring = local.pop !== null && local.pop !== undefined && (v?.replay === null || v?.replay === undefined);
      if (ev.act === "pop-close" && scoring) closeRound(local);
      else if (ev.act === "pop-close") local.look = null;
      else openRound(local, currentView(), ev.round);
      redraw();
      return;
    }
    if (ev.act === "dismiss") {
      ui = { ...ui, note: null };
      dismissed = (model.get("message") || {}).id ?? null;
      draw();
      return;
    }
    const view = currentView();
    strings();
    const res = reduce(ui, ev, view);
    ui = res.ui;
    if (res.intent) {
      try {
        model.send(message(res.intent, view));
      } catch (err) {
        // the kernel went away (restarted, stopped) and the host did not mark this view: the
        // table turns off and says so (a click must never seem to do nothing)
        markLost(el);
        ui = { ...ui, sel: null };
      }
    }
    if (pressing && ev.act === "lineup-name") {
      // a name field left by pressing a button of the line-up (Deal): the name counts at once, but
      // the line-up is drawn again only after that click, so that the click reaches its button
      afterPress = draw;
      return;
    }
    draw();
    if (ev.key && (ev.act === "pending-tile" || ev.act === "reserve-tile") && ui.sel?.kind === "tile") focusFirstSpot();
  }

  /** A tile chosen from the keyboard (to place, or from the reserve): the next step is a spot on
   * the board, which lies before the tile in the tab order: the focus goes to the first legal
   * spot (north to south, west to east), where the arrow keys walk on and Enter builds; a reserve
   * tile with no spot but tiles to swap with: the first of those. */
  function focusFirstSpot() {
    const board = body.querySelector(".alh-focus-board");
    const to = board && (board.querySelector('[data-act="spot"].alh-spot') || board.querySelector('[data-act="placed"].alh-swappable:not([aria-disabled="true"])'));
    if (to) to.focus();
  }

  const onMessage = () => {
    ui = { ...ui, note: null };
    draw();
    announce();   // (which message is shown: a move it tells is not said again)
  };
  // the folds of the scoring rounds: the earlier rounds (<details class=
  // "alh-earlier">) and why each round gave its points (<details class=
  // "alh-why">), the latest round in play ("alh-latest-round": open while
  // recent, until the player folds or unfolds it), the next round as it would
  // be scored now ("alh-preview"); the moves at the end of the game
  // ("alh-log-fold") and who plays next ("alh-lineup": the players of the next
  // game, or of this one before its first move). Folded, their content is not drawn; unfolding one (a click,
  // or Enter/Space, on its summary) draws it, open, instead of letting the
  // browser open an empty fold
  const FOLDS = { "alh-earlier": "earlierOpen", "alh-why": "whyOpen", "alh-log-fold": "logOpen", "alh-latest-round": "latestOpen", "alh-preview": "previewOpen", "alh-lineup": "lineupOpen" };
  const foldOf = (details) => details && details.classList ? Object.keys(FOLDS).find((c) => details.classList.contains(c)) : undefined;
  const onSummary = (e) => {
    const summary = e.target.closest ? e.target.closest(".alh-fold-summary") : null;
    if (!summary || !root.contains(summary)) return;
    const details = summary.parentElement;
    const fold = foldOf(details);
    if (!fold || details.open || details.children.length > 1) return; // drawn: the browser toggles it
    e.preventDefault();
    local[FOLDS[fold]] = true;
    redraw();
  };
  // the browser folded or unfolded one: remember it for the next redraws (<details>
  // toggles do not bubble, hence the capture phase). The browser also fires
  // "toggle" for a fold inserted open: a fold as it was drawn (data-drawn-open),
  // in a part not yet marked stale, is not the player's doing
  const onToggle = (e) => {
    const details = e.target;
    const fold = foldOf(details);
    if (!fold) return;
    const leafOf = (node) => {
      if (!node || !node.el || !node.el.contains(details)) return null;
      if (!node.kids) return node;
      for (const kid of node.kids.values()) {
        const found = leafOf(kid);
        if (found) return found;
      }
      return null;
    };
    const leaf = leafOf(tree);
    if (details.open === details.hasAttribute("data-drawn-open") && leaf && leaf.html !== null) return;
    local[FOLDS[fold]] = details.open;
    // the part drawn around it no longer matches its markup: draw it anew next time
    if (leaf) leaf.html = null;
  };
  // a pointer pressed inside the table, until its click has happened (see dispatch: lineup-name)
  let pressing = false;
  let afterPress = null;
  const pressed = () => { pressing = true; };
  const released = () => {
    if (!pressing) return;
    pressing = false;
    const then = afterPress;
    afterPress = null;
    if (then) setTimeout(then, 0);   // (after the click this release makes)
  };
  // the page's listeners all go with one abort, the model's with the same table they came from
  const bound = new AbortController();
  const capture = { capture: true, signal: bound.signal };
  root.addEventListener("pointerdown", pressed, capture);
  root.ownerDocument.addEventListener("pointerup", released, capture);
  root.ownerDocument.addEventListener("pointercancel", released, capture);
  root.addEventListener("click", onSummary, capture);
  root.addEventListener("toggle", onToggle, capture);
  const unbind = bindInput(root, dispatch);
  const follows = [
    ["change:view", draw], ["change:graded", draw], ["change:message", onMessage],
    ["change:seat", draw], ["change:strings", draw], ["change:lang", draw],
  ];
  for (const [event, fn] of follows) model.on(event, fn);
  draw();
  // the column beside the board gets its size after the first draw (a host lays its output out
  // later, JupyterLab among them) and changes with the window and the host's side panels: what to
  // do now (and a long message's lines) is fitted again then, in the next frame (changing lines inside a resize callback
  // would make the browser report a loop)
  let fitting = 0;
  const resized = typeof ResizeObserver === "function" ? new ResizeObserver(() => {
    if (!fitting) fitting = requestAnimationFrame(() => {
      fitting = 0;
      if (root.isConnected) {
        if (measureBoard()) draw();
        fitSelection();
        fitHelp();
        fitMessage();
      }
    });
  }) : null;
  if (resized) resized.observe(root);
  // no kernel behind the model (an exported page): a static copy, controls off
  const unwatch = followKernel(el, root, strings);
  return () => {
    if (resized) resized.disconnect();
    if (fitting) cancelAnimationFrame(fitting);
    announcer.stop();
    unwatch();
    unbind();
    bound.abort();
    for (const [event, fn] of follows) model.off(event, fn);
    root.remove();
  };
}

export default { initialize, render };
