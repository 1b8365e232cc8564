"""Money: four currencies, cards of value 1-9."""

from __future__ import annotations

import enum

from .errors import member_named

__all__ = ["Currency", "Card", "CURRENCIES", "full_deck", "card", "ScoringCard", "SCORING"]


class Currency(str, enum.Enum):
    """The four currencies, in the order of the building-market slots they pay."""

    FLORIN = "florin"
    DIRHAM = "dirham"
    DINAR = "dinar"
    DUCAT = "ducat"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def _missing_(cls, value):
        return member_named(cls, value, "a currency", "the currencies")

    @property
    def index(self) -> int:
        return _CUR_INDEX[self]

    @property
    def slot(self) -> int:
        """The building-market slot (1-4) this currency pays for."""
        return _CUR_INDEX[self] + 1


CURRENCIES = tuple(Currency)
_CUR_INDEX = {c: i for i, c in enumerate(CURRENCIES)}


class Card:
    """A money card: ``currency`` and ``value`` (1-9).

    Cards are interned: the three copies of "dirham 4" are one object, so a
    hand is a list of shared values and comparing cards is an identity check.
    ``card.key`` (0-35) orders cards by currency, then value."""

    __slots__ = ("currency", "value", "key")

    def __new__(cls, currency, value: int):
        cur = Currency(currency)
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 9:
            raise ValueError(f"a money card has a value from 1 to 9, not {value!r}")
        key = _CUR_INDEX[cur] * 9 + value - 1
        if _CARDS is not None:
            return _CARDS[key]
        c = object.__new__(cls)
        object.__setattr__(c, "currency", cur)
        object.__setattr__(c, "value", value)
        object.__setattr__(c, "key", key)
        return c

    def __setattr__(self, name, value):
        raise AttributeError("cards are immutable")

    def __lt__(self, other):
        return self.key < other.key

    def __reduce__(self):
        return (card_from_key, (self.key,))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __repr__(self):
        return f"Card({self.currency.value}, {self.value})"

    def __str__(self):
        return f"{self.currency.value} {self.value}"


_CARDS = None
_CARDS = tuple(Card(c, v) for c in CURRENCIES for v in range(1, 10))
_DECK2 = tuple(c for c in _CARDS for _ in range(2))
_DECK3 = tuple(c for c in _CARDS for _ in range(3))


def card(currency, value: int) -> Card:
    """The (shared) card object for this currency and value."""
    return Card(currency, value)


def card_from_key(key: int) -> Card:
    return _CARDS[key]


def full_deck(players: int) -> list:
    """All money cards of a game: 3 copies of each, 2 with two players (D1)."""
    return list(_DECK2 if players == 2 else _DECK3)


class ScoringCard(int):
    """Scoring card 1 or 2, hidden in the money deck (S6)."""

    def __repr__(self):
        return f"ScoringCard({int(self)})"

    def __str__(self):
        return f"scoring {int(self)}"


#: ``SCORING[1]`` and ``SCORING[2]``: the two scoring cards (index 0 unused)
SCORING = (None, ScoringCard(1), ScoringCard(2))


def pile_starts(cards: int) -> tuple:
    """S6: where the five piles of a deck of ``cards`` money cards start (top first; piles as
    equal as possible, the first ones a card larger), and where the last one ends: six numbers.
    Scoring card 1 goes into pile 2 (``starts[1]``..``starts[2]``), card 2 into pile 4."""
    size, extra = divmod(cards, 5)
    starts = [0]
    for i in range(5):
        starts.append(starts[-1] + size + (1 if i < extra else 0))
    return tuple(starts)
