"""How strong and how fast are the bots? A benchmark script, not a test.

    nice -n 19 .venv/bin/python benchmarks/bench_bots.py --line LINE [--games N] [--workers W]

Lines (the strength targets of the issue; 4-player games unless said
otherwise, seats rotated, paired seeds -- every seed is played with every
rotation of the seats -- and 95% Wilson intervals):

================  ===============================================  ================  ========
line              what                                             target            games
================  ===============================================  ================  ========
greedy-vs-random  Greedy against three Random                      >= 95% wins       1000
mcts-vs-greedy    MCTS at its default budget against three Greedy  >= 50% wins       300
mcts-budget       the same at a quarter, half and all of it        +5 points         300 each
mcts-vs-b1f69d2   2 players: MCTS against the MCTS of commit       >= 60% wins       300
                  b1f69d2, the same seconds a move (``--seconds``)
mcts-vs-flat      2 players: MCTS vs FlatMC, same budget           >= 55% wins       200
review            review() of a 4-player game, 0.5 s a move        < 180 s           --
speed             analyse(seconds=1) latency; MCTS iterations per  <= 1.2 s          --
                  second and seconds per move at the default
                  budget, mid-game, one core
search-           machine instructions of an MCTS search (valgrind  --                --
instructions      cachegrind), this checkout and ``--other DIR``
================  ===============================================  ================  ========

``--games`` scales a line down (rounded up to whole rotations); ``--budget``
sets the MCTS iterations a move (default: MCTS's own default),
``--widening`` MCTS's widening, ``--evaluation hand`` runs the lines with
the hand-written evaluation instead of the learned one.
``mcts-vs-b1f69d2`` needs that commit's bots:
``git archive b1f69d2 alhambra_widget | tar -x -C DIR`` and ``--old DIR``;
they play in a subprocess that imports them from DIR and receives every
position as a game record. Games run in a local process pool
(``--workers``, default 1) or, with ``--workers 1``, in this process. Each
line prints the win rate with its 95% Wilson interval, the wall time it
took, the mean CPU time per game and what the full line would take on this
machine (the budget line also the gain from its first step to its last
over the same games, paired, with a 95% interval); ``--log FILE``
appends every finished game as a JSON line (a progress record for long
runs).

The strength lines take hours at full size: run them with ``nice -n 19``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout, too

from alhambra_widget import Game  # noqa: E402
from alhambra_widget.analysis import analyse, review, tournament  # noqa: E402
from alhambra_widget.analysis.stats import wilson  # noqa: E402
from alhambra_widget.analysis.tournament import _bot_seed  # noqa: E402
from alhambra_widget.bots import MCTS, Bot, FlatMC, Greedy, Random, play_game  # noqa: E402
from alhambra_widget.bots.mcts import DEFAULT_ITERATIONS  # noqa: E402

SEED = 20240701
FULL = {"greedy-vs-random": 1000, "mcts-vs-greedy": 300, "mcts-budget": 300, "mcts-vs-b1f69d2": 300,
        "mcts-vs-flat": 200}


def verdict(ci_low, ci_high, target, games):
    if ci_low >= target:
        return "met (the whole interval is above it)"
    if ci_high < target:
        return "MISSED (the whole interval is below it)"
    return f"not decided by {games} games (the interval holds it)"


def run(title, players, games, seed, workers, target=None):
    t0 = time.perf_counter()
    table, summary = tournament(players, games=games, seed=seed, workers=workers, progress=True)
    wall = time.perf_counter() - t0
    first = summary.iloc[0]
    per_game = float(table.cpu_seconds.mean())
    line = (f"{title}: {first.name} won {first.wins:g} of {int(first.games)} = {first.win_rate:.1%} "
            f"[95% CI {first.ci_low:.1%}-{first.ci_high:.1%}], mean margin {first.mean_margin:+.1f}; "
            f"{wall:.0f} s wall, {per_game:.2f} CPU s a game")
    if target is not None:
        line += f"; target {target:.0%}: {verdict(first.ci_low, first.ci_high, target, int(first.games))}"
    print(line, flush=True)
    print(summary.to_string(float_format=lambda x: f"{x:.3f}"), flush=True)
    wins = table.set_index(["seed", "rotation"])[f"{first.name} win"]   # the first entry's, game by game
    return first.win_rate, per_game, first, wins


def paired_gain(before, after):
    """The mean gain in wins per game from ``before`` to ``after`` (per-game
    wins indexed by seed and rotation: the same games) and its 95% interval
    (normal approximation over the paired differences)."""
    d = (after - before.reindex(after.index)).dropna()
    n = len(d)
    mean = float(d.mean())
    half = 1.96 * float(d.std(ddof=1)) / n ** 0.5 if n > 1 else float("nan")
    return mean, mean - half, mean + half


def estimate(line, per_game, workers, games=None):
    total = (games or FULL[line]) * (3 if line == "mcts-budget" else 1)
    hours = total * per_game / max(1, workers) / 3600
    print(f"  full line ({total} games at {per_game:.1f} s each on {workers} worker(s)): about {hours:.1f} h",
          flush=True)


def mid_game_positions(n, count, seed=SEED):
    """Positions halfway through Greedy games (bag about half empty)."""
    out = []
    for k in range(count):
        g = Game(n, seed=seed + k)
        bots = [Greedy(seed=seed + k * 10 + i) for i in range(n)]
        while len(g.bag) > 25 and not g.is_over:
            g.play(bots[g.current].choose(g), record=False)
        while len(g.legal_actions()) < 2 and not g.is_over:
            g.play(bots[g.current].choose(g), record=False)
        if not g.is_over:
            out.append(g)
    return out


def speed(repeats, evaluation):
    print("## speed (one core, this process)")
    for n in (2, 4, 6):
        rates_cpu, rates_wall, per_move = [], [], []
        for g in mid_game_positions(n, repeats):
            bot = MCTS(iterations=1000, seed=1, evaluation=evaluation)
            c0, w0 = time.process_time(), time.perf_counter()
            r = bot.search(g)
            rates_cpu.append(r.iterations / max(1e-9, time.process_time() - c0))
            rates_wall.append(r.iterations / (time.perf_counter() - w0))
            c0 = time.process_time()
            MCTS(seed=1, evaluation=evaluation).search(g)
            per_move.append(time.process_time() - c0)
        print(f"MCTS {n} players mid-game: {statistics.median(rates_cpu):.0f} iterations per CPU second "
              f"(min {min(rates_cpu):.0f}); {statistics.median(rates_wall):.0f} per wall second; the default "
              f"budget ({DEFAULT_ITERATIONS} iterations) takes {statistics.median(per_move):.2f} CPU s a move "
              f"(max {max(per_move):.2f})", flush=True)
    lat = []
    iters = []
    for n in (2, 4, 6):
        for g in mid_game_positions(n, repeats):
            t0 = time.perf_counter()
            rows = analyse(g, seconds=1)
            lat.append(time.perf_counter() - t0)
            iters.append(rows.attrs["iterations"])
    print(f"analyse(seconds=1): median {statistics.median(lat):.3f} s, max {max(lat):.3f} s over {len(lat)} "
          f"positions (target <= 1.2 s); {statistics.median(iters):.0f} iterations", flush=True)


def review_line(seed, seconds):
    print(f"## review: a 4-player Greedy game, {seconds} s a move")
    bots = [Greedy(seed=seed + i) for i in range(4)]
    g = play_game(bots, seed=seed, record=True)
    moves = sum(1 for m in g.moves if m.player is not None)
    t0 = time.perf_counter()
    df = review(g, seconds_per_move=seconds, progress=True)
    took = time.perf_counter() - t0
    grades = df.grade.value_counts().to_dict()
    print(f"review() of {moves} moves ({int(df.forced.sum())} forced) at {seconds} s a move: {took:.0f} s "
          f"(target < 180 s: {'met' if took < 180 else 'MISSED'}); grades {grades}", flush=True)


# ------------------------------------------- instructions of a search (valgrind)
_SEARCH_COUNT = r"""
import random, sys
sys.path.insert(0, sys.argv[1])
from alhambra_widget import Game
from alhambra_widget.bots import MCTS
n, k, its = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
pos = []
for s in range(3):
    g = Game(n, seed=s)
    rng = random.Random(s)
    for _ in range(30 + 30 * s):
        g.play(g.random_action(rng))
    pos.append(g)
