"""How fast is the rules engine? A benchmark script, not a test.

    .venv/bin/python benchmarks/bench_engine.py [--games N] [--repeats R] [--quick] [--checkout PATH]
    .venv/bin/python benchmarks/bench_engine.py --compare OTHER_CHECKOUT [--rounds R] [--games N] [--floor]
    .venv/bin/python benchmarks/bench_engine.py --compare OTHER_CHECKOUT --instructions [--games N]
    .venv/bin/python benchmarks/bench_engine.py --parts [--games N] [--checkout PATH]

Measures, on one core, for 2, 4 and 6 players:

* random full games per second on two paths:

  - the **playout path**, what a search uses: ``g.random_action(rng)`` (a kind
    of action uniformly from ``g.legal_kinds()``, then an action of that kind
    uniformly; only the chosen action is built) and ``g.play(a, record=False)``;
  - the **public path**, what a script, a bot or the widget uses:
    ``g.legal_actions()`` (every action of every kind), one of them chosen
    uniformly (``rng.choice(g.legal_actions())``: these games are longer,
    with more redesigns, than the playout path's) and ``g.play(a)`` with the
    move record (undo, listeners);

  and, for comparison with older tables, the kind-first random player with
  ``rng.choice(g.legal_actions(rng.choice(g.legal_kinds())))`` and
  ``play(a, record=False)``;
* ``g.legal_actions()`` calls per second in mid-game positions: "cold" rebuilds
  the per-Alhambra caches of legal spots first (as after a move), "warm" asks
  the same position again;
* ``g.copy()`` clones per second in mid-game positions;
* ``g.undo()`` at move 10 and at move 250 of 4-player games (microseconds a
  call, and their ratio: an undo costs the same however long the game). Each
  figure is the median over games stopped at 32 consecutive move counts from
  there (the record saves a position every 32 moves and an undo replays the
  moves since, so every count in a stretch of 32 is in it once).

Mid-game positions are the positions halfway through random games (played with
the move record, as a user's game would be). Seeds are fixed, so every run
plays the same games; each timed repeat plays games of its own (the warm-up
other ones again), so no cache has seen a timed game before; each figure is
the median of several timed repeats. Times are the process's CPU time
(``--clock wall`` for the wall clock). Prints a markdown table to paste into
the README.

``--compare OTHER_CHECKOUT`` times this checkout and another one (a directory
holding an ``alhambra_widget`` package, e.g. ``git worktree add /tmp/old
b1f69d2``) taking turns in one run: in every round one subprocess per checkout
(in alternating order, each importing its own ``alhambra_widget``, pinned to
the same core) plays the same seeded games on both paths and times ``undo()``
(in the first ``--undo-rounds`` rounds). ``--warmup N`` plays N games per path
before the timed passes instead of one pass's worth: a fresh process has its
caches nearly empty, a long session (a tournament, a day at the table) full.
Reports the medians over the rounds and, per path, the median of the rounds'
ratios (the two turns of a round run one right after the other, so a slower
minute of a shared machine weighs on both alike) with the lowest and highest
round's ratio in brackets: how far one run can be trusted. Works with any
engine that has ``Game(n, seed=)``, ``legal_actions()``, ``random_action(rng)``,
``play(a, record=)`` and ``undo()``.

``--floor`` (with ``--compare``) also times, in this checkout's turns, the
public path's games replayed with the Alhambra's redesign listing answering
nothing (the games recorded first, untimed): a bound on the public path if
listing the redesigns cost nothing, against the other checkout's public path.

``--compare OTHER_CHECKOUT --instructions`` counts instead of timing: the
machine instructions a game takes on each path, under valgrind's cachegrind
(``--cache-sim=no``), as the difference between a run of the warm-up alone and
one of the warm-up and ``--games`` games. The count does not depend on what
else the machine is doing (the same figure to a few instructions in a
thousand million, run after run), so even a change of 1% shows; it is not a
time (memory and branches cost differently), so the timed ratios stay the
figures of record. ``--simulate`` adds cachegrind's simulated first-level
instruction- and data-cache misses and mispredicted branches a game: where
those fall less than the instructions, the timed ratios do too.

``--parts`` tells where those instructions go, in one checkout: the games of
``--instructions`` are played once to write down their moves, then replayed
under cachegrind, each time with one part of a move's work at every position
(nothing; ``play()`` with or without the move record; ``legal_actions()``;
one kind of it), and each part is the difference of two counts.
"""

