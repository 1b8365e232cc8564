"""The game review in the widget (AlhambraWidget.review, the review intent):
the graded moves in the view, the better move on the board in the replay."""

from __future__ import annotations

import functools
import importlib
import time
import json

import pytest

import test_widget  # noqa: F401  (builds the bundle before the widget class is defined)
from alhambra_widget import AlhambraWidget, Game
from alhambra_widget.bots import Greedy
from alhambra_widget.i18n import t as tr

MARKED = {"inaccuracy", "mistake", "blunder"}
GRADES = {"best", "good", *MARKED}


def send(w, **content):
    w._handle_custom_msg(content, [])


def finished_game() -> Game:
    g = Game(2, seed=1)
    bots = [Greedy(seed=1), Greedy(seed=2)]
    while not g.is_over:
        g.play(bots[g.current].choose(g))
    return g


@pytest.fixture(scope="module")
def reviewed():
    """A finished two-player game (about 120 moves), reviewed once."""
    w = AlhambraWidget(finished_game())
    rows = w.review(seconds_per_move=0.02, wait=True)
    return w, rows


def test_a_game_played_without_its_record_is_not_reviewed_and_says_why():
    """A finished game played with record=False (as a tournament plays) has no moves to grade:
    w.review() says so at once, and the Review button's message is refused in the table's
    language, instead of a review failing in the background."""
    from alhambra_widget.bots import play_game

    w = AlhambraWidget(play_game([Greedy(seed=1), Greedy(seed=2)], seed=5, record=False), lang="nl")
    with pytest.raises(ValueError, match="record=False"):
        w.review(seconds_per_move=0.02)
    send(w, type="review", stamp=w.view["stamp"], seat=None)
    assert w.message["kind"] == "error" and w.message["text"].startswith("Dit spel heeft geen zetten")
    assert w.graded is None


def test_review_grades_every_move_and_marks_the_bad_ones(reviewed):
    w, rows = reviewed
    g = w.game
    assert len(rows) == sum(m.player is not None for m in g.moves)
    r = w.graded
    assert sum(r["counts"].values()) == len(rows) and set(r["counts"]) == GRADES
    by_move = {row["move"]: row for row in rows}
    assert r["moves"], "a greedy game has some bad moves"
    for index, m in r["moves"].items():
        row = by_move[int(index)]
        assert m["grade"] == row["grade"] in MARKED and m["loss"] == round(row["loss"], 3)
        assert m["player"] == g.moves[int(index) - 1].player
        assert m["played"] and m["best"] and m["played"] != m["best"]
        assert m["title"].startswith(f"move {index}: {m['grade']}") and m["best"] in m["title"]
    assert {int(k) for k in r["moves"]} == {row["move"] for row in rows if row["grade"] in MARKED}
    # every player's win chance after each move reviewed, in per cent (the graph behind the slider)
    assert [c[0] for c in r["chances"]] == [row["move"] for row in rows]
    for c, row in zip(r["chances"], rows):
        assert c[1:] == [round(100 * w) for w in row["wins"]] and 97 <= sum(c[1:]) <= 103
    # each marked move told in words: its number, its grade, the move played
    for index, m in r["moves"].items():
        assert m["text"] == f"Move {index}, {m['grade']}: {m['played']}"
    # per player: how many moves got each grade, and the win chance a move lost on average
    assert r["grades"] == {g: g for g in ("best", "good", "inaccuracy", "mistake", "blunder")}
    assert len(r["players"]) == g.n
    for seat, p in enumerate(r["players"]):
        mine = [row for row in rows if row["player"] == seat]
        assert p["moves"] == len(mine) == sum(p[grade] for grade in GRADES) > 0
        assert all(p[grade] == sum(row["grade"] == grade for row in mine) for grade in GRADES)
        assert p["loss"] == round(sum(row["loss"] for row in mine) / len(mine), 4)
    assert sum(p["moves"] for p in r["players"]) == len(rows)
    # the review rides in a trait of its own: the view, sent after every
    # move and replay step, stays as small as without it
    assert "review" not in w.view and len(json.dumps(w.view).encode()) < 30 * 1024


