"""Shared helpers for the rules-engine tests.

The helpers set up exact positions by assigning engine attributes directly
(``g.market``, ``g.bag``, ``g.players[i].hand`` ...) while keeping every one of
the 54 tiles and every money card accounted for, so ``g.check()`` still holds.

Rules reference: docs/rules/RULES.md (rule ids S*, T*, P*, C*, E*, D*, X*).
"""

from __future__ import annotations

import asyncio
import csv
import os
import threading
from collections import Counter

import pytest
from hypothesis import settings

from alhambra_widget import Alhambra, Game, IllegalMove, card, tile
from alhambra_widget import ScoringCard
from alhambra_widget.engine.money import full_deck

# Property-based tests (hypothesis): new examples on every run here, to find what no one thought
# of; under CI=true the same examples on every run (derandomized), so that a change lands or not
# on its own merits. New ground is searched on purpose with a seed: pytest --hypothesis-seed=N.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI", "").lower() not in ("", "0", "false"):
    settings.load_profile("ci")

RULES_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "rules")
TILES_CSV = os.path.join(RULES_DIR, "tiles.csv")

#: Tile ids with no wall at all (10 of them), handy to build open areas.
OPEN_IDS = (7, 14, 22, 23, 31, 32, 41, 42, 52, 53)


def read_tiles_csv():
    with open(TILES_CSV, newline="") as f:
        return list(csv.DictReader(f))


def cards_of(*specs):
    """``cards_of("dirham 4", "florin 2")`` -> list of money cards."""
    out = []
    for sp in specs:
        cur, val = sp.split()
        out.append(card(cur, int(val)))
    return out


def SC(k: int):
    """Scoring card 1 or 2 (as kept in the money deck)."""
    return ScoringCard(k)


# ---------------------------------------------------------------- tiles

def arrange_tiles(g: Game, *, market=None, alhambras=None, reserves=None, dirk=None,
                  pending=None, bag=None, rest="bag"):
    """Put named tiles exactly where a test wants them.

    * ``market``: list of 4 tile ids (or None for an empty slot);
      unspecified: the current market, with claimed tiles replaced from the rest.
    * ``alhambras``: ``{seat: {(x, y): tile_id}}``; unlisted seats keep theirs.
    * ``reserves``: ``{seat: [tile_id, ...]}``; unlisted seats keep theirs.
    * ``dirk``: list of tile ids; unspecified: Dirk keeps his unclaimed tiles.
    * ``pending``: list of ``(seat, tile_id)``; unspecified: keep.
    * ``bag``: list of tile ids (kept sorted by id, as the engine keeps it);
      unspecified: every tile not placed elsewhere.
    * ``rest``: where tiles not placed anywhere go when ``bag`` is given:
      ``"bag"`` (only allowed if bag is None), ``"dirk"`` or ``("reserve", seat)``.
    """
    claimed = []
    if market is not None:
        assert len(market) == 4
        claimed += [t for t in market if t is not None]
    for m in (alhambras or {}).values():
        claimed += list(m.values())
    for r in (reserves or {}).values():
        claimed += list(r)
    if dirk is not None:
        claimed += list(dirk)
    if pending is not None:
        claimed += [t for _, t in pending]
    if bag is not None:
        claimed += list(bag)
    dup = [k for k, v in Counter(claimed).items() if v > 1]
    assert not dup, f"tiles {dup} claimed twice"
    claimed_set = set(claimed)

    # new alhambras / reserves
    new_alh = {}
    for i, p in enumerate(g.players):
        if alhambras is not None and i in alhambras:
            new_alh[i] = Alhambra.from_tiles({pos: tile(t) for pos, t in alhambras[i].items()})
        else:
            assert not any(t.id in claimed_set for t in p.alhambra.tiles()), \
                "a claimed tile lies in an Alhambra that is kept"
            new_alh[i] = p.alhambra
    new_res = {}
    for i, p in enumerate(g.players):
        if reserves is not None and i in reserves:
            new_res[i] = [tile(t) for t in sorted(reserves[i])]
        else:
            new_res[i] = [t for t in p.reserve if t.id not in claimed_set]
    new_pending = ([(s, tile(t)) for s, t in pending] if pending is not None
                   else [(s, t) for s, t in g.pending if t.id not in claimed_set])
    new_dirk = ([tile(t) for t in dirk] if dirk is not None
                else [t for t in g.dirk if t.id not in claimed_set])

    used = set(claimed_set)
    for i in new_alh:
        used |= {t.id for t in new_alh[i].tiles()}
        used |= {t.id for t in new_res[i]}
    used |= {t.id for _, t in new_pending}
    used |= {t.id for t in new_dirk}

    if market is not None:
        new_market = [tile(t) if t is not None else None for t in market]
    else:
        new_market = [t if (t is not None and t.id not in claimed_set) else None for t in g.market]
        used |= {t.id for t in new_market if t is not None}
    free = sorted(set(range(1, 55)) - used)
    if market is None:
        for k in range(4):
            if new_market[k] is None and g.market[k] is not None:
                new_market[k] = tile(free.pop(0))
    if bag is None:
        new_bag = [tile(t) for t in free]
    else:
        new_bag = [tile(t) for t in sorted(bag)]
        leftover = [tile(t) for t in free]
        if leftover:
            assert rest != "bag", "bag given: say where the other tiles go (rest=)"
            if rest == "dirk":
                new_dirk = new_dirk + leftover
            else:
                kind, seat = rest
                assert kind == "reserve"
                new_res[seat] = sorted(new_res[seat] + leftover, key=lambda t: t.id)

    for i, p in enumerate(g.players):
        p.alhambra = new_alh[i]
        p.reserve = sorted(new_res[i], key=lambda t: t.id)
    g.market = new_market
    g.bag = new_bag
    g.dirk = sorted(new_dirk, key=lambda t: t.id)
    g.pending = new_pending
    g.check()
    return g


