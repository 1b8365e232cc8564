"""The Alhambra rules engine: pure Python, no Jupyter.

Public names: :data:`TILES`, :class:`Tile`, :class:`Building`, :class:`Alhambra`,
:class:`Game`, :class:`IllegalMove`, :func:`majority_points`, the action
classes and :func:`parse`.
"""

from .actions import (KINDS, VERBS, Action, Build, Placement, Redesign, Buy, EndTurn, GiveToDirk, Pass, Place, Remove, Reserve,
                      Swap, TakeMoney, parse)
from .alhambra import Alhambra, explain_rule
from .errors import IllegalMove, RecordError
from .game import Game, Player, ScoringCard
from .money import CURRENCIES, Card, Currency, card
from .scoring import POINTS, majority_points
from .tiles import BUILDINGS, FOUNTAIN, TILES, Building, Tile, tile

__all__ = [
    "TILES", "FOUNTAIN", "BUILDINGS", "Building", "Tile", "tile", "Currency", "CURRENCIES", "Card", "card",
    "Alhambra", "explain_rule", "Game", "Player", "ScoringCard", "IllegalMove", "RecordError",
    "majority_points", "POINTS", "KINDS", "VERBS", "Action", "Redesign", "Placement", "TakeMoney", "Buy", "Remove", "Build", "Swap",
    "EndTurn", "Place", "Reserve", "GiveToDirk", "Pass", "parse",
]
