"""Reading a game's history: who played each move, when scoring rounds came,
and the position after the first k moves (for a replay slider).

Pure functions over an engine :class:`~alhambra_widget.engine.Game`; nothing
here changes the game it is given. The engine records moves without their
player, so both are found by replaying the history from the game's start
position (a few milliseconds for a whole game).
"""

from __future__ import annotations

from .engine.record import game_from_state

__all__ = ["Entry", "position_at", "timeline", "entry_for", "start_state", "has_start"]


class Entry(tuple):
    """One move of the history: ``(player, action, rounds)`` -- the seat that
    played it, the action and the scoring rounds (1-3) that it triggered."""

    __slots__ = ()

    def __new__(cls, player: int, action, rounds=()):
        return tuple.__new__(cls, (player, action, tuple(rounds)))

    player = property(lambda self: self[0])
    action = property(lambda self: self[1])
    rounds = property(lambda self: self[2])


def start_state(game):
    """The state dict the history starts from (``Game.start_state()``), or None
    when the game was copied without its history (``Game.copy(history=False)``)."""
    try:
        return game.start_state()
    except RuntimeError:
        return None


def has_start(game) -> bool:
    """Can this game be replayed (and undone)?"""
    return start_state(game) is not None


def _start(game):
    """A fresh game at the start of ``game``'s history, or None."""
    state = start_state(game)
    if state is None:
        return None
    return game_from_state(state, game.seed)


def entry_for(game_before_player: int, action, rounds_before: int, game_after) -> Entry:
    """The entry of a move just played on ``game_after`` by ``game_before_player``."""
    new = [r["round"] for r in game_after.rounds[rounds_before:]]
    return Entry(game_before_player, action, new)


def timeline(game) -> list:
    """An :class:`Entry` for every move of ``game.history``, in order.

    Without a start position (a copy made without history) the players are
    not known: every entry's player is ``None``."""
    g = _start(game)
    if g is None:
        return [Entry(None, a, ()) for a in game.history]
    out = []
    for a in game.history:
        who, before = g.current, len(g.rounds)
        g.play(a, record=False)
        out.append(entry_for(who, a, before, g))
    return out


def position_at(game, k: int):
    """A new game showing the position after the first ``k`` moves of
    ``game.history`` (0 = the start; ``len(history)`` = now). Its history is
    those k moves, so it can be drawn, inspected or even played on without
    touching ``game``."""
    n = len(game.history)
    if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= n:
        raise ValueError(f"a replay index runs from 0 to {n}, not {k!r}")
    if k == n:
        return game.copy()
    g = _start(game)
    if g is None:
        raise ValueError("this game was copied without its history; it cannot be replayed")
    for a in game.history[:k]:
        g.play(a, record=False)
    g.history = list(game.history[:k])
    g._start = start_state(game)  # so the replayed position can be undone or replayed too
    return g
