"""Game review: every move of a game graded by a tree search.

For every move a player made (chance moves -- ``Move.player is None`` -- are
skipped), the position before it is searched by the strongest bot
(:class:`~alhambra_widget.bots.MCTS` with the learned evaluation) for
``seconds_per_move``, the move played kept among the candidates with at
least a quarter of the search, so its estimate is as sound as the best
one's. The best move is the search's favourite among the other moves (the
most visited), unless the move played is estimated at least as good. A
move is graded by its **loss**: the estimated win probability of the best
move minus that of the move played (0 when the move played is the best),
in probability (0.05 is five percentage points):

==============  ===============
grade           loss
==============  ===============
``best``        <= 0.01 (or the best move itself, or the only legal move)
``good``        <= 0.03
``inaccuracy``  <= 0.07
``mistake``     <= 0.15
``blunder``     > 0.15
==============  ===============

The search reads what a perfect memory knows (RULES.md X3), never the order
of the deck or of the bag: a move is judged by what its player could know,
not by the draw that followed.
"""

from __future__ import annotations

import io
import numbers

from ..bots.mcts import MCTS, check_iterations, check_seconds
from ..engine import Game
from ..engine.errors import _shown
from ..i18n import t
from ._frame import INSTALL_HINT, progress_bar, require_game, require_pandas, table

__all__ = ["review", "review_rows", "iter_review_rows", "review_summary", "summary_rows", "plot_review", "grade",
           "GRADES", "REVIEW_COLUMNS", "SUMMARY_COLUMNS"]

#: ``(grade, largest loss)`` in order: a loss up to the bound gets the grade
GRADES = (("best", 0.01), ("good", 0.03), ("inaccuracy", 0.07), ("mistake", 0.15), ("blunder", float("inf")))

REVIEW_COLUMNS = ["move", "turn", "player", "name", "played", "best", "win_before", "win_after", "loss",
                  "grade", "forced", "wins"]


SUMMARY_COLUMNS = ["player", "name", "moves", *(name for name, _ in GRADES), "mean_loss"]


def grade(loss: float) -> str:
    """The grade of a move by its win-probability loss (see :data:`GRADES`).

    >>> grade(0.0), grade(0.05), grade(0.4)
    ('best', 'inaccuracy', 'blunder')
    """
    if isinstance(loss, bool) or not isinstance(loss, numbers.Real) or loss != loss:
        raise TypeError(f"grade() takes a win-probability loss, a number from 0 to 1, not {_shown(loss)}")
    if not 0 <= loss <= 1:
        raise ValueError(f"grade() takes a win-probability loss, a number from 0 to 1, not {_shown(loss)}")
    for name, bound in GRADES:
        if loss <= bound:
            return name
    return GRADES[-1][0]  # pragma: no cover - the last bound is infinite


def check_reviewable(game: Game) -> Game:
    """``game``, or a ValueError when it was played on without its move record (nothing to grade)."""
    if not game.moves and (game.turn > 1 or game.is_over):
        raise ValueError("review() grades the moves of a game's record, and this game has none: it was "
                         "played with record=False")
    return game


def review_rows(game: Game, seconds_per_move: float = 0.5, *, iterations: int | None = None, seed=0,
                progress=False, on_row=None, bot=None, stop=None, start: int = 0) -> list:
    """What :func:`review` computes, without pandas: one dict per move a
    player made, in order (the columns of :func:`review`). ``on_row(row)``
    is called as each row is ready (a front end can show them as they come);
    ``bot`` is the searcher (default: ``MCTS(evaluation="learned")``);
    ``stop`` ends each search early when it returns True (see ``MCTS.search``:
    for a review in the background that nobody waits for any more);
    ``start``: only the moves after the first ``start`` (those before are
    graded already: a game played on from a position reviewed)."""
    return list(iter_review_rows(game, seconds_per_move, iterations=iterations, seed=seed, progress=progress,
                                 on_row=on_row, bot=bot, stop=stop, start=start))