from __future__ import annotations

import argparse
import gc
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
PLAYERS = (2, 4, 6)
SEED = 20240601  # base seed; game i of pass r with n players uses SEED + 1000 * n + 100 * r + i
UNDO_AT = (10, 250)
UNDO_SPAN = 32   # undo is timed at UNDO_AT[i] + 0 .. UNDO_SPAN - 1 moves
CLOCK = time.process_time

Game = None  # set by _import_engine: the checkout's Game class


def _import_engine(checkout: Path) -> None:
    """Import ``alhambra_widget`` from ``checkout`` (ahead of any installed copy)."""
    global Game
    sys.path.insert(0, str(checkout))
    import alhambra_widget
    where = Path(alhambra_widget.__file__).resolve()
    if checkout.resolve() not in where.parents:
        raise SystemExit(f"imported alhambra_widget from {where}, not from {checkout}")
    Game = alhambra_widget.Game


# ------------------------------------------------------------- the players
def listed_action(g, rng: random.Random):
    kind = rng.choice(g.legal_kinds())
    return rng.choice(g.legal_actions(kind))


def playout_action(g, rng: random.Random):
    return g.random_action(rng)


def random_game(n: int, seed: int, stop_at: int | None = None, record: bool = False,
                chooser=playout_action):
    """Play a random game (to the end, or ``stop_at`` actions); return (game, actions)."""
    g = Game(n, seed=seed)
    rng = random.Random(seed)
    k = 0
    while not g.is_over and (stop_at is None or k < stop_at):
        g.play(chooser(g, rng), record=record)
        k += 1
    return g, k


def playout_game(n: int, seed: int) -> int:
    """The playout path: ``random_action`` and ``play(record=False)``."""
    g = Game(n, seed=seed)
    rng = random.Random(seed)
    k = 0
    while not g.is_over:
        g.play(g.random_action(rng), record=False)
        k += 1
    return k


def public_game(n: int, seed: int) -> int:
    """The public path: every legal action listed, one chosen uniformly,
    played with the move record."""
    g = Game(n, seed=seed)
    rng = random.Random(seed)
    rand = rng.random
    k = 0
    while not g.is_over:
        acts = g.legal_actions()
        g.play(acts[int(rand() * len(acts))])
        k += 1
    return k


def listed_game(n: int, seed: int) -> int:
    return random_game(n, seed, chooser=listed_action)[1]


PATHS = {"playout": playout_game, "public": public_game, "listed": listed_game}


def seeds(n: int, count: int, r: int = 0) -> list:
    """The seeds of pass ``r`` (0: the mid-game positions; warm-ups use
    passes of their own)."""
    return [SEED + 1000 * n + 100 * r + i for i in range(count)]


def median_rate(fn, work: int, repeats: int) -> float:
    """Median of ``work / seconds`` over ``repeats`` timed calls of ``fn``."""
    return statistics.median(timed_rates(fn, work, repeats))


def timed_rates(fn, work: int, repeats: int) -> list:
    rates = []
    for _ in range(repeats):
        t0 = CLOCK()
        fn()
        dt = CLOCK() - t0
        rates.append(work / dt)
    return rates


_GC = {"seconds": 0.0, "since": None}


def _gc_timer(phase: str, info: dict) -> None:
    """A ``gc.callbacks`` hook (set by ``worker``): adds up the wall-clock time of every collection."""
    if phase == "start":
        _GC["since"] = time.perf_counter()
    elif _GC["since"] is not None:
        _GC["seconds"] += time.perf_counter() - _GC["since"]
        _GC["since"] = None


def bench_games(n: int, games: int, repeats: int, path: str = "playout", warmup: int | None = None) -> tuple:
    """(games per second for each timed pass, mean actions per game, the share
    of the timed passes' time spent collecting garbage) for one path: a
    warm-up of ``warmup`` games (as many as a pass by default), then
    ``repeats`` timed passes, each of other games."""
    play = PATHS[path]
    for s in seeds(n, games if warmup is None else warmup, 9):
        play(n, s)
    rates = []
    lengths = []
    spent = 0.0
    gc_before = _GC["seconds"]
    for r in range(1, repeats + 1):
        ss = seeds(n, games, r)
        t0 = CLOCK()
        for s in ss:
            lengths.append(play(n, s))
        dt = CLOCK() - t0
        spent += dt
        rates.append(games / dt)
    return rates, statistics.mean(lengths), (_GC["seconds"] - gc_before) / spent


