"""One JSON view of a position, for one viewer: what the widget's front end draws.

:func:`view` is a pure function (no Jupyter, no I/O): the widget syncs its
result in the ``view`` trait and the JavaScript draws it; a test, a bot or a
web page can use it just as well. It shows exactly what the viewer may know:

* never the order of the money deck or of the bag -- only how many cards and
  tiles they hold (decision X3);
* every hand, to every viewer: hands are dealt and taken face up, so a
  perfect memory knows them (RULES X3), and a person sees what a bot uses;
  ``seat=i`` is player i's view (only they act), ``seat=None`` hot-seat.
  Which hands a seat knows comes from the engine (``Game.observation``).

When the viewer may act (hot-seat, or ``seat`` is the player to act), the view
also lists the legal choices the front end highlights, taken from the engine
(``Game.legal_actions`` and the Alhambra's ``why_not`` methods): the widget
never re-implements a rule.

Schema (version 1). A *tile* is ``{"id": 23, "building": "arcades", "price":
10, "walls": "NE"}`` (``walls``: the sides with a wall, in the order N E S W;
the fountain is id 0, building ``"fountain"``); a tile in an Alhambra also has
``"x"`` and ``"y"`` (x east, y south, fountain at 0,0). A *card* is a string
``"dirham 4"`` (as in the notation). A *cell* is ``[x, y]``; a refused cell is
``[x, y, rule]``, or ``[x, y, rule, key, detail]`` where the engine's refusal
says where (its catalogue key; ``detail``: the side, ``"N"`` ... ``"W"``, of a
wall against an open side, whose neighbour lies on the board that way; the
sides, ``"NW"`` ..., where walls shut a new tile off from every neighbour; the
cells a hole would close in; the cells of the tiles a removal would cut off).

Every key of the view, and what it holds, is declared once in
``alhambra_widget/protocol.json`` (``alhambra_widget.protocol.VIEW_KEYS``,
which also lists the keys the widget adds); a test checks that the views
made here carry exactly the declared keys.

Texts (``status``, ``explain``, ``narration``) are in the current language of
:mod:`alhambra_widget.i18n` (``view(..., lang="de")`` for another one); the
rest of the view is the same in every language.

``legal``: ``player`` (who acts), ``kinds`` (``Game.legal_kinds()``),
``take`` (card lists that may be taken together, T1), ``buy`` (per payable
slot: ``{slot, currency, price, payments}`` with every payment from which no
card could be left out, as value lists; a larger payment is accepted too),
``remove`` (cells whose tile may go to the reserve, T3a), ``no_remove``
(refused cells with the rule), ``tiles`` (for every reserve tile in the action
phase and every tile to place in the placement phase: ``{id, from ("reserve"
or "pending"), spots (legal empty cells), why_not (frontier cells where it may
not go, with the rule), swaps (reserve tiles: cells it may swap with, T3c),
no_swap}``), ``to_reserve`` and ``dirk`` (tile ids that may go there, T4/D4),
``end`` (may decline the extra action, T2a) and ``pass`` (X4).
"""

from __future__ import annotations

import logging

from .engine import actions as A
from .engine.alhambra import where_it_breaks
from .i18n.rules import explain_rule
from .engine.money import CURRENCIES
from .engine.state import seat_index
from .engine.tiles import BUILDINGS, SIDES
from .i18n.explain import narrate_round
from .i18n import get_language, shown_name, t as _t, use_language
from .i18n.format import join_names
from .i18n.moves import log_entry

__all__ = ["view", "tile_json", "status_text", "VERSION", "LOG_LENGTH"]

VERSION = 1
#: How many of the last moves the view's log shows.
LOG_LENGTH = 12

_TILE_CACHE: dict = {}


def tile_json(t, pos=None) -> dict:
    """A tile as a view object: ``{"id", "building", "price", "walls"}`` (+ x, y)."""
    base = _TILE_CACHE.get(t)
    if base is None:
        base = _TILE_CACHE[t] = {
            "id": t.id,
            "building": "fountain" if t.id == 0 else t.building.value,
            "price": t.price,
            "walls": "".join(s for s in SIDES if s in t.walls),
        }
    out = dict(base)
    if pos is not None:
        out["x"], out["y"] = pos
    return out


def _cards(cards) -> list:
    return [str(c) for c in cards]


def _cell(p) -> list:
    return [p[0], p[1]]


def status_text(game, lang: str | None = None) -> str:
    """``Turn 7 -- Ana to act``: one sentence about the position, in ``lang``
    (default: the current language of :mod:`alhambra_widget.i18n`)."""
    names = game.names
    if game.is_over:
        win = game.winners
        if not win:
            return _t("ui.status.over_nobody", lang)
        pts = game.players[win[0]].score
        key = "ui.status.over_shared" if len(win) > 1 else "ui.status.over_wins"
        return _t(key, lang, names=join_names([names[i] for i in win], lang), points=pts)
    who = names[game.current]
    if game.phase == "place":
        if game.final:
            return _t("ui.status.final_place", lang, name=who)
        return _t("ui.status.place", lang, turn=game.turn, name=who)
    if game.extra:
        return _t("ui.status.extra", lang, turn=game.turn, name=who)
    return _t("ui.status.act", lang, turn=game.turn, name=who)


