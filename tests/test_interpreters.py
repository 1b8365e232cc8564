"""The package says it runs on Python 3.10 and later: the engine and the bots
play every seeded game move for move alike on each CPython found here (3.10,
3.12, 3.13, ... beside the one running the tests), and a game record saved by
one loads and plays on in another. A seed and a list of actions reproduce a
game wherever it is played (a saved game shared between two machines, a
tournament's workers on another Python).

The other interpreters are those on PATH (``python3.X``) and pyenv's; with
none found the test is skipped, saying so. They import the package from this
checkout, nothing installed (the engine and the bots are pure Python)."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from alhambra_widget import Game

from interpreter_digest import PLAYERS, SEEDS, digest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = Path(__file__).with_name("interpreter_digest.py")
OLDEST = (3, 10)   # pyproject.toml's requires-python


def _version(exe: str) -> tuple | None:
    try:
        out = subprocess.run([exe, "-c", "import sys; print(sys.implementation.name, *sys.version_info[:2])"],
                             capture_output=True, text=True, timeout=30).stdout.split()
    except (OSError, subprocess.SubprocessError):
        return None
    return (int(out[1]), int(out[2])) if len(out) == 3 and out[0] == "cpython" else None


def other_interpreters() -> dict:
    """{(major, minor): executable} of the CPythons >= 3.10 found here, but this one's version."""
    found = {}
    names = [f"python3.{m}" for m in range(OLDEST[1], 20)]
    candidates = [shutil.which(n) for n in names]
    pyenv = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv") / "versions"
    if pyenv.is_dir():
        for d in sorted(pyenv.iterdir()):
            if re.fullmatch(r"3\.\d+\.\d+", d.name):
                candidates.append(str(d / "bin" / "python3"))
    for exe in candidates:
        if not exe or not os.access(exe, os.X_OK):
            continue
        v = _version(exe)
        if v and v >= OLDEST and v != sys.version_info[:2] and v not in found:
            found[v] = exe
    return found


OTHERS = other_interpreters()


def _record() -> str:
    """A game record made here: 80 moves of a seeded 3-player game."""
    g = Game(["Ana", "Ben", "Chi"], seed=42)
    rng = random.Random(42)
    for _ in range(80):
        acts = g.legal_actions()
        g.play(acts[int(rng.random() * len(acts))])
    return g.to_json()


@pytest.mark.skipif(not OTHERS, reason="no other CPython >= 3.10 here (on PATH or pyenv's)")
@pytest.mark.parametrize("version", sorted(OTHERS), ids=lambda v: f"{v[0]}.{v[1]}")
def test_every_python_plays_the_same_games(version):
    record = _record()
    here = digest(record)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    run = subprocess.run([OTHERS[version], "-s", str(SCRIPT), str(ROOT)], input=record, capture_output=True,
                         text=True, timeout=600, env=env, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-2000:]
    there = json.loads(run.stdout)
    assert set(there) == set(here)
    differ = {k: (here[k], there[k]) for k in here if json.dumps(here[k]) != json.dumps(there[k])}
    assert not differ, f"Python {version[0]}.{version[1]} plays otherwise: {differ}"


def test_the_digest_is_steady_and_tells_games_apart():
    """What the comparison rests on: the same games give the same digest twice, and no two of
    them the same."""
    a, b = digest(), digest()
    assert a == b
    games = [v[2] for k, v in a.items() if k.startswith(("public", "playout"))]
    assert len(games) == 2 * len(PLAYERS) * len(SEEDS) and len(set(games)) == len(games)
