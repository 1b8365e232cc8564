"""The hidden part of a position: the order of the money deck.

What a perfect memory knows (RULES X3) is public: every hand, the discard
pile, which tiles are still in the bag, which money cards and scoring cards
are still in the deck. What nobody knows is the *order* of the deck and the
game's random number generator (which decides every draw from the bag).
:func:`sample_deck` draws a fresh order consistent with what is known;
``Game.resample_hidden`` uses it (the bots' determinization, and an undo at a
table that must not show what comes next).
"""

from __future__ import annotations

from operator import attrgetter

from .money import SCORING, ScoringCard, full_deck, pile_starts

__all__ = ["sample_deck", "scoring_card_ranges", "DEALT_PER_PLAYER"]

#: average number of money cards dealt to one player at setup (S3: until the sum is >= 20)
DEALT_PER_PLAYER = 4.53

_key = attrgetter("key")


def scoring_card_ranges(n_players: int, deck_money: int, remaining, cut: int | None = None) -> list:
    """For each scoring card still in the deck, the range ``(lo, hi)`` of how
    many money cards may lie above it now, from public information only.

    S6 puts scoring card 1 at a uniform place in pile 2 of 5 and card 2 in
    pile 4. The piles are cut from the deck left after the deal: ``cut``
    money cards (``Game.deck_cut``; public, as the deal is face up), and the
    money cards drawn since are the difference to ``deck_money`` (no scoring
    card is left once the deck has run out). Where ``cut`` is not known, the
    deal's size is estimated (4.53 cards a player on average) and the range
    widened by a few cards at both ends to cover the error of that estimate.
    Given that a card has not come up yet, it is uniform over the rest of
    that range. When that range is empty (a position set up by hand), any
    place in the deck is allowed.
    """
    if cut is None:
        total = len(full_deck(n_players))
        d0 = max(0, total - round(DEALT_PER_PLAYER * n_players) - 4)
        slack = 1 + n_players // 2  # the deal's size varies by about a card per two players
    else:
        d0, slack = cut, 0
    drawn = d0 - deck_money
    starts = pile_starts(d0)
    out = []
    for k in remaining:
        pile = 1 if k == 1 else 3
        lo, hi = starts[pile] - drawn - slack, starts[pile + 1] - drawn + slack
        lo, hi = max(lo, 0), min(hi, deck_money)
        if lo > hi:
            lo, hi = 0, deck_money
        out.append((lo, hi))
    return out


def sample_deck(game, rng) -> list:
    """A new order of ``game``'s money deck (the engine's list: top card
    last), drawn with ``rng``: its money cards shuffled, the scoring cards
    still in it put back at plausible places (S6). Reads only multisets
    (sorted first), never the order it replaces."""
    cards = []
    remaining = []
    for c in game.deck:
        if type(c) is ScoringCard:
            remaining.append(int(c))
        else:
            cards.append(c)
    cards.sort(key=_key)
    rng.shuffle(cards)  # top first
    if remaining:
        remaining.sort()
        ranges = scoring_card_ranges(len(game.players), len(cards), remaining, game.deck_cut)
        spots = [rng.randint(lo, hi) for lo, hi in ranges]
        # scoring card 1 always lies above scoring card 2 (piles 2 and 4)
        if len(spots) == 2 and spots[0] > spots[1]:
            spots.sort()
        for at, k in sorted(zip(spots, remaining), reverse=True):
            cards.insert(at, SCORING[k])
    cards.reverse()  # the engine's deck has its top at the end
    return cards
