"""Analysis tools (alhambra_widget.analysis): hints, what-if, standings, best spots, tournaments.

Rules reference: docs/rules/RULES.md (C2-C4 scoring, D3 Dirk, X3).
"""

from __future__ import annotations

import doctest
import importlib
import multiprocessing
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from alhambra_widget import Alhambra, BUILDINGS, Game, IllegalMove, TILES
from alhambra_widget.analysis import analyse, best_spots, grade, standings, tournament, what_if, wilson
from alhambra_widget.analysis import _frame
from alhambra_widget.analysis.hints import candidates
from alhambra_widget.bots import Greedy, Random, play_game

import pandas as pd  # every table is a DataFrame (the analysis extra)


def greedy_position(n=4, seed=3, actions=70):
    g = Game(n, seed=seed)
    bots = [Greedy(seed=i) for i in range(n)]
    for _ in range(actions):
        g.play(bots[g.current].choose(g))
    return g


# ------------------------------------------------------------------ analyse

def test_analyse_returns_sorted_candidates_with_probabilities():
    g = greedy_position()
    rows = analyse(g, iterations=300, seed=1)
    assert list(rows.columns) == ["action", "kind", "win_probability", "expected_margin", "visits", "greedy"]
    assert 1 <= len(rows) <= 10
    assert list(rows.visits) == sorted(rows.visits, reverse=True)
    assert rows.win_probability.between(0.0, 1.0).all()
    legal = {str(a) for a in g.legal_actions()}
    assert set(rows.action) <= legal
    assert rows.attrs["iterations"] == 300 and rows.attrs["player"] == g.current
    # the best row can be played as it is
    h = what_if(g, rows.action.iloc[0])
    assert len(h.history) == len(g.history) + 1
    # reproducible for a seed, with an iteration budget
    again = analyse(g, iterations=300, seed=1)
    assert list(again.action) == list(rows.action) and list(again.visits) == list(rows.visits)


def test_analyse_keeps_its_time_budget():
    g = greedy_position(n=4, seed=5, actions=90)
    t0 = time.perf_counter()
    rows = analyse(g, seconds=0.4)
    elapsed = time.perf_counter() - t0
    assert elapsed < 0.4 * 1.2 + 0.2, elapsed
    assert rows.attrs["iterations"] > 5


@pytest.mark.parametrize("bad", [0, -1, float("inf"), float("nan"), "1", True])
def test_a_time_budget_no_search_can_keep_is_refused_before_anything_runs(bad):
    # (an infinite one searched for ever: the kernel hung)
    from alhambra_widget.analysis.review import review_rows
    from alhambra_widget.bots import MCTS

    g = Game(2, seed=4)
    g.play(g.legal_actions("take")[0])
    before = g.to_json()
    for call, name in ((lambda: MCTS(seconds=bad), "seconds"), (lambda: analyse(g, seconds=bad), "seconds"),
                       (lambda: MCTS(iterations=5).search(g, seconds=bad), "seconds"),
                       (lambda: review_rows(g, seconds_per_move=bad), "seconds_per_move")):
        with pytest.raises(ValueError, match=f"^{name} is a positive number of seconds, not "):
            call()
    assert g.to_json() == before


def test_the_tools_say_what_they_take_when_given_something_else():
    # (each failed with an AttributeError from deep inside: 'str' object has no attribute 'moves')
    from alhambra_widget import AlhambraWidget
    from alhambra_widget.analysis import review
    from alhambra_widget.bots import MCTS, play_game

    g = Game(2, seed=4)
    for tool, call in (("analyse", lambda x: analyse(x, iterations=5)), ("standings", standings),
                       ("what_if", lambda x: what_if(x, "end")), ("review", lambda x: review(x, iterations=5)),
                       ("best_spots", lambda x: best_spots(x, 1))):
        with pytest.raises(TypeError, match=rf"^{tool}\(\) takes a Game(?: or an Alhambra)?, not str"):
            call("a game")
    with pytest.raises(TypeError, match=r"not AlhambraWidget \(the widget's game: pass w.game\)"):
        standings(AlhambraWidget(g))
    with pytest.raises(TypeError, match=r"^players\[1\] is a bot \(.*choose\(\) and spawn\(\)\), not str 'Ana'"):
        tournament([Greedy(), "Ana"], games=2, workers=1, progress=False)
    with pytest.raises(TypeError, match=r"^bots\[0\] is a bot .* not type .*make one with its class, e.g. Greedy\(\)"):
        play_game([Greedy, Random()], seed=1)

    class Plain:   # a bot by its method alone, as play_game has always taken
        def choose(self, game, seat=None):
            return game.legal_actions()[0]

    assert play_game([Plain(), Random(seed=1)], seed=2).is_over
    with pytest.raises(TypeError, match=r"^players\[0\] is a bot"):
        tournament([Plain(), Random()], games=2, workers=1, progress=False)   # (no spawn: it cannot be re-seeded)
    for bad in (0, 2.5, "a", True, float("inf")):
        with pytest.raises(ValueError, match="^iterations is a whole number from 1, not "):
            MCTS(iterations=bad)
    assert MCTS(iterations=1e3).iterations == 1000
    for bad in (0, -1, 2.5, True):
        with pytest.raises(ValueError, match="^top is how many rows"):
            analyse(g, iterations=5, top=bad)   # (top=-1 had given every row but the last)
    assert len(analyse(g, iterations=20, seed=1, top=None)) > 1