def floor_rates(n: int, games: int, repeats: int, warmup: int | None = None) -> list:
    """``--floor``: games per second of the public path's games (the seeds of
    :func:`bench_games`) replayed -- ``legal_actions()`` at every position, a
    draw for the choice, ``play()`` with the move record -- with the
    Alhambra's redesign listing answering nothing: what the public path would
    run at if listing the redesigns cost nothing (the games are recorded first,
    untimed, as the listing decides them)."""
    from alhambra_widget.engine.alhambra import Alhambra

    def replay_free(recorded):
        for s, acts in recorded:
            g = Game(n, seed=s)
            rand = random.Random(s).random
            for a in acts:
                g.legal_actions()
                rand()
                g.play(a)

    listing = Alhambra._redesigns
    warm = game_actions(n, seeds(n, games if warmup is None else warmup, 9), "public")
    passes = [game_actions(n, seeds(n, games, r), "public") for r in range(1, repeats + 1)]
    Alhambra._redesigns = lambda self, reserve: ()
    try:
        replay_free(warm)
        rates = []
        for recorded in passes:
            t0 = CLOCK()
            replay_free(recorded)
            rates.append(games / (CLOCK() - t0))
    finally:
        Alhambra._redesigns = listing
    return rates


def mid_game_positions(n: int, count: int) -> list:
    out = []
    for s in seeds(n, count):
        length = random_game(n, s)[1]
        g, _ = random_game(n, s, stop_at=length // 2, record=True)
        out.append(g)
    return out


def bench_calls(positions: list, method: str, min_calls: int, repeats: int) -> float:
    loops = max(1, min_calls // len(positions))
    calls = [getattr(g, method) for g in positions]

    def run():
        for _ in range(loops):
            for f in calls:
                f()

    run()  # warm-up
    return median_rate(run, loops * len(calls), repeats)


def bench_cold_legal(positions: list, min_calls: int, repeats: int) -> float:
    """legal_actions() right after the Alhambras changed: their caches rebuilt."""
    loops = max(1, min_calls // len(positions))
    alhambras = [[p.alhambra for p in g.players] for g in positions]

    def run():
        for _ in range(loops):
            for g, als in zip(positions, alhambras):
                for a in als:
                    a._changed()
                g.legal_actions()

    run()
    return median_rate(run, loops * len(positions), repeats)


def undo_positions(at: int, count: int, n: int = 4) -> list:
    """Games (random_action, the move record kept) stopped at each of the
    move counts ``at`` .. ``at + UNDO_SPAN - 1``, from ``count`` games long
    enough to get there."""
    out = []
    i = 0
    while len(out) < count * UNDO_SPAN and i < 50 * count:
        seed = SEED + 7000 + i
        g, k = random_game(n, seed, stop_at=at + UNDO_SPAN, record=True)
        i += 1
        if k == at + UNDO_SPAN and not g.is_over:
            out += [random_game(n, seed, stop_at=at + j, record=True)[0] for j in range(UNDO_SPAN)]
    return out


def bench_undo(at: int, count: int, copies: int) -> list:
    """Microseconds of single ``undo()`` calls at moves ``at`` .. ``at + 15``:
    each of ``copies`` copies of those positions is undone once."""
    times = []
    perf = time.perf_counter
    for g in undo_positions(at, count):
        batch = [g.copy() for _ in range(copies)]
        for h in batch:
            t0 = perf()
            h.undo()
            times.append((perf() - t0) * 1e6)
    return times


# ------------------------------------------------------------ the machine
def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def pin_to_one_core() -> str:
    if hasattr(os, "sched_setaffinity"):
        try:
            cpu = min(os.sched_getaffinity(0))
            os.sched_setaffinity(0, {cpu})
            return f"pinned to CPU {cpu}"
        except OSError:
            pass
    return "single process (not pinned)"


def fmt(x: float) -> str:
    return f"{x:,.0f}" if x >= 100 else f"{x:,.1f}"


# ---------------------------------------------------------- one checkout
def table(a) -> None:
    _import_engine(Path(a.checkout).resolve() if a.checkout else HERE)
    games = a.games or (4 if a.quick else 20)
    repeats = a.repeats or (3 if a.quick else 5)
    npos = a.positions or (6 if a.quick else 20)
    min_calls = 300 if a.quick else 3000

    pinned = pin_to_one_core()
    keys = ("games", "games_public", "games_listed", "actions", "actions_public", "legal_cold", "legal",
            "nlegal", "copy")
    rows = {k: [] for k in keys}
    t_start = time.perf_counter()
    for n in PLAYERS:
        print(f"{n} players ...", file=sys.stderr, flush=True)
        rates, apg, _ = bench_games(n, games, repeats, "playout")
        rows["games"].append(statistics.median(rates))
        rows["actions"].append(apg)
        rates, apg, _ = bench_games(n, games, repeats, "public")
        rows["games_public"].append(statistics.median(rates))
        rows["actions_public"].append(apg)
        rows["games_listed"].append(statistics.median(bench_games(n, games, repeats, "listed")[0]))
        pos = mid_game_positions(n, npos)
        rows["legal_cold"].append(bench_cold_legal(pos, min_calls, repeats))
        rows["legal"].append(bench_calls(pos, "legal_actions", min_calls, repeats))
        rows["nlegal"].append(statistics.mean(len(g.legal_actions()) for g in pos))
        rows["copy"].append(bench_calls(pos, "copy", min_calls * 4, repeats))
    undo = {at: statistics.median(bench_undo(at, 4 if a.quick else 10, 5 if a.quick else 20)) for at in UNDO_AT}
    elapsed = time.perf_counter() - t_start

    print(f"Engine benchmark: Python {platform.python_version()} ({platform.python_implementation()}), "
          f"{cpu_model()}, {pinned}")
    print(f"{repeats} passes of {games} random games per player count and path, {npos} mid-game positions; "
          f"medians; seeds fixed; {'CPU time' if a.clock == 'cpu' else 'wall clock'}; {elapsed:.1f} s in all")
    print()
    head = ["", *(f"{n} players" for n in PLAYERS)]
    print("| " + " | ".join(head) + " |")
    print("|" + "|".join(["---"] + ["---:"] * len(PLAYERS)) + "|")
    labels = [
        ("games", "random full games / s, playout path (`random_action`, `play(record=False)`)"),
        ("games_public", "random full games / s, public path (`legal_actions()`, `play()` recorded)"),
        ("games_listed", "random full games / s (`legal_actions(kind)`, `play(record=False)`)"),
        ("actions", "actions per game, playout path"),
        ("actions_public", "actions per game, public path"),
        ("legal_cold", "`legal_actions()` / s, mid-game, after a change"),
        ("legal", "`legal_actions()` / s, mid-game, asked again"),
        ("nlegal", "legal actions per position (mid-game)"),
        ("copy", "`copy()` / s (mid-game)"),
    ]
    for key, label in labels:
        print("| " + " | ".join([label, *(fmt(v) for v in rows[key])]) + " |")
    print()
    u10, u250 = undo[UNDO_AT[0]], undo[UNDO_AT[1]]
    print(f"`undo()` in 4-player games: {u10:.1f} µs at move {UNDO_AT[0]}, {u250:.1f} µs at move "
          f"{UNDO_AT[1]} (ratio {u250 / u10:.2f})")


# ------------------------------------------------- two checkouts in turns
def worker(a) -> None:
    """One turn of --compare: time this process's checkout, print JSON."""
    _import_engine(Path(a.worker))
    pin_to_one_core()
    gc.callbacks.append(_gc_timer)   # (only here: the instruction counts run without it)
    out = {"actions": {}, "rates": {}, "gc": {}}
    for path in ("public", "playout"):
        rates, apg, gc_share = bench_games(a.n, a.games, a.repeats, path, a.warmup)
        out["rates"][path] = rates
        out["actions"][path] = apg
        out["gc"][path] = gc_share
    if a.undo:
        out["undo"] = {str(at): bench_undo(at, 3, 5) for at in UNDO_AT}
    if a.floor:
        out["rates"]["floor"] = floor_rates(a.n, a.games, a.repeats, a.warmup)
    print(json.dumps(out))


def count_worker(a) -> None:
    """One run of --instructions: the warm-up, then ``a.games`` games of one
    path; with ``--part``, the warm-up, then the games of ``--actions``
    replayed (see :data:`PARTS`)."""
    _import_engine(Path(a.count_worker))
    play = PATHS[a.path]
    for s in seeds(a.n, 5, 9):
        play(a.n, s)
    if a.part:
        import pickle
        with open(a.actions, "rb") as f:
            games = pickle.load(f)
        if a.part != "load":
            replay(a.n, games, a.part)
        return
    for s in seeds(a.n, a.games, 1):
        play(a.n, s)


# --parts: a part of a move's work, done at every position of a replayed game
# before its move is played (with the move record but for "unrecorded")
PARTS = {
    "load": None,                 # the baseline: the warm-up and the games read, nothing replayed
    "recorded": lambda g: None,   # play() with the move record alone
    "unrecorded": lambda g: None,  # play(record=False) alone
    "legal": lambda g: g.legal_actions(),
    "redesign": lambda g: g.legal_actions("redesign"),
    "buy": lambda g: g.legal_actions("buy"),
    "take": lambda g: g.legal_actions("take"),
}


def game_actions(n: int, games, path: str) -> list:
    """``(seed, actions)`` of the games ``--instructions`` counts on ``path``
    (``games``: how many, or the seeds themselves)."""
    out = []
    for s in seeds(n, games, 1) if isinstance(games, int) else games:
        g = Game(n, seed=s)
        rng = random.Random(s)
        rand = rng.random
        acts = []
        while not g.is_over:
            if path == "public":
                la = g.legal_actions()
                a = la[int(rand() * len(la))]
            else:
                a = g.random_action(rng)
            acts.append(a)
            g.play(a, record=path == "public")
        out.append((s, acts))
    return out


def replay(n: int, games: list, part: str) -> None:
    """Replay ``games`` (see :func:`game_actions`), doing ``part`` at every position."""
    do = PARTS[part]
    record = part != "unrecorded"
    for s, acts in games:
        g = Game(n, seed=s)
        for a in acts:
            do(g)
            g.play(a, record=record)
        if not g.is_over:
            raise SystemExit(f"the replay of game {s} did not reach the end")


#: what --simulate reads from cachegrind's summary, besides the instructions
SIMULATED = (("I1  misses:", "first-level instruction-cache misses a game, {} path (thousands)"),
             ("D1  misses:", "first-level data-cache misses a game, {} path (thousands)"),
             ("Mispredicts:", "mispredicted branches a game, {} path (thousands)"))


def count_instructions(checkout: Path, a, path: str, games: int, extra: tuple = ()) -> dict:
    """Instructions of a count_worker run under cachegrind (``"I"``) and, with
    ``a.simulate``, its simulated instruction- and data-cache misses and mispredicted branches."""
    sim = ["--cache-sim=yes", "--branch-sim=yes"] if a.simulate else ["--cache-sim=no"]
    cmd = ["valgrind", "--tool=cachegrind", *sim, "--cachegrind-out-file=/dev/null",
           sys.executable, str(Path(__file__).resolve()), "--count-worker", str(checkout),
           "--path", path, "--n", str(a.n), "--games", str(games), *extra]
    env = dict(os.environ, PYTHONHASHSEED="0")
    res = subprocess.run(cmd, capture_output=True, text=True, cwd=str(checkout), env=env)
    out = {}
    for line in res.stderr.splitlines():
        if "I" in line and "refs:" in line:
            out["I"] = int(line.split("refs:")[1].replace(",", "").strip())
        for key, _ in SIMULATED:
            if key in line:
                out[key] = int(line.split(key)[1].split()[0].replace(",", ""))
    if "I" not in out or (a.simulate and len(out) != 1 + len(SIMULATED)):
        raise SystemExit(f"cachegrind gave no count for {checkout} ({path}):\n{res.stderr[-2000:]}")
    return out


def _need_valgrind(option: str) -> None:
    import shutil
    if shutil.which("valgrind") is None:
        raise SystemExit(f"{option} needs valgrind (Debian: apt-get install valgrind)")


def parts(a) -> None:
    """--parts: where the instructions of a game go, on each path, in this
    checkout (or ``--checkout``): the games of ``--instructions`` replayed
    under cachegrind with one part of the work at a time."""
    import pickle
    import tempfile
    _need_valgrind("--parts")
    checkout = Path(a.checkout).resolve() if a.checkout else HERE
    _import_engine(checkout)
    t_start = time.perf_counter()
    whole, share = {}, {}
    with tempfile.TemporaryDirectory() as tmp:
        for path, modes in (("public", ("recorded", "unrecorded", "legal", "redesign", "buy", "take")),
                            ("playout", ("unrecorded",))):
            print(f"{path} path: counting ...", file=sys.stderr, flush=True)
            whole[path] = (count_instructions(checkout, a, path, a.games)["I"]
                           - count_instructions(checkout, a, path, 0)["I"]) / a.games
            file = Path(tmp) / f"{path}.pickle"
            file.write_bytes(pickle.dumps(game_actions(a.n, a.games, path)))
            extra = ("--actions", str(file), "--part")
            base = count_instructions(checkout, a, path, a.games, (*extra, "load"))["I"]
            for mode in modes:
                share[path, mode] = (count_instructions(checkout, a, path, a.games, (*extra, mode))["I"]
                                     - base) / a.games
    elapsed = time.perf_counter() - t_start
    print(f"Engine parts in instructions: Python {platform.python_version()} ({platform.python_implementation()}), "
          f"valgrind cachegrind; {checkout.name}; the games of --instructions ({a.games} a path after a warm-up "
          f"of 5, {a.n} players, seeds fixed) replayed with one part of the work at every position; "
          f"{elapsed:.0f} s in all")
    print()
    for line in parts_table(a.n, whole, share):
        print(line)


def parts_table(n: int, whole: dict, share: dict) -> list:
    """The markdown table of --parts: ``whole[path]`` the instructions of a
    game, ``share[path, part]`` what a replay with ``part`` (see
    :data:`PARTS`) adds to one with nothing (``"load"``)."""
    pub, out = whole["public"], whole["playout"]
    rec, unrec = share["public", "recorded"], share["public", "unrecorded"]
    # a part asked at every position of the recorded replay: what it adds to it
    legal, kinds = share["public", "legal"] - rec, {k: share["public", k] - rec for k in ("redesign", "buy", "take")}
    rows = [
        ("public path, a whole game (`legal_actions()`, one chosen, `play()` recorded)", pub, pub),
        ("`play()` with the move record", rec, pub),
        ("… of which the move record (against `play(record=False)`)", rec - unrec, pub),
        ("`legal_actions()`", legal, pub),
        ("the rest (one chosen, the loop)", pub - rec - legal, pub),
        ("(each kind asked alone: `legal_actions(\"redesign\")`)", kinds["redesign"], pub),
        ("(`legal_actions(\"buy\")`)", kinds["buy"], pub),
        ("(`legal_actions(\"take\")`)", kinds["take"], pub),
        ("playout path, a whole game (`random_action`, `play(record=False)`)", out, out),
        ("`play(record=False)`", share["playout", "unrecorded"], out),
        ("`random_action` and the rest", out - share["playout", "unrecorded"], out),
    ]
    lines = [f"| {n} players | instructions a game (millions) | share of its path |", "|---|---:|---:|"]
    for label, x, of in rows:
        lines.append(f"| {label} | {x / 1e6:,.2f} | {x / of:.0%} |")
    return lines


def compare_instructions(a, sides: dict) -> None:
    _need_valgrind("--instructions")
    t_start = time.perf_counter()
    per_game = {}
    for side, checkout in sides.items():
        for path in ("public", "playout"):
            print(f"{side}, {path} path: counting ...", file=sys.stderr, flush=True)
            base = count_instructions(checkout, a, path, 0)
            full = count_instructions(checkout, a, path, a.games)
            per_game[side, path] = {k: (full[k] - base[k]) / a.games for k in full}
    elapsed = time.perf_counter() - t_start
    other = sides["other"]
    print(f"Engine A/B in instructions: Python {platform.python_version()} ({platform.python_implementation()}), "
          f"valgrind cachegrind; this checkout against {other.name}; {a.games} games a path after a warm-up "
          f"of 5, {a.n} players, seeds fixed; {elapsed:.0f} s in all")
    print()
    print(f"| {a.n} players | this checkout | {other.name} | ratio |")
    print("|---|---:|---:|---:|")
    for path, label in (("public", "instructions a game, public path (millions)"),
                        ("playout", "instructions a game, playout path (millions)")):
        x, y = per_game["this", path]["I"], per_game["other", path]["I"]
        print(f"| {label} | {x / 1e6:,.2f} | {y / 1e6:,.2f} | **{y / x:.2f}×** fewer |")
    if a.simulate:
        for key, label in SIMULATED:
            for path in ("public", "playout"):
                x, y = per_game["this", path][key], per_game["other", path][key]
                print(f"| {label.format(path)} | {x / 1e3:,.1f} | {y / 1e3:,.1f} | **{y / x:.2f}×** fewer |")


def compare(a) -> None:
    other = Path(a.compare).resolve()
    if not (other / "alhambra_widget" / "__init__.py").is_file():
        raise SystemExit(f"{other} holds no alhambra_widget package")
    sides = {"this": HERE, "other": other}
    if a.instructions:
        compare_instructions(a, sides)
        return
    got = {s: {"public": [], "playout": [], "undo10": [], "undo250": [], "actions": None,
               "round_public": [], "round_playout": [], "gc_public": [], "gc_playout": [],
               "round_floor": []} for s in sides}
    t_start = time.perf_counter()
    for r in range(a.rounds):
        order = ("this", "other") if r % 2 == 0 else ("other", "this")
        for side in order:
            print(f"round {r + 1}/{a.rounds}: {side} ...", file=sys.stderr, flush=True)
            cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", str(sides[side]),
                   "--n", str(a.n), "--games", str(a.games), "--repeats", str(a.repeats), "--clock", a.clock]
            if a.warmup is not None:
                cmd += ["--warmup", str(a.warmup)]
            if r < a.undo_rounds:
                cmd.append("--undo")
            if a.floor and side == "this":
                cmd.append("--floor")
            res = subprocess.run(cmd, capture_output=True, text=True, cwd=str(sides[side]))
            if res.returncode:
                raise SystemExit(f"the {side} checkout failed:\n{res.stderr[-2000:]}")
            data = json.loads(res.stdout.strip().splitlines()[-1])
            g = got[side]
            g["public"] += data["rates"]["public"]
            g["playout"] += data["rates"]["playout"]
            for path in ("public", "playout"):
                g["round_" + path].append(statistics.median(data["rates"][path]))
                g["gc_" + path].append(data["gc"][path])
            g["actions"] = data["actions"]
            if "floor" in data["rates"]:
                g["round_floor"].append(statistics.median(data["rates"]["floor"]))
            if "undo" in data:
                g["undo10"] += data["undo"][str(UNDO_AT[0])]
                g["undo250"] += data["undo"][str(UNDO_AT[1])]
    elapsed = time.perf_counter() - t_start
    med = {s: {k: statistics.median(v) for k, v in got[s].items() if k != "actions" and v} for s in sides}
    # the two sides of a round ran one right after the other: their ratio is paired
    paired = {path: sorted(x / y for x, y in zip(got["this"]["round_" + path], got["other"]["round_" + path]))
              for path in ("public", "playout")}

    print(f"Engine A/B: Python {platform.python_version()} ({platform.python_implementation()}), "
          f"{cpu_model()}, each turn pinned to one core; this checkout against {other.name} "
          f"taking turns in {a.rounds} rounds ({a.repeats} passes of {a.games} games on each path per turn "
          f"after a warm-up of {a.games if a.warmup is None else a.warmup}, "
          f"{a.n} players, seeds fixed, {'CPU time' if a.clock == 'cpu' else 'wall clock'}); medians; "
          f"{elapsed:.0f} s in all")
    for path in ("public", "playout"):
        x, y = got["this"]["actions"][path], got["other"]["actions"][path]
        if abs(x - y) > 1e-9:
            print(f"NOTE: the {path} path's games differ between the checkouts ({x:.1f} against {y:.1f} "
                  "actions a game): not the same games")
    print()
    print(f"| {a.n} players | this checkout | {other.name} | ratio (rounds) |")
    print("|---|---:|---:|---:|")
    for path, label in (("public", "random games / s, public path (`legal_actions()` + `play()` recorded)"),
                        ("playout", "random games / s, playout path (`random_action` + `play(record=False)`)")):
        x, y = med["this"][path], med["other"][path]
        r = paired[path]
        print(f"| {label} | {fmt(x)} | {fmt(y)} | **{statistics.median(r):.2f}×** ({r[0]:.2f}–{r[-1]:.2f}) |")
    if got["this"]["round_floor"]:
        r = sorted(x / y for x, y in zip(got["this"]["round_floor"], got["other"]["round_public"]))
        print(f"| the public path's games with listing the redesigns free (`--floor`: a bound, this checkout "
              f"only) | {fmt(statistics.median(got['this']['round_floor']))} | {fmt(med['other']['public'])} | "
              f"**{statistics.median(r):.2f}×** ({r[0]:.2f}–{r[-1]:.2f}) |")
    for path in ("public", "playout"):
        print(f"| actions per game, {path} path | {got['this']['actions'][path]:.1f} | "
              f"{got['other']['actions'][path]:.1f} | |")
    for path in ("public", "playout"):
        print(f"| time spent collecting garbage, {path} path | {med['this']['gc_' + path]:.1%} | "
              f"{med['other']['gc_' + path]:.1%} | |")
    if med["this"].get("undo10") and med["other"].get("undo10"):
        for at in UNDO_AT:
            x, y = med["this"][f"undo{at}"], med["other"][f"undo{at}"]
            print(f"| `undo()` at move {at}, µs (4 players) | {x:,.1f} | {y:,.1f} | {x / y:.3f} |")
        r_this = med["this"]["undo250"] / med["this"]["undo10"]
        r_other = med["other"]["undo250"] / med["other"]["undo10"]
        print(f"| `undo()` at move {UNDO_AT[1]} / at move {UNDO_AT[0]} | {r_this:.2f} | {r_other:.2f} | |")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, help="random games per repeat and player count (default 20; quick 4)")
    ap.add_argument("--repeats", type=int, help="timed repeats per figure, median reported (default 5; quick 3; "
                    "with --compare 2 per turn)")
    ap.add_argument("--positions", type=int, help="mid-game positions per player count (default 20; quick 6)")
    ap.add_argument("--quick", action="store_true", help="small numbers: a rough figure in a few seconds")
    ap.add_argument("--compare", metavar="OTHER_CHECKOUT",
                    help="time this checkout and OTHER_CHECKOUT in turns (4 players) and report the ratios")
    ap.add_argument("--rounds", type=int, default=11, help="with --compare: turns of each checkout (default 11)")
    ap.add_argument("--undo-rounds", type=int, default=3,
                    help="with --compare: the first rounds also time undo() (default 3)")
    ap.add_argument("--n", type=int, default=4, help="with --compare: players (default 4)")
    ap.add_argument("--warmup", type=int, help="with --compare: games each path plays before it is timed "
                    "(default: as many as --games; a few hundred show a long session, its caches full)")
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                    help="time the games by the process's CPU time (default: steadier on a shared machine) "
                         "or by the wall clock")
    ap.add_argument("--checkout", metavar="PATH",
                    help="without --compare: measure the engine of another checkout (its table alone)")
    ap.add_argument("--instructions", action="store_true",
                    help="with --compare: count machine instructions a game under valgrind instead of timing")
    ap.add_argument("--simulate", action="store_true",
                    help="with --instructions: also count cachegrind's simulated first-level instruction- and data-cache "
                         "misses and mispredicted branches (slower)")
    ap.add_argument("--parts", action="store_true",
                    help="where a game's instructions go (the move record, legal_actions and its kinds, "
                         "random_action), counted under valgrind in this checkout or --checkout")
    ap.add_argument("--floor", action="store_true",
                    help="with --compare: also time this checkout's public-path games replayed with listing the "
                         "redesigns free (how far the public path could go if that part cost nothing)")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--count-worker", help=argparse.SUPPRESS)
    ap.add_argument("--path", choices=tuple(PATHS), default="public", help=argparse.SUPPRESS)
    ap.add_argument("--undo", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--part", choices=tuple(PARTS), help=argparse.SUPPRESS)
    ap.add_argument("--actions", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    global CLOCK
    CLOCK = time.process_time if a.clock == "cpu" else time.perf_counter
    if a.count_worker:
        count_worker(a)
    elif a.worker:
        a.games = a.games or 20
        a.repeats = a.repeats or 2
        worker(a)
    elif a.parts:
        a.games = a.games or (2 if a.quick else 10)
        parts(a)
    elif a.compare:
        a.games = a.games or (4 if a.quick else 20)
        a.repeats = a.repeats or (1 if a.quick else 2)
        if a.quick:
            a.rounds = min(a.rounds, 2)
            a.undo_rounds = min(a.undo_rounds, 1)
        compare(a)
    else:
        table(a)


if __name__ == "__main__":
    main()
