"""Every table of the analysis tools is a pandas DataFrame (the ``analysis``
extra); long work shows a tqdm progress bar."""

from __future__ import annotations

try:  # imported up front so the first analyse() call does not pay for it
    import pandas as _pd
except ImportError:  # pragma: no cover - the `analysis` extra is not installed
    _pd = None

__all__ = ["table", "require_pandas", "require_game", "progress_bar", "INSTALL_HINT", "TitledTables"]


class TitledTables:
    """A result made of tables under a title (a namedtuple of DataFrames mixes it in): ``print``
    and IPython's text form (a terminal, a text export) show the title and the tables in
    ``_tables()`` order, not the tuple's repr; the class gives its own ``_repr_html_``."""

    __slots__ = ()

    def _title(self) -> str:
        raise NotImplementedError

    def _tables(self) -> tuple:
        raise NotImplementedError

    def __str__(self) -> str:
        return "\n\n".join([self._title(), *map(str, self._tables())])

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(str(self))

INSTALL_HINT = "pip install 'alhambra-widget[analysis]'"


def require_pandas():
    """The pandas module, or an ImportError that says what to install."""
    if _pd is None:
        raise ImportError(f"the analysis tools return pandas DataFrames and pandas is not installed: "
                          f"{INSTALL_HINT}")
    return _pd


def require_game(game, tool: str):
    """``game`` if it is a :class:`~alhambra_widget.Game`, else TypeError
    saying what ``tool`` takes (a widget: its ``.game``)."""
    from ..engine import Game

    if isinstance(game, Game):
        return game
    widget = isinstance(getattr(game, "game", None), Game)   # (an AlhambraWidget, say)
    raise TypeError(f"{tool}() takes a Game, not {type(game).__name__}" + (" (the widget's game: pass w.game)" if widget else ""))


def table(rows: list, columns=None, index=None):
    """``rows`` (a list of dicts) as a DataFrame, indexed by the column ``index`` if given."""
    pd = require_pandas()
    df = pd.DataFrame(rows, columns=columns)
    if index is not None and index in df.columns:
        df = df.set_index(index)
    return df


class _NoBar:
    def update(self, k):
        pass

    def close(self):
        pass


def progress_bar(total: int, progress: bool, desc: str, unit: str):
    """A tqdm bar of ``total`` steps (``tqdm.auto``: a widget in a notebook,
    text elsewhere), or one that shows nothing when ``progress`` is false or
    tqdm is missing. It has ``update(k)`` and ``close()``."""
    if not progress:
        return _NoBar()
    try:
        from tqdm.auto import tqdm
    except ImportError:  # pragma: no cover
        return _NoBar()
    return tqdm(total=total, desc=desc, unit=unit)