MCTS(iterations=20, seed=1).choose(pos[0])   # (modules and tables warmed first)
print([str(MCTS(iterations=its, seed=1).choose(g)) for g in pos[:k]])
"""


def search_instructions(checkouts, n, its):
    """Instructions of an MCTS search of ``its`` iterations in three seeded
    positions, per checkout: a run with the searches less one without, under
    valgrind's cachegrind (the same figure run after run). The searches are
    seeded, so two checkouts that search alike choose the same moves."""
    import shutil
    if shutil.which("valgrind") is None:
        raise SystemExit("search-instructions needs valgrind (Debian: apt-get install valgrind)")

    def count(checkout, k):
        cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
               sys.executable, "-c", _SEARCH_COUNT, str(checkout), str(n), str(k), str(its)]
        r = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, PYTHONHASHSEED="0"))
        refs = [line for line in r.stderr.splitlines() if "I" in line and "refs:" in line]
        if r.returncode or not refs:
            raise SystemExit(f"the count failed for {checkout}:\n{r.stderr[-2000:]}")
        return int(refs[0].split("refs:")[1].replace(",", "")), r.stdout.strip()

    print(f"## instructions of an MCTS search: {its} iterations, {n} players, 3 positions, valgrind cachegrind")
    got = {}
    for checkout in checkouts:
        base, _ = count(checkout, 0)
        full, moves = count(checkout, 3)
        got[checkout] = ((full - base) / 3, moves)
        print(f"{checkout}: {got[checkout][0] / 1e6:,.1f} million instructions a search; moves {moves}", flush=True)
    if len(checkouts) == 2:
        (a, ma), (b, mb) = got[checkouts[0]], got[checkouts[1]]
        print(f"{checkouts[1]} / {checkouts[0]}: {b / a:.3f} ({b / a:.2f}x the instructions of this checkout); "
              f"{'the same moves' if ma == mb else 'OTHER MOVES'}")


# ------------------------------------------------- the MCTS of another commit
_SERVER = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from alhambra_widget import Game
from alhambra_widget.bots import MCTS
import alhambra_widget
print("ready " + alhambra_widget.__file__, flush=True)
bot, key = None, None
for line in sys.stdin:
    req = json.loads(line)
    if req["key"] != key:
        key = req["key"]
        bot = MCTS(seconds=req["seconds"], seed=req["seed"])
    g = Game.from_json(json.dumps(req["record"]))
    print(str(bot.choose(g)), flush=True)
"""