def _player(game, i, show_hand: bool) -> dict:
    p = game.players[i]
    a = p.alhambra
    return {
        "name": shown_name(p.name),   # (an unnamed seat's in the view's language)
        "score": p.score,
        "hand": _cards(p.hand) if show_hand else None,
        "cards": len(p.hand),
        "alhambra": [tile_json(t, pos) for pos, t in a.items()],
        "reserve": [tile_json(t) for t in p.reserve],
        "counts": list(a.counts()),
        "wall": a.longest_wall(),
        "wall_path": [[pos[0], pos[1], side] for pos, side in a.longest_wall_path()],
        # the market slots whose tile they could pay for now (T2): told only with the hand it comes from
        "affords": game.affordable(i) if show_hand else None,
    }


def _log(game) -> list:
    """The last moves, each as :func:`alhambra_widget.i18n.moves.log_entry`
    makes it, with the names as the view shows them (an unnamed seat's in the
    view's language). Chance moves are in it too -- a reshuffle of what nobody
    has seen, after moves were taken back at the table: no one's (``player``
    None), told in words like the others, so the log is numbered as the moves
    and the replay are."""
    names = [shown_name(name) for name in game.names]
    return [log_entry(m, names) for m in game.moves[-LOG_LENGTH:]]


def view(game, seat=None, *, stamp=None, may_act=None, lang=None) -> dict:
    """The JSON view (a dict of plain JSON values) of ``game`` for ``seat``.

    ``seat``: the viewer's seat (an index or a player's name), or None for the
    hot-seat view (every hand). ``stamp``: the number intents must send back (default: the number
    of moves). ``may_act``: force whether legal choices are included (default: when the
    game is not over and the viewer is the hot-seat or the player to act).
    ``lang``: the language of the texts (default: the current language).
    """
    if lang is not None:
        with use_language(lang):
            return view(game, seat, stamp=stamp, may_act=may_act)
    n = game.n
    seat = seat_index(seat, game.names, none="for hot-seat")
    if may_act is None:
        may_act = not game.is_over and (seat is None or seat == game.current)
    explain: dict = {}
    v = {
        "version": VERSION,
        "stamp": len(game.moves) if stamp is None else stamp,
        "seat": seat,
        "n": n,
        "phase": game.phase,
        "current": game.current,
        "extra": game.extra,
        "actions": game.actions_this_turn,
        "turn": game.turn,
        "final": game.final,
        "winners": list(game.winners),
        "status": status_text(game),
        "players": [_player(game, i, known) for i, known in enumerate(_known_hands(game, seat))],
        "market": [{"slot": i + 1, "currency": CURRENCIES[i].value,
                    "tile": tile_json(t) if t is not None else None} for i, t in enumerate(game.market)],
        "money": _cards(game.money),
        "deck": game.deck_size,
        "discard": len(game.discard),
        "bag": game.bag_size,
        "dirk": [tile_json(t) for t in game.dirk] if n == 2 else None,
        "pending": [{"player": pl, "tile": tile_json(t)} for pl, t in game.pending],
        "rounds": [_round(r, game, k) for k, r in enumerate(game.rounds)],
        "preview": None if game.is_over else _round(game.scoring_preview()),
        "moves": len(game.moves),
        "log": _log(game),
        "legal": legal_choices(game, explain) if may_act and not game.is_over else None,
        "explain": explain,
        "buildings": [b.value for b in BUILDINGS],
        "currencies": [c.value for c in CURRENCIES],
    }
    return v


def _known_hands(game, seat) -> list:
    """Whose hand ``seat`` sees: every hand, by the engine's one definition
    of what a seat may know (``Game.observation``, RULES X3: hands are dealt
    and taken face up, so a perfect memory knows them -- a person sees what a
    bot uses)."""
    obs = game.observation(seat)
    return [p["hand"] is not None for p in obs["players"]]


def _round(r: dict, game=None, k: int | None = None) -> dict:
    """A scoring round record as plain JSON (lists, not tuples), with its
    narration (why each player got their points) in the current language."""
    out = {}
    for key, val in r.items():
        if isinstance(val, (list, tuple)):
            val = [list(x) if isinstance(x, (list, tuple)) else x for x in val]
        out[key] = val
    if game is not None:
        out["narration"] = _narration(game, k)
    return out


