"""Hints for a position: the best actions, what-if copies, the best spots for a tile."""

from __future__ import annotations

from ..bots.evaluation import _open_cells
from ..bots.mcts import MCTS, check_seconds
from ..engine import Alhambra, Game
from ..engine.tiles import Tile, tile as tile_by_id
from ._frame import require_game, require_pandas, table

__all__ = ["analyse", "candidates", "what_if", "best_spots"]

#: share of ``seconds`` spent searching; the rest is set-up and the table
SEARCH_SHARE = 0.85

ANALYSE_COLUMNS = ["action", "kind", "win_probability", "expected_margin", "visits", "greedy"]


def analyse(game: Game, seconds: float = 1.0, *, top: int | None = 10, iterations: int | None = None,
            seed=None):
    """The best candidate actions for the player to move, best first, as a
    pandas DataFrame: first the action the search looked at most (``visits``:
    the one a search plays), which may differ from the highest
    ``win_probability`` among actions looked at less, whose estimates it
    trusts less.

    Runs an information-set tree search (:class:`~alhambra_widget.bots.MCTS`)
    for about ``seconds`` (or exactly ``iterations``; then the answer is
    reproducible for a given ``seed``). It uses what a perfect memory knows
    (every hand, RULES.md X3), never the order of the deck or the bag.

    Columns: ``action`` (notation: ``game.play(rows.action[0])`` plays it),
    ``kind``, ``win_probability`` (estimated, in [0, 1]), ``expected_margin``
    (estimated final score minus the best other player's), ``visits`` (how
    much the search looked at it) and ``greedy`` (the one-step evaluation the
    search started from). ``.attrs`` holds ``player`` (the seat to move,
    ``None`` once the game is over), ``iterations`` and ``seconds``. At most
    ``top`` rows (``None``: every action searched); none once the game is
    over. Needs pandas (``pip install 'alhambra-widget[analysis]'``).

    >>> g = Game(3, seed=2)
    >>> rows = analyse(g, iterations=100, seed=1)
    >>> bool(rows.win_probability.between(0, 1).all())
    True
    """
    require_pandas()  # before the search, not after it
    rows, info = candidates(game, seconds, top=top, iterations=iterations, seed=seed)
    out = table(rows, columns=ANALYSE_COLUMNS)
    out.attrs.update(info)
    return out


def check_top(top) -> None:
    """ValueError unless ``top`` (how many rows to keep) is None or a whole number from 1."""
    if top is not None and (isinstance(top, bool) or not isinstance(top, int) or top < 1):
        raise ValueError(f"top is how many rows to keep, a whole number from 1 (or None: every one), not {top!r}")


def candidates(game: Game, seconds: float = 1.0, *, top: int | None = 10, iterations: int | None = None,
               seed=None, stop=None) -> tuple:
    """What :func:`analyse` computes, without pandas: ``(rows, info)``, the
    rows as a list of dicts (the columns of :func:`analyse`) and ``info`` the
    DataFrame's ``attrs``. ``stop``: see :meth:`MCTS.search`."""
    require_game(game, "analyse")
    if iterations is None:
        check_seconds(seconds)
    check_top(top)
    if game.is_over:
        return [], {"player": None, "iterations": 0, "seconds": 0.0}
    budget = {"iterations": iterations} if iterations is not None else {"seconds": seconds * SEARCH_SHARE}
    result = MCTS(seed=seed, **budget).search(game, stop=stop)
    rows = [{"action": r["notation"], "kind": r["kind"], "win_probability": r["win"],
             "expected_margin": r["margin"], "visits": r["visits"], "greedy": r["greedy"]}
            for r in result.rows if r["visits"]]
    if top is not None:
        rows = rows[:top]
    return rows, {"player": result.player, "iterations": result.iterations, "seconds": result.seconds}


def what_if(game: Game, action, *more) -> Game:
    """An independent copy of ``game`` after ``action`` (and any further
    actions), each an Action or its notation. The original is unchanged; the
    copy keeps the history, so it can be undone, saved or analysed further.
    Raises :class:`~alhambra_widget.IllegalMove` if an action is illegal.

    >>> g = Game(2, seed=1)
    >>> h = what_if(g, g.legal_actions("take")[0])
    >>> len(h.history), len(g.history)
    (1, 0)
    """
    return require_game(game, "what_if").what_if(action, *more)


def best_spots(where, tile, *, player=None):
    """Every legal spot for ``tile`` (a Tile or tile id) ranked by how much
    it lengthens the longest external wall (C4), then by how many free spots
    stay open for later tiles, then north to south.

    ``where`` is an :class:`~alhambra_widget.Alhambra` or a Game (then the
    Alhambra of ``player``, an index or a name, by default the player to move). Columns: ``spot``
    ((x, y)), ``wall_gain``, ``longest_wall`` (after placing) and
    ``open_spots`` (free cells where some tile could still go); a pandas
    DataFrame.

    >>> spots = best_spots(Alhambra(), 1)   # pavilion 2: walls N, E and W
    >>> int(spots.wall_gain.iloc[0])
    3
    """
    require_pandas()
    if isinstance(where, Game):
        a = where.players[where.current if player is None else where.seat_of(player)].alhambra
    elif isinstance(where, Alhambra):
        a = where
    else:
        raise TypeError(f"best_spots() takes a Game or an Alhambra, not {type(where).__name__}")
    t = tile if isinstance(tile, Tile) else tile_by_id(tile)
    before = a.longest_wall()
    rows = []
    for spot in a.legal_spots(t):
        b = a.copy()
        b.place(t, spot)
        wall = b.longest_wall()
        rows.append({"spot": spot, "wall_gain": wall - before, "longest_wall": wall,
                     "open_spots": len(_open_cells(b))})
    rows.sort(key=lambda r: (-r["wall_gain"], -r["open_spots"], r["spot"][1], r["spot"][0]))
    return table(rows, columns=["spot", "wall_gain", "longest_wall", "open_spots"])