def iter_review_rows(game: Game, seconds_per_move: float = 0.5, *, iterations: int | None = None, seed=0,
                     progress=False, on_row=None, bot=None, stop=None, start: int = 0):
    """The rows of :func:`review_rows` one at a time, each as its move is
    graded (a generator: the caller may do other work between two moves, or
    stop; the arguments are checked at the first row asked for)."""
    moves = check_reviewable(require_game(game, "review")).moves
    # (checked before the progress bar shows: a wrong budget is told at once)
    check_seconds(seconds_per_move, "seconds_per_move")
    if iterations is not None:
        iterations = check_iterations(iterations)
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start <= len(moves):
        raise ValueError(f"start is the number of moves graded already, 0 to {len(moves)}, not {start!r}")
    todo = [k for k, m in enumerate(moves) if m.player is not None and k >= start]
    if bot is not None and not isinstance(bot, MCTS):
        raise TypeError(f"bot is the search that grades the moves, an MCTS (say MCTS(evaluation=\"hand\")), "
                        f"not {type(bot).__name__}")
    searcher = bot if bot is not None else MCTS(evaluation="learned", seed=seed)
    searcher = searcher.spawn(seed)
    budget = {"iterations": iterations} if iterations is not None else {"seconds": seconds_per_move}
    if stop is not None:
        budget["stop"] = stop
    bar = progress_bar(len(todo), progress, t("review.progress"), "move")
    names = game.names
    try:
        for k in todo:
            move = moves[k]
            before = game.position_at(k)
            played = move.action
            legal = before.legal_actions()
            if len(legal) <= 1:
                vals = _evaluation(searcher, before)
                row = _row(move, names, played, played, vals[move.player], vals[move.player], True, vals)
            else:
                res = searcher.search(before, actions=legal, focus=played, **budget)
                mine = next(r for r in res.rows if r["action"] == played)
                # the search's favourite among the others (the played move has
                # extra visits, so it is not compared by visits)
                best = next((r for r in res.rows if r["action"] != played and r["visits"]), mine)
                if best["win"] <= mine["win"]:
                    best = mine
                row = _row(move, names, played, best["action"], best["win"], mine["win"], False, mine["wins"])
            if on_row is not None:
                on_row(row)
            bar.update(1)
            yield row
    finally:
        bar.close()


def _evaluation(searcher, g) -> list:
    """Every seat's win probability by the searcher's evaluation, without a search."""
    probs, _ = searcher._leaf(g.copy(history=False))
    return list(probs)


def _row(move, names, played, best, win_best, win_played, forced, wins) -> dict:
    loss = 0.0 if played == best else max(0.0, win_best - win_played)
    return {
        "move": move.index, "turn": move.turn, "player": move.player, "name": names[move.player],
        "played": str(played), "best": str(best), "win_before": win_best, "win_after": win_played,
        "loss": loss, "grade": "best" if played == best else grade(loss), "forced": forced,
        "wins": list(wins),
    }


def review(game: Game, seconds_per_move: float = 0.5, *, progress: bool = True, iterations: int | None = None,
           seed=0, bot=None):
    """Grade every move of a game, as a pandas DataFrame (one row per move a
    player made; chance moves are left out). See the module doc for the
    grades.

    The moves are those of the move record (``game.moves``): a game played
    with ``record=False`` has none, and is refused (``ValueError``). Each
    position before a move is searched for ``seconds_per_move`` (or
    exactly ``iterations``: then the review is the same for the same
    ``seed``) by ``bot``, an :class:`~alhambra_widget.bots.MCTS` (by default
    ``MCTS(evaluation="learned")``). ``progress`` shows a tqdm progress bar.

    Columns: ``move`` (its number, from 1: the move is ``game.moves[move - 1]``
    and ``game.position_at(move - 1)`` the position before it), ``turn``,
    ``player`` (seat), ``name``, ``played`` and ``best`` (notation: the move
    made and the best one found), ``win_before`` (the mover's estimated win
    probability before the move, with the best move), ``win_after`` (with
    the move played), ``loss`` (``win_before - win_after``, at least 0),
    ``grade``, ``forced`` (the only legal move) and ``wins`` (every seat's
    estimated win probability after the move played, a list by seat; for a
    forced move, not searched, the evaluation of the position before it).
    :func:`plot_review` draws the ``wins``.

    A loss is win probability: a player with little chance left has little
    to lose, so their moves grade well whatever they play. Compare grades
    and ``mean_loss`` between players in games alike, not as a rating.

    >>> from alhambra_widget.bots import Greedy, play_game
    >>> g = Game(2, seed=3)
    >>> for _ in range(4):
    ...     g.play(Greedy(seed=1).choose(g))
    >>> df = review(g, iterations=30, progress=False)
    >>> len(df), set(df.grade) <= {"best", "good", "inaccuracy", "mistake", "blunder"}
    (4, True)
    """
    require_pandas()
    rows = review_rows(game, seconds_per_move, iterations=iterations, seed=seed, progress=progress, bot=bot)
    return table(rows, columns=REVIEW_COLUMNS)


def summary_rows(rows, names) -> list:
    """What :func:`review_summary` computes, without pandas: per seat of
    ``names`` (in seat order) a dict of the :data:`SUMMARY_COLUMNS` from the
    review's ``rows`` (dicts with ``player``, ``grade`` and ``loss``)."""
    out = [{"player": s, "name": nm, "moves": 0, **{g: 0 for g, _ in GRADES}, "mean_loss": 0.0}
           for s, nm in enumerate(names)]
    total = [0.0] * len(names)
    for row in rows:
        s = int(row["player"])
        out[s]["moves"] += 1
        out[s][row["grade"]] += 1
        total[s] += float(row["loss"])
    for s, r in enumerate(out):
        r["mean_loss"] = total[s] / r["moves"] if r["moves"] else 0.0
    return out


