// Every move told to a screen reader. A move made at the table (a click, a bot,
// a redo) comes with a message that tells it in words, and the message line (a
// live region, js/view/controls.js) reads it out. The moves that come without
// one -- played from a cell (w.play, w.game.play), several at once, a step
// forward in the replay -- are read out from a hidden live region of the table
// (role "log": additions are read in turn, politely, after what is being read),
// in the words of the log (js/describe.js).
//
// Which moves are new is the motion's rule (js/motion.js): none on the first
// draw, after an undo, in another game, or when more than a few came at once (a
// replay jump: the replay's banner says where it is).

import { describeEntry } from "./describe.js";
import { t } from "./i18n.js";
import { gameKey, lastMove, newMoves } from "./motion.js";

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
  const msg = message && message.text ? message.id : null;
  const state = { game: view ? gameKey(view) : null, n: lastMove(log), msg };
  if (!prev || prev.game !== state.game) return { lines: [], state };
  const fresh = newMoves(log, prev.n);
  const told = fresh.length && message && message.kind === "info" && msg !== null && msg !== prev.msg;
  return { lines: (told ? fresh.slice(0, -1) : fresh).map((e) => describeEntry(e, view)), state };
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
