"""Explanations for a learner, in five languages: a position, a spot of an
Alhambra, an action, and what happened in a scoring round.

Pure Python (no Jupyter). Every sentence comes from the catalogues
(``alhambra_widget/i18n/locales/<lang>/explain.json``); values inside them
(tiles, cards, buildings) are put into words in the same language::

    >>> from alhambra_widget import Game, explain
    >>> g = Game(["Ana", "Ben", "Chi"], seed=7)
    >>> print(explain(g, "buy 1 with dinar 9"))  # doctest: +ELLIPSIS
    'buy 1 with dinar 9' is not allowed now: Slot 1 takes florin only; dinar 9 cannot pay for it. Rule T2: Buy a tile ...
    >>> print(explain(g, lang="de"))  # doctest: +ELLIPSIS
    Zug 1: Ben ist am Zug. Ben kann Geld nehmen (T1) oder ein Gebäude kaufen (T2). ...

* :func:`explain` -- ``what=None``: the position (whose turn, the phase, what
  the player may do, the scores and what brings the next scoring round);
  ``what=(x, y)``: may the tile being placed go to that spot of the acting
  player's Alhambra, and if not, which rule forbids it (or what lies there);
  ``what=<action or notation>``: is it legal, and what it does.
* :func:`narrate_round` -- a scoring round in sentences (who scores what for
  each building type, ties, walls, totals).
"""

from __future__ import annotations


from ..engine import actions as A
from ..engine.errors import IllegalMove, NotationError, _cut, _shown
from .rules import explain_rule
from ..engine.money import CURRENCIES
from ..engine.scoring import POINTS, ranking
from ..engine.tiles import BUILDINGS, BY_ID, Tile
from . import check_language, get_language, t, tn
from .format import (building_name, buildings_name, cards_name, currency_name, join_names, pos_name,
                     sentences, side_names, tile_name)

__all__ = ["explain", "narrate_round"]

_KIND_PHRASE = {"take": "explain.kind.take", "buy": "explain.kind.buy", "redesign": "explain.kind.redesign",
                "end": "explain.kind.end"}


def _lang(lang):
    return check_language(lang) if lang is not None else get_language()


def _or(items, lang) -> str:
    if len(items) == 1:
        return items[0]
    return t("list.or", lang, rest=t("list.sep", lang).join(items[:-1]), last=items[-1])


def _points(n, lang) -> str:
    return tn("explain.points", n, lang)


def _quote(action, lang) -> str:
    return t("explain.quote", lang, text=str(action))


def _as_tile(tile):
    if tile is None or isinstance(tile, Tile):
        return tile
    if isinstance(tile, int) and not isinstance(tile, bool) and 0 <= tile <= 54:
        return BY_ID[tile]
    raise ValueError(f"a tile is a Tile or a tile id from 1 to 54 (0: the fountain), not {tile!r}")


def _is_pos(what) -> bool:
    return (isinstance(what, (tuple, list)) and not isinstance(what, A.Action) and len(what) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in what))


def explain(game, what=None, *, lang: str | None = None, tile=None) -> str:
    """Explain the position, a spot or an action of ``game`` in plain words.

    ``what``: ``None`` (the position), ``(x, y)`` (a spot of the acting
    player's Alhambra), an action (object or notation) or a player (a name or
    a seat index: their points, money, Alhambra, wall, reserve, what they can
    pay for and what the next scoring round would give them). ``lang``: one of
    ``en de fi ja nl`` (default: the current language, see
    :func:`alhambra_widget.i18n.set_language`). ``tile``: for a spot, the tile
    (or id) the player has selected, e.g. a reserve tile to build; without
    it, the tiles the player has to place now. Nothing in ``game`` changes."""
    lang = _lang(lang)
    if what is None:
        return sentences(_position(game, lang), lang)
    if _is_pos(what):
        return sentences(_spot(game, tuple(what), _as_tile(tile), lang), lang)
    if isinstance(what, int) and not isinstance(what, bool):
        return sentences(_player(game, game.seat_of(what), lang), lang)
    if isinstance(what, str):
        try:
            seat = game.seat_of(what)   # a player's name ...
        except ValueError:
            seat = None                 # ... or an action's notation
        if seat is not None:
            return sentences(_player(game, seat, lang), lang)
    if isinstance(what, (str, A.Action)):
        return sentences(_action(game, what, lang), lang)
    raise TypeError(f"explain() takes None, a spot (x, y), an action or a player (name or seat), "
                    f"not {type(what).__name__}")


