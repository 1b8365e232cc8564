"""Sampling the hidden part of a position: the order of the money deck and of the bag.

What a perfect memory knows (RULES.md X3) is public to the bots: every hand,
the discard pile, which tiles are still in the bag, which scoring cards are
still in the deck. What nobody knows is the *order* of the deck and the bag,
and the game's random number generator (which decides every future draw). A
determinization keeps the public part and replaces the hidden part with a
sample drawn from the bot's own random generator. It reads only multisets
(sorted first), never an order, so two positions that differ only in hidden
order give the same samples.
"""

from __future__ import annotations

from operator import attrgetter

from ..engine.game import SCORING, ScoringCard
from ..engine.money import full_deck

__all__ = ["determinize", "scoring_card_ranges"]

#: average number of money cards dealt to one player at setup (S3: until the sum is >= 20)
DEALT_PER_PLAYER = 4.53

_key = attrgetter("key")
_id = attrgetter("id")


def scoring_card_ranges(n_players: int, deck_money: int, remaining) -> list:
    """For each scoring card still in the deck, the range ``(lo, hi)`` of how
    many money cards may lie above it now, from public information only.

    S6 puts scoring card 1 at a uniform place in pile 2 of 5 and card 2 in
    pile 4. The piles are cut from the deck left after the deal; the deal is
    not kept by every copy of a game, so its size is estimated (4.53 cards a
    player on average) and the range widened by a few cards at both ends to
    cover the error of that estimate. Given that a card has not come up yet,
    it is uniform over the rest of that range. When that range is empty (a position set up by hand, or a deck
    refilled from the discard pile), any place in the deck is allowed.
    """
    total = len(full_deck(n_players))
    d0 = max(0, total - round(DEALT_PER_PLAYER * n_players) - 4)
    drawn = d0 - deck_money
    size, extra = divmod(d0, 5)
    starts = [0]
    for i in range(5):
        starts.append(starts[-1] + size + (1 if i < extra else 0))
    slack = 1 + n_players // 2  # the deal's size varies by about a card per two players
    out = []
    for k in remaining:
        pile = 1 if k == 1 else 3
        lo, hi = starts[pile] - drawn - slack, starts[pile + 1] - drawn + slack
        lo, hi = max(lo, 0), min(hi, deck_money)
        if lo > hi:
            lo, hi = 0, deck_money
        out.append((lo, hi))
    return out


def determinize(game, rng):
    """A copy of ``game`` (without history) whose hidden part is sampled
    with ``rng`` (a ``random.Random``): the deck shuffled with the scoring
    cards still in it put back at plausible places (S6), the bag and discard
    pile put in a canonical order, and the game's RNG re-seeded so every
    future draw from the bag differs from the real one."""
    d = game.copy(history=False)
    deck = d.deck
    cards = []
    remaining = []
    for c in deck:
        if type(c) is ScoringCard:
            remaining.append(int(c))
        else:
            cards.append(c)
    cards.sort(key=_key)
    rng.shuffle(cards)  # top first
    if remaining:
        remaining.sort()
        ranges = scoring_card_ranges(d.n, len(cards), remaining)
        spots = [rng.randint(lo, hi) for lo, hi in ranges]
        # scoring card 1 always lies above scoring card 2 (piles 2 and 4)
        if len(spots) == 2 and spots[0] > spots[1]:
            spots.sort()
        for at, k in sorted(zip(spots, remaining), reverse=True):
            cards.insert(at, SCORING[k])
    cards.reverse()  # the engine's deck has its top at the end
    d.deck = cards
    d.bag.sort(key=_id)
    d.discard.sort(key=_key)
    d._rng = rng.getrandbits(64)
    return d