# ---------------------------------------------------------------- money

def arrange_money(g: Game, *, hands=None, money=None, deck_top=(), discard=(), rest="deck"):
    """Put named money cards where a test wants them.

    * ``hands``: ``{seat: [cards]}``; seats not listed get an EMPTY hand.
    * ``money``: the face-up money market (default: empty).
    * ``deck_top``: cards on top of the deck, top first; may contain
      ``SC(1)``/``SC(2)``. Scoring cards not named here are left out of the game.
    * ``discard``: the discard pile.
    * ``rest``: where all other money cards go: ``"deck"`` (under deck_top, in
      card order), ``"discard"`` or ``("hand", seat)``.
    """
    full = Counter(full_deck(g.n))
    hands = {i: list(hands.get(i, [])) for i in range(g.n)} if hands else {i: [] for i in range(g.n)}
    money = list(money or [])
    deck_top = list(deck_top)
    discard = list(discard)
    given = Counter()
    for h in hands.values():
        given.update(h)
    given.update(money)
    given.update(c for c in deck_top if not isinstance(c, ScoringCard))
    given.update(discard)
    over = given - full
    assert not over, f"more copies than the game has: {dict(over)}"
    leftover = sorted((full - given).elements())
    deck_under = []
    if rest == "deck":
        deck_under = leftover
    elif rest == "discard":
        discard = discard + leftover
    else:
        kind, seat = rest
        assert kind == "hand"
        hands[seat] = hands[seat] + leftover
    for i, p in enumerate(g.players):
        p.hand = sorted(hands[i])
    g.money = money
    # the deck list has its top at the END
    g.deck = list(reversed(deck_under)) + list(reversed(deck_top))
    g.discard = discard
    g.check()
    return g


def rebase(g: Game) -> Game:
    """A game whose record starts at the current (hand-arranged) position, so
    that undo and the JSON record work from here on."""
    return Game.from_json(g.copy(history=False).to_json())


def assert_refused(g: Game, action, rule):
    """``play(action)`` raises IllegalMove citing ``rule`` (or one of a tuple
    of acceptable ids) and changes nothing -- ``to_json()`` is identical."""
    before = g.to_json()
    legal = g.legal_actions()
    with pytest.raises(IllegalMove) as ei:
        g.play(action)
    rules = rule if isinstance(rule, tuple) else (rule,)
    assert ei.value.rule in rules, f"expected rule {rule}, got {ei.value.rule}: {ei.value}"
    assert not g.is_legal(action)
    assert g.to_json() == before, "a refused action changed the game"
    assert g.legal_actions() == legal
    assert g.to_json() == before, "a refused action changed the game"
    return ei.value


def alhambra_of(placed: dict) -> Alhambra:
    """``{(x, y): tile_id}`` -> a checked Alhambra."""
    return Alhambra.from_tiles({pos: tile(t) for pos, t in placed.items()})


def ring_3x3():
    """A 3x3 block around the fountain whose outer walls form one closed
    ring of 12 wall sides and whose inner sides are all open."""
    return {
        (-1, -1): 4,   # walls N, W
        (0, -1): 5,    # wall N
        (1, -1): 9,    # walls N, E
        (1, 0): 6,     # wall E
        (1, 1): 3,     # walls E, S
        (0, 1): 13,    # wall S
        (-1, 1): 2,    # walls S, W
        (-1, 0): 12,   # wall W
    }


_START = threading.Thread.start   # (before any test refuses threads: see no_threads)


@pytest.fixture
def no_threads(monkeypatch):
    """Python as Pyodide runs it (JupyterLite, marimo in the browser): a thread
    cannot start. Yields the names of the threads tried."""
    tried = []

    def refuse(self):
        tried.append(self.name)
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refuse)
    return tried


def run_session(session):
    """``asyncio.run(session())`` in a thread of its own (started even while threads are
    refused), where no other event loop runs: the test process may run one in this thread
    (Playwright's, after a browser test). Returns what the session returns."""
    out = {}

    def main():
        try:
            out["value"] = asyncio.run(session())
        except BaseException as e:   # (raised again here, in the test)
            out["error"] = e

    th = threading.Thread(target=main, name="test-session", daemon=True)
    _START(th)
    th.join(300)
    assert not th.is_alive(), "the session did not end"
    if "error" in out:
        raise out["error"]
    return out["value"]