# ------------------------------------------------------------ the position

def _position(g, lang) -> list:
    out = []
    names = g.names
    if g.is_over:
        win = g.winners
        pts = _points(g.players[win[0]].score, lang)
        key = "explain.over.tie" if len(win) > 1 else "explain.over.win"
        out.append(t(key, lang, names=join_names([names[i] for i in win], lang), points=pts))
        out.append(_scores(g, lang))
        return out
    name = names[g.current]
    out.append(t("explain.turn", lang, turn=g.turn, name=name))
    if g.phase == "place":
        tiles = join_names([tile_name(x, lang) for x in sorted(g.pending_for(g.current), key=lambda x: x.id)], lang)
        if g.final:
            out.append(t("explain.place.final", lang, name=name, tiles=tiles))
        elif g.n == 2:
            out.append(t("explain.place.dirk", lang, name=name, tiles=tiles))
        else:
            out.append(t("explain.place.turn", lang, name=name, tiles=tiles))
    else:
        kinds = g.legal_kinds()
        if kinds == ["pass"]:
            out.append(t("explain.must_pass", lang, name=name))
        else:
            if g.extra:
                out.append(t("explain.extra", lang, name=name, done=g.actions_this_turn))
            phrases = [t(_KIND_PHRASE[k], lang) for k in kinds if k in _KIND_PHRASE]
            out.append(t("explain.may", lang, name=name, options=_or(phrases, lang)))
            slots = [str(k) for k in g.affordable()]
            if slots:
                out.append(tn("explain.can_buy", len(slots), lang, name=name, slots=join_names(slots, lang)))
            else:
                out.append(t("explain.cannot_buy", lang, name=name))
    out.append(_scores(g, lang))
    if g.n == 2 and g.dirk:
        out.append(tn("explain.dirk_tiles", len(g.dirk), lang))
    played = [r["round"] for r in g.rounds]
    if g.final:
        out.append(t("explain.next.after_awards", lang))
    elif 2 in played:
        out.append(tn("explain.next.final", g.bag_size, lang))
    elif 1 in played:
        out.append(tn("explain.next.second", g.deck_size, lang))
    else:
        out.append(tn("explain.next.first", g.deck_size, lang))
    # the next round as it would be scored now (the engine's own scoring; every Alhambra is public)
    preview = g.scoring_preview()
    items = [t("explain.preview_item", lang, name=name, points=x) for name, x in zip(names, preview["points"])]
    if preview["dirk"] is not None:   # (his places score too, D3)
        items.append(t("explain.preview_item", lang, name=t("ui.dirk.name", lang), points=sum(preview["dirk"])))
    out.append(t("explain.preview", lang, round=preview["round"], points=join_names(items, lang)))
    return out


def _player(g, seat: int, lang) -> list:
    """One player as the table sees them (every Alhambra, hand and reserve is public, X3)."""
    p = g.players[seat]
    name = p.name
    out = []
    if not g.is_over and seat == g.current:
        out.append(t("explain.turn", lang, turn=g.turn, name=name))
    out.append(t("explain.player.score", lang, name=name, score=_points(p.score, lang)))
    if p.hand:
        out.append(tn("explain.player.hand", len(p.hand), lang, name=name, cards=cards_name(p.hand, lang)))
    else:
        out.append(t("explain.player.no_hand", lang, name=name))
    if not g.is_over:
        slots = [str(k) for k in g.affordable(seat)]
        if slots:
            out.append(tn("explain.can_buy", len(slots), lang, name=name, slots=join_names(slots, lang)))
        else:
            out.append(t("explain.cannot_buy", lang, name=name))
    counts = p.alhambra.counts()
    built = sum(counts)
    if built:
        items = [t("explain.player.count_item", lang, building=building_name(b, lang), count=c)
                 for b, c in zip(BUILDINGS, counts) if c]
        out.append(tn("explain.player.alhambra", built, lang, name=name, buildings=t("list.sep", lang).join(items)))
    else:
        out.append(t("explain.player.no_alhambra", lang, name=name))
    wall = p.alhambra.longest_wall()
    out.append(tn("explain.round.wall", wall, lang, name=name) if wall else t("explain.round.no_wall", lang, name=name))
    if p.reserve:
        out.append(t("explain.player.reserve", lang, name=name, tiles=join_names([tile_name(x, lang) for x in p.reserve], lang)))
    mine = g.pending_for(seat)
    if mine:
        out.append(t("explain.player.to_place", lang, name=name,
                     tiles=join_names([tile_name(x, lang) for x in sorted(mine, key=lambda x: x.id)], lang)))
    if not g.is_over:
        preview = g.scoring_preview()
        out.append(t("explain.player.preview", lang, round=preview["round"], name=name,
                     points=_points(preview["points"][seat], lang)))
    return out