def test_analyse_all_rows_and_a_finished_game():
    g = greedy_position(n=2, seed=4, actions=20)
    rows = analyse(g, iterations=100, seed=2, top=None)
    assert len(rows) == sum(1 for v in rows.visits if v > 0) and rows.visits.sum() == 100
    # top keeps the first rows of that list: 10 by default, any number from 1
    wide = greedy_position(n=4, seed=5, actions=90)
    every = analyse(wide, iterations=600, seed=2, top=None)
    assert len(every) > 10
    for top, kept in (({}, 10), ({"top": 1}, 1), ({"top": 4}, 4), ({"top": 500}, len(every))):
        assert list(analyse(wide, iterations=600, seed=2, **top).action) == list(every.action[:kept])
    over = Game(2, seed=1)
    bots = [Random(seed=1), Random(seed=2)]
    while not over.is_over:
        over.play(bots[over.current].choose(over), record=False)
    assert len(analyse(over, iterations=10)) == 0


def test_every_table_is_a_dataframe():
    g = greedy_position(n=2, seed=4, actions=20)
    over = Game(2, seed=1)
    bots = [Random(seed=1), Random(seed=2)]
    while not over.is_over:
        over.play(bots[over.current].choose(over), record=False)
    done = analyse(over, iterations=10)
    assert isinstance(done, pd.DataFrame) and list(done.columns) == list(analyse(g, iterations=20).columns)
    assert done.attrs == {"player": None, "iterations": 0, "seconds": 0.0}
    s = standings(g)
    assert isinstance(s.buildings, pd.DataFrame) and isinstance(s.players, pd.DataFrame)
    assert isinstance(best_spots(g, 7), pd.DataFrame)
    games, summary = tournament([Greedy(), Random()], games=2, workers=1, progress=False)
    assert isinstance(games, pd.DataFrame) and isinstance(summary, pd.DataFrame)
    # candidates() is analyse() without pandas: the same rows as dicts
    rows, info = candidates(g, iterations=50, seed=1)
    assert rows == analyse(g, iterations=50, seed=1).to_dict("records")
    assert info["player"] == g.current and info["iterations"] == 50
    assert set(info) == {"player", "iterations", "seconds"} and info["seconds"] > 0


def test_without_pandas_every_table_says_what_to_install(monkeypatch):
    monkeypatch.setattr(_frame, "_pd", None)
    g = Game(3, seed=2)
    calls = [lambda: analyse(g, iterations=50, seed=1), lambda: standings(g), lambda: best_spots(g, 7),
             lambda: tournament([Greedy(), Random()], games=2, workers=1, progress=False)]
    for call in calls:
        with pytest.raises(ImportError, match=r"pip install 'alhambra-widget\[analysis\]'"):
            call()
    # said at once, not after a search whose answer could not be shown
    from alhambra_widget.analysis import hints
    monkeypatch.setattr(hints, "candidates", lambda *a, **k: pytest.fail("searched before saying what to install"))
    with pytest.raises(ImportError, match="pandas is not installed"):
        analyse(g, seconds=5)


@pytest.mark.parametrize("module", ["hints", "standings", "stats", "tournament"])
def test_docstring_examples(module):
    mod = importlib.import_module(f"alhambra_widget.analysis.{module}")
    assert doctest.testmod(mod, verbose=False).failed == 0


# ------------------------------------------------------------------ what_if

