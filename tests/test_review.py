"""Game review (alhambra_widget.analysis.review): one graded row per move a
player made, a plot of every player's win probability, the same review for
the same seed."""

from __future__ import annotations

import pytest

pd = pytest.importorskip("pandas")
pytest.importorskip("matplotlib")

from alhambra_widget import Game  # noqa: E402
from alhambra_widget.analysis import GRADES, grade, iter_review_rows, plot_review, review, review_rows, review_summary  # noqa: E402
from alhambra_widget.analysis._frame import progress_bar  # noqa: E402
from alhambra_widget.bots import Greedy, Random  # noqa: E402

NAMES = [g for g, _ in GRADES]


def short_game(n=3, seed=5, moves=14):
    """A game of a few moves with a recorded chance move among them."""
    g = Game(n, seed=seed)
    bots = [Greedy(seed=1), Random(seed=2), Greedy(seed=3)][:n]
    import random
    for k in range(moves):
        if k == 3:
            g.resample_hidden(random.Random(9))   # a chance move: no row of its own
        g.play(bots[g.current].choose(g))
    return g


@pytest.fixture(scope="module")
def game():
    return short_game()


@pytest.fixture(scope="module")
def reviewed(game):
    return review(game, iterations=40, seed=1, progress=False)


def test_one_row_per_move_a_player_made(game, reviewed):
    players_moves = [m for m in game.moves if m.player is not None]
    assert len(game.moves) == len(players_moves) + 1
    assert isinstance(reviewed, pd.DataFrame)
    assert list(reviewed.move) == [m.index for m in players_moves]
    assert list(reviewed.player) == [m.player for m in players_moves]
    assert list(reviewed.played) == [str(m.action) for m in players_moves]
    assert list(reviewed.name) == [game.names[m.player] for m in players_moves]
    assert list(reviewed.turn) == [m.turn for m in players_moves]
    # a move's number counts from 1: the move and the position before it, as the docstring says
    for row in reviewed.itertuples():
        assert str(game.moves[row.move - 1].action) == row.played
        assert game.position_at(row.move - 1).current == row.player


def test_the_search_that_grades_is_an_mcts(game):
    from alhambra_widget.bots import MCTS, FlatMC
    for bot in (Greedy(seed=1), FlatMC(iterations=5)):
        with pytest.raises(TypeError, match=f"an MCTS .*not {type(bot).__name__}"):
            review(game, iterations=5, progress=False, bot=bot)
    rows = review(game, iterations=20, progress=False, bot=MCTS(evaluation="hand", seed=2))
    assert len(rows) == len([m for m in game.moves if m.player is not None])


def test_rows_are_graded_by_their_loss(game, reviewed):
    for _, r in reviewed.iterrows():
        assert 0.0 <= r.win_after <= 1.0 and 0.0 <= r.win_before <= 1.0
        assert r.loss >= 0.0
        assert r.grade in NAMES
        if r.played == r.best:
            assert r.loss == 0.0 and r.grade == "best"
        else:
            assert r.loss == pytest.approx(max(0.0, r.win_before - r.win_after))
            assert r.grade == grade(r.loss)
            # another move is named best only when it was found better
            assert r.win_before > r.win_after
        assert len(r.wins) == game.n and sum(r.wins) == pytest.approx(1.0, abs=1e-6)
        # the best move is legal in the position before the move
        before = game.position_at(int(r.move) - 1)
        assert before.is_legal(r.best)
    forced = reviewed[reviewed.forced]
    assert (forced.grade == "best").all() and (forced.played == forced.best).all()


def test_grade_thresholds():
    assert [grade(x) for x in (0.0, 0.01, 0.02, 0.03, 0.05, 0.07, 0.1, 0.15, 0.16, 1.0)] == [
        "best", "best", "good", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]


def test_a_bad_move_is_graded_down():
    # the move a search likes least, played in a 2-player game, is not the best one
    from alhambra_widget.bots import MCTS
    g = Game(2, seed=3)
    for _ in range(6):
        g.play(Greedy(seed=1).choose(g))
    rows = [r for r in MCTS(iterations=600, seed=4).search(g).rows if r["visits"] >= 10]
    worst = min(rows, key=lambda r: r["win"])
    assert max(r["win"] for r in rows) - worst["win"] > 0.05
    g.play(worst["action"])
    row = review(g, iterations=400, seed=2, progress=False).iloc[-1]
    assert row.played == str(worst["action"])
    assert row.played != row.best and row.loss > 0.03 and row.grade not in ("best", "good")