# A scoring round played never changes (its record is made once, and kept by the game, its copies
# and its saved positions alike): its narration in a language, with the players' names, is worked out
# once, not again for every view made after it (two rounds took ~0.2 ms of each view late in a game).
# Keyed by the record's id, with the record kept in the entry so that the id is not given to another.
_NARRATED: dict = {}
_NARRATED_MOST = 256


def _narration(game, k: int) -> list:
    r = game.rounds[k]
    key = (id(r), get_language(), tuple(game.names))
    got = _NARRATED.get(key)
    if got is not None:   # (the very record: the entry keeps it, so its id is no other's)
        return list(got[1])
    try:
        said = [str(s) for s in narrate_round(game, k)]
    except Exception:  # a narration is a nicety; the view must still be made
        logging.getLogger("alhambra_widget").exception("could not narrate scoring round %s", k + 1)
        return []
    if len(_NARRATED) >= _NARRATED_MOST:
        _NARRATED.clear()
    _NARRATED[key] = (r, tuple(said))
    return said


def refused_cell(move: str, pos, rule: str, tile, alhambra) -> list:
    """A refused cell of the view: ``[x, y, rule]``, with the engine's key and what it names
    where its refusal of ``move`` ("place" or a build, "swap", "remove") of ``tile`` at ``pos``
    on ``alhambra`` says where (see the module doc)."""
    out = [pos[0], pos[1], rule]
    got = where_it_breaks(move, rule, tile, pos, alhambra)
    if got is not None:
        key, detail = got
        # (P3: the side that does not match; P4: the walled sides, as letters; else positions)
        if rule == "P3":
            out += [key, SIDES[detail[0]]]
        elif move == "place" and rule == "P4":
            out += [key, "".join(SIDES[d] for d in detail)]
        else:
            out += [key, [list(c) for c in detail]]
    return out


def legal_choices(game, explain: dict | None = None) -> dict:
    """The player to act's legal choices, in the shape of the view's ``legal``.

    Rule ids of the refusals are added to ``explain`` with their one-line text."""
    if explain is None:
        explain = {}
    cur = game.current
    p = game.players[cur]
    a = p.alhambra
    acts = game.legal_actions()
    take, remove, to_reserve, dirk = [], [], [], []
    buy: dict = {}
    spots: dict = {}
    swaps: dict = {}
    end = passes = False
    for x in acts:
        t = type(x)
        if t is A.TakeMoney:
            take.append(_cards(x.cards))
        elif t is A.Buy:
            buy.setdefault(x.slot, []).append([c.value for c in x.cards])
        elif t is A.Remove:
            remove.append(_cell(x.pos))
        elif t is A.Build or t is A.Place:
            spots.setdefault(x.tile_id, []).append(_cell(x.pos))
        elif t is A.Swap:
            swaps.setdefault(x.tile_id, []).append(_cell(x.pos))
        elif t is A.Reserve:
            to_reserve.append(x.tile_id)
        elif t is A.GiveToDirk:
            dirk.append(x.tile_id)
        elif t is A.EndTurn:
            end = True
        elif t is A.Pass:
            passes = True

    def note(rule):
        if rule not in explain:
            explain[rule] = explain_rule(rule)   # in the current language
        return rule

    def refused(move, pos, rule, t=None):
        return refused_cell(move, pos, note(rule), t, a)

    no_remove = []
    tiles = []
    if game.phase == "action":
        removable = {tuple(c) for c in remove}
        for pos, t in a.items():
            if t.id and pos not in removable:
                no_remove.append(refused("remove", pos, a.why_not_remove(pos) or "T3a"))
        candidates = [(t, "reserve") for t in p.reserve]
    else:
        candidates = [(t, "pending") for t in sorted(game.pending_for(cur), key=lambda t: t.id)]
    frontier = sorted(a.frontier, key=lambda q: (q[1], q[0]))
    for t, where in candidates:
        ok = spots.get(t.id, [])
        okset = {tuple(c) for c in ok}
        why = [refused("place", q, a.why_not(t, q) or "P6", t) for q in frontier if q not in okset]
        entry = {"id": t.id, "from": where, "spots": ok, "why_not": why}
        if where == "reserve":
            sw = swaps.get(t.id, [])
            swset = {tuple(c) for c in sw}
            entry["swaps"] = sw
            entry["no_swap"] = [refused("swap", pos, a.why_not_swap(t, pos) or "P6", t)
                                for pos, _ in a.items() if pos not in swset]
        tiles.append(entry)
    prices = {i + 1: game.market[i].price for i in range(4) if game.market[i] is not None}
    return {
        "player": cur,
        "kinds": game.legal_kinds(),
        "take": take,
        "buy": [{"slot": s, "currency": CURRENCIES[s - 1].value, "price": prices[s], "payments": pays}
                for s, pays in sorted(buy.items())],
        "remove": remove,
        "no_remove": no_remove,
        "tiles": tiles,
        "to_reserve": to_reserve,
        "dirk": dirk,
        "end": end,
        "pass": passes,
    }
