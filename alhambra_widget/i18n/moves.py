"""Moves told in words: "Ana bought a tower (8) with dinar 3+5, the exact price."

A move is described from its entry in the view's log
(:func:`log_entry`: the notation, the events of the move
and the tiles they name), never from tile ids: building names, prices,
cards, market slots and places on the board relative to the fountain
("east of the fountain", "2 north, 1 west of the fountain"). The texts are
the ``ui.move.*`` keys of the catalogues; the front end's ``js/describe.js``
puts the same log entries into the same words with the same keys (a test
compares the two on recorded games in every language), so the message line
said by the kernel and the log drawn by the page read alike.

    >>> from alhambra_widget import Game
    >>> from alhambra_widget.i18n.moves import describe_move
    >>> g = Game(["Ana", "Ben"], seed=1)
    >>> g.play(g.legal_actions("take")[0])
    >>> describe_move(g.moves[-1], g)                          # doctest: +ELLIPSIS
    'Ana took ...'

The notation (``str(move.action)``) stays what scripts read and write.
"""

from __future__ import annotations

from . import t
from .format import join_names, money_name, sentences

__all__ = ["log_entry", "describe_move", "describe_entry", "describe_parts", "place_text", "cards_text"]

#: slot order of the currencies (the money is named in this order)
_CURRENCIES = ("florin", "dirham", "dinar", "ducat")
#: the events a move's main sentence tells; the others follow it
_MAIN = frozenset({"take", "pay", "buy", "remove", "build", "swap", "place", "reserve", "dirk", "next", "scoring"})


def log_entry(move, names) -> dict:
    """One move of the log: ``{n, player, name, action, rounds, events,
    tiles}`` -- ``events`` as :meth:`Move.to_json` gives them (what went where:
    the front end animates and describes the move from them, without diffing
    two views), ``tiles`` the building and price of every tile they name
    (``{"23": {"building": "arcades", "price": 10}}``), so the move can be put
    into words however the position changed since."""
    events = [e.to_json() for e in move.events]
    tiles = {}
    for e in move.events:
        for x in (e.tile, e.old, *e.tiles):   # (not t: the texts' function)
            if x is not None and x.id:
                tiles[str(x.id)] = {"building": x.building.value, "price": x.price}
    return {"n": move.index, "player": move.player,
            "name": names[move.player] if move.player is not None else None,
            "action": str(move.action), "rounds": list(move.rounds), "events": events, "tiles": tiles}


def describe_move(move, game, lang: str | None = None) -> str:
    """The sentences telling ``move`` (a :class:`~alhambra_widget.engine.moves.Move`
    of ``game``): what the player did, then what followed (the refills, a
    scoring round, the end)."""
    return describe_entry(log_entry(move, game.names), game.names, game.rounds, lang)


def describe_entry(entry: dict, names, rounds, lang: str | None = None, *, main_only: bool = False) -> str:
    """The sentences of a log entry; ``names``: the players' names, ``rounds``:
    the scoring round records (``game.rounds`` or the view's ``rounds``)."""
    main, more = describe_parts(entry, names, rounds, lang)
    return main if main_only else sentences([main, *more], lang)


def _num(n) -> str:
    return str(n)


def _value(card: str) -> int:
    return int(card.split(" ")[1])


def cards_text(cards, lang: str | None = None) -> str:
    """``florin 1+2 and ducat 2``: by currency in slot order, values ascending."""
    groups = []
    for cur in _CURRENCIES:
        vals = sorted(_value(c) for c in cards if c.split(" ")[0] == cur)
        if vals:
            groups.append(money_name(cur, "+".join(map(_num, vals)), lang))
    return join_names(groups, lang)


def place_text(pos, lang: str | None = None) -> str:
    """A cell in words, from the fountain: ``east of the fountain`` (next to
    it), ``2 north, 1 west of the fountain`` (north/south first)."""
    x, y = pos
    if abs(x) + abs(y) == 1:
        side = "N" if y < 0 else "S" if y > 0 else "E" if x > 0 else "W"
        return t(f"ui.move.at.{side}", lang)
    steps = []
    if y:
        steps.append(t(f"ui.move.step.{'N' if y < 0 else 'S'}", lang, n=_num(abs(y))))
    if x:
        steps.append(t(f"ui.move.step.{'E' if x > 0 else 'W'}", lang, n=_num(abs(x))))
    return t("ui.move.at.steps", lang, steps=t("list.sep", lang).join(steps))


def _tile(entry, tid, form, lang):
    info = (entry.get("tiles") or {}).get(str(tid))
    if not info:
        return f"#{tid}"
    return t(f"ui.move.{form}.{info['building']}", lang, price=_num(info["price"]))


