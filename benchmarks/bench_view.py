"""How long does the kernel take to make a view? A benchmark script, not a test.

    .venv/bin/python benchmarks/bench_view.py [--positions N] [--at MOVE] [--players N]
    .venv/bin/python benchmarks/bench_view.py --compare OTHER_CHECKOUT [--rounds R] ...

Times ``alhambra_widget.view.view(game)`` -- the JSON view the widget syncs after every move,
the one input of both renderers: the hot-seat view with the legal choices of the player to act
(their spots, refused cells and what each refusal names), the log, the scoring rounds told in
words. The positions are those of ``--positions`` seeded random games of ``--players`` players
(the playout path: ``random_action`` and ``play(record=False)``, then the game replayed with
its record) stopped at move ``--at`` in an action phase; each view is made ``--repeats`` times
and timed by the process's CPU time, pinned to one core; the figure is the median over the
positions of each position's median.

``--compare OTHER_CHECKOUT`` times this checkout and another one (a directory holding an
``alhambra_widget`` package, e.g. ``git worktree add /tmp/before HEAD~1``) taking turns in one
run: in every round one subprocess per checkout, in alternating order, each importing its own
package, on the same positions. Reports the medians and the median of the rounds' ratios, with
the lowest and highest round's in brackets, and the mean size of a view as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
SEED = 20261206


def _import(checkout: Path):
    """``(Game, view)`` of the ``alhambra_widget`` in ``checkout`` (ahead of any installed copy)."""
    sys.path.insert(0, str(checkout))
    import alhambra_widget
    from alhambra_widget.view import view

    where = Path(alhambra_widget.__file__).resolve()
    if checkout.resolve() not in where.parents:
        raise SystemExit(f"imported alhambra_widget from {where}, not from {checkout}")
    return alhambra_widget.Game, view


def positions(Game, players: int, count: int, at: int) -> list:
    """``count`` games of ``players`` players at move ``at`` (or the first action phase after),
    played at random from fixed seeds, with their move record."""
    out = []
    seed = SEED
    while len(out) < count:
        seed += 1
        g = Game(players, seed=seed)
        rng = random.Random(seed)
        moves = []
        while not g.is_over and (len(moves) < at or g.phase != "action"):
            a = g.random_action(rng)
            moves.append(a)
            g.play(a, record=False)
        if g.is_over:
            continue
        g = Game(players, seed=seed)   # the same game with its record (the log, the scoring rounds)
        for a in moves:
            g.play(a)
        out.append(g)
    return out


def time_views(view, games: list, repeats: int) -> tuple:
    """``(median ms over the positions of each one's median, mean bytes of a view as JSON)``."""
    per = []
    size = 0
    for g in games:
        view(g)   # (the texts and tables it reads, loaded once)
        ts = []
        for _ in range(repeats):
            t0 = time.process_time()
            view(g)
            ts.append(time.process_time() - t0)
        per.append(statistics.median(ts) * 1000)
        size += len(json.dumps(view(g), separators=(",", ":")))
    return statistics.median(per), size / len(games)


def pin() -> None:
    if hasattr(os, "sched_setaffinity"):
        try:
            os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[-1]})
        except OSError:
            pass


def worker(a) -> None:
    Game, view = _import(Path(a.worker))
    pin()
    games = positions(Game, a.players, a.positions, a.at)
    ms, size = time_views(view, games, a.repeats)
    print(json.dumps({"ms": ms, "bytes": size, "moves": [len(g.moves) for g in games]}))


def compare(a) -> None:
    other = Path(a.compare).resolve()
    if not (other / "alhambra_widget" / "__init__.py").is_file():
        raise SystemExit(f"{other} holds no alhambra_widget package")
    sides = {"this": HERE, "other": other}
    got = {s: [] for s in sides}
    info = {}
    for r in range(a.rounds):
        for side in (("this", "other") if r % 2 == 0 else ("other", "this")):
            print(f"round {r + 1}/{a.rounds}: {side} ...", file=sys.stderr, flush=True)
            cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", str(sides[side]),
                   "--players", str(a.players), "--positions", str(a.positions), "--at", str(a.at),
                   "--repeats", str(a.repeats)]
            res = subprocess.run(cmd, capture_output=True, text=True, cwd=str(sides[side]))
            if res.returncode:
                raise SystemExit(f"the {side} checkout failed:\n{res.stderr[-2000:]}")
            data = json.loads(res.stdout.strip().splitlines()[-1])
            got[side].append(data["ms"])
            info[side] = data
    ratios = sorted(x / y for x, y in zip(got["this"], got["other"]))
    print(f"View A/B: Python {platform.python_version()}, each turn pinned to one core; this checkout against "
          f"{other.name} taking turns in {a.rounds} rounds; {a.positions} positions of {a.players} players at "
          f"move {a.at}, each view made {a.repeats} times; CPU time; medians")
    if info["this"]["moves"] != info["other"]["moves"]:
        print("NOTE: the positions differ between the checkouts: not the same games")
    print()
    print(f"| {a.players} players, move {a.at} | this checkout | {other.name} | ratio (rounds) |")
    print("|---|---:|---:|---:|")
    x, y = statistics.median(got["this"]), statistics.median(got["other"])
    print(f"| `view(game)`, ms | {x:.3f} | {y:.3f} | **{statistics.median(ratios):.2f}×** "
          f"({ratios[0]:.2f}–{ratios[-1]:.2f}) |")
    print(f"| a view as JSON, bytes (mean) | {info['this']['bytes']:,.0f} | {info['other']['bytes']:,.0f} | |")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--at", type=int, default=200, help="the move the positions are taken at")
    ap.add_argument("--repeats", type=int, default=50, help="times each view is made")
    ap.add_argument("--compare", metavar="OTHER_CHECKOUT", help="time this checkout and another one in turns")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.worker:
        worker(a)
    elif a.compare:
        compare(a)
    else:
        Game, view = _import(HERE)
        pin()
        games = positions(Game, a.players, a.positions, a.at)
        ms, size = time_views(view, games, a.repeats)
        print(f"`view(game)`: {ms:.3f} ms (median of {a.positions} positions of {a.players} players at move {a.at}, "
              f"{a.repeats} times each; CPU time); a view as JSON {size:,.0f} bytes (mean)")


if __name__ == "__main__":
    main()