def test_replaying_to_a_reviewed_move_shows_the_better_move(reviewed):
    w, rows = reviewed
    index = int(next(iter(w.graded["moves"])))
    row = next(r for r in rows if r["move"] == index)
    w.replay_index = index - 1           # the position before the move
    try:
        hints = w.view["hints"]
        # the better move, then the move played (marked apart), each with the mover's win chance
        assert [h["action"] for h in hints] == [row["best"], row["played"]]
        legal = {str(a) for a in w.game.position_at(index - 1).legal_actions()}
        assert hints[0]["action"] in legal and hints[0]["win"] == round(row["win_before"], 3)
        assert hints[1]["win"] == round(row["win_after"], 3) and hints[1]["played"] is True
        assert "played" not in hints[0]
        assert hints[0]["margin"] is None and hints[1]["margin"] is None    # the review estimates none
        assert w.graded["moves"]              # still there while replaying
        best = next(r for r in rows if r["grade"] == "best")
        w.replay_index = best["move"] - 1             # a best move: nothing better to show
        assert w.view["hints"] is None
        # a hint asked for there is a search of that position: it shows instead of the review's
        w.replay_index = index - 1
        found = w.hint(seconds=0.2, wait=True)
        assert found and w.view["hints"] == found and not any(h.get("played") for h in found)
        assert all(h["action"] in legal and h["margin"] is not None for h in found)
        assert w.graded["moves"]              # the review stays
    finally:
        w.replay_index = -1
    assert w.view["hints"] is None


def test_review_in_the_widgets_language(reviewed):
    w, _rows = reviewed
    en = dict(w.graded["moves"])
    w.lang = "de"
    try:
        index, m = next(iter(w.graded["moves"].items()))
        assert m["title"].startswith(f"Zug {index}: ") and m["played"] != en[index]["played"]
        assert m["text"] == f"Zug {index}, {w.graded['grades'][m['grade']]}: {m['played']}"
        assert w.graded["grades"]["blunder"] == "grober Fehler"
    finally:
        w.lang = "en"


def test_the_review_intent_starts_it_and_a_move_drops_it():
    g = Game(2, seed=3)
    for _ in range(6):
        g.play(Greedy(seed=1).choose(g))
    w = AlhambraWidget(g)
    w.review = functools.partial(w.review, seconds_per_move=0.02)   # the intent's review (0.5 s a move), faster
    assert w.graded is None
    send(w, type="review", stamp=w.view["stamp"], seat=None)
    assert w.graded == {"running": True, "done": 0, "total": 6}
    assert w.wait(30)
    r = w.graded
    assert sum(r["counts"].values()) == 6 and set(m["grade"] for m in r["moves"].values()) <= MARKED
    assert w.message == {} or w.message["kind"] != "error"
    w.play(w.game.legal_actions()[0])   # a move more: the review holds on the six, not on the game now
    assert w.graded["partial"] is True and w.graded["moves"] == r["moves"]
    w.game = Game(2, seed=4)            # another game: it no longer holds at all
    assert w.graded is None
    send(w, type="review", stamp=w.view["stamp"], seat=None, extra=1)
    assert w.message["kind"] == "error" and w.graded is None
    with pytest.raises(ValueError, match="positive"):
        w.review(seconds_per_move=0)


