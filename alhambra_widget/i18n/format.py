"""Words inside texts, in every language: tiles, cards, buildings, currencies,
positions and lists of names.

A message of the engine keeps its values as they are (a :class:`Tile`, a tuple
of cards, a :class:`Currency` ...) and turns them into words only when it is
shown, so one refusal can be read in any language::

    >>> from alhambra_widget import tile, card
    >>> from alhambra_widget.i18n.format import tile_name, cards_name
    >>> tile_name(tile(50), "de")
    'Turm 11 #50'
    >>> cards_name([card("dinar", 3), card("florin", 2), card("dinar", 4)], "nl")
    'gulden 2, dinar 3+4'

:func:`localize` does this for any value; :class:`Text` is a catalogue text
used as a value inside another one (e.g. a rule's explanation in a refusal).
Everything here is pure Python. The engine never imports this layer: its
errors carry keys and values, and :func:`install` lets them speak.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar

from ..engine.errors import Text, install_text_layer
from . import catalogue, get_language, shown_name, t

__all__ = [
    "Text", "localize", "localize_params", "tile_name", "tile_names", "walls_words", "money_name", "card_name", "cards_name",
    "building_name",
    "buildings_name", "currency_name", "pos_name", "join_names", "side_names", "sentences",
]


class _EngineTexts:
    """The text layer the engine's messages are put into words with
    (:func:`alhambra_widget.engine.errors.install_text_layer`)."""

    @staticmethod
    def render(key, params, lang):
        return t(key, lang, **localize_params(params, lang))

    @staticmethod
    def knows(key):
        return key in catalogue("en")

    @staticmethod
    def language():
        return get_language()


def install() -> None:
    """Make the engine's refusals speak through the catalogues (done when
    :mod:`alhambra_widget` is imported)."""
    install_text_layer(_EngineTexts)


def building_name(building, lang: str | None = None) -> str:
    """``Tower`` / ``Turm`` / ``Torni`` / ``塔`` / ``Toren`` (names.json)."""
    return t(f"building.{getattr(building, 'value', building)}", lang)


def buildings_name(building, lang: str | None = None) -> str:
    """The name used when counting (``the most {buildings}``): ``towers``,
    ``Türme``, ``torneja`` (Finnish partitive), ``塔``, ``torens``."""
    return t(f"buildings.{getattr(building, 'value', building)}", lang)


def currency_name(currency, lang: str | None = None) -> str:
    return t(f"currency.{getattr(currency, 'value', currency)}", lang)


#: how a tile is named in a text: "id" (building, price, id: what a script
#: names it by, ``tile(50)``, ``dirk 50``) or "walls" (building, price, walls:
#: as the table shows it, for people at the table)
_TILE_NAMES: ContextVar[str] = ContextVar("alhambra_tile_names", default="id")
TILE_NAMES = ("id", "walls")


@contextmanager
def tile_names(form: str):
    """Name tiles in a block by ``form``: ``"id"`` (``Tower 11 #50``, the default)
    or ``"walls"`` (``Tower 11 (walls N E)``, as the table draws it)."""
    if form not in TILE_NAMES:
        raise ValueError(f"tile names are one of {', '.join(TILE_NAMES)}, not {form!r}")
    token = _TILE_NAMES.set(form)
    try:
        yield
    finally:
        _TILE_NAMES.reset(token)


def tile_name(tile, lang: str | None = None) -> str:
    """``Tower 11 #50`` (building, price, id) -- or, inside ``tile_names("walls")``,
    ``Tower 11 (walls N E)``; the fountain by its name."""
    if tile.id == 0:
        return t("tile.fountain", lang)
    building = building_name(tile.building, lang)
    if _TILE_NAMES.get() == "walls":
        return t("tile.walls_name", lang, building=building, price=tile.price, walls=walls_words(tile.walls, lang))
    return t("tile.name", lang, building=building, price=tile.price, id=tile.id)


def walls_words(sides, lang: str | None = None) -> str:
    """A tile's walls as the board names them: ``walls N E`` (sides in N, E, S, W order), or
    ``no walls``."""
    order = [s for s in "NESW" if s in sides]
    if not order:
        return t("ui.tile.no_walls", lang)
    return t("ui.tile.walls", lang, sides=" ".join(t(f"ui.side.{s}", lang) for s in order))


def money_name(currency, value, lang: str | None = None) -> str:
    """A currency and a value -- one card's, or several cards' as ``1+3`` -- joined as
    ``lang`` joins them: ``florin 2``, ``Gulden 2``, ``フローリン2`` (Japanese writes the
    value right after the currency). The one place a card is put into words (the
    catalogue's ``card.name``, which the front end's ``moneyName`` in js/i18n.js uses too)."""
    return t("card.name", lang, currency=currency_name(currency, lang), value=value)


def card_name(card, lang: str | None = None) -> str:
    return money_name(card.currency, card.value, lang)


def cards_name(cards, lang: str | None = None) -> str:
    """Cards grouped by currency in slot order, values ascending:
    ``florin 1+3, dinar 2``; no cards: the word for none."""
    from ..engine.money import CURRENCIES

    groups = []
    for cur in CURRENCIES:
        vals = sorted(c.value for c in cards if c.currency is cur)
        if vals:
            groups.append(money_name(cur, "+".join(map(str, vals)), lang))
    if not groups:
        return t("card.none", lang)
    return t("list.sep", lang).join(groups)


def pos_name(pos) -> str:
    """``(1, -2)``: the same in every language."""
    return f"({pos[0]}, {pos[1]})"


def join_names(names, lang: str | None = None) -> str:
    """``Ana``, ``Ana and Ben``, ``Ana, Ben and Chi`` in the language."""
    names = [shown_name(str(n), lang) for n in names]
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    rest = t("list.sep", lang).join(names[:-1])
    return t("list.and", lang, rest=rest, last=names[-1])


def sentences(parts, lang: str | None = None) -> str:
    """Sentences one after the other: with a space, or none in Japanese."""
    out = ""
    for part in parts:
        out = part if not out else t("list.sentences", lang, first=out, next=part)
    return out


def side_names(sides, lang: str | None = None) -> str:
    """Wall sides in N, E, S, W order: ``north and west``."""
    order = [s for s in ("N", "E", "S", "W") if s in sides]
    return join_names([t(f"side.{s}", lang) for s in order], lang)


def localize(value, lang: str | None = None):
    """A value as words in ``lang``: tiles, cards (one or several),
    buildings, currencies and :class:`Text` become text; numbers and strings
    are kept as they are."""
    if isinstance(value, (str, int, float)) and not hasattr(value, "value"):
        return value
    if isinstance(value, Text):
        return value.localized(lang)
    from ..engine.money import Card, Currency
    from ..engine.tiles import Building, Tile

    if isinstance(value, Tile):
        return tile_name(value, lang)
    if isinstance(value, Card):
        return card_name(value, lang)
    if isinstance(value, Building):
        return building_name(value, lang)
    if isinstance(value, Currency):
        return currency_name(value, lang)
    if isinstance(value, (tuple, list)):
        if all(isinstance(v, Card) for v in value):
            return cards_name(value, lang)
        if len(value) == 2 and all(isinstance(v, int) for v in value):
            return pos_name(value)
        return join_names([localize(v, lang) for v in value], lang)
    return value


def localize_params(params: dict, lang: str | None = None) -> dict:
    return {k: localize(v, lang) for k, v in params.items()}