_PROCS = {}


class OtherMCTS(Bot):
    """The MCTS of another checkout (``path`` holds its ``alhambra_widget``),
    with a ``seconds`` budget, playing in a subprocess that receives every
    position as a game record (the position only, no history: it reads
    what its own engine reads, hidden order included, and resamples the
    hidden part itself, as every bot does)."""

    name = "MCTS b1f69d2"

    def __init__(self, path, seconds, seed=None):
        super().__init__(seed)
        self.path, self.seconds = str(path), seconds
        self._game = 0

    def spawn(self, seed):
        twin = super().spawn(seed)
        OtherMCTS._games = getattr(OtherMCTS, "_games", 0) + 1
        twin._game = OtherMCTS._games  # a fresh bot in the subprocess for every game
        return twin

    def _server(self):
        proc = _PROCS.get(self.path)
        if proc is None or proc.poll() is not None:
            proc = subprocess.Popen([sys.executable, "-c", _SERVER, self.path], stdin=subprocess.PIPE,
                                    stdout=subprocess.PIPE, text=True, cwd=self.path)
            hello = proc.stdout.readline().strip()
            if not hello.startswith("ready ") or not hello[6:].startswith(str(Path(self.path).resolve())):
                raise RuntimeError(f"the other checkout's bots did not start: {hello!r}")
            _PROCS[self.path] = proc
        return proc

    def choose(self, game, seat=None):
        self._check_seat(game, seat)
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        rec = json.loads(game.to_json())
        rec["start"], rec["history"] = rec["state"], []
        proc = self._server()
        proc.stdin.write(json.dumps({"key": self._game, "seed": self.seed, "seconds": self.seconds,
                                     "record": rec}) + "\n")
        proc.stdin.flush()
        text = proc.stdout.readline().strip()
        if not text:
            raise RuntimeError("the other checkout's bot stopped (its error is above)")
        for a in legal:
            if str(a) == text:
                return a
        return text  # a larger payment than any listed one: play() reads the notation