def review_summary(df, names=None):
    """Per player, from a :func:`review` table: how many moves they made,
    how many got each grade, and ``mean_loss``, the win probability a move
    of theirs lost on average (0.02: two percentage points; the smaller the
    better; NaN for a seat that made no move), as a pandas DataFrame with a
    row per seat.

    ``names`` gives the seats' names in order (default: the names in the
    table; a seat that made no move then is left out).

    >>> import pandas as pd
    >>> df = pd.DataFrame({"player": [0, 1, 0], "name": ["Ana", "Ben", "Ana"],
    ...                    "grade": ["best", "mistake", "inaccuracy"], "loss": [0.0, 0.1, 0.05]})
    >>> s = review_summary(df)
    >>> list(s.moves), list(s.mistake), [round(x, 3) for x in s.mean_loss]
    ([2, 1], [0, 1], [0.025, 0.1])
    """
    require_pandas()
    missing = [c for c in ("player", "name", "grade", "loss") if c not in getattr(df, "columns", ())]
    if missing:
        raise ValueError(f"review_summary takes the table of review(game); this one lacks {', '.join(missing)}")
    rows = df.to_dict("records")
    if names is None:
        seen = {}
        for r in rows:
            seen.setdefault(int(r["player"]), r["name"])
        names = [seen.get(s) for s in range(max(seen) + 1)] if seen else []
        out = [r for r in summary_rows(rows, names) if r["name"] is not None]
    else:
        names = list(names)
        most = max((int(r["player"]) for r in rows), default=-1)
        if most >= len(names):
            raise ValueError(f"names has {len(names)} entries, but the table has moves of seat {most} "
                             f"(seats count from 0: give a name for each)")
        out = summary_rows(rows, names)
        for r in out:
            if not r["moves"]:
                r["mean_loss"] = float("nan")   # (no moves: no loss to tell, not a perfect 0)
    return table(out, columns=SUMMARY_COLUMNS)


def plot_review(df, ax=None, *, names=None, lang: str | None = None):
    """Every player's estimated win probability over the game, from a
    :func:`review` table: one line per seat against the move number, the
    moves graded mistake or blunder marked on their player's line. Returns
    the matplotlib Figure (``ax`` draws into an existing Axes); the labels
    are in ``lang`` (default: the current language). Needs matplotlib
    (``pip install 'alhambra-widget[analysis]'``)."""
    missing = [c for c in ("move", "player", "name", "grade", "wins") if c not in getattr(df, "columns", ())]
    if missing:
        raise ValueError(f"plot_review takes the table of review(game); this one lacks {', '.join(missing)}")
    if ax is None:
        # a Figure of its own, not pyplot's: no global state, shown once in a notebook
        fig = _figure_class()(figsize=(8, 3.5), layout="constrained")
        ax = fig.add_subplot(1, 1, 1)
    else:
        fig = ax.figure
    if len(df) == 0:
        ax.set_title(t("review.nothing", lang))
        return fig
    wins = list(df["wins"])
    n = len(wins[0])
    if names is None:
        names = {}
        for p, nm in zip(df["player"], df["name"]):
            names.setdefault(int(p), nm)
        names = [names.get(s, f"seat {s}") for s in range(n)]
    else:
        names = list(names)
        if len(names) != n:
            raise ValueError(f"names gives the seats' names in order: {n} of them, not {len(names)}")
    from ..render import PALETTE   # the table's colours: each seat's line as its panel's stripe

    seats, grades = PALETTE["seats"], PALETTE["review"]
    xs = list(df["move"])
    for s in range(n):
        ax.plot(xs, [w[s] for w in wins], label=names[s], linewidth=1.5, color=seats[s % len(seats)])
    # the marks of the widget's replay slider: a mistake a square, a blunder a tall bar, in the grade's colour
    marks = {"mistake": ("s", 30), "blunder": ([(-0.35, -1), (0.35, -1), (0.35, 1), (-0.35, 1)], 70)}
    for g, (marker, size) in marks.items():
        sel = [(x, w[int(p)]) for x, w, p, gr in zip(xs, wins, df["player"], df["grade"]) if gr == g]
        if sel:
            ax.scatter([x for x, _ in sel], [y for _, y in sel], marker=marker, s=size, zorder=3,
                       color=grades[g], edgecolors=grades["ring"], linewidths=0.8,
                       label=t(f"review.grade.{g}", lang))
    ax.set_ylim(0, 1)
    ax.set_xlabel(t("review.move", lang))
    ax.set_ylabel(t("review.win_probability", lang))
    ax.legend(loc="best", fontsize="small", ncol=2)
    return fig


_FIGURE = None


def _figure_class():
    """A matplotlib Figure that shows itself as a picture in a notebook, also where pyplot (and with
    it IPython's own display of figures) was never imported."""
    global _FIGURE
    if _FIGURE is None:
        try:
            from matplotlib.figure import Figure
        except ImportError as e:
            raise ImportError(f"plot_review draws with matplotlib, which is not installed: {INSTALL_HINT}") from e

        class ReviewFigure(Figure):
            __doc__ = _figure_class.__doc__

            def _repr_png_(self):
                out = io.BytesIO()
                self.savefig(out, format="png", dpi=100)
                return out.getvalue()

        _FIGURE = ReviewFigure
    return _FIGURE
