"""How strong and how fast are the bots? A benchmark script, not a test.

    nice -n 19 .venv/bin/python benchmarks/bench_bots.py --line LINE [--games N] [--workers W]

Lines (the strength targets of the issue; 4-player games unless said
otherwise, seats rotated, paired seeds -- every seed is played with every
rotation of the seats):

=================  ==========================================  ==============  ======
line               what                                        target          games
=================  ==========================================  ==============  ======
greedy-vs-random   Greedy against three Random                 >= 95% wins     1000
mcts-vs-greedy     MCTS, 1000 iterations a move, vs 3 Greedy   >= 40% wins     200
mcts-budget        the same at 50, 200 and 1000 iterations     rising          200 each
mcts-vs-flat       2 players: MCTS vs FlatMC, same budget      >= 55% wins     200
speed              analyse(seconds=1) latency; MCTS            <= 1.2 s;       --
                   iterations per second mid-game, one core    >= 1000 it/s
=================  ==========================================  ==============  ======

``--games`` scales a line down (rounded up to whole rotations); ``--budget``
changes the MCTS iterations of mcts-vs-greedy and mcts-vs-flat. Games run in a
local process pool (``--workers``, default: every core). Each line prints the
win rate with its 95% Wilson interval, the wall time it took, the mean CPU
time per game and what the full line would take on this machine.

The MCTS lines take hours at full size (each line prints its estimate): run them with
``nice -n 19`` on a machine you may load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout, too

from alhambra_widget import Game  # noqa: E402
from alhambra_widget.analysis import analyse, tournament  # noqa: E402
from alhambra_widget.bots import MCTS, FlatMC, Greedy, Random  # noqa: E402

SEED = 20240701
FULL = {"greedy-vs-random": 1000, "mcts-vs-greedy": 200, "mcts-budget": 200, "mcts-vs-flat": 200}


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
        if first.ci_low >= target:
            verdict = "met (the whole interval is above it)"
        elif first.ci_high < target:
            verdict = "MISSED (the whole interval is below it)"
        else:
            verdict = f"not decided by {int(first.games)} games (the interval holds it)"
        line += f"; target {target:.0%}: {verdict}"
    print(line, flush=True)
    print(summary.to_string(float_format=lambda x: f"{x:.3f}"), flush=True)
    return first.win_rate, per_game


def estimate(line, per_game, workers):
    total = FULL[line] * (3 if line == "mcts-budget" else 1)
    hours = total * per_game / max(1, workers) / 3600
    print(f"  full line ({total} games at {per_game:.1f} CPU s each on {workers} worker(s)): about {hours:.1f} h",
          flush=True)


def mid_game_positions(n, count, seed=SEED):
    """Positions halfway through Greedy games (bag about half empty)."""
    out = []
    for k in range(count):
        g = Game(n, seed=seed + k)
        bots = [Greedy(seed=seed + k * 10 + i) for i in range(n)]
        while len(g.bag) > 25 and not g.is_over:
            g.play(bots[g.current_player].choose(g), record=False)
        while len(g.legal_actions()) < 2 and not g.is_over:
            g.play(bots[g.current_player].choose(g), record=False)
        if not g.is_over:
            out.append(g)
    return out


def speed(repeats):
    print("## speed (one core, this process)")
    for n in (2, 4, 6):
        rates_cpu, rates_wall = [], []
        for g in mid_game_positions(n, repeats):
            bot = MCTS(iterations=1000, seed=1)
            c0, w0 = time.process_time(), time.perf_counter()
            r = bot.search(g)
            rates_cpu.append(r.iterations / max(1e-9, time.process_time() - c0))
            rates_wall.append(r.iterations / (time.perf_counter() - w0))
        print(f"MCTS {n} players mid-game: {statistics.median(rates_cpu):.0f} iterations per CPU second "
              f"(min {min(rates_cpu):.0f}); {statistics.median(rates_wall):.0f} per wall second", flush=True)
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


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--line", required=True, choices=list(FULL) + ["speed"])
    ap.add_argument("--games", type=int, help="games per line (default: the full line)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--budget", type=int, default=1000, help="MCTS iterations a move")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--repeats", type=int, default=5, help="speed: positions per player count")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    line = args.line
    if line == "speed":
        speed(args.repeats)
    else:
        games = args.games or FULL[line]
        print(f"## {line}: {games} games, {args.workers} worker(s)", flush=True)
        if line == "greedy-vs-random":
            _, pg = run("Greedy vs 3 Random", [Greedy(), Random(), Random(), Random()], games, args.seed,
                        args.workers, target=0.95)
        elif line == "mcts-vs-greedy":
            _, pg = run(f"MCTS({args.budget}) vs 3 Greedy", [MCTS(iterations=args.budget), Greedy(), Greedy(), Greedy()],
                        games, args.seed, args.workers, target=0.40)
        elif line == "mcts-budget":
            rates, times = [], []
            for budget in (50, 200, 1000):
                r, pg = run(f"MCTS({budget}) vs 3 Greedy", [MCTS(iterations=budget), Greedy(), Greedy(), Greedy()],
                            games, args.seed, args.workers)
                rates.append(r)
                times.append(pg)
            print("win rate by budget 50 / 200 / 1000: " + " / ".join(f"{r:.1%}" for r in rates)
                  + ("  (rising)" if rates[0] < rates[1] < rates[2] else "  (NOT rising)"), flush=True)
            pg = statistics.mean(times)
        else:
            _, pg = run(f"2 players: MCTS({args.budget}) vs FlatMC({args.budget})",
                        [MCTS(iterations=args.budget), FlatMC(iterations=args.budget)], games, args.seed,
                        args.workers, target=0.55)
        estimate(line, pg, args.workers)
    print(f"line {line} took {time.perf_counter() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()