def _scores(g, lang) -> str:
    items = [t("explain.score_item", lang, name=p.name, score=p.score) for p in g.players]
    return t("explain.scores", lang, scores=t("list.sep", lang).join(items))


# ---------------------------------------------------------------- a spot

def _spot(g, pos, tile, lang) -> list:
    p = g.players[g.current]
    a = p.alhambra
    name = p.name
    where = pos_name(pos)
    out = []
    if g.is_over:
        out.append(t("explain.spot.over", lang))
    here = a[pos]
    if here is not None:
        if here.is_fountain:
            out.append(t("explain.spot.fountain", lang, pos=where, name=name))
            return out
        if here.walls:
            out.append(t("explain.spot.tile_walls", lang, pos=where, tile=tile_name(here, lang),
                         sides=side_names(here.walls, lang)))
        else:
            out.append(t("explain.spot.tile_open", lang, pos=where, tile=tile_name(here, lang)))
        if g.phase == "action" and not g.is_over:
            rule = a.why_not_remove(pos)
            if rule is None:
                out.append(t("explain.spot.removable", lang, name=name))
            else:
                out.append(t("explain.spot.not_removable", lang, rule=rule,
                             reason=_refusal(a.copy().remove, (pos,), lang)))
            if tile is not None:
                rule = a.why_not_swap(tile, pos)
                if rule is None:
                    out.append(t("explain.spot.swap_ok", lang, tile=tile_name(tile, lang)))
                else:
                    out.append(t("explain.spot.swap_no", lang, tile=tile_name(tile, lang), rule=rule,
                                 reason=_refusal(a.copy().swap, (tile, pos), lang)))
        return out
    if tile is not None:
        candidates = [tile]
    elif g.phase == "place":
        candidates = sorted(g.pending_for(g.current), key=lambda x: x.id)
    else:
        candidates = []
    if not candidates:
        out.append(t("explain.spot.nothing_pending", lang, pos=where))
        if g.phase == "action" and not g.is_over and p.reserve:
            fits = [x for x in p.reserve if a.why_not(x, pos) is None]
            if fits:
                out.append(t("explain.spot.reserve_fits", lang,
                             tiles=join_names([tile_name(x, lang) for x in fits], lang)))
            else:
                out.append(t("explain.spot.reserve_none", lang))
        elif pos not in a.frontier:
            out.append(t("explain.spot.not_next", lang, pos=where))
        return out
    for x in candidates:
        rule = a.why_not(x, pos)
        if rule is None:
            out.append(t("explain.spot.ok", lang, tile=tile_name(x, lang), pos=where))
        else:
            out.append(t("explain.spot.forbidden", lang, rule=rule, rule_text=explain_rule(rule, lang),
                         reason=_refusal(a.copy().place, (x, pos), lang)))
    return out


def _refusal(fn, args: tuple, lang) -> str:
    """The localized refusal of ``fn(*args)`` (called on a copy)."""
    try:
        fn(*args)
    except IllegalMove as e:
        return e.localized(lang)
    return ""


# -------------------------------------------------------------- an action

