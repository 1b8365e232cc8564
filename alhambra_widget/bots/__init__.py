"""AI players for Alhambra.

Every bot is a :class:`Bot`: ``bot.choose(game, seat)`` returns a legal
action for the player to move, without changing the game. Bots are
deterministic for a given ``seed`` (an iteration budget, not a time budget)
and picklable, so they can play in process pools.

* :class:`Random` -- an action kind uniformly, then an action of that kind;
* :class:`Greedy` -- one action ahead with a hand-written evaluation;
* :class:`MCTS` -- information-set Monte Carlo tree search, its playouts
  scored by an evaluation learned from self-play (:mod:`.learned`);
* :class:`FlatMC` -- flat Monte Carlo with random playouts (a baseline).

No bot ever reads the order of the money deck or of the bag, nor the game's
random number generator: whatever they simulate, they simulate on
determinizations (hidden order resampled from their own seed). What a
perfect memory knows -- every hand (RULES.md X3) -- they use.

>>> from alhambra_widget.bots import Greedy, Random, play_game
>>> g = play_game([Greedy(seed=1), Random(seed=2)], seed=7)
>>> g.is_over
True
"""

from .base import Bot, play_game
from .determinize import determinize
from .evaluation import Weights, values, win_probabilities
from .greedy import Greedy
from .mcts import MCTS, FlatMC, SearchResult
from .randomplayer import Random

__all__ = ["Bot", "Random", "Greedy", "MCTS", "FlatMC", "SearchResult", "Weights", "play_game",
           "determinize", "values", "win_probabilities"]
