"""Every notebook in examples/ runs headless, top to bottom, without an error.

The notebooks are executed with nbclient on the ``python3`` kernel, which is
ipykernel in the interpreter running the tests (the project's .venv), so the
notebooks see the package as installed for the tests.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NOTEBOOKS = sorted(EXAMPLES.glob("*.ipynb"))
PROBE = "print('KERNEL-PREFIX', __import__('sys').prefix)"

_executed: dict = {}


def execute(path: Path):
    """Run a notebook once per test session (in memory; the file is untouched)."""
    if path not in _executed:
        nb = nbformat.read(path, as_version=4)
        # Extra last cell: which Python did the kernel run on?
        nb.cells.append(nbformat.v4.new_code_cell(PROBE))
        client = NotebookClient(
            nb,
            kernel_name="python3",
            timeout=600,
            resources={"metadata": {"path": str(path.parent)}},
        )
        client.execute()  # raises CellExecutionError on the first failing cell
        _executed[path] = nb
    return _executed[path]


def stdout_of(nb) -> str:
    return "".join(
        out.get("text", "")
        for cell in nb.cells
        if cell.cell_type == "code"
        for out in cell.get("outputs", [])
        if out.get("output_type") == "stream" and out.get("name") == "stdout"
    )


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def widget_models(nb) -> dict:
    """The AlhambraWidget models nbclient stored in the notebook (model id -> state),
    i.e. what a saved notebook shows without a kernel."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    return {mid: m["state"] for mid, m in state.items()
            if m["state"].get("_anywidget_id") == "alhambra_widget.widget.AlhambraWidget"}


def displayed_model_ids(nb) -> list:
    return [out["data"][WIDGET_VIEW]["model_id"]
            for cell in nb.cells if cell.cell_type == "code"
            for out in cell.get("outputs", [])
            if WIDGET_VIEW in out.get("data", {})]


def test_the_example_notebooks_are_there():
    assert EXAMPLES / "play.ipynb" in NOTEBOOKS
    assert EXAMPLES / "scripting.ipynb" in NOTEBOOKS


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs_without_error(path):
    nb = execute(path)
    errors = [
        out
        for cell in nb.cells
        if cell.cell_type == "code"
        for out in cell.get("outputs", [])
        if out.get("output_type") == "error"
    ]
    assert not errors, f"{path.name}: {errors[0]['ename']}: {errors[0]['evalue']}"
    # The kernel is the Python running these tests, not some other python3.
    assert f"KERNEL-PREFIX {sys.prefix}\n" in stdout_of(nb)


@pytest.mark.slow
def test_notebooks_are_stored_without_outputs():
    for path in NOTEBOOKS:
        # every cell its own id (nbformat would mend a repeated one, with a warning, on every read)
        ids = [c.get("id") for c in json.loads(path.read_text(encoding="utf-8"))["cells"]]
        assert len(set(ids)) == len(ids), f"{path.name} repeats a cell id"
        nb = nbformat.read(path, as_version=4)
        nbformat.validate(nb)
        for cell in nb.cells:
            if cell.cell_type == "code":
                assert not cell.outputs and cell.execution_count is None, f"{path.name} has outputs"


@pytest.mark.slow
def test_play_notebook_opens_a_hot_seat_game_in_the_widget():
    nb = execute(EXAMPLES / "play.ipynb")
    ids = displayed_model_ids(nb)
    assert len(ids) == 1, "the play notebook displays one widget"
    models = widget_models(nb)
    assert ids[0] in models, "the widget's state is saved with the notebook"
    state = models[ids[0]]
    # the front end bundle travels with the state (not the "not built" stub)
    assert "data-lm-suppress-shortcuts" in state["_esm"] and len(state["_esm"]) > 10_000
    v = state["view"]
    assert [p["name"] for p in v["players"]] == ["Ana", "Ben", "Chi"]
    assert state["seat"] is None and v["seat"] is None          # hot-seat
    assert v["phase"] == "action" and v["turn"] == 1 and v["moves"] == 0
    assert all(p["hand"] is not None for p in v["players"])      # hot-seat: every hand
    assert v["legal"] is not None and v["legal"]["player"] == v["current"]  # ready to play
    assert v["legal"]["take"], "the player to act can take money"
    # where no JavaScript runs, the output after the widget's shows the table as SVG
    # (an output of its own: nbconvert shows only the widget view of the widget's)
    outs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    at = next(i for i, o in enumerate(outs) if WIDGET_VIEW in o.get("data", {}))
    assert outs[at + 1]["data"]["text/html"].startswith('<div class="alh-picture"><svg')


