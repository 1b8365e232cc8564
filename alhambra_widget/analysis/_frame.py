"""Tables as pandas DataFrames where pandas is installed, lists of dicts otherwise."""

from __future__ import annotations

try:  # imported up front so the first analyse() call does not pay for it
    import pandas as _pd
except ImportError:  # pragma: no cover - the `analysis` extra is not installed
    _pd = None

__all__ = ["table", "HAVE_PANDAS"]

HAVE_PANDAS = _pd is not None


def table(rows: list, columns=None, index=None):
    """``rows`` (a list of dicts) as a DataFrame, or unchanged without pandas."""
    if _pd is None:
        return rows
    df = _pd.DataFrame(rows, columns=columns)
    if index is not None and len(df):
        df = df.set_index(index)
    return df