def head_to_head(old, seconds, games, seed, log):
    """2 players: MCTS(seconds) against the other checkout's MCTS(seconds),
    seats rotated and seeds paired, in this process."""
    ours = MCTS(seconds=seconds)
    theirs = OtherMCTS(old, seconds)
    labels = ["MCTS", "MCTS b1f69d2"]
    pairs = (games + 1) // 2
    wins = 0.0
    played = 0
    cpu = []
    stalled = []
    t0 = time.perf_counter()
    for k in range(pairs):
        for r in range(2):
            entry_at = [(s + r) % 2 for s in range(2)]
            bots = [(ours, theirs)[e].spawn(_bot_seed(seed + k, r, e)) for e in entry_at]
            w0 = time.perf_counter()
            try:
                g = play_game(bots, seed=seed + k, names=[labels[e] for e in entry_at], record=False)
            except RuntimeError as e:  # a game that does not end: left out, and said so
                stalled.append((seed + k, r, str(e)))
                print(f"seed {seed + k}, rotation {r}: {e}; left out", flush=True)
                continue
            cpu.append(time.perf_counter() - w0)  # wall: the other bot thinks in its own process
            mine = entry_at.index(0)
            w = 1.0 / len(g.winners) if mine in g.winners else 0.0
            wins += w
            played += 1
            if log:
                with open(log, "a", encoding="utf-8") as f:
                    f.write(json.dumps({"line": "mcts-vs-b1f69d2", "seed": seed + k, "rotation": r,
                                        "scores": g.scores, "ours": mine, "win": w, "wins": wins,
                                        "games": played, "wall": time.perf_counter() - t0}) + "\n")
    lo, hi = wilson(wins, played)
    print(f"2 players, {seconds} s a move: MCTS won {wins:g} of {played} = {wins / played:.1%} "
          f"[95% CI {lo:.1%}-{hi:.1%}] against the MCTS of b1f69d2; {time.perf_counter() - t0:.0f} s wall; "
          f"target 60%: {verdict(lo, hi, 0.60, played)}"
          + (f"; {len(stalled)} game(s) that did not end left out" if stalled else ""), flush=True)
    return statistics.mean(cpu)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--line", required=True, choices=list(FULL) + ["speed", "review", "search-instructions"])
    ap.add_argument("--games", type=int, help="games per line (default: the full line)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--budget", type=int, default=DEFAULT_ITERATIONS, help="MCTS iterations a move")
    ap.add_argument("--seconds", type=float, default=0.5, help="mcts-vs-b1f69d2, review: seconds a move")
    ap.add_argument("--evaluation", default="learned", choices=["learned", "hand"])
    ap.add_argument("--widening", type=float, help="MCTS's widening (default: MCTS's own default)")
    ap.add_argument("--old", default="/tmp/b1f69d2", help="mcts-vs-b1f69d2: the other checkout")
    ap.add_argument("--steps", default="quarter,half,full",
                    help="mcts-budget: which budgets to play (a long line can be run in parts)")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--repeats", type=int, default=5, help="speed: positions per player count")
    ap.add_argument("--log", help="append a JSON line per finished game (mcts-vs-b1f69d2)")
    ap.add_argument("--other", help="search-instructions: another checkout to count beside this one")
    ap.add_argument("--players", type=int, default=4, help="search-instructions: players")
    ap.add_argument("--iterations", type=int, default=150, help="search-instructions: MCTS iterations a search")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    line = args.line
    ev = args.evaluation
    b = args.budget
    knobs = {} if args.widening is None else {"widening": args.widening}
    if line == "speed":
        speed(args.repeats, ev)
    elif line == "search-instructions":
        here = Path(__file__).resolve().parent.parent
        search_instructions([here] + ([Path(args.other).resolve()] if args.other else []), args.players,
                            args.iterations)
    elif line == "review":
        review_line(args.seed, args.seconds)
    else:
        games = args.games or FULL[line]
        print(f"## {line}: {games} games, {args.workers} worker(s), evaluation {ev}", flush=True)
        if line == "greedy-vs-random":
            _, pg, _, _ = run("Greedy vs 3 Random", [Greedy(), Random(), Random(), Random()], games, args.seed,
                              args.workers, target=0.95)
        elif line == "mcts-vs-greedy":
            _, pg, _, _ = run(f"MCTS({b}) vs 3 Greedy", [MCTS(iterations=b, evaluation=ev, **knobs), Greedy(), Greedy(), Greedy()],
                              games, args.seed, args.workers, target=0.50)
        elif line == "mcts-budget":
            rates, times, firsts, per_game_wins = [], [], [], []
            steps = {"quarter": b // 4, "half": b // 2, "full": b}
            budgets = [steps[k] for k in args.steps.split(",")]
            for budget in budgets:
                r, pg, first, wins = run(f"MCTS({budget}) vs 3 Greedy",
                                         [MCTS(iterations=budget, evaluation=ev, **knobs), Greedy(), Greedy(), Greedy()],
                                         games, args.seed, args.workers)
                rates.append(r)
                times.append(pg)
                firsts.append(first)
                per_game_wins.append(wins)
            gain = rates[-1] - rates[0] if len(rates) == 3 else None
            if gain is None:  # some steps only (a long line run in parts)
                print("win rate by budget: " + " / ".join(
                    f"{bu}: {r:.1%} [{f.ci_low:.1%}-{f.ci_high:.1%}]" for bu, r, f in zip(budgets, rates, firsts)),
                    flush=True)
            else:
                print(f"win rate by budget {' / '.join(map(str, budgets))}: "
                      + " / ".join(f"{r:.1%} [{f.ci_low:.1%}-{f.ci_high:.1%}]" for r, f in zip(rates, firsts))
                      + f"; two doublings add {gain * 100:+.1f} points "
                        f"(target +5: {'met' if gain >= 0.05 else 'MISSED'})", flush=True)
            if len(budgets) > 1:   # (with any two steps or more: the first against the last)
                g, lo, hi = paired_gain(per_game_wins[0], per_game_wins[-1])
                print(f"  the gain from {budgets[0]} to {budgets[-1]} iterations over the same "
                      f"{len(per_game_wins[-1])} games, paired: "
                      f"{g * 100:+.1f} points [95% CI {lo * 100:+.1f} to {hi * 100:+.1f}]", flush=True)
            pg = statistics.mean(times)
        elif line == "mcts-vs-b1f69d2":
            pg = head_to_head(args.old, args.seconds, games, args.seed, args.log)
        else:
            _, pg, _, _ = run(f"2 players: MCTS({b}) vs FlatMC({b})",
                              [MCTS(iterations=b, evaluation=ev), FlatMC(iterations=b, evaluation=ev)], games,
                              args.seed, args.workers, target=0.55)
        estimate(line, pg, args.workers, None)
    print(f"line {line} took {time.perf_counter() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()