def test_the_same_seed_gives_the_same_review(game, reviewed):
    again = review(game, iterations=40, seed=1, progress=False)
    pd.testing.assert_frame_equal(reviewed, again)
    rows = review_rows(game, iterations=40, seed=1)
    assert [r["best"] for r in rows] == list(reviewed.best)


def test_the_plot_is_a_figure_with_a_line_per_player(reviewed, game):
    from matplotlib.figure import Figure
    fig = plot_review(reviewed)
    assert isinstance(fig, Figure)
    ax = fig.axes[0]
    assert len(ax.lines) == game.n
    assert [ln.get_label() for ln in ax.lines] == game.names
    assert ax.get_ylabel() == "win probability"
    # the table's colours: each player's line as their panel's stripe, each grade's mark as on the slider
    from matplotlib.colors import to_hex
    from alhambra_widget.render import PALETTE
    assert [to_hex(ln.get_color()) for ln in ax.lines] == PALETTE["seats"][:game.n]
    marked = {c.get_label(): to_hex(c.get_facecolor()[0]) for c in ax.collections}
    assert marked and all(marked[g] == PALETTE["review"][g] for g in ("mistake", "blunder") if g in marked)
    fig_de = plot_review(reviewed, lang="de")
    assert fig_de.axes[0].get_ylabel() == "Gewinnwahrscheinlichkeit"
    # one axes filling the figure; a table without moves (a review of a game not yet begun): said so
    assert len(fig.axes) == 1 and tuple(ax.get_subplotspec().get_geometry()) == (1, 1, 0, 0)
    for none in (reviewed.iloc[:0], review(Game(2, seed=1), iterations=10, progress=False)):
        empty = plot_review(none).axes[0]
        assert empty.get_title() == "no moves to review" and not empty.lines


def test_a_game_without_moves_and_a_progress_bar(capsys):
    g = Game(2, seed=1)
    assert len(review(g, iterations=10, progress=False)) == 0
    g.play(g.legal_actions()[0])
    df = review(g, iterations=10, progress=True)
    assert len(df) == 1
    assert "review" in capsys.readouterr().err   # tqdm writes to stderr
    plain = Game(2, seed=1)
    plain.play(plain.legal_actions()[0], record=False)   # not in the move record: nothing to review
    with pytest.raises(ValueError, match="played with record=False"):   # said, not an empty table
        review(plain, iterations=10, progress=False)
    from alhambra_widget.bots import play_game
    with pytest.raises(ValueError, match=r"played with record=False"):
        review(play_game([Random(seed=1), Random(seed=2)], seed=3, record=False), iterations=10, progress=False)
    # play_game keeps the move record unless told not to: its game can be reviewed
    assert len(review(play_game([Random(seed=1), Random(seed=2)], seed=3), iterations=2,
                      progress=False)) > 100
    with pytest.raises(ValueError, match="positive"):
        review(g, seconds_per_move=0, progress=False)


def test_docstring_examples():
    import doctest
    import importlib
    mod = importlib.import_module("alhambra_widget.analysis.review")  # the package's `review` is the function
    assert doctest.testmod(mod, verbose=False).failed == 0


