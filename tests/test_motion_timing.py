"""The bot waits until the page has shown the last move (js/motion.js): in a
kernel, at least as long as the move's animation; outside one (scripts,
tests) just ``bot_delay``."""

import re
from pathlib import Path

import test_widget  # noqa: F401  (builds the front end bundle before AlhambraWidget is imported)
from alhambra_widget import AlhambraWidget
from alhambra_widget import widget as W
from alhambra_widget.bots import Greedy

ROOT = Path(__file__).resolve().parents[1]


def test_the_kernel_knows_how_long_the_page_animates_a_move():
    js = (ROOT / "js" / "motion.js").read_text()
    ms = {k: int(v) for k, v in re.findall(r"export const (MOVE_MS|SCORE_MS) = (\d+);", js)}
    assert ms == {"MOVE_MS": round(W.MOVE_SECONDS * 1000), "SCORE_MS": round(W.SCORE_SECONDS * 1000)}


def test_a_bot_waits_at_least_as_long_as_the_last_move_is_animated():
    w = AlhambraWidget(players=["You", Greedy(seed=1)], seed=1, bot_delay=0, autoplay=False)
    g = w.game
    assert w._bot_wait() == 0                       # no move yet
    w.play(g.legal_actions()[0])
    assert w._bot_wait() == 0                       # outside a kernel nobody watches: bot_delay
    w._runner.loop = object()                       # in a kernel (a page may be drawing the moves)
    assert w._bot_wait() == W.motion_seconds(g.moves[-1]) == W.MOVE_SECONDS
    w.bot_delay = 2.0
    assert w._bot_wait() == 2.0                     # a longer delay stays
    class Scored:          # a move that played a scoring round: its points count up after it
        rounds = (1,)
    assert W.motion_seconds(Scored) == W.MOVE_SECONDS + W.SCORE_SECONDS
    w.close()