@pytest.mark.slow
def test_scripting_notebook_drives_a_game_the_widget_follows():
    nb = execute(EXAMPLES / "scripting.ipynb")
    text = stdout_of(nb)

    # Moves played from cells appear in the widget's log with the player's name.
    assert re.search(r"^(Ana|Ben|Chi): take ", text, re.M), text
    assert re.search(r"^The widget shows 4 moves; the last: ", text, re.M), text

    # An illegal move was refused with a rule id.
    assert re.search(r"^Refused by rule [A-Z]\w*$", text, re.M), text

    # Undo and redo round trip.
    undone = re.search(r"^Undone: (.+)$", text, re.M).group(1)
    assert re.search(rf"^Redone: {re.escape(undone)}$", text, re.M)

    # The next scoring round as it stands, for the position set up: points and the scores after it.
    m = re.search(r"^Scoring round 1 if it were now: Ana \+(\d+) \(wall \d+\), Ben \+(\d+) \(wall \d+\)$", text, re.M)
    assert m, text
    assert re.search(rf"^Scores after it: Ana {12 + int(m.group(1))}, Ben {9 + int(m.group(2))}$", text, re.M), text

    # A game kept in a file comes back from it; a past position is drawn as a picture.
    assert re.search(r"^From the file: True - 1 move$", text, re.M), text
    assert re.search(r"^After 10 moves: (Ana|Ben|Chi) to act; scores \[\d+, \d+, \d+\]$", text, re.M), text
    cell = next(c for c in nb.cells if c.cell_type == "code" and "game_svg(earlier" in c.source)
    pictures = [o["data"]["image/svg+xml"] for o in cell.outputs if "image/svg+xml" in o.get("data", {})]
    assert len(pictures) == 1 and "".join(pictures[0]).startswith("<svg"), cell.outputs

    # The on_move hook saw the random player's moves.
    m = re.search(r"^(\d+) moves counted by the hook, (\d) scoring rounds$", text, re.M)
    assert m and int(m.group(1)) > 50 and m.group(2) == "3", text

    # The final position is a finished game ...
    assert "game over" in text
    m = re.search(r"^Final scores: (.+)$", text, re.M)
    assert m, f"no final scores in the output:\n{text[-2000:]}"
    scores = {}
    for part in m.group(1).split(", "):
        name, score = part.rsplit(" ", 1)
        scores[name] = int(score)
    assert list(scores) == ["Ana", "Ben", "Chi"]
    assert max(scores.values()) > 0
    w = re.search(r"^Winner: (.+)$", text, re.M)
    assert w, text[-2000:]
    winners = w.group(1).split(" and ")
    best = max(scores.values())
    assert sorted(winners) == sorted(n for n, s in scores.items() if s == best)

    # ... and the saved widgets show that same end: the widget followed the game.
    models = widget_models(nb)
    ids = displayed_model_ids(nb)
    assert len(ids) == 4 and all(i in models for i in ids)
    hot, lesson, placing, seated = (models[i] for i in ids)
    for state in (hot, seated):
        v = state["view"]
        assert v["phase"] == "over" and v["replay"] is None
        assert [p["score"] for p in v["players"]] == list(scores.values())
        assert sorted(v["players"][i]["name"] for i in v["winners"]) == sorted(winners)
        assert len(v["rounds"]) == 3
    assert seated["seat"] == 0
    assert seated["view"]["players"][0]["hand"] is not None
    # the position set up from a cell: Ana paid exactly, ended her turn, places the garden
    assert "Exact payment, another action: True" in text
    assert re.search(r"^Legal spots for the garden: \[\(", text, re.M), text
    lv = lesson["view"]
    assert lv["phase"] == "place" and [p["score"] for p in lv["players"]] == [12, 9]
    assert [p["name"] for p in lv["players"]] == ["Ana", "Ben"]
    assert all(p["hand"] is not None for p in seated["view"]["players"])    # every hand is known (X3)
    # one player in words, in English and German; a turn's end set up by name, seen from Ben's seat
    assert re.search(r"^Ben has 9 points\. Ben has 2 money cards: dinar 7, ducat 3\. ", text, re.M), text
    assert re.search(r"^Ben hat 9 Punkte\. ", text, re.M), text
    assert re.search(r"^Slots Ben's money pays for now: \[(\d(, )?)*\]$", text, re.M), text
    assert re.search(r"^place \['place 44 at ", text, re.M), text
    pv = placing["view"]
    assert placing["seat"] == 1 and pv["phase"] == "place" and pv["current"] == 1


@pytest.mark.slow
def test_analysis_notebook_reviews_the_game_and_draws_the_win_chances():
    nb = execute(EXAMPLES / "analysis.ipynb")
    cells = [c for c in nb.cells if c.cell_type == "code"]
    grading = next(c for c in cells if "review(game" in c.source)
    text = "".join(o.get("text", "") for o in grading.outputs)
    assert "best" in text, text                              # the grade counts
    table = next(o for o in grading.outputs if "text/html" in o.get("data", {}))["data"]["text/html"]
    assert "<table" in table and "loss" in table             # the mistakes and blunders
    summed = next(c for c in cells if "review_summary(graded)" in c.source)
    summary = next(o for o in summed.outputs if "text/html" in o.get("data", {}))["data"]["text/html"]
    assert "mean_loss" in summary and "blunder" in summary     # a row per player, the grades counted
    plot = next(c for c in cells if c.source.strip() == "plot_review(graded)")
    assert any("image/png" in o.get("data", {}) for o in plot.outputs)
    shown = next(c for c in cells if "reviewed.review(" in c.source)
    assert any(WIDGET_VIEW in o.get("data", {}) for o in shown.outputs)
    tried = next(c for c in cells if "trial.back_to_game()" in c.source)
    text = "".join(o.get("text", "") for o in tried.outputs)
    m = re.search(r"the game tried has (\d+) moves, the game played (\d+)\nback to the game played: (\d+) moves", text)
    assert m and int(m[1]) < int(m[2]) == int(m[3]), text      # a move tried inside the game, then the whole game