def describe_parts(entry: dict, names, rounds, lang: str | None = None):
    """``(main, [more ...])``: the sentence of the player's action and the
    sentences of what followed it."""
    events = entry.get("events") or []
    first = {}
    for e in events:
        first.setdefault(e["kind"], e)
    name = entry.get("name") or ""
    verb = (entry.get("action") or "").split(" ")[0]
    tile = lambda e, key="tile": _tile(entry, e.get(key), "tile", lang)  # noqa: E731
    main = None
    if verb == "take" and "take" in first:
        main = t("ui.move.take", lang, name=name, cards=cards_text(first["take"]["cards"], lang))
    elif verb == "buy" and "buy" in first and "pay" in first and (
            info := (entry.get("tiles") or {}).get(str(first["buy"]["tile"]))):   # (its price: what was paid over)
        paid = first["pay"]["cards"]
        over = sum(_value(c) for c in paid) - info["price"]
        key = "ui.move.buy_exact" if over == 0 else "ui.move.buy_over"
        main = t(key, lang, name=name, tile=tile(first["buy"]), cards=cards_text(paid, lang), over=_num(over))
    elif verb in ("remove", "build", "place") and verb in first:
        e = first[verb]
        main = t(f"ui.move.{verb}", lang, name=name, tile=tile(e), place=place_text(e["pos"], lang))
    elif verb == "swap" and "swap" in first:
        e = first["swap"]
        main = t("ui.move.swap", lang, name=name, tile=tile(e), old=tile(e, "old"), place=place_text(e["pos"], lang))
    elif verb in ("reserve", "dirk") and verb in first:
        main = t(f"ui.move.{verb}", lang, name=name, tile=tile(first[verb]))
    elif verb in ("end", "pass"):
        main = t(f"ui.move.{verb}", lang, name=name)
    elif verb == "reshuffle":   # chance, no one's: after moves taken back at the table
        main = t("ui.move.reshuffle", lang)
    if main is None:   # a log entry without its events (an older view): the notation
        main = t("ui.info.move", lang, name=name, action=entry.get("action", ""))
    return main, _after(entry, events, names, rounds, lang)


def _after(entry, events, names, rounds, lang) -> list:
    """What followed the action, in the order it happened; the refills of the
    building market in one sentence, the new money in one."""
    out = []
    refills = [e for e in events if e["kind"] == "refill"]
    money = [c for e in events if e["kind"] == "money" for c in e.get("cards", [])]
    for e in events:
        k = e["kind"]
        if k in _MAIN:
            continue
        if k == "extra":
            out.append(t("ui.move.extra", lang, name=entry.get("name") or ""))
        elif k == "shuffle":
            out.append(t("ui.move.shuffle", lang))
        elif k == "money":
            if money:
                out.append(t("ui.move.money", lang, cards=join_names([_card(c, lang) for c in money], lang)))
                money = []
        elif k == "refill":
            if refills:
                items = [t("ui.move.in_slot", lang, tile=_tile(entry, r["tile"], "new", lang), slot=_num(r["slot"]))
                         for r in refills]
                out.append(t("ui.move.refill", lang, tiles=join_names(items, lang)))
                refills = []
        elif k == "score":
            out.append(_score(e["round"], names, rounds, lang))
        elif k == "dirk_draw":
            out.append(t("ui.move.dirk_draw", lang,
                         tiles=join_names([_tile(entry, x, "tile", lang) for x in e.get("tiles", [])], lang)))
        elif k == "award":
            who = names[e["player"]] if e.get("player") is not None else ""
            cur = _CURRENCIES[e["slot"] - 1]
            out.append(t("ui.move.award", lang, name=who, tile=_tile(entry, e["tile"], "tile", lang),
                         slot=_num(e["slot"]), currency=t(f"currency.{cur}", lang)))
        elif k == "over":
            out.append(t("ui.move.over", lang))
    return out


def _card(card: str, lang) -> str:
    cur, value = card.split(" ")
    return money_name(cur, value, lang)


def _score(k: int, names, rounds, lang) -> str:
    r = next((r for r in rounds if r["round"] == k), None)   # (round 2 is skipped when the bag runs out first)
    if r is None:
        return t("ui.move.score", lang, round=_num(k), points="")
    pts = [t("ui.move.points", lang, name=names[i], points=_num(p)) for i, p in enumerate(r["points"])]
    dirk = r.get("dirk")
    if dirk is not None:   # Dirk's points per building (D3), apart from the players' scores
        pts.append(t("ui.move.points_dirk", lang, points=_num(sum(dirk) if isinstance(dirk, list) else dirk)))
    return t("ui.move.score", lang, round=_num(k), points=join_names(pts, lang))