def test_the_summary_counts_each_players_grades_and_mean_loss(game, reviewed):
    s = review_summary(reviewed)
    assert list(s.columns) == ["player", "name", "moves", *NAMES, "mean_loss"]
    assert list(s.player) == list(range(game.n)) and list(s.name) == game.names
    for _, row in s.iterrows():
        mine = reviewed[reviewed.player == row.player]
        assert row.moves == len(mine) == sum(row[g] for g in NAMES)
        assert all(row[g] == (mine.grade == g).sum() for g in NAMES)
        assert row.mean_loss == pytest.approx(mine.loss.mean())
    assert s.moves.sum() == len(reviewed)
    # a seat that made no move: left out unless the names are given, then all zero
    first = reviewed[reviewed.player == 0]
    assert list(review_summary(first).player) == [0]
    named = review_summary(first, names=game.names)
    assert list(named.moves)[1:] == [0] * (game.n - 1) and named.mean_loss.iloc[1:].isna().all()
    assert len(review_summary(reviewed.iloc[:0])) == 0
    with pytest.raises(ValueError, match="takes the table of review.*lacks grade, loss"):
        review_summary(reviewed[["player", "name"]])
    with pytest.raises(ValueError, match="names has 1 entries"):
        review_summary(reviewed, names=game.names[:1])
    short = game.n - 1   # a name for every seat but the last, which made moves
    with pytest.raises(ValueError, match=f"names has {short} entries, but the table has moves of seat {short}"):
        review_summary(reviewed, names=game.names[:short])


def test_review_rows_from_a_move_on_grades_only_the_moves_after_it():
    g = Game(2, seed=3)
    bots = [Greedy(seed=1), Greedy(seed=2)]
    for _ in range(8):
        g.play(bots[g.current].choose(g))
    rows = review_rows(g, iterations=8, start=5)
    assert [r["move"] for r in rows] == [m.index for m in g.moves[5:] if m.player is not None]
    assert review_rows(g, iterations=8, start=8) == []
    for bad in (-1, 9, 2.0, True, "3"):
        with pytest.raises(ValueError, match="start"):
            review_rows(g, iterations=8, start=bad)


def test_every_progress_bar_may_be_turned_off_for_the_session():
    # a script, a CI log or a notebook turned into a report: TQDM_DISABLE=1 in the environment
    # (tqdm's own switch, read when tqdm is imported), as the README says, where each call's
    # progress=False is too many places
    import os
    import subprocess
    import sys
    code = ("from alhambra_widget import Game\n"
            "from alhambra_widget.analysis import review\n"
            "g = Game(2, seed=3)\n"
            "g.play(g.legal_actions()[0])\n"
            "print(len(review(g, iterations=5, progress=True)))\n")
    for env, bar in (({"TQDM_DISABLE": "1"}, False), ({}, True)):
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                             env={**{k: v for k, v in os.environ.items() if k != "TQDM_DISABLE"}, **env})
        assert run.returncode == 0 and run.stdout.strip() == "1", run.stderr
        assert ("review" in run.stderr) is bar, run.stderr


def test_the_plot_shows_as_a_picture_in_a_fresh_notebook(reviewed):
    """A notebook that never imported pyplot has no display for matplotlib's figures: the plot
    shows itself as a PNG (IPython's own display of a figure, where set up, comes first)."""
    import subprocess
    import sys
    code = ("import pickle, sys; from IPython.core.interactiveshell import InteractiveShell\n"
            "from alhambra_widget.analysis import plot_review\n"
            "assert 'matplotlib.pyplot' not in sys.modules\n"
            "fig = plot_review(pickle.load(sys.stdin.buffer))\n"
            "data, _ = InteractiveShell.instance().display_formatter.format(fig)\n"
            "print(sorted(data), data['image/png'][:4] == b'\\x89PNG')")
    import pickle
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(reviewed), capture_output=True, check=True)
    assert out.stdout.decode().split() == ["['image/png',", "'text/plain']", "True"]


def test_the_plot_refuses_a_table_that_is_not_a_review_and_names_of_the_wrong_count(reviewed, game):
    with pytest.raises(ValueError, match="lacks .*wins"):
        plot_review(pd.DataFrame({"a": [1]}))
    with pytest.raises(ValueError, match=f"{game.n} of them, not 1"):
        plot_review(reviewed, names=["Ana"])
    fig = plot_review(reviewed, names=[f"P{i}" for i in range(game.n)])
    assert [ln.get_label() for ln in fig.axes[0].lines] == [f"P{i}" for i in range(game.n)]


