"""The benchmark scripts run and report what the README quotes from them.

These are not timings (speed is measured by the scripts themselves, never by
a test): a few tiny runs check that the figures the README takes from the
scripts are printed at all, in the form it quotes them.
"""

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_script(*args, timeout=300) -> str:
    r = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    return r.stdout


def test_engine_compare_reports_paired_ratios_and_the_same_games():
    out = run_script("benchmarks/bench_engine.py", "--compare", ".", "--rounds", "2", "--undo-rounds", "1",
                     "--games", "2", "--repeats", "1", "--warmup", "1")
    assert "after a warm-up of 1," in out
    for path in ("public", "playout"):
        row = next(line for line in out.splitlines() if line.startswith(f"| time spent collecting garbage, {path}"))
        shares = [float(x) for x in re.findall(r"(\d+\.\d)%", row)]
        assert len(shares) == 2 and all(0 <= x < 100 for x in shares), row
    for path in ("public", "playout"):
        row = next(line for line in out.splitlines() if line.startswith("| random games / s, " + path))
        m = re.search(r"\*\*(\d+\.\d\d)×\*\* \((\d+\.\d\d)–(\d+\.\d\d)\) \|$", row)
        assert m, row
        mid, lo, hi = map(float, m.groups())
        assert 0 < lo <= mid <= hi
        # the checkout against itself plays the very same games
        row = next(line for line in out.splitlines() if line.startswith(f"| actions per game, {path} path"))
        this, other = re.findall(r"\| ([\d.]+) ", row)
        assert this == other
    assert "NOTE" not in out
    assert "`undo()` at move 250 / at move 10" in out


def test_engine_compare_with_floor_times_the_public_games_with_the_redesign_listing_free():
    out = run_script("benchmarks/bench_engine.py", "--compare", ".", "--rounds", "2", "--undo-rounds", "0",
                     "--games", "2", "--repeats", "1", "--warmup", "1", "--floor")
    row = next(line for line in out.splitlines() if line.startswith("| the public path's games with listing"))
    m = re.search(r"\| ([\d,.]+) \| ([\d,.]+) \| \*\*(\d+\.\d\d)×\*\* \((\d+\.\d\d)–(\d+\.\d\d)\) \|$", row)
    assert m, row
    mid, lo, hi = map(float, m.groups()[2:])
    assert 0 < lo <= mid <= hi


def test_the_budget_line_in_parts_prints_its_paired_gain():
    out = run_script("benchmarks/bench_bots.py", "--line", "mcts-budget", "--games", "4", "--budget", "8",
                     "--steps", "quarter,full")
    m = re.search(r"the gain from 2 to 8 iterations over the same (\d+) games, paired: "
                  r"([+-]\d+\.\d) points \[95% CI ([+-]\d+\.\d) to ([+-]\d+\.\d)\]", out)
    assert m, out[-2000:]
    games, gain, lo, hi = int(m.group(1)), *map(float, m.groups()[1:])
    assert games == 4 and lo <= gain <= hi
    rates = re.search(r"win rate by budget: 2: ([\d.]+)% .* / 8: ([\d.]+)% ", out)
    assert rates, out[-2000:]
    assert abs(float(rates.group(2)) - float(rates.group(1)) - gain) < 0.11


def _bench_engine():
    import importlib.util
    spec = importlib.util.spec_from_file_location("bench_engine", ROOT / "benchmarks" / "bench_engine.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod._import_engine(ROOT)
    return mod


def test_engine_parts_replay_the_written_games_with_each_part():
    """--parts counts replays under valgrind; here the replays themselves:
    every part replays the written games to their end, and a cut list is refused."""
    b = _bench_engine()
    for path in ("public", "playout"):
        games = b.game_actions(4, 1, path)
        (seed, acts), = games
        assert acts and seed == b.seeds(4, 1, 1)[0]
        for part in b.PARTS:
            if part != "load":
                b.replay(4, games, part)   # raises SystemExit unless every game reaches its end
        with pytest.raises(SystemExit, match="did not reach the end"):
            b.replay(4, [(seed, acts[:-3])], "recorded")


def test_engine_parts_table_adds_up():
    b = _bench_engine()
    whole = {"public": 30e6, "playout": 12e6}
    share = {("public", "recorded"): 12e6, ("public", "unrecorded"): 9e6, ("public", "legal"): 27e6,
             ("public", "redesign"): 20e6, ("public", "buy"): 16e6, ("public", "take"): 13e6,
             ("playout", "unrecorded"): 6e6}
    rows = {line.split(" | ")[0].lstrip("| "): line.split(" | ")[1:] for line in b.parts_table(4, whole, share)[2:]}
    assert rows["`play()` with the move record"] == ["12.00", "40% |"]
    assert rows["… of which the move record (against `play(record=False)`)"] == ["3.00", "10% |"]
    assert rows["`legal_actions()`"] == ["15.00", "50% |"]
    assert rows["the rest (one chosen, the loop)"] == ["3.00", "10% |"]
    assert rows["(`legal_actions(\"buy\")`)"] == ["4.00", "13% |"]
    assert rows["`random_action` and the rest"] == ["6.00", "50% |"]


def test_search_instructions_count_a_checkout_against_itself():
    import shutil
    if shutil.which("valgrind") is None:
        pytest.skip("valgrind is not installed")
    out = run_script("benchmarks/bench_bots.py", "--line", "search-instructions", "--other", ".",
                     "--iterations", "5", "--players", "2")
    counts = [float(x.replace(",", "")) for x in re.findall(r": ([\d,.]+) million instructions a search", out)]
    assert len(counts) == 2 and all(c > 0 for c in counts), out
    m = re.search(r": (\d\.\d{3}) \((\d\.\d\d)x the instructions of this checkout\); the same moves", out)
    assert m and abs(float(m.group(1)) - 1) < 0.02, out


def test_view_compare_times_the_same_positions_in_both_checkouts():
    out = run_script("benchmarks/bench_view.py", "--compare", ".", "--rounds", "2", "--positions", "2",
                     "--at", "40", "--repeats", "2")
    assert "NOTE" not in out   # (the checkout against itself: the very same positions)
    row = next(line for line in out.splitlines() if line.startswith("| `view(game)`, ms"))
    m = re.search(r"\| ([\d.]+) \| ([\d.]+) \| \*\*(\d+\.\d\d)×\*\* \((\d+\.\d\d)–(\d+\.\d\d)\) \|$", row)
    assert m, row
    this, other, mid, lo, hi = map(float, m.groups())
    assert this > 0 and other > 0 and 0 < lo <= mid <= hi
    size = next(line for line in out.splitlines() if line.startswith("| a view as JSON, bytes"))
    this_b, other_b = re.findall(r"\| ([\d,]+) ", size)
    assert this_b == other_b and int(this_b.replace(",", "")) > 1000