def test_a_review_keeps_its_marks_on_the_moves_kept_by_play_from_here(monkeypatch):
    """After Play from here (or an undo) the review's marks stay on the moves kept, replaying
    to one of them still shows its better move, the summary counts those moves only; after
    moves played on from there, Review grades only those and keeps the grades it had."""
    g = Game(2, seed=3)
    for _ in range(16):
        g.play(Greedy(seed=1).choose(g))
    w = AlhambraWidget(g)
    first = w.review(seconds_per_move=0.02, wait=True)
    full = w.graded
    assert "partial" not in full and len(first) == 16
    k = 10
    w.play_from(k)
    kept = w.graded
    assert kept["partial"] is True
    assert kept["moves"] == {i: m for i, m in full["moves"].items() if int(i) <= k}
    assert sum(p["moves"] for p in kept["players"]) == sum(1 for m in g.moves[:k] if m.player is not None)
    marked = [int(i) for i in kept["moves"]]
    if marked:   # replaying to the position before a kept marked move: its better move on the board
        w.replay_index = marked[0] - 1
        hints = w.view["hints"]
        assert hints and "played" not in hints[0] and hints[1]["played"] is True
        w.replay_index = -1
    # moves played on from there; Review grades those only (the moves kept are graded already)
    for _ in range(3):
        g.play(Greedy(seed=2).choose(g))
    assert w.graded["moves"] == kept["moves"]
    review_module = importlib.import_module("alhambra_widget.analysis.review")
    starts = []
    real = review_module.iter_review_rows
    monkeypatch.setattr(review_module, "iter_review_rows",
                        lambda *a, **kw: (starts.append(kw.get("start")), real(*a, **kw))[1])
    rows = w.review(seconds_per_move=0.02, wait=True)
    assert starts == [k]
    assert [r["move"] for r in rows] == [m.index for m in g.moves if m.player is not None]
    assert {r["move"]: r["grade"] for r in rows if r["move"] <= k} == {r["move"]: r["grade"] for r in first if r["move"] <= k}
    assert "partial" not in w.graded and sum(w.graded["counts"].values()) == len(rows)


def test_a_review_tells_its_progress_and_stops_when_the_game_changes(monkeypatch):
    g = Game(2, seed=5)
    bots = [Greedy(seed=1), Greedy(seed=2)]
    for _ in range(40):
        g.play(bots[g.current].choose(g))
    total = sum(1 for m in g.moves if m.player is not None)
    w = AlhambraWidget(g)
    seen = []
    graded = []
    review_module = importlib.import_module("alhambra_widget.analysis.review")
    real = review_module.iter_review_rows

    def counting(*args, on_row=None, **kwargs):
        def row(r):
            graded.append(r["move"])
            on_row(r)
        return real(*args, on_row=row, **kwargs)

    monkeypatch.setattr(review_module, "iter_review_rows", counting)
    w.observe(lambda change: seen.append(change["new"]), names="graded")
    w.review(seconds_per_move=0.05)
    deadline = time.monotonic() + 60
    while len(graded) < 3 and time.monotonic() < deadline:
        time.sleep(0.01)
    # each move graded goes out as progress: done counts up to the moves of the game
    running = [x for x in seen if x and x.get("running")]
    assert running[0] == {"running": True, "done": 0, "total": total}
    assert [x["done"] for x in running] == sorted(x["done"] for x in running)
    assert all(x["total"] == total for x in running)
    with w._lock:
        w.play(w.game.legal_actions()[0])   # the game changed: the review stops
    assert w.graded is None
    assert w.wait(60)
    assert len(graded) < total   # it stopped early, not at the end of the game
    assert not w._runner.running("review")   # and is gone: a review of the new position starts afresh
    assert w.graded is None and w.message.get("kind") != "error"


def test_a_review_running_can_be_stopped_and_started_again():
    g = finished_game()
    w = AlhambraWidget(g)
    w.review = functools.partial(w.review, seconds_per_move=0.05)   # (about 6 s for the game)
    assert w.stop_review() is False                    # nothing to stop
    send(w, type="review", stamp=w.view["stamp"], seat=None)
    assert w.graded["running"] is True
    send(w, type="review_stop", stamp=w.view["stamp"], seat=None)
    assert w.graded is None and not w._runner.running("review")
    assert w.message == {} or w.message["kind"] != "error"
    assert w.wait(10)                                 # its thread does not hold anything up
    time.sleep(0.3)
    assert w.graded is None                           # nor does it come back when it ends
    send(w, type="review_stop", extra=1)              # a malformed one is refused, nothing changes
    assert w.message["kind"] == "error" and w.graded is None
    rows = w.review(seconds_per_move=0.01, wait=True)  # started afresh, it runs to the end
    assert len(rows) == sum(m.player is not None for m in g.moves) and w.graded["players"]


def test_a_review_stopped_in_the_middle_of_a_long_search_ends_at_once():
    """A long search per move is stopped within the move, not after it: its thread ends at once."""
    w = AlhambraWidget(finished_game())
    w.review(seconds_per_move=600)
    time.sleep(0.3)                                    # (well into the first move's search)
    assert w._runner.running("review") and w.stop_review() is True
    assert w._runner.wait(timeout=30, kind="review"), "the search ran on after the review was stopped"
    assert w.graded is None