def test_a_wrong_budget_is_refused_before_any_progress_bar(game, capsys):
    for kwargs, words in [({"iterations": 0}, "iterations is a whole number"),
                          ({"iterations": 10, "seconds_per_move": "fast"}, "seconds_per_move is a positive")]:
        with pytest.raises(ValueError, match=words):
            review(game, **kwargs)
        assert capsys.readouterr().err == ""   # (no bar drawn, then left at 0%)
    with pytest.raises(TypeError, match="seed is None, a number or a text, not list"):
        review(game, iterations=10, seed=[1], progress=False)


def test_grades_are_for_losses_from_0_to_1_and_a_seat_without_moves_has_no_mean_loss(reviewed, game):
    for loss in (-0.1, 1.5):
        with pytest.raises(ValueError, match="from 0 to 1"):
            grade(loss)
    for loss in (True, "0.1", None, float("nan")):   # not a number of 0 to 1 (True is no loss)
        with pytest.raises(TypeError, match="a number from 0 to 1"):
            grade(loss)
    names = [*game.names, "Nobody"]
    s = review_summary(reviewed, names=names)
    assert s.moves.iloc[-1] == 0 and s.mean_loss.isna().iloc[-1]
    assert not s.mean_loss.iloc[:-1].isna().any()


def test_the_rows_without_pandas_show_no_progress_bar_unless_asked(capsys):
    # review_rows and iter_review_rows serve a front end (the widget's review in the background):
    # quiet by default, unlike review(), which shows its bar in a notebook
    g = Game(2, seed=3)
    g.play(g.legal_actions()[0])
    assert len(review_rows(g, iterations=5)) == 1
    assert len(list(iter_review_rows(g, iterations=5))) == 1
    assert capsys.readouterr().err == ""
    review_rows(g, iterations=5, progress=True)
    assert "review" in capsys.readouterr().err   # (tqdm writes to stderr: the bar is seen when asked for)


def test_without_tqdm_a_progress_bar_asked_for_shows_nothing_and_the_review_is_made(monkeypatch, capsys):
    # tqdm comes with the analysis extra; review_rows serves the widget without it
    import sys
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)   # (an import of it fails, as if not installed)
    bar = progress_bar(3, True, "review", "move")
    bar.update(1)
    bar.close()
    g = Game(2, seed=3)
    g.play(g.legal_actions()[0])
    assert len(review_rows(g, iterations=5, progress=True)) == 1
    assert capsys.readouterr().err == ""


def test_a_review_without_a_seed_is_the_widgets_review(game):
    # no seed given: seed 0 for review(), review_rows() and iter_review_rows() alike, the seed the
    # widget's review uses, so a notebook's table and the widget's grades are the same review
    df = review(game, iterations=20, progress=False)
    pd.testing.assert_frame_equal(df, review(game, iterations=20, seed=0, progress=False))
    rows = review_rows(game, iterations=20)
    assert rows == list(iter_review_rows(game, iterations=20)) == review_rows(game, iterations=20, seed=0)
    assert [r["wins"] for r in rows] == list(df.wins) and [r["best"] for r in rows] == list(df.best)
    # (the seed tells: another one gives another review)
    assert review_rows(game, iterations=20, seed=1) != rows


def test_a_game_without_its_move_record_is_refused_by_name():
    plain = Game(2, seed=1)
    plain.play(plain.legal_actions()[0], record=False)
    for call in (lambda: review(plain, iterations=5, progress=False), lambda: review_rows(plain, iterations=5)):
        with pytest.raises(ValueError, match=r"^review\(\) grades the moves of a game's record, and this game "
                                             r"has none: it was played with record=False$"):
            call()


def test_the_summary_takes_the_names_as_any_iterable(game, reviewed):
    # names in seat order, from a list, a tuple or a generator alike
    want = review_summary(reviewed, names=game.names)
    for names in (tuple(game.names), (nm for nm in game.names)):
        pd.testing.assert_frame_equal(review_summary(reviewed, names=names), want)
    assert list(want.name) == game.names


def test_the_plot_s_axes_are_labelled_in_its_language(reviewed):
    ax = plot_review(reviewed).axes[0]
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("move", "win probability")
    assert ax.get_ylim() == (0.0, 1.0)
    ax_de = plot_review(reviewed, lang="de").axes[0]
    assert (ax_de.get_xlabel(), ax_de.get_ylabel()) == ("Zug", "Gewinnwahrscheinlichkeit")
