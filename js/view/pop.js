// When the scoring round panel shows over the table (js/view/scoring.js,
// scoringPopHtml): a display follows the view's scoring rounds, and a round
// that appears while it is drawn opens the panel -- with every player's board
// and the counted wall, as they were scored. Rounds scored before the display
// was drawn stay in the log and the scoring section; so do the rounds of a
// replayed position. The state lives in the display's `local` object
// (js/widget.js): pop (the round shown, or null), popBoards, roundsSeen.

/** How long the panel stays by itself when every seat is a bot's (the viewer only watches), in ms. */
export const POP_WATCH_MS = 4500;

/**
 * Take a new view into account: returns the round number of a panel it
 * opens (a round was just scored: by one of the moves played since the last
 * view drawn, a few at most), else null. A game put in from a cell, or a
 * jump in the record, opens nothing: its rounds are in the scoring section.
 */
export function followRounds(local, view) {
  if (!view || !view.players) return null;
  if (view.replay !== null && view.replay !== undefined) return null;
  const rounds = view.rounds || [];
  const n = rounds.length;
  const moves = view.moves ?? 0;
  const before = local.movesSeen;
  local.movesSeen = moves;
  if (local.roundsSeen === undefined) {
    local.roundsSeen = n;
    return null;
  }
  if (n < local.roundsSeen) {
    // taken back (undo, another game): a panel of a round that is gone closes
    local.roundsSeen = n;
    if (local.pop !== null && local.pop !== undefined && !rounds.some((r) => r.round === local.pop)) local.pop = null;
    return null;
  }
  if (n === local.roundsSeen) return null;
  local.roundsSeen = n;
  const latest = rounds[n - 1].round;
  const played = moves - (before ?? moves);
  const fresh = played >= 1 && played <= 3 && (view.log || []).some((e) => e.n > before && (e.rounds || []).includes(latest));
  if (!fresh) return null;
  local.pop = latest;
  local.popBoards = true;
  return latest;
}

/** Show round `round`'s panel again (from the log); the boards only if it is the round just scored. */
export function openRound(local, view, round) {
  const rounds = (view && view.rounds) || [];
  if (!rounds.some((r) => r.round === round)) return;
  const last = view.log && view.log.length ? view.log[view.log.length - 1] : null;
  local.pop = round;
  local.popBoards = !!(last && (last.rounds || []).includes(round));
}

/** Close the panel. */
export function closeRound(local) {
  local.pop = null;
}

/** Does the viewer only watch bots? (every seat is a bot's) */
export function onlyBots(view) {
  if (!view || !view.bots) return false;
  for (let i = 0; i < view.n; i++) if (!Object.prototype.hasOwnProperty.call(view.bots, String(i))) return false;
  return true;
}