def test_a_review_that_fails_in_the_background_says_so_in_the_tables_language(monkeypatch):
    """A review that breaks off with an error (a bug, memory) ends: the table says so in its
    language, naming the error, the replay control shows no review running, and a new review
    can start."""
    review_module = importlib.import_module("alhambra_widget.analysis.review")
    real = review_module.iter_review_rows

    def broken(*args, on_row=None, **kwargs):
        raise MemoryError

    monkeypatch.setattr(review_module, "iter_review_rows", broken)
    w = AlhambraWidget(finished_game(), lang="de")
    w.review(seconds_per_move=0.01)
    assert w.wait(30)
    assert w.message["kind"] == "error" and "MemoryError" in w.message["text"]
    assert w.message["text"] == tr("review.failed", "de", error="MemoryError")
    assert w.graded is None and not w._runner.running("review")
    monkeypatch.setattr(review_module, "iter_review_rows", real)
    rows = w.review(seconds_per_move=0.01, wait=True)   # tried again, it runs
    assert rows and w.graded["players"]


def test_a_review_and_hints_by_iterations_are_the_same_every_time():
    # a time budget depends on the machine; a count of iterations does not (as review(game,
    # iterations=) and analyse(iterations=) give it): a cell run again shows the same grades
    g = finished_game()
    first, again = AlhambraWidget(g.copy()), AlhambraWidget(g.copy())
    rows = first.review(iterations=4, wait=True)
    assert rows and again.review(iterations=4, wait=True) == rows
    assert first.graded["moves"] == again.graded["moves"]
    k = len(g.moves) // 2
    first.replay_index = again.replay_index = k
    hints = first.hint(iterations=30, wait=True)
    assert hints and again.hint(iterations=30, wait=True) == hints
    for bad in (0, 2.5, True):
        with pytest.raises(ValueError, match="iterations is a whole number from 1"):
            first.hint(iterations=bad)
        with pytest.raises(ValueError, match="iterations is a whole number from 1"):
            first.review(iterations=bad)


def test_where_no_thread_starts_a_review_goes_a_move_at_a_time_and_stop_is_read_between(no_threads):
    """Pyodide (JupyterLite): the review runs on the event loop, one move's search a step, so the
    page's messages (Stop, a replay) are read while it runs."""
    import asyncio

    from conftest import run_session

    g = finished_game()
    total = sum(m.player is not None for m in g.moves)

    async def session():
        w = AlhambraWidget(g)
        w.review = functools.partial(w.review, iterations=20)
        send(w, type="review", stamp=w.view["stamp"], seat=None)
        assert w.graded["running"] is True
        for _ in range(500):   # (between cells: the loop grades a move a step)
            await asyncio.sleep(0.01)
            if w._review_progress and 3 <= w._review_progress[1]:
                break
        graded = w._review_progress[1]
        assert 3 <= graded < total   # some moves graded, and the loop free between them
        send(w, type="replay", index=2, seat=None)   # the page's clicks are read meanwhile
        assert w.replay_index == 2
        send(w, type="replay", index=-1, seat=None)
        send(w, type="review_stop", stamp=w.view["stamp"], seat=None)
        assert w.graded is None and not w._runner.running("review")
        for _ in range(10):
            await asyncio.sleep(0.01)
        assert w.graded is None and w._review_progress is None   # stopped: nothing more graded
        send(w, type="review", stamp=w.view["stamp"], seat=None)   # started again, to its end
        for _ in range(20 * total):
            await asyncio.sleep(0.01)
            if w.graded and w.graded.get("players"):
                break
        assert w.graded["players"] and len(w._review_rows()) == total
        return w

    run_session(session)
    assert "alhambra-review" in no_threads


def test_no_review_goes_to_the_page_as_an_empty_object():
    # Pyodide's kernel (JupyterLite) dropped a trait's None on the way to the page: after a review
    # was stopped, the page kept showing it running
    w = AlhambraWidget(finished_game())
    assert w.graded is None and w.get_state()["graded"] == {}
    w.review(seconds_per_move=0.01, wait=True)
    assert w.graded["players"] and w.get_state()["graded"] == w.graded
