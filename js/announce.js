// The table's voice for a screen reader: a hidden live region (role "log":
// additions are read in turn, politely, after what is being read) that says
//
// - the moves that come without a message telling them -- played from a cell
//   (w.play, w.game.play), or several at once -- in the words of the log
//   (js/describe.js). A move made at the table (a click, a bot, a redo) comes
//   with its message, which the message line (a live region of its own, kept in
//   place, js/view/controls.js) reads, as it reads every refusal;
// - then the status sentence when it changed ("Turn 3 -- your turn"), or in the
//   replay the banner's (which position, after which move in words).
//
// Which moves are new is the motion's rule (js/motion.js): none on the first
// draw, after an undo, in another game (only its status sentence), or when more
// than a few came at once.
// The status line and the replay banner are not live regions themselves: they
// are drawn anew when they change, and carry counts that change on every move.

import { describeEntry } from "./describe.js";
import { t } from "./i18n.js";
import { gameKey, lastMove, newMoves } from "./motion.js";
import { replayBannerText } from "./view/controls.js";

/** The lines the live region keeps (older ones are read already). */
export const KEEP = 6;

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
  const state = { game: view && view.players ? gameKey(view) : null, n: lastMove(log), msg, said, replaying };
  if (!prev) return { lines: [], state };
  // another game (New game, a game put in from a cell, a lesson's step): where it starts
  if (prev.game !== state.game) return { lines: said ? [said] : [], state };
  const lines = [];
  if (!replaying && !prev.replaying) {   // (in the replay, and back from it, the banner and the status tell where it is)
    const fresh = newMoves(log, prev.n);
    const told = fresh.length && message && message.kind === "info" && msg !== null && msg !== prev.msg;
    for (const e of told ? fresh.slice(0, -1) : fresh) lines.push(describeEntry(e, view));
  }
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
  return {
    region,
    /** Read out the moves new in `view` not told by `message` (once the update is drawn, in the widget's language). */
    update(view, message) {
      const got = toAnnounce(state, view, message);
      state = got.state;
      const label = t("ui.log.said");
      if (region.getAttribute("aria-label") !== label) region.setAttribute("aria-label", label);
      for (const line of got.lines) {
        const p = root.ownerDocument.createElement("p");
        p.textContent = line;
        region.appendChild(p);
      }
      while (region.childElementCount > KEEP) region.firstElementChild.remove();
      return got.lines;
    },
  };
}
