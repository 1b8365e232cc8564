"""Every notebook in examples/ runs headless, top to bottom, without an error.

The notebooks are executed with nbclient on the ``python3`` kernel, which is
ipykernel in the interpreter running the tests (the project's .venv), so the
notebooks see the package as installed for the tests.
"""

from __future__ import annotations

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


def test_play_notebook_is_there():
    assert EXAMPLES / "play.ipynb" in NOTEBOOKS


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
        nb = nbformat.read(path, as_version=4)
        nbformat.validate(nb)
        for cell in nb.cells:
            if cell.cell_type == "code":
                assert not cell.outputs and cell.execution_count is None, f"{path.name} has outputs"


@pytest.mark.slow
def test_play_notebook_plays_a_game_to_the_end():
    text = stdout_of(execute(EXAMPLES / "play.ipynb"))

    # An illegal move was refused with a rule id.
    assert re.search(r"^Refused by rule [A-Z]\w*$", text, re.M), text

    # The final position is a finished game ...
    assert "game over" in text

    # ... with everyone's final score, and the winners are the best scorers.
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
