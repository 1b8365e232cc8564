"""The lessons of the tutorial: positions, tasks and checks (pure Python).

A :class:`Lesson` is a few :class:`Step` s. A step sets up its own position
(``setup(names)`` returns a fresh :class:`~alhambra_widget.engine.Game`; the
learner is always seat 0), names the rules it teaches, and says when its task
is done (``goal(game, action)``, asked after every action the engine
accepted). A step without a goal is read, not played.

Every text lives in the ``tutorial.json`` catalogues, under
``tutorial.<lesson>.title`` and ``tutorial.<lesson>.<step>.text`` / ``.task``
/ ``.done`` (``.why.<rule>``: what a refusal by that rule means in this
position). ``solution`` and ``wrong`` are what a scripted learner does (the
tests play them through the widget): the moves that complete the step, in the
notation the front end sends, and wrong tries with the rule that refuses
them. ``("op", name)`` in a solution or a wrong try is a lesson button
(``turn``: try the tile turned, which the rules forbid -- P1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..engine import actions as A
from ..engine.game import SCORING, Game
from ..engine.money import CURRENCIES
from ..engine.tiles import BY_ID

__all__ = ["Lesson", "Step", "LESSONS", "freeze"]


@dataclass(frozen=True)
class Step:
    key: str
    setup: Callable
    goal: Callable | None = None
    solution: tuple = ()
    wrong: tuple = ()
    #: lesson buttons this step offers besides Back/Replay/Next: {"turn": (tile id, (x, y), quarter turns)}
    ops: dict = field(default_factory=dict)
    #: placeholders of the done text, from the game once the goal is reached
    params: Callable | None = None
    #: show the empty cells that touch the Alhambra only at a corner (they are refused: P2)
    corners: bool = False

    @property
    def reading(self) -> bool:
        return self.goal is None


@dataclass(frozen=True)
class Lesson:
    key: str
    rules: tuple
    steps: tuple


# ----------------------------------------------------------------- helpers
def freeze(game: Game) -> Game:
    """Make the position reached so far the start of the game's history
    (a lesson's setup may play moves to get there; undo stops here)."""
    game.forget_moves()
    return game


def _scoring_next(game: Game, round_: int) -> Game:
    """Put scoring card ``round_`` on top of the money deck: the refill at the
    end of this turn draws it (C1)."""
    card = SCORING[round_]
    game.deck.remove(card)
    game.deck.append(card)
    return freeze(game)


def _placed(tile_id, pos=None):
    def goal(game, action):
        spot = game.players[0].alhambra.position_of(tile_id)
        return spot is not None and (pos is None or spot == pos)
    return goal


def _turn_over(game, action):
    """Your turn is over: every bought tile is placed (or reserved)."""
    return game.current != 0 or game.is_over or (game.phase == "action" and game.turn > 1)


def _scored(round_):
    def goal(game, action):
        return any(r["round"] == round_ and not r.get("preset") for r in game.rounds)
    return goal


def _round_points(round_):
    def params(game):
        rec = next(r for r in game.rounds if r["round"] == round_ and not r.get("preset"))
        out = {}
        for i, who in enumerate(("you", "ben", "chi")[:game.n]):
            out[who] = rec["points"][i]
            out[f"{who}_walls"] = rec["walls"][i]
            out[f"{who}_buildings"] = sum(rec["buildings"][i])
        return out
    return params


# ---------------------------------------------------------------- lessons
# Tiles by id (docs/rules/tiles.csv): walls N E S W.
#   7 pavilion 8 -, 12 seraglio 7 W, 13 seraglio 8 S, 14 seraglio 9 -, 16 arcades 5 NW,
#   20 arcades 8 N, 22/23 arcades 9/10 -, 31/32 chambers 10/11 -, 38 garden 9 E,
#   41/42 garden 10/11 -, 43 garden 12 S, 44 tower 7 NEW, 47 tower 9 NE, 49 tower 10 W,
#   50 tower 11 N, 51 tower 11 S, 52/53 tower 11/12 -, 54 tower 13 E.

def _goal_setup(names):
    return Game.from_position(
        names[:2], seed=101,
        hands=[["florin 2", "dirham 3", "dinar 5", "ducat 6"], ["dirham 4", "dinar 7", "ducat 9"]],
        alhambras=[{(1, 0): 47, (-1, 0): 16, (0, 1): 41}, {(1, 0): 7, (0, -1): 50}],
        market=[22, 12, 38, 54], money=["florin 3", "dirham 1", "dinar 6", "ducat 2"])


def _money_setup(names):
    return Game.from_position(
        names[:2], seed=102, hands=[["ducat 4"], ["dinar 5"]],
        market=[22, 12, 38, 54], money=["florin 2", "dirham 7", "dinar 3", "ducat 1"])


def _buy_setup(names):
    return Game.from_position(
        names[:2], seed=103,
        hands=[["florin 2", "dirham 3", "dirham 4", "dinar 4", "dinar 6"], ["ducat 5"]],
        market=[22, 12, 38, 54], money=["florin 3", "dirham 1", "dinar 8", "ducat 2"])


def _buy_setup_extra(names):
    g = _buy_setup(names)
    g.play("buy 2 with dirham 3+4")
    return freeze(g)


def _buy_setup_place(names):
    g = _buy_setup_extra(names)
    g.play("buy 3 with dinar 4+6")
    return freeze(g)


def _bought(names, alhambra, slot, tile, seed, market=None):
    """You have just bought ``tile`` in slot ``slot`` (paying one more than the
    price: no change, no extra action): it waits to be placed at the end of
    your turn (T4)."""
    mk = list(market or [22, 14, 31, 53])
    mk[slot - 1] = tile
    cur = CURRENCIES[slot - 1].value
    price = BY_ID[tile].price + 1
    values = [price] if price <= 9 else [9, price - 9]
    pay = f"{cur} {'+'.join(map(str, sorted(values)))}"
    g = Game.from_position(names[:2], seed=seed, hands=[list(A.parse_cards(pay)), ["ducat 5"]],
                           alhambras=[alhambra, {}], market=mk,
                           money=["florin 3", "dinar 8", "ducat 2"])
    g.play(f"buy {slot} with {pay}")
    return freeze(g)


def _p1_setup(names):
    return _bought(names, {}, 4, 44, seed=104)


def _p3_setup(names):
    return _bought(names, {(1, 0): 47}, 1, 13, seed=105)


def _p4_setup(names):
    return _bought(names, {(1, 0): 6}, 4, 49, seed=106, market=[22, 14, 31, 53])


def _p2_setup(names):
    return _bought(names, {(1, 0): 7}, 4, 41, seed=107, market=[22, 14, 31, 53])


def _p5_setup(names):
    return _bought(names, {(1, 0): 7, (2, 0): 22, (2, 1): 23, (0, 1): 31, (0, 2): 32},
                   4, 41, seed=108, market=[12, 14, 38, 53])


def _p5_big_setup(names):
    return _bought(names, {(1, 0): 7, (2, 0): 22, (3, 0): 23, (3, 1): 31, (3, 2): 32, (2, 2): 14,
                           (0, 1): 41, (0, 2): 52}, 4, 42, seed=109, market=[12, 20, 38, 54])


def _remove_setup(names):
    return Game.from_position(
        names[:2], seed=110, hands=[["dinar 2"], ["ducat 5"]],
        alhambras=[{(1, 0): 7, (2, 0): 22, (3, 0): 23, (0, 1): 31, (1, 1): 32, (2, 1): 14,
                    (0, 2): 41, (1, 2): 42}, {}],
        market=[12, 20, 38, 54], money=["florin 3", "dirham 1", "dinar 8", "ducat 2"])


def _build_setup(names):
    return Game.from_position(
        names[:2], seed=111, hands=[["dinar 2"], ["ducat 5"]],
        alhambras=[{(1, 0): 47}, {}], reserves=[[12], []],
        market=[22, 20, 38, 54], money=["florin 3", "dirham 1", "dinar 8", "ducat 2"])


def _swap_setup(names):
    return Game.from_position(
        names[:2], seed=112, hands=[["dinar 2"], ["ducat 5"]],
        alhambras=[{(1, 0): 20}, {}], reserves=[[12, 50], []],
        market=[22, 7, 38, 54], money=["florin 3", "dirham 1", "dinar 8", "ducat 2"])


def _round1_setup(names):
    g = Game.from_position(
        names[:3], seed=113, hands=[["dinar 2"], ["ducat 5"], ["florin 4"]],
        alhambras=[{(1, 0): 52, (2, 0): 53}, {(1, 0): 54, (0, 1): 41}, {(1, 0): 42, (0, 1): 43}],
        market=[22, 7, 38, 12], money=["florin 3", "dirham 1", "dinar 8", "ducat 2"])
    return _scoring_next(g, 1)


def _round2_setup(names):
    g = Game.from_position(
        names[:3], seed=114, hands=[["dinar 2"], ["ducat 5"], ["florin 4"]],
        alhambras=[{(1, 0): 52, (2, 0): 53}, {(1, 0): 47, (0, 1): 51}, {(0, -1): 50}],
        scores=[6, 1, 6], rounds_played=1,
        market=[22, 7, 38, 12], money=["florin 3", "dirham 1", "dinar 8", "ducat 2"])
    return _scoring_next(g, 2)


def _wall_setup(names):
    return _bought(names, {(-1, 0): 16, (1, 0): 47}, 4, 44, seed=115,
                   market=[22, 14, 31, 53])


def _inner_wall_setup(names):
    return _bought(names, {(1, 0): 47, (1, 1): 7, (2, 1): 22}, 2, 12, seed=116,
                   market=[23, 14, 31, 53])


def _end_setup(names):
    you = {(1, 0): 52, (2, 0): 53}
    ben = {(1, 0): 47, (0, 1): 51}
    chi = {(0, -1): 50}
    market = [41, 14, 23, 7]
    used = {*you.values(), *ben.values(), *chi.values(), *market}
    rest = [i for i in range(1, 55) if i not in used]
    half = len(rest) // 2
    return Game.from_position(
        names[:3], seed=117, hands=[["florin 4", "ducat 9"], ["dirham 5"], ["dirham 5"]],
        alhambras=[you, ben, chi], reserves=[[], rest[:half], rest[half:]],
        scores=[30, 32, 25], rounds_played=2, market=market,
        money=["florin 3", "dirham 1", "dinar 8", "ducat 2"])


def _end_setup_awarded(names):
    g = _end_setup(names)
    g.play("buy 4 with ducat 9")
    g.play("place 7 at 0,-1")
    return freeze(g)


def _dirk_setup(names):
    return Game.from_position(
        names[:2], seed=118, hands=[["florin 9"], ["ducat 5"]],
        alhambras=[{(1, 0): 7}, {(1, 0): 47, (0, 1): 51}],
        dirk=[1, 8, 15, 24, 33, 45], market=[44, 14, 31, 53],
        money=["florin 3", "dirham 1", "dinar 8", "ducat 2"])


def _dirk_scoring_setup(names):
    g = Game.from_position(
        names[:2], seed=119, hands=[["dinar 2"], ["ducat 5"]],
        alhambras=[{(1, 0): 41, (0, 1): 42, (2, 0): 52}, {(1, 0): 43}],
        dirk=[33, 34, 35, 1, 8, 15], market=[22, 7, 31, 12],
        money=["florin 3", "dirham 1", "dinar 8", "ducat 2"])
    return _scoring_next(g, 1)


def _took_several(game, action):
    return type(action) is A.TakeMoney and len(action.cards) > 1


def _took_big(game, action):
    return type(action) is A.TakeMoney and len(action.cards) == 1 and action.cards[0].value > 5


def _exact_then_extra(game, action):
    return type(action) is A.Buy and action.slot == 2 and game.extra


def _overpaid(game, action):
    return type(action) is A.Buy and game.phase == "place"


def _any_take(game, action):
    return type(action) is A.TakeMoney


def _removed(game, action):
    return type(action) is A.Remove


def _built(game, action):
    return type(action) is A.Build


def _swapped(game, action):
    return type(action) is A.Swap


def _final(game, action):
    return game.final or game.is_over


def _over(game, action):
    return game.is_over


def _wall_is(n):
    def goal(game, action):
        return game.players[0].alhambra.longest_wall() == n
    return goal


def _to_dirk(tile_id):
    def goal(game, action):
        return any(t.id == tile_id for t in game.dirk)
    return goal


def _wall_params(game):
    return {"wall": game.players[0].alhambra.longest_wall()}


def _end_params(game):
    rec = game.rounds[-1]
    names = game.names
    win = [names[i] for i in game.winners]   # (a list: joined in the language of the text)
    return {"you": rec["points"][0], "ben": rec["points"][1], "chi": rec["points"][2],
            "you_total": game.players[0].score, "ben_total": game.players[1].score,
            "chi_total": game.players[2].score, "winner": win}


def _dirk_params(game):
    rec = next(r for r in game.rounds if r["round"] == 1)
    # Dirk's own points of the round (D3, X8): recorded apart from the players' scores
    return {"you": rec["points"][0], "ben": rec["points"][1], "dirk": len(game.dirk),
            "dirk_points": sum(rec["dirk"])}


OP = "op"

LESSONS: tuple = (
    Lesson("goal", ("S1", "T", "C1", "C2", "C4"), (
        Step("intro", _goal_setup),
        Step("turn", _goal_setup, goal=_any_take, solution=("take dinar 6",)),
    )),
    Lesson("money", ("T1",), (
        Step("several", _money_setup, goal=_took_several, solution=("take florin 2, dinar 3",),
             wrong=(("take florin 2, dinar 3, ducat 1", "T1"),)),
        Step("one", _money_setup, goal=_took_big, solution=("take dirham 7",),
             wrong=(("take dirham 7, ducat 1", "T1"),)),
    )),
    Lesson("buy", ("T2", "T2a", "T4"), (
        Step("exact", _buy_setup, goal=_exact_then_extra, solution=("buy 2 with dirham 3+4",),
             wrong=(("buy 2 with dirham 3, dinar 4", "T2"), ("buy 2 with dirham 4", "T2"))),
        Step("change", _buy_setup_extra, goal=_overpaid, solution=("buy 3 with dinar 4+6",),
             wrong=(("buy 3 with dinar 6", "T2"),)),
        Step("place", _buy_setup_place, goal=_turn_over,
             solution=("place 12 at 0,-1", "place 38 at 0,1"), wrong=(("place 12 at 1,0", "P3"),)),
    )),
    Lesson("place", ("P1", "P3", "P4"), (
        Step("turned", _p1_setup, goal=_placed(44), solution=("place 44 at 0,-1",),
             wrong=((OP, "turn", "P1"), ("place 44 at 0,1", "P3")), ops={"turn": (44, (0, 1), 2)}),
        Step("walls", _p3_setup, goal=_placed(13), solution=("place 13 at 0,1",),
             wrong=(("place 13 at 0,-1", "P3"), ("place 13 at 2,0", "P3"))),
        Step("access", _p4_setup, goal=_placed(49), solution=("place 49 at 1,-1",),
             wrong=(("place 49 at 2,0", "P4"),)),
    )),
    Lesson("holes", ("P2", "P5"), (
        Step("contact", _p2_setup, goal=_placed(41), solution=("place 41 at 2,0",),
             wrong=(("place 41 at 2,1", "P2"), ("place 41 at -1,-1", "P2")), corners=True),
        Step("hole", _p5_setup, goal=_placed(41), solution=("place 41 at 1,1",),
             wrong=(("place 41 at 1,2", "P5"),)),
        Step("big", _p5_big_setup, goal=_placed(42), solution=("place 42 at 2,1",),
             wrong=(("place 42 at 1,2", "P5"), ("place 42 at 1,1", "P5"))),
    )),
    Lesson("redesign", ("T3", "T3a", "T3b", "T3c", "P6", "P7"), (
        Step("remove", _remove_setup, goal=_removed, solution=("remove 3,0",),
             wrong=(("remove 2,0", "P4"), ("remove 1,1", "P5"), ("remove 0,0", "P6"))),
        Step("build", _build_setup, goal=_built, solution=("build 12 at 0,1",),
             wrong=(("build 12 at 1,-1", "P3"), ("build 12 at 2,0", "P4"))),
        Step("swap", _swap_setup, goal=_swapped, solution=("swap 50 at 1,0",),
             wrong=(("swap 12 at 1,0", "P3"), ("swap 50 at 0,0", "P6"))),
    )),
    Lesson("scoring", ("C1", "C2", "C3", "C5"), (
        Step("when", _round1_setup),
        Step("round1", _round1_setup, goal=_scored(1), solution=("take dinar 8",),
             params=_round_points(1)),
        Step("ties", _round2_setup, goal=_scored(2), solution=("take dinar 8",),
             params=_round_points(2)),
    )),
    Lesson("walls", ("C4", "X2"), (
        Step("longest", _wall_setup, goal=_wall_is(7), solution=("place 44 at 0,-1",),
             wrong=(("place 44 at 1,-1", "P3"), ("place 44 at 2,0", "P4")), params=_wall_params),
        Step("inner", _inner_wall_setup, goal=_placed(12, (2, 0)), solution=("place 12 at 2,0",),
             wrong=(("place 12 at 1,-1", "P3"),), params=_wall_params),
    )),
    Lesson("end", ("E1", "E2", "E3", "E4"), (
        Step("last", _end_setup, goal=_final, solution=("buy 4 with ducat 9", "place 7 at 0,-1")),
        Step("award", _end_setup_awarded, goal=_over, solution=("place 41 at 0,1",),
             params=_end_params),
    )),
    Lesson("dirk", ("D1", "D2", "D3", "D4"), (
        Step("give", _dirk_setup, goal=_to_dirk(44), solution=("buy 1 with florin 9", "dirk 44")),
        Step("majority", _dirk_scoring_setup, goal=_scored(1), solution=("take dinar 8",),
             params=_dirk_params),
    )),
)