def test_what_if_leaves_the_original_unchanged():
    g = greedy_position(n=3, seed=7, actions=25)
    before = g.to_json()
    for a in g.legal_actions()[:12]:
        h = what_if(g, a)
        assert g.to_json() == before
        assert h.history[-1] == a and h is not g
        assert h.undo() == a and h.to_json() == before  # the copy keeps its history
    take = g.legal_actions("take")[0]
    h = what_if(g, str(take))
    h.play(h.legal_actions()[0])
    assert g.to_json() == before
    with pytest.raises(IllegalMove):
        what_if(g, "buy 1 with florin 9+9+9+9")
    assert g.to_json() == before


def test_what_if_plays_several_actions():
    g = Game(2, seed=3)
    a = g.legal_actions("take")[0]
    h1 = what_if(g, a)
    b = h1.legal_actions()[0]
    h2 = what_if(g, a, b)
    assert h2.history == [a, b] and g.history == []


# ---------------------------------------------------------------- standings

def scoring_after_take(n, seeds):
    """(position, round record) pairs: the next action, a take (T1), ends the
    turn with a scoring round (C1), so the Alhambras and Dirk are scored as
    they stand in the position."""
    found = []
    for seed in seeds:
        g = Game(n, seed=seed)
        bots = [Greedy(seed=seed + i) for i in range(n)]
        while not g.is_over:
            a = bots[g.current].choose(g)
            if a.kind == "take":
                h = g.copy(history=False)
                h.play(a, record=False)
                if len(h.rounds) > len(g.rounds):
                    found.append((g.copy(history=False), h.rounds[-1]))
            g.play(a, record=False)
    return found


@pytest.mark.parametrize("n", [2, 4])
def test_standings_agree_with_the_scoring_round_when_it_is_played(n):
    cases = scoring_after_take(n, range(6))
    assert len(cases) >= 3
    for g, rec in cases:
        s = standings(g)
        assert s.round == rec["round"]
        assert list(s.players["points"]) == rec["points"]
        assert list(s.players["wall"]) == rec["walls"]
        assert list(s.players["buildings"]) == [sum(b) for b in rec["buildings"]]
        assert list(s.players["score_after"]) == rec["scores"]
        for i, name in enumerate(g.names):
            assert list(s.buildings[f"{name} points"]) == rec["buildings"][i]
            assert list(s.buildings[name]) == rec["counts"][i]
        if n == 2:
            assert list(s.buildings["Dirk"]) == rec["counts"][2]


def test_standings_name_leaders_and_margins():
    seen = set()
    for seed, actions in ((11, 80), (12, 20), (13, 40), (14, 10)):
        g = greedy_position(n=3, seed=seed, actions=actions)
        s = standings(g, round=3)
        assert s.round == 3
        for building, row in s.buildings.iterrows():
            counts = [row[nm] for nm in g.names]
            best = max(counts)
            if best == 0:   # nobody has one: no leader (missing: None, or NaN in pandas 3's text columns), no margin
                assert pd.isna(row["leader"]) and row["margin"] == 0
                seen.add("nobody")
                continue
            leaders = [nm for nm, c in zip(g.names, counts) if c == best]
            assert row["leader"] == " & ".join(leaders)
            others = sorted((c for c in counts if c != best), reverse=True)
            assert row["margin"] == (0 if len(leaders) > 1 else best - (others[0] if others else 0))
            seen.add("tie" if len(leaders) > 1 else "alone")
    assert seen == {"nobody", "tie", "alone"}
    with pytest.raises(ValueError):
        standings(g, round=4)


