// Every move told to a screen reader: the moves new in a view (a bot's, the
// other players' at a shared table, the viewer's own) are read out in words, as
// the log shows them (js/describe.js), from a hidden live region of the table
// (role "log": additions are read in turn, politely, after what is being read).
//
// Which moves are new is the motion's rule (js/motion.js): none on the first
// draw, after an undo (its message says what went back), in another game, or
// when more than a few came at once (a replay jump: the replay's banner says
// where it is).

import { describeEntry } from "./describe.js";
import { t } from "./i18n.js";
import { gameKey, lastMove, newMoves } from "./motion.js";

/** The lines the live region keeps (older ones are read already). */
export const KEEP = 6;

/**
 * What to read out for `view`, drawn after the view the state `prev` records:
 * `{lines, state}` (`prev` null: the first draw).
 */
export function toAnnounce(prev, view) {
  const log = view && view.log;
  const state = { game: view ? gameKey(view) : null, n: lastMove(log) };
  if (!prev || prev.game !== state.game) return { lines: [], state };
  return { lines: newMoves(log, prev.n).map((e) => describeEntry(e, view)), state };
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
    /** Read out the moves new in `view` (call once per view drawn, in the widget's language). */
    update(view) {
      const got = toAnnounce(state, view);
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