def _action(g, what, lang) -> list:
    text = what if isinstance(what, str) else str(what)
    if isinstance(what, str):
        try:
            action = A.parse(what)
        except NotationError as e:
            if not any(c.isdigit() for c in text):   # (a word, a name mistyped: the players named too)
                return [t("explain.action.not_a_player", lang, text=_quote(_cut(text), lang),
                          names=join_names(g.names, lang), reason=e.localized(lang))]
            return [t("explain.action.unreadable", lang, text=_quote(_cut(text), lang),
                      reason=e.localized(lang))]
        except IllegalMove as e:
            return _illegal(text, e, lang)
    else:
        action = what
    why = g.why_illegal(action)
    if why is not None:
        return _illegal(str(action), why, lang)
    return [t("explain.action.legal", lang, action=_quote(action, lang))] + _does(g, action, lang)


def _illegal(text, e, lang) -> list:
    return [t("explain.action.illegal", lang, action=_quote(_cut(text), lang), rule=e.rule,
              rule_text=explain_rule(e.rule, lang), reason=e.localized(lang))]


def _does(g, action, lang) -> list:
    p = g.players[g.current]
    name = p.name
    kind = type(action)
    out = []
    if kind is A.TakeMoney:
        out.append(t("explain.do.take", lang, name=name, cards=cards_name(action.cards, lang),
                     total=action.total))
    elif kind is A.Buy:
        x = g.market[action.slot - 1]
        cur = CURRENCIES[action.slot - 1]
        out.append(t("explain.do.buy", lang, name=name, tile=tile_name(x, lang), slot=action.slot,
                     price=x.price, currency=currency_name(cur, lang),
                     cards=cards_name(action.cards, lang), total=action.total))
        if action.total == x.price:
            out.append(t("explain.do.exact", lang, name=name))
            return out
        out.append(t("explain.do.overpay", lang, over=action.total - x.price))
    elif kind is A.Remove:
        out.append(t("explain.do.remove", lang, name=name, tile=tile_name(p.alhambra[action.pos], lang),
                     pos=pos_name(action.pos)))
    elif kind is A.Build:
        out.append(t("explain.do.build", lang, name=name, tile=tile_name(action.tile, lang),
                     pos=pos_name(action.pos)))
    elif kind is A.Swap:
        out.append(t("explain.do.swap", lang, name=name, tile=tile_name(action.tile, lang),
                     pos=pos_name(action.pos), old=tile_name(p.alhambra[action.pos], lang)))
    elif kind is A.EndTurn:
        out.append(t("explain.do.end", lang, name=name))
    elif kind is A.Place:
        out.append(t("explain.do.place", lang, name=name, tile=tile_name(action.tile, lang),
                     pos=pos_name(action.pos)))
    elif kind is A.Reserve:
        out.append(t("explain.do.reserve", lang, name=name, tile=tile_name(action.tile, lang)))
    elif kind is A.GiveToDirk:
        out.append(t("explain.do.dirk", lang, name=name, tile=tile_name(action.tile, lang)))
    elif kind is A.Pass:
        out.append(t("explain.do.pass", lang, name=name))
    # what follows: only what anybody can know (not the deck or the bag order)
    after = g.copy(history=False)
    after.play(action, record=False)
    if after.is_over:
        out.append(t("explain.then.over", lang))
    elif after.phase == "place" and after.current == g.current:
        left = len(after.pending_for(g.current))
        out.append(tn("explain.then.place", left, lang, name=name))
    elif after.final and after.phase == "place":
        out.append(t("explain.then.next_award", lang, name=after.names[after.current]))
    elif after.current != g.current or after.turn != g.turn:
        out.append(t("explain.then.next", lang, name=after.names[after.current]))
    return out


# --------------------------------------------------------- scoring rounds

