"""Analysis tools: hints for a position, standings, tournaments between bots.

* :func:`analyse` -- the best candidate actions for the player to move, with
  estimated win probability and expected score margin (a tree search);
* :func:`what_if` -- an independent copy of a game after some actions;
* :func:`standings` -- what a scoring round would give if it were played now;
* :func:`best_spots` -- the legal spots for a tile, ranked by wall gain;
* :func:`tournament` -- bots against each other, seats rotated, seeds paired,
  games spread over any ``concurrent.futures.Executor``;
* :func:`wilson` -- a 95% confidence interval for a win rate;
* :func:`review` -- every move of a game graded (best, good, inaccuracy,
  mistake, blunder) with the best move found; :func:`review_summary` counts
  each player's grades and mean loss; :func:`plot_review` draws every
  player's win probability over the game.

Every table is a pandas DataFrame: ``pip install 'alhambra-widget[analysis]'``
(without pandas the functions raise an ImportError saying so).
"""

from .hints import analyse, best_spots, what_if
from .review import GRADES, grade, iter_review_rows, plot_review, review, review_rows, review_summary
from .standings import Standings, standings
from .stats import wilson
from .tournament import TournamentResult, tournament

__all__ = ["analyse", "what_if", "standings", "Standings", "best_spots", "tournament", "TournamentResult",
           "wilson", "review", "review_rows", "iter_review_rows", "review_summary", "plot_review", "grade", "GRADES"]