def test_without_pandas_installed_the_package_imports_and_the_tools_say_what_to_install():
    # (an install without the analysis extra: the import of pandas fails, in a fresh interpreter)
    import subprocess
    import sys
    code = ("import sys\n"
            "sys.modules['pandas'] = None\n"
            "from alhambra_widget import Game\n"
            "from alhambra_widget.analysis import review_rows, standings\n"
            "g = Game(2, seed=1)\n"
            "try:\n"
            "    standings(g)\n"
            "except ImportError as e:\n"
            "    print('ImportError:', e)\n"
            "g.play(g.legal_actions()[0])\n"
            "print(len(review_rows(g, iterations=5)))\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    said, rows = run.stdout.strip().splitlines()
    assert said.startswith("ImportError: ") and "pandas is not installed" in said, said
    assert said.endswith("pip install 'alhambra-widget[analysis]'"), said
    assert rows == "1"   # (the rows without pandas, for the widget, are still made)


def test_without_pandas_the_message_ends_with_the_command_to_paste(monkeypatch):
    # the hint is a command a user copies into a shell: nothing before or after it
    monkeypatch.setattr(_frame, "_pd", None)
    with pytest.raises(ImportError) as e:
        standings(Game(2, seed=1))
    assert str(e.value).endswith(": pip install 'alhambra-widget[analysis]'"), str(e.value)
    assert _frame.INSTALL_HINT == "pip install 'alhambra-widget[analysis]'"


def test_a_tool_given_something_else_names_only_the_type_when_it_is_no_widget():
    # (the note about w.game is for a widget alone: the message of anything else ends with its type)
    for bad, typename in (("a game", "str"), (None, "NoneType"), (Alhambra(), "Alhambra")):
        with pytest.raises(TypeError) as e:
            standings(bad)
        assert str(e.value) == f"standings() takes a Game, not {typename}"


def test_a_table_of_no_rows_is_an_empty_dataframe_even_with_an_index():
    # (the tables indexed by a column -- the games of a tournament, the standings -- have no such
    # column when there are no rows: an empty table, not a KeyError)
    empty = _frame.table([], index="game")
    assert isinstance(empty, pd.DataFrame) and len(empty) == 0
    rows = _frame.table([{"game": 1, "turns": 30}, {"game": 2, "turns": 41}], index="game")
    assert rows.index.name == "game" and list(rows.index) == [1, 2] and list(rows.columns) == ["turns"]
    assert list(_frame.table([{"game": 1, "turns": 30}]).columns) == ["game", "turns"]   # no index asked for


def test_standings_show_themselves_in_a_notebook_and_as_text():
    """``standings(g)`` alone in a cell shows both tables under a heading in the current
    language, not a tuple's repr; it still unpacks as (round, buildings, players)."""
    from alhambra_widget.i18n import use_language

    g = greedy_position(n=3, seed=11, actions=80)
    s = standings(g)
    rnd, buildings, players = s
    assert rnd == s.round and buildings is s.buildings and players is s.players
    page = s._repr_html_()
    assert page == (f"<div><h4>Scoring round {s.round} if it were now</h4>{buildings.to_html()}"
                    f"<br>{players.to_html()}</div>")
    # a row per building type and per player, found by its name
    assert buildings.index.name == "building" and list(buildings.index) == [b.value for b in BUILDINGS]
    assert players.index.name == "player" and list(players.index) == g.names
    with use_language("de"):
        assert f"<h4>{s.round}. Wertung, wenn sie jetzt wäre</h4>" in s._repr_html_()
    text = str(s)
    from IPython.lib.pretty import pretty
    assert pretty(s) == text   # IPython's plain text (a terminal, a text export): the titled tables
    assert text.splitlines()[0] == f"Scoring round {s.round} if it were now"
    assert str(buildings) in text and str(players) in text


# --------------------------------------------------------------- best_spots

def test_best_spots_are_the_legal_spots_ranked_by_wall_gain():
    g = greedy_position(n=2, seed=6, actions=60)
    a = g.players[g.current].alhambra
    for t in TILES[::5]:
        if a.has_tile(t.id):
            continue
        rows = best_spots(g, t)
        assert set(rows.spot) == a.legal_spots(t)
        gains = list(rows.wall_gain)
        assert gains == sorted(gains, reverse=True)
        # ties: more open spots first, then north to south, west to east
        keys = [(-r.wall_gain, -r.open_spots, r.spot[1], r.spot[0]) for r in rows.itertuples()]
        assert keys == sorted(keys)
        for spot, gain in zip(rows.spot, gains):
            b = a.copy()
            b.place(t, spot)
            assert gain == b.longest_wall() - a.longest_wall()
    # an Alhambra or a tile id works too
    rows = best_spots(Alhambra(), 1)  # pavilion 2, walls N, E, W
    assert set(rows.spot) == Alhambra().legal_spots(TILES[0])
    assert rows.wall_gain.iloc[0] == 3
    with pytest.raises(TypeError):
        best_spots("no", 1)


def test_best_spots_count_the_spots_left_open():
    """``open_spots``: the free cells of the Alhambra after the placement where some tile of
    the game not in it could still go."""
    checked = 0
    for seed in (6, 7):
        g = greedy_position(n=2, seed=seed, actions=60)
        a = g.players[g.current].alhambra
        for t in TILES[::5]:
            if a.has_tile(t.id):
                continue
            for row in best_spots(g, t).itertuples():
                b = a.copy()
                b.place(t, row.spot)
                free = set().union(*(b.legal_spots(u) for u in TILES if not b.has_tile(u.id)))
                assert row.open_spots == len(free), (t, row.spot)
                checked += 1
    assert checked > 20


# --------------------------------------------------------------- tournament

def test_wilson_interval():
    lo, hi = wilson(95, 100)
    assert (round(lo, 3), round(hi, 3)) == (0.888, 0.978)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0.27 < hi < 0.28
    assert wilson(3, 0) == (0.0, 1.0)


def check_tournament(games, summary, n, n_games, seed=None, seconds=None):
    """The tables of a tournament of ``n`` entries and ``n_games`` games (from ``seed``, played
    within ``seconds``), checked against each other."""
    assert len(games) == n_games
    for game_seed, group in games.groupby("seed"):
        assert sorted(group.rotation) == list(range(n))  # every seed with every rotation
    if seed is not None:   # game k's seed is seed + k
        assert sorted(set(games.seed)) == list(range(seed, seed + n_games // n))
    if seconds is not None:   # each game's own time, wall and CPU
        assert (games.seconds > 0).all() and (games.cpu_seconds >= 0).all()
        assert games.seconds.sum() <= seconds and games.cpu_seconds.sum() <= seconds + 0.5
    labels = list(summary.index)
    for _, row in games.iterrows():
        seats = [row[f"{lab} seat"] for lab in labels]
        assert seats == [(e - row["rotation"]) % n for e in range(n)]
        wins = [row[f"{lab} win"] for lab in labels]
        assert sum(wins) == pytest.approx(1.0)
        best = max(row[f"{lab} score"] for lab in labels)
        assert all((w > 0) == (row[f"{lab} score"] == best) for w, lab in zip(wins, labels))
    for lab in labels:
        s = summary.loc[lab]
        assert s.games == n_games
        assert s.wins == pytest.approx(games[f"{lab} win"].sum())
        assert s.ci_low <= s.win_rate <= s.ci_high
        assert s.mean_score == pytest.approx(games[f"{lab} score"].mean())
        others = games[[f"{other} score" for other in labels if other != lab]].max(axis=1)
        assert s.mean_margin == pytest.approx((games[f"{lab} score"] - others).mean())
    assert summary.wins.sum() == pytest.approx(n_games)


def test_tournament_in_a_local_process_pool():
    players = [Greedy(), Random()]
    games, summary = tournament(players, games=4, seed=10, workers=2, progress=False)
    check_tournament(games, summary, 2, 4)
    assert list(summary.index) == ["Greedy", "Random"]
    # the same games whichever process played them
    serial, _ = tournament(players, games=4, seed=10, workers=1, progress=False)
    assert list(serial["Greedy score"]) == list(games["Greedy score"])
    assert list(serial["Random score"]) == list(games["Random score"])


def test_one_worker_plays_in_this_process_without_a_pool(monkeypatch):
    # (the module: the package's attribute of that name is the function)
    module = importlib.import_module("alhambra_widget.analysis.tournament")

    def no_pool(workers=None):
        raise AssertionError("a pool was started")

    monkeypatch.setattr(module, "default_executor", no_pool)
    games, summary = tournament([Greedy(), Random()], games=2, seed=4, workers=1, progress=False)
    check_tournament(games, summary, 2, 2, seed=4)


def test_tournament_takes_any_executor_and_rounds_up_to_whole_rotations():
    players = [Greedy(), Random(), Random()]
    t0 = time.perf_counter()
    with ThreadPoolExecutor(2) as ex:
        games, summary = tournament(players, games=4, seed=3, executor=ex, progress=False)
    check_tournament(games, summary, 3, 6, seed=3, seconds=4 * (time.perf_counter() - t0))  # (two threads at once)
    assert list(summary.index) == ["Greedy", "Random 1", "Random 2"]
    # a label another entry already has by name is skipped: every entry keeps columns of its own
    named = Greedy()
    named.name = "Greedy 2"
    t0 = time.perf_counter()
    games2, summary2 = tournament([Greedy(), Greedy(), named], games=3, seed=3, workers=1, progress=False)
    assert list(summary2.index) == ["Greedy 1", "Greedy 3", "Greedy 2"]
    check_tournament(games2, summary2, 3, 3, seed=3, seconds=time.perf_counter() - t0)
    assert sorted(games2.iloc[0][[f"{lab} seat" for lab in summary2.index]]) == [0, 1, 2]
    # (spawn, found everywhere: forking this process, which runs threads by now, is unsafe, and
    # from Python 3.12 a DeprecationWarning; forkserver: tests/test_tournament.py)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as ex:
        again, _ = tournament(players, games=4, seed=3, executor=ex, progress=True)
    assert list(again["Greedy score"]) == list(games["Greedy score"])
    with pytest.raises(ValueError):
        tournament([Greedy()], games=2)


@pytest.mark.parametrize("call, error, words", [
    (lambda: wilson("x", 10), TypeError, "wilson() takes numbers of wins and games, not wins='x'"),
    (lambda: wilson(5, None), TypeError, "not games=None"),
    (lambda: wilson(11, 10), ValueError, "wins must be from 0 to the number of games (10), not 11"),
    (lambda: grade(None), TypeError, "grade() takes a win-probability loss"),
    (lambda: grade(float("nan")), TypeError, "not nan"),
    (lambda: play_game(None), TypeError, "bots is a list of bots, one per seat"),
    (lambda: play_game("Greedy"), TypeError, "not str 'Greedy'"),
    (lambda: tournament(Greedy(), games=2), TypeError, "players is a list of bots"),
])
def test_the_analysis_helpers_say_what_they_take(call, error, words):
    with pytest.raises(error) as e:
        call()
    assert words in str(e.value) and len(str(e.value)) < 200


def test_wilson_and_grade_take_numpy_numbers():
    np = pytest.importorskip("numpy")
    assert wilson(np.int64(95), np.int64(100)) == pytest.approx(wilson(95, 100))
    assert grade(np.float64(0.05)) == grade(0.05) == "inaccuracy"


def test_standings_of_a_finished_game_are_its_last_round_as_scored_not_a_fourth():
    g = Game(["Ana", "Ben", "Chi"], seed=5)
    bots = [Greedy(seed=i) for i in range(3)]
    while not g.is_over:
        g.play(bots[g.current].choose(g), record=False)
    rec = g.rounds[-1]
    s = standings(g)
    assert s.final and s.round == 3
    assert list(s.players["score_after"]) == [p.score for p in g.players] == rec["scores"]
    assert list(s.players["score"]) == [p.score - gained for p, gained in zip(g.players, rec["points"])]
    assert s._repr_html_().startswith("<div><h4>Scoring round 3 (end of the game)</h4>")
    rnd, buildings, players = s                      # still three tables' worth, as before
    assert not standings(g, round=3).final          # asked for: a preview, as documented
    assert not standings(Game(3, seed=1)).final


def test_standings_name_a_player_by_seat_where_another_column_has_their_name():
    """A player named Dirk in a 2-player game (where Dirk, the neutral player, has a column), or
    leader, or "Ana points" beside an Ana: their columns are named with the seat, none overwritten."""
    g = play_game([Greedy(seed=1)] * 2, seed=2, names=["Dirk", "Ana"]).position_at(60)
    s = standings(g)
    rec = g.scoring_preview()
    assert list(s.buildings["Dirk (seat 1)"]) == list(rec["counts"][0])   # the player Dirk
    assert list(s.buildings["Dirk"]) == list(rec["counts"][2])              # the neutral Dirk
    assert list(s.buildings["Dirk (seat 1) points"]) == list(rec["buildings"][0])
    for leader in s.buildings["leader"].dropna():   # (the player by seat, the neutral Dirk by name)
        assert set(leader.split(" & ")) <= {"Dirk (seat 1)", "Ana", "Dirk"}, leader
    g3 = play_game([Greedy(seed=1)] * 3, seed=2, names=["Ana", "Ana points", "margin"]).position_at(60)
    cols = list(standings(g3).buildings.columns)
    assert len(cols) == len(set(cols))
    assert {"Ana", "Ana points (seat 2)", "margin (seat 3)", "leader", "margin", "Ana points",
            "Ana points (seat 2) points", "margin (seat 3) points"} == set(cols)
    assert repr(standings(play_game([Greedy(seed=1)] * 2, seed=2))).startswith("Standings(round=3,")


def test_a_tournament_refuses_an_executor_that_cannot_run_games():
    with pytest.raises(TypeError, match="executor is a concurrent.futures.Executor"):
        tournament([Greedy(), Random()], games=2, executor=5, progress=False)