@pytest.fixture
def g2():
    return Game(["Ana", "Ben"], seed=11, start_player=0)


@pytest.fixture
def g3():
    return Game(["Ana", "Ben", "Chi"], seed=7, start_player=0)


# ------------------------------------------------- independent reference rules
# Written from RULES.md only (not from the engine), to cross-check the engine.

_STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
_OPP = {"N": "S", "S": "N", "E": "W", "W": "E"}


def _walls_at(placed, p):
    t = placed[p]
    return t.walls


def ref_problem(placed: dict):
    """First broken rule of a whole Alhambra ``{(x, y): Tile}`` (fountain
    included at (0, 0)), checking P1, P6, P3, P4, P5 -- or None."""
    if (0, 0) not in placed or not placed[(0, 0)].is_fountain:
        return "P6"
    for p, t in placed.items():
        if not t.is_fountain and t.is_turned:
            return "P1"
    for (x, y), t in placed.items():
        for s, (dx, dy) in _STEP.items():
            q = (x + dx, y + dy)
            if q in placed and ((s in t.walls) != (_OPP[s] in placed[q].walls)):
                return "P3"
    seen = {(0, 0)}
    todo = [(0, 0)]
    while todo:
        x, y = todo.pop()
        for s, (dx, dy) in _STEP.items():
            q = (x + dx, y + dy)
            if q in placed and q not in seen and s not in placed[(x, y)].walls \
                    and _OPP[s] not in placed[q].walls:
                seen.add(q)
                todo.append(q)
    if len(seen) != len(placed):
        return "P4"
    if ref_holes(placed):
        return "P5"
    return None


def ref_holes(placed) -> set:
    """Empty cells that cannot reach the unbounded outside."""
    xs = [p[0] for p in placed]
    ys = [p[1] for p in placed]
    x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    outside = {(x0, y0)}
    todo = [(x0, y0)]
    while todo:
        x, y = todo.pop()
        for dx, dy in _STEP.values():
            q = (x + dx, y + dy)
            if x0 <= q[0] <= x1 and y0 <= q[1] <= y1 and q not in placed and q not in outside:
                outside.add(q)
                todo.append(q)
    return {(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)
            if (x, y) not in placed and (x, y) not in outside}


def ref_why_not_place(placed: dict, t, pos):
    """Rule (order P6, P2, P3, P4, P5) that forbids placing tile ``t`` on ``pos``."""
    if pos in placed or t.is_fountain or any(u.id == t.id for u in placed.values()):
        return "P6"
    x, y = pos
    nbrs = [(s, (x + dx, y + dy)) for s, (dx, dy) in _STEP.items() if (x + dx, y + dy) in placed]
    if not nbrs:
        return "P2"
    for s, q in nbrs:
        if (s in t.walls) != (_OPP[s] in placed[q].walls):
            return "P3"
    new = dict(placed)
    new[pos] = t
    r = ref_problem(new)
    if r == "P4":
        return "P4"
    if r == "P5":
        return "P5"
    assert r is None, r
    return None


def ref_why_not_remove(placed: dict, pos):
    if pos == (0, 0):
        return "P6"
    new = dict(placed)
    del new[pos]
    r = ref_problem(new)
    return r


def ref_wall_edges(placed: dict) -> list:
    """External wall sides as corner-to-corner edges."""
    corners = {"N": ((0, 0), (1, 0)), "E": ((1, 0), (1, 1)), "S": ((0, 1), (1, 1)), "W": ((0, 0), (0, 1))}
    out = []
    for (x, y), t in placed.items():
        for s in t.walls:
            dx, dy = _STEP[s]
            if (x + dx, y + dy) not in placed:
                (ax, ay), (bx, by) = corners[s]
                out.append(((x + ax, y + ay), (x + bx, y + by)))
    return out


def ref_longest_trail(edges: list) -> int:
    """Longest trail (each edge at most once, vertices may repeat): brute force."""
    adj = {}
    for i, (u, v) in enumerate(edges):
        adj.setdefault(u, []).append(i)
        adj.setdefault(v, []).append(i)
    best = 0
    used = [False] * len(edges)

    def walk(v, length):
        nonlocal best
        best = max(best, length)
        for e in adj[v]:
            if not used[e]:
                used[e] = True
                u, w = edges[e]
                walk(w if u == v else u, length + 1)
                used[e] = False

    for v in adj:
        walk(v, 0)
    return best


def placed_of(a) -> dict:
    """``{(x, y): Tile}`` of an engine Alhambra, fountain included."""
    return dict(a.items())


def legal_of(g: Game, cls) -> list:
    """The legal actions of one form (class), e.g. ``legal_of(g, Remove)``."""
    return [a for a in g.legal_actions() if isinstance(a, cls)]
