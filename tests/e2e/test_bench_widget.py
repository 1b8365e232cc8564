"""The widget benchmark's own parts run in the browser tests' Chromium (a few
repetitions, no timing judged): a benchmark that no longer finds what it
measures fails here, not on the day its figures are next needed."""

from __future__ import annotations

import importlib.util

from .conftest import ROOT


def _bench():
    spec = importlib.util.spec_from_file_location("bench_widget", ROOT / "benchmarks" / "bench_widget.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_pointing_rows_time_each_case_and_the_board_marks_the_refusal(browser):
    bench = _bench()
    reps = 4
    r = bench.bench_pointing(browser, reps)
    assert set(r) == {"legal", "plain", "marked", "marks"}
    for case in ("legal", "plain", "marked"):
        assert len(r[case]) == reps, (case, r[case])
    # every pointing at the spot whose refusal says where (5 warm-up times, then the timed ones)
    # marked it on the board
    assert r["marks"] == reps + 5
