"""The game record: ``Game.to_json()`` / ``Game.from_json()``.

Format (version 1), one JSON object::

    {
      "format": "alhambra-widget game record",
      "version": 1,
      "players": ["Ana", "Ben", "Chi"],
      "seed": 1,                      # int or str, as given to Game()
      "start": STATE,                 # the position the history starts from
      "history": ["take dinar 3", "buy 2 with dirham 3+4", ...],
      "state": STATE                  # the position now
    }

A STATE holds the whole position, hidden parts included (it is a save file,
not a view for a player). Its fields are declared once, in
:data:`alhambra_widget.engine.state.FIELDS`:

"""

from __future__ import annotations

import json
import os

from . import state as S
from .actions import parse
from .errors import IllegalMove, RecordError

__all__ = ["FORMAT", "VERSION", "MAX_RECORD_CHARS", "dump", "load"]

# the STATE's fields, listed from their one declaration
__doc__ += "\n".join(f"- ``{f.name}``: {f.doc}" for f in S.FIELDS) + """

Loading checks everything: the shape and range of every field, every
condition between fields (:func:`alhambra_widget.engine.state.check_consistency`),
that every tile and money card is somewhere exactly once, that every
Alhambra obeys the placement rules, that each move of the history is legal
from ``start``, and that replaying the history from ``start`` gives exactly
``state``. Limits: at most ``MAX_RECORD_CHARS`` characters, ``game.MAX_MOVES``
moves, ``state.MAX_NAME_LENGTH`` characters per name; integer seeds in
[-2**63, 2**64), text seeds of at most ``game.MAX_SEED_LENGTH`` characters.
A record that fails any check raises :class:`RecordError` and nothing is
loaded.
"""

FORMAT = "alhambra-widget game record"
VERSION = 1
#: The longest record text ``from_json`` reads (a whole game takes ~30 KB).
MAX_RECORD_CHARS = 4_000_000


def dump(g, indent=None) -> str:
    rec = {
        "format": FORMAT,
        "version": VERSION,
        "players": [p.name for p in g.players],
        "seed": g.seed,
        "start": g.start_state(),
        "history": [str(m.action) for m in g.moves],
        "state": S.dump_state(g),
    }
    return json.dumps(rec, indent=indent, ensure_ascii=False)


def _fail(msg):
    raise RecordError(msg)


class _KeyTwice(Exception):
    pass


def _no_key_twice(pairs) -> dict:
    """An object of the record, refused when it names a key twice (``json``
    would keep the last value silently, another reader perhaps the first)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen = set()
        for k, _ in pairs:
            if k in seen:
                raise _KeyTwice(S._shown(k))
            seen.add(k)
    return out


def load(text, cls):
    """A ``cls`` game from record text; RecordError (nothing loaded) if the
    record is malformed, too large or does not agree with itself."""

    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_RECORD_CHARS * 4:
            _fail(f"a game record has at most {MAX_RECORD_CHARS} characters")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            _fail("a game record is UTF-8 JSON text")
    if isinstance(text, dict):   # a record already parsed (json.load): read as its text, limits and all
        try:
            text = json.dumps(text, ensure_ascii=False)
        except (TypeError, ValueError, RecursionError) as e:
            _fail(f"a game record is JSON: {str(e)[:80]}")
    if isinstance(text, os.PathLike):
        _fail("a game record is JSON text, not a path: read the file first, "
              "Game.from_json(pathlib.Path(...).read_text(encoding='utf-8'))")
    if not isinstance(text, str):
        _fail(f"a game record is JSON text (or its object parsed), not {type(text).__name__}")
    if len(text) > MAX_RECORD_CHARS:
        _fail(f"a game record has at most {MAX_RECORD_CHARS} characters")
    if text.startswith("\ufeff"):   # a byte-order mark, as some editors write before UTF-8 text
        text = text[1:]
    try:
        rec = json.loads(text, object_pairs_hook=_no_key_twice)
    except _KeyTwice as e:
        _fail(f"the game record names {e.args[0]} twice in one object: which one holds is not clear")
    except (ValueError, RecursionError) as e:  # JSONDecodeError, and numbers too long to read
        name = text.strip()
        if name and len(name) <= 260 and not name.startswith(("{", "[", '"')) and "\n" not in name:
            _fail(f"the game record is not valid JSON: {name!r} looks like a file name; read the file first, "
                  f"Game.from_json(pathlib.Path({name!r}).read_text(encoding='utf-8'))")
        _fail(f"the game record is not valid JSON: {str(e)[:80]}")
    if not isinstance(rec, dict):
        _fail("a game record is a JSON object")
    if rec.get("format") != FORMAT:
        _fail(f"format: this is not an alhambra-widget game record (format must be {FORMAT!r})")
    if rec.get("version") != VERSION:
        _fail(f"version: record version {S._shown(rec.get('version'))} is not supported (this version reads {VERSION})")
    for k in ("players", "seed", "start", "history", "state"):
        if k not in rec:
            _fail(f"the record lacks {k!r}")
    extra = rec.keys() - {"format", "version", "players", "seed", "start", "history", "state"}
    if extra:
        _fail(f"the record has unknown fields {', '.join(sorted(map(S._shown, extra)))}")
    seed = rec["seed"]
    try:
        S.check_seed(seed)
    except (TypeError, ValueError) as e:
        _fail(f"seed: {e}")
    history = rec["history"]
    if not isinstance(history, list):
        _fail("history must be a list")
    if len(history) > S.MAX_MOVES:
        _fail(f"history: a game record holds at most {S.MAX_MOVES} moves, not {len(history)}")
    g = cls._from_state(rec["start"], seed)
    names = rec["players"]
    if names != [p.name for p in g.players]:
        _fail("players: the player names do not match the start position")
    for i, text_action in enumerate(history):
        if not isinstance(text_action, str) or len(text_action) > 400:
            _fail(f"history[{i}] must be an action in notation")
        try:
            g.play(parse(text_action))
        except (ValueError, IllegalMove) as e:
            _fail(f"history[{i}] ({S._shown(text_action)}) is not legal there: {str(e)[:160]}")
    final = cls._from_state(rec["state"], seed)
    want, got = S.dump_state(final), S.dump_state(g)
    if want != got:
        diff = sorted(k for k, v in want.items() if got[k] != v)
        _fail("state: the record's position does not follow from its start and history "
              f"(differs in {', '.join(diff)}); it was changed by hand")
    return g
