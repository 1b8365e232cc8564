"""The Alhambra rules engine: pure Python, no Jupyter.

Public names: :data:`TILES`, :class:`Tile`, :class:`Building`, :class:`Alhambra`,
:class:`Game` (with its move record, :class:`Move` and :class:`Event`),
:class:`IllegalMove`, :class:`NotationError`, :class:`RecordError`, :func:`majority_points`, the action classes and
:func:`parse`. The engine imports nothing else of the package (only
``render``, lazily, for ``_repr_svg_``); its refusals speak through the text
layer that :mod:`alhambra_widget` installs.
"""

from .actions import (KINDS, VERBS, Action, Build, Placement, Redesign, Buy, EndTurn, GiveToDirk, Pass, Place, Remove, Reserve,
                      Swap, TakeMoney, parse)
from .alhambra import Alhambra
from .errors import IllegalMove, NotationError, RecordError
from .game import Game, Player
from .money import CURRENCIES, Card, Currency, ScoringCard, card
from .moves import Event, Move
from .scoring import POINTS, majority_points
from .tiles import BUILDINGS, FOUNTAIN, TILES, Building, Tile, tile

__all__ = [
    "TILES", "FOUNTAIN", "BUILDINGS", "Building", "Tile", "tile", "Currency", "CURRENCIES", "Card", "card",
    "Alhambra", "Game", "Player", "Move", "Event", "ScoringCard", "IllegalMove", "NotationError", "RecordError",
    "majority_points", "POINTS", "KINDS", "VERBS", "Action", "Redesign", "Placement", "TakeMoney", "Buy", "Remove", "Build", "Swap",
    "EndTurn", "Place", "Reserve", "GiveToDirk", "Pass", "parse",
]
