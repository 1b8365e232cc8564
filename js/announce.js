// The table's voice for a screen reader: a hidden live region (role "log":
// additions are read in turn, politely, after what is being read) that says,
// in one paragraph per update and in this order,
//
// - the moves new in the view that no message tells -- played from a cell
//   (w.play, w.game.play), or several at once -- in the words of the log
//   (js/describe.js);
// - the kernel's new info message: a move made at the table (a click, a bot, a
//   redo) in words, an undo, a review done. The message line shows it but is
//   not live for it (js/view/controls.js); it reads refusals and notes itself;
// - then the status sentence when it changed ("Turn 3 -- your turn"), or in the
//   replay the banner's (which position, after which move in words);
// - in the tutorial, at another step, what the step says and asks first (and the
//   lesson's title when the lesson is new): the panel changes where the reader's
//   focus is not (on Next).
//
// One paragraph, because Chromium hands a screen reader the changes of two live
// regions, or two paragraphs added at once, in either order: Orca read "Turn 3
// -- Ana to act" before the move that led to it (tests/e2e/test_screen_reader.py).
// Which moves are new is the motion's rule (js/motion.js): none on the first
// draw, after an undo, in another game (only its status sentence), or when more
// than a few came at once.
// The status line and the replay banner are not live regions themselves: they
// are drawn anew when they change, and carry counts that change on every move.

import { describeEntry, sentences } from "./describe.js";
import { t } from "./i18n.js";
import { gameKey, lastMove, newMoves } from "./motion.js";
import { replayBannerText } from "./view/controls.js";

/** The paragraphs the live region keeps, one per update that said something (older ones are read already). */
export const KEEP = 6;

/** A step through the replay is told once the position has stood still this long (ms): an arrow
 * key held on the slider told every position on the way, each a long sentence, queued politely
 * after the slider's own "move 21 of 25". The last one is told; the ones passed over, never. */
export const REPLAY_SETTLE_MS = 600;

/**
 * What to read out for `view` and the kernel's `message` that came with it,
 * drawn after what the state `prev` records: `{lines, state}` (`prev` null: the
 * first draw). A new info message with new moves tells the newest of them: the
 * message line reads that one.
 */
export function toAnnounce(prev, view, message = null) {
  const log = view && view.log;
  const replaying = !!view && view.replay !== null && view.replay !== undefined;
  const msg = message && message.text ? message.id : null;
  const said = view && view.players ? (replaying ? replayBannerText(view) : view.status || "") : "";
  const lesson = view && view.lesson ? view.lesson : null;
  const step = lesson ? `${lesson.index}.${lesson.step}` : null;
  const state = { game: view && view.players ? gameKey(view) : null, n: lastMove(log), msg, said, replaying,
    lesson: lesson ? lesson.index : null, step };
  if (!prev) return { lines: [], state };
  // a new info message (a move made at the table tells itself in it)
  const info = message && message.kind === "info" && msg !== null && msg !== prev.msg ? message.text : null;
  // another step of the tutorial: what it says and asks (the lesson's title when the lesson is new), then where it starts
  if (lesson && step !== prev.step) {
    const title = lesson.index !== prev.lesson ? lesson.title : null;
    return { lines: [title, lesson.text, lesson.task, said].filter(Boolean), state };
  }
  // another game (New game, a game put in from a cell, a lesson's step again): where it starts
  if (prev.game !== state.game) return { lines: [info, said].filter(Boolean), state };
  const lines = [];
  if (!replaying && !prev.replaying) {   // (in the replay, and back from it, the banner and the status tell where it is)
    const fresh = newMoves(log, prev.n);
    for (const e of info && fresh.length ? fresh.slice(0, -1) : fresh) lines.push(describeEntry(e, view));
  }
  if (info) lines.push(info);
  if (said && said !== prev.said) lines.push(said);
  return { lines, state };
}

/** The hidden live region of a table (in `root`, outside what redraws replace) and what it read last. */
export function createAnnouncer(root) {
  const region = root.ownerDocument.createElement("div");
  region.className = "alh-sr alh-said";
  region.setAttribute("role", "log");
  region.setAttribute("aria-live", "polite");
  root.appendChild(region);
  let state = null;
  let waiting = null;   // (a step through the replay, told when the position stands still)
  const say = (lines) => {
    const p = root.ownerDocument.createElement("p");
    p.textContent = sentences(lines);
    region.appendChild(p);
    while (region.childElementCount > KEEP) region.firstElementChild.remove();
  };
  const cancel = () => {
    if (waiting !== null) clearTimeout(waiting);
    waiting = null;
  };
  return {
    region,
    /** Read out the moves new in `view` not told by `message` (once the update is drawn, in the widget's language). */
    update(view, message) {
      const prev = state;
      const got = toAnnounce(state, view, message);
      state = got.state;
      const label = t("ui.log.said");
      if (region.getAttribute("aria-label") !== label) region.setAttribute("aria-label", label);
      cancel();   // (a step passed over, or what comes now tells more)
      // from one replayed position to another, and nothing else to tell: once it stands still
      const stepped = prev && prev.replaying && state.replaying && got.lines.length === 1 && got.lines[0] === state.said;
      if (stepped) {
        waiting = setTimeout(() => {
          waiting = null;
          if (region.isConnected) say(got.lines);
        }, REPLAY_SETTLE_MS);
      } else if (got.lines.length) say(got.lines);
      return got.lines;
    },
    /** Stop a step of the replay still waiting to be told (the table is gone). */
    stop: cancel,
  };
}
