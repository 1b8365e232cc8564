"""If the game were scored now: majorities, walls and points (the engine's scoring)."""

from __future__ import annotations

import html
from collections import namedtuple

from ..engine import BUILDINGS, Game
from ..i18n import t
from ._frame import TitledTables, require_game, require_pandas, table

__all__ = ["standings", "Standings"]

class Standings(TitledTables, namedtuple("Standings", ["round", "buildings", "players"])):
    """``round``: the round scored; ``buildings``: one row per building type;
    ``players``: one row per player. A notebook shows both tables under a
    heading (in the current language); ``print`` shows them as text."""

    __slots__ = ()
    #: the last round of a finished game as it was scored, not a preview
    final = False

    def _title(self) -> str:
        return t("ui.scoring.round_final" if self.final else "ui.scoring.preview", round=self.round)

    def __repr__(self) -> str:   # (the last round of a finished game is Standings too)
        return "Standings" + super().__repr__()[len(type(self).__name__):]

    # (IPython takes a class's own __repr__ before a _repr_pretty_ it inherits: the titled tables)
    _repr_pretty_ = TitledTables._repr_pretty_

    def _tables(self) -> tuple:
        return self.buildings, self.players

    def _repr_html_(self) -> str:
        return (f"<div><h4>{html.escape(self._title())}</h4>{self.buildings.to_html()}"
                f"<br>{self.players.to_html()}</div>")


class _Final(Standings):
    """The last round of a finished game, as it was scored."""

    __slots__ = ()
    final = True


def standings(game: Game, round: int | None = None) -> Standings:
    """What scoring round ``round`` (default: the next one to be played)
    would give if it were played now, with the engine's own scoring (C2-C4,
    Dirk ranked in 2-player games, D3). Of a finished game, by default, the
    last round as it was scored (``final``; ``score`` is then the score
    before it).

    ``buildings`` has one row per building type: the count of each player
    (and ``Dirk``), the ``leader`` (names joined by `` & `` on a tie; missing
    -- ``pd.isna`` -- if nobody has one), the ``margin`` (tiles the leader has over the next
    entry; 0 on a tie) and each player's points (``<name> points``). A
    player whose name another column has (a player named ``Dirk`` in a
    2-player game, ``leader``, ``Ana points`` beside an ``Ana``) is named
    with the seat in the columns: ``Dirk (seat 1)``.
    ``players`` has one row per player: ``player``, ``buildings`` (majority
    points), ``wall`` (longest external wall), ``points`` (the round's
    total), ``score`` now and ``score_after`` the round. Both are pandas
    DataFrames (``pip install 'alhambra-widget[analysis]'``).

    >>> s = standings(Game(["Ana", "Ben", "Chi"], seed=1))
    >>> s.round
    1
    """
    require_pandas()
    require_game(game, "standings")
    names = game.names
    # the engine's own scoring (C2-C4, D3); by default the next round (it checks the number),
    # or the end of a finished game as it was scored
    final = round is None and game.is_over and len(game.rounds) == 3
    preview = game.rounds[-1] if final else game.scoring_preview(round)
    round = preview["round"]
    entries = preview["counts"]
    pts = preview["buildings"]
    dirk = preview["dirk"] is not None
    # a column per player, named as the player unless another column has that name
    taken = {"building", "leader", "margin", *(["Dirk"] if dirk else []), *(f"{nm} points" for nm in names)}
    labels = [f"{nm} (seat {i + 1})" if nm in taken else nm for i, nm in enumerate(names)]
    entry_names = labels + (["Dirk"] if dirk else [])
    b_rows = []
    for b, building in enumerate(BUILDINGS):
        col = [e[b] for e in entries]
        row = {"building": building.value}
        for nm, c in zip(entry_names, col):
            row[nm] = c
        best = max(col)
        if best > 0:
            leaders = [nm for nm, c in zip(entry_names, col) if c == best]
            rest = [c for c in col if c != best]
            row["leader"] = " & ".join(leaders)
            row["margin"] = 0 if len(leaders) > 1 else best - (max(rest) if rest else 0)
        else:
            row["leader"], row["margin"] = None, 0
        for i, nm in enumerate(labels):
            row[f"{nm} points"] = pts[i][b]
        b_rows.append(row)
    p_rows = []
    for i, (nm, p) in enumerate(zip(names, game.players)):
        p_rows.append({"player": nm, "buildings": sum(pts[i]), "wall": preview["walls"][i],
                       "points": preview["points"][i],
                       "score": preview["scores"][i] - preview["points"][i] if final else p.score,
                       "score_after": preview["scores"][i]})
    return (_Final if final else Standings)(round, table(b_rows, index="building"), table(p_rows, index="player"))
