"""JSON views the front-end tests draw (js/fixtures/*.json), made by the real
engine and :func:`alhambra_widget.view.view`, so the JavaScript is tested on
exactly what Python sends.

Each position is kept as a game record (tests/js_fixture_records/*.json);
``tests/test_widget.py`` loads every record and checks that its view is still
the committed fixture. When the view changes on purpose, regenerate both::

    .venv/bin/python tests/js_fixtures.py            # views from the records
    .venv/bin/python tests/js_fixtures.py --new      # new random positions too
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from alhambra_widget import Game  # noqa: E402
from alhambra_widget.view import view  # noqa: E402

FIXTURES = ROOT / "js" / "fixtures"
RECORDS = Path(__file__).resolve().parent / "js_fixture_records"

#: fixture name -> (record name, seat)
VIEWS = {
    "hotseat-3p": ("hotseat-3p", None),
    "buy-3p": ("buy-3p", None),
    "seated-2p-place": ("place-2p", 0),
    "seated-2p-other": ("place-2p", 1),
    "over-4p": ("over-4p", None),
}


def _play_until(game, rng, stop, limit=5000):
    for _ in range(limit):
        if stop(game):
            return game
        game.play(rng.choice(game.legal_actions(rng.choice(game.legal_kinds()))))
    raise AssertionError("the position was not reached")


def _buy_and_take(g):
    if g.phase != "action":
        return False
    buys, takes = g.legal_actions("buy"), g.legal_actions("take")
    return (any(b.total == g.market[b.slot - 1].price and len(b.cards) > 1 for b in buys)
            and any(len(t.cards) > 1 for t in takes))


def new_positions() -> dict:
    """Random games played to the positions the front-end tests need."""
    out = {}
    # 3 players, hot-seat: the player to act has a reserve tile and a board
    out["hotseat-3p"] = _play_until(Game(["Ana", "Ben", "Chi"], seed=7), random.Random(5),
                                    lambda g: g.phase == "action" and g.player.reserve and len(g.player.alhambra) >= 3)
    # 3 players: an exact payment is possible and several cards can be taken together
    out["buy-3p"] = _play_until(Game(["Ana", "Ben", "Chi"], seed=3), random.Random(1), _buy_and_take)
    # 2 players (Dirk): player 0 places a bought tile
    out["place-2p"] = _play_until(Game(["Ana", "Ben"], seed=11), random.Random(3),
                                  lambda g: g.phase == "place" and g.current == 0 and g.turn > 6)
    # 4 players, game over
    out["over-4p"] = _play_until(Game(4, seed=21), random.Random(8), lambda g: g.is_over)
    return out


def load_positions() -> dict:
    return {p.stem: Game.from_json(p.read_text()) for p in sorted(RECORDS.glob("*.json"))}


def fixtures(games: dict | None = None) -> dict:
    """Fixture name -> view, with what the widget adds to the view."""
    games = load_positions() if games is None else games
    out = {}
    for name, (record, seat) in VIEWS.items():
        v = view(games[record], seat)
        v.update({"replay": None, "live_moves": v["moves"], "can_undo": v["moves"] > 0, "can_redo": False})
        out[name] = v
    return out


def text_of(v) -> str:
    return json.dumps(v, indent=1, sort_keys=True) + "\n"


def main(new: bool):
    if new:
        RECORDS.mkdir(parents=True, exist_ok=True)
        for name, g in new_positions().items():
            (RECORDS / f"{name}.json").write_text(g.to_json() + "\n")
            print("wrote", RECORDS / f"{name}.json")
    FIXTURES.mkdir(parents=True, exist_ok=True)
    for name, v in fixtures().items():
        (FIXTURES / f"{name}.json").write_text(text_of(v))
        print("wrote", FIXTURES / f"{name}.json")


if __name__ == "__main__":
    main("--new" in sys.argv[1:])