def narrate_round(game_or_round_data, round_index: int = -1, lang: str | None = None, *,
                  names=None, round: int | None = None) -> list:
    """A scoring round in sentences: the places and points for each building
    type (ties shared and rounded down, C3; Dirk taking places and scoring
    their points, kept apart from the players' scores, D3 and X8), each
    player's longest wall (C4) and what each player scored in all.

    ``game_or_round_data``: a :class:`~alhambra_widget.Game` (its ``rounds``),
    the widget's view dict (its ``rounds`` and ``players``) or a list of round
    records; ``round_index`` indexes that list (``-1``: the latest round), or
    ``round`` names a round by its number, 1 to 3, as ``standings(game,
    round=)`` and the table do. ``names``: the players' names when only round
    records are given."""
    lang = _lang(lang)
    data = game_or_round_data
    if hasattr(data, "rounds") and hasattr(data, "players"):
        rounds, names = data.rounds, names or data.names
    elif isinstance(data, dict) and "rounds" in data:
        rounds = data["rounds"]
        names = names or [p["name"] for p in data.get("players", [])]
    else:
        rounds = list(data)
    if round is not None:
        if round_index != -1:
            raise TypeError("give round_index (from 0) or round (its number, from 1), not both")
        played = [r["round"] for r in rounds]
        if isinstance(round, bool) or not isinstance(round, int) or round not in played:
            raise ValueError("no scoring round has been played yet (game.scoring_preview() tells what one would "
                             "give now)" if not rounds else
                             f"round is the number of a scoring round played ({', '.join(map(str, played))}), "
                             f"not {_shown(round)}")
        round_index = played.index(round)
    if isinstance(round_index, bool) or not isinstance(round_index, int):
        raise TypeError(f"round_index is an index into the scoring rounds played (-1: the latest), "
                        f"not {_shown(round_index)}")
    if not -len(rounds) <= round_index < len(rounds):
        raise ValueError("no scoring round has been played yet (game.scoring_preview() tells what one would give now)"
                         if not rounds else
                         f"round_index {round_index} is not among the {len(rounds)} scoring rounds played "
                         f"(0 to {len(rounds) - 1}, or -1 for the latest)")
    r = rounds[round_index]
    n = len(r["scores"])
    if not names:
        names = [t("explain.player_default", lang, n=i + 1) for i in range(n)]
    rnd = r["round"]
    if r.get("preset") or not r.get("counts"):
        return [t("explain.round.preset", lang, round=rnd)]
    out = [t(f"explain.round.intro_{rnd}", lang)]
    counts = r["counts"]
    dirk_seat = n if len(counts) > n else None
    who = list(names[:n]) + ([t("name.dirk", lang)] if dirk_seat is not None else [])
    dirk_placed = False
    dirk_points = 0
    any_building = False
    for b, building in enumerate(BUILDINGS):
        col = [e[b] for e in counts]
        if not any(col):
            continue
        any_building = True
        paid = POINTS[rnd][b]
        ranks = ranking(col)
        for place in sorted({x for x in ranks if x is not None}):
            members = [i for i, x in enumerate(ranks) if x == place]
            k = len(members)
            total = sum(paid[place - 1:place - 1 + k])
            each = total // k
            if total == 0:   # (a place this round does not pay; a share rounded down to 0 is told)
                continue
            params = dict(buildings=buildings_name(building, lang), count=col[members[0]],
                          points=_points(each, lang), sum_points=_points(total, lang), k=k)
            if dirk_seat in members:
                dirk_placed = True
                dirk_points += each
            if k == 1 and members[0] == dirk_seat:
                out.append(t(f"explain.round.dirk{place}", lang, **params))
                continue
            if k == 1:
                out.append(t(f"explain.round.place{place}", lang, name=who[members[0]], **params))
            else:
                key = f"explain.round.tie{place}" + ("_rounded" if total % k else "")
                out.append(t(key, lang, names=join_names([who[i] for i in members], lang), **params))
    if not any_building:
        out.append(t("explain.round.no_buildings", lang))
    if dirk_placed:
        if isinstance(r.get("dirk"), list):   # the round record's own figures (X8)
            dirk_points = sum(r["dirk"])
        out.append(t("explain.round.dirk_note", lang, points=_points(dirk_points, lang)))
    for i in range(n):
        w = r["walls"][i]
        if w:
            out.append(tn("explain.round.wall", w, lang, name=names[i]))
        else:
            out.append(t("explain.round.no_wall", lang, name=names[i]))
    for i in range(n):
        out.append(t("explain.round.total", lang, name=names[i], gained=_points(r["points"][i], lang),
                     score=_points(r["scores"][i], lang)))
    return out
