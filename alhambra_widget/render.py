"""Pictures of a position as SVG: one tile, one Alhambra, the whole table.

Pure functions from a position to an SVG string -- standard library only, no
Jupyter, no JavaScript -- so ``Alhambra._repr_svg_`` and ``Game._repr_svg_``
show a position in any notebook, exported HTML page or file viewer.

The pictures are drawn from the JSON view of :mod:`alhambra_widget.view`, the
same view the widget's front end draws, in the colours of ``palette.json``
that the front end reads too:

* :func:`view_svg` draws the whole table from a view (``view(game, seat)``),
  and :func:`game_svg` is ``view_svg(view(game, seat))``;
* :func:`board_svg` draws one player's entry of a view (``view["players"][i]``),
  and :func:`alhambra_svg` draws an :class:`Alhambra` through the same entry;
* :func:`tile_svg` draws one tile (a ``Tile`` or a view tile).

The drawing code reads nothing but the view's plain JSON values.

>>> from alhambra_widget import Alhambra, Game, TILES
>>> from alhambra_widget.render import alhambra_svg, game_svg
>>> a = Alhambra()
>>> a.place(TILES[6], (1, 0))                  # pavilion 8, east of the fountain
>>> svg = alhambra_svg(a, highlight=a.legal_spots(TILES[0]), wall=True)
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
>>> game_svg(Game(["Ana", "Ben"], seed=1), seat=0).count('class="alh-hand')
2

What the markup promises (tests and the front end rely on it):

* every element class is prefixed ``alh-``; a tile is ``<g class="alh-tile
  alh-<building>">`` (``alh-fountain`` for the fountain) with ``data-tile``
  (its id) and, on a grid, ``data-x``/``data-y``; an empty spot is
  ``alh-spot`` with ``data-x``/``data-y``; a money card is ``alh-card
  alh-<currency>`` with ``data-currency``/``data-value``;
* a wall is a ``<line class="alh-wall">`` lying exactly on the tile's edge,
  with ``data-x``/``data-y``/``data-side``; in a grid one cell is
  :data:`CELL` user units and tile (x, y) covers ``[x*CELL, (x+1)*CELL]``
  horizontally (y grows to the south, rule S1);
* every tile and card has a ``<title>`` (tooltip, screen readers);
* colours are explicit attributes (no style sheet), and every picture draws its
  own background, so it reads the same on light and dark pages;
* texts (titles, labels, the status line) are in the current language of
  :mod:`alhambra_widget.i18n`, or the one named (``game_svg(g, lang="de")``;
  the widget draws its fallback picture in its own language); the status line
  is the view's ``status``.
"""

from __future__ import annotations

import html
import json
import re
from importlib import resources

from .engine.errors import _shown
from .engine.state import seat_index
from .i18n import is_you, t as _t, tn as _tn, use_language
from .i18n.format import money_name, walls_words

__all__ = ["alhambra_svg", "board_svg", "game_svg", "tile_svg", "view_svg", "CELL", "PALETTE", "ARTWORK",
           "BUILDING_COLORS", "CURRENCY_COLORS"]

#: Size of one grid cell in user units (tile (x, y) starts at (x*CELL, y*CELL)).
CELL = 100

SIDES = ("N", "E", "S", "W")

#: The colours of ``palette.json`` (shared with the front end).
PALETTE = json.loads(resources.files(__package__).joinpath("palette.json").read_text(encoding="utf-8"))

#: The pictures of ``artwork.json`` (shared with the front end): per building, per currency, marks.
ARTWORK = json.loads(resources.files(__package__).joinpath("artwork.json").read_text(encoding="utf-8"))
ART_BOX = ARTWORK["box"]

#: Building colours of the rulebook: (fill, edge, text).
BUILDING_COLORS = {k: tuple(v) for k, v in PALETTE["buildings"].items()}
BUILDING_ORDER = tuple(BUILDING_COLORS)

#: Currency colours: (fill, edge, text). Slot order florin, dirham, dinar, ducat.
CURRENCY_COLORS = {k: tuple(v) for k, v in PALETTE["currencies"].items()}
_UNKNOWN = tuple(PALETTE["unknown"])

# The table: parchment panels with dark ink, readable on any page background.
_TABLE = PALETTE["table"]
BG = _TABLE["background"]
BG_EDGE = _TABLE["background_edge"]
PANEL = _TABLE["panel"]
PANEL_EDGE = _TABLE["panel_edge"]
INK = _TABLE["ink"]
ON_DARK = _TABLE["on_dark"]
MUTED = _TABLE["muted"]
GRID = _TABLE["grid"]
WALL = _TABLE["wall"]
LONGEST = _TABLE["longest"]          # the counted longest wall (C4)
SPOT = _TABLE["spot"]                # highlighted empty spots
CURRENT = _TABLE["current"]          # the player to act
WINNER = _TABLE["winner"]
WINNER_EDGE = _TABLE["winner_edge"]
_FOUNTAIN = PALETTE["fountain"]
_BACK = PALETTE["card_back"]
_BAG = PALETTE["bag"]

FONT = ("system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Helvetica, Arial, "
        "'Noto Sans CJK JP', 'Hiragino Sans', 'Yu Gothic UI', Meiryo, sans-serif")

# Corners of each side of the unit cell, in drawing order (N is the top edge).
_EDGE = {"N": (0, 0, 1, 0), "E": (1, 0, 1, 1), "S": (0, 1, 1, 1), "W": (0, 0, 0, 1)}

_XML_BAD = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


# ----------------------------------------------------------------- helpers
def _esc(text) -> str:
    """Text safe for XML content and double-quoted attributes."""
    return html.escape(_XML_BAD.sub("", str(text)), quote=True)


def _n(v) -> str:
    """A compact number for coordinates (at most 2 decimals)."""
    if isinstance(v, int):
        return str(v)
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def _kind(t: dict) -> str:
    """A view tile's building (``"fountain"`` for id 0)."""
    return "fountain" if t["id"] == 0 else t["building"]


def _walls(t: dict) -> list:
    """A view tile's wall sides, in the order N E S W."""
    w = t.get("walls") or ""
    return [s for s in SIDES if s in w]


def _card_parts(card: str) -> tuple:
    """``"dirham 4"`` (a view card) -> ``("dirham", 4)``."""
    cur, _, value = str(card).partition(" ")
    return cur, int(value)


def _describe(t: dict, pos=None) -> str:
    """``Tower 13 at (1, 0), walls N E`` -- the tile's tooltip (current language)."""
    if t["id"] == 0:
        return _t("ui.svg.fountain_at", x=pos[0], y=pos[1]) if pos is not None else _t("ui.tile.fountain")
    w = _walls(t)
    walls = walls_words(w)
    p = {"building": _t(f"building.{_kind(t)}"), "price": t["price"], "walls": walls}
    return _t("ui.svg.tile_at", x=pos[0], y=pos[1], **p) if pos is not None else _t("ui.tile.describe", **p)


def _yx(p):
    return (p[1], p[0])


def _root(cls: str, vx, vy, vw, vh, size, natural: float, title: str) -> str:
    """The opening ``<svg>`` tag and its ``<title>``.

    ``size``: None (natural size, shrinks to fit its container), a number
    (width in pixels) or a CSS length such as ``"100%"`` (height follows)."""
    if size is None:
        dims = (f'width="{_n(vw * natural)}" height="{_n(vh * natural)}" '
                'style="max-width:100%;height:auto"')
    elif isinstance(size, (int, float)) and not isinstance(size, bool):
        dims = f'width="{_n(size)}" height="{_n(size * vh / vw)}"'
    else:
        dims = f'width="{_esc(size)}" style="height:auto"'
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="alh {cls}" '
            f'viewBox="{_n(vx)} {_n(vy)} {_n(vw)} {_n(vh)}" {dims} role="img" '
            f'font-family="{FONT}"><title>{_esc(title)}</title>')


def _width(s, size) -> float:
    """About how wide ``s`` is drawn at ``size`` (CJK characters 1 em, Latin ones less)."""
    w = 0.0
    for ch in str(s):
        c = ord(ch)
        w += 1 if c >= 0x2E80 else 0.68 if 0x41 <= c <= 0x5A else 0.3 if ch == " " else 0.57
    return w * size


def _text(out, x, y, s, size, *, fill=INK, anchor="start", weight=None, cls=None, fit=0):
    """An SVG <text>; ``fit``: squeeze a longer text to that width (long words, CJK)."""
    w = f' font-weight="{weight}"' if weight else ""
    c = f' class="{cls}"' if cls else ""
    a = f' text-anchor="{anchor}"' if anchor != "start" else ""
    if fit and _width(s, size) * (1.08 if weight else 1) > fit:
        a += f' textLength="{_n(fit)}" lengthAdjust="spacingAndGlyphs"'
    out.append(f'<text{c} x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}"{a}{w} fill="{fill}">{_esc(s)}</text>')


# ------------------------------------------------------------------- tiles
def _art(out, d: str, x, y, size, fill, cls="alh-mark"):
    """A picture of ``artwork.json`` (path data in its 100-unit box) drawn in the box (x, y, size)."""
    if d:
        out.append(f'<path class="{cls}" d="{d}" transform="translate({_n(x)} {_n(y)}) scale({_n(size / ART_BOX)})" '
                   f'fill="{fill}" fill-rule="evenodd"/>')


def _fountain(out, x0, y0, s):
    f = _FOUNTAIN
    g = s * 0.03
    cx, cy = x0 + s / 2, y0 + s / 2
    out.append(f'<rect x="{_n(x0 + g)}" y="{_n(y0 + g)}" width="{_n(s - 2 * g)}" height="{_n(s - 2 * g)}" '
               f'rx="{_n(s * 0.07)}" fill="{f["base"]}" stroke="{f["rim"]}" stroke-width="{_n(s * 0.02)}"/>')
    out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(s * 0.34)}" fill="{f["water"]}" '
               f'stroke="{f["water_edge"]}" stroke-width="{_n(s * 0.04)}"/>')
    out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(s * 0.2)}" fill="none" '
               f'stroke="{f["ripple"]}" stroke-width="{_n(s * 0.035)}"/>')
    out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(s * 0.07)}" fill="{f["water_edge"]}"/>')


def _tile(out, t: dict, x0, y0, s, *, pos=None, walls=True, detail=True):
    """One view tile as a ``<g class="alh-tile ...">`` with its square at
    (x0, y0), side ``s``: its colour, its price at the top and its building's
    picture below (``artwork.json``, as the widget draws it); ``detail``
    False draws the picture alone, larger (small tiles; the price is in the
    title). ``pos`` adds data-x/data-y; ``walls`` draws the walls inside the
    group (a grid draws them in a layer of their own, above every tile)."""
    kind = _kind(t)
    data = f' data-tile="{t["id"]}"'
    if pos is not None:
        data = f' data-x="{pos[0]}" data-y="{pos[1]}"' + data
    out.append(f'<g class="alh-tile alh-{kind}"{data}><title>{_esc(_describe(t, pos))}</title>')
    g = s * 0.03
    r = s * 0.07
    if t["id"] == 0:
        _fountain(out, x0, y0, s)
    else:
        fill, edge, ink = BUILDING_COLORS.get(kind, _UNKNOWN)
        out.append(f'<rect x="{_n(x0 + g)}" y="{_n(y0 + g)}" width="{_n(s - 2 * g)}" height="{_n(s - 2 * g)}" '
                   f'rx="{_n(r)}" fill="{fill}" stroke="{edge}" stroke-width="{_n(s * 0.03)}"/>')
        art = ARTWORK["buildings"].get(kind, "")
        if detail:
            _text(out, x0 + s / 2, y0 + s * 0.29, t["price"], s * 0.26, fill=ink, anchor="middle", weight="bold",
                  cls="alh-price")
            _art(out, art, x0 + s * 0.22, y0 + s * 0.36, s * 0.56, ink)
        else:
            _art(out, art, x0 + s * 0.14, y0 + s * 0.14, s * 0.72, ink)
    if walls:
        _wall_lines(out, t, x0, y0, s, pos)
    out.append("</g>")


def _wall_lines(out, t: dict, x0, y0, s, pos=None):
    data = f' data-x="{pos[0]}" data-y="{pos[1]}"' if pos is not None else ""
    w = _n(s * 0.12)
    for side in _walls(t):
        ax, ay, bx, by = _EDGE[side]
        out.append(f'<line class="alh-wall"{data} data-side="{side}" x1="{_n(x0 + ax * s)}" y1="{_n(y0 + ay * s)}" '
                   f'x2="{_n(x0 + bx * s)}" y2="{_n(y0 + by * s)}" stroke="{WALL}" stroke-width="{w}" '
                   'stroke-linecap="square"/>')


def _tile_json(tile) -> dict:
    """A ``Tile`` (or tile id) as a view tile (a view tile is returned as it is)."""
    if isinstance(tile, dict):
        missing = [k for k in ("id", "building", "price", "walls") if k not in tile]
        if missing:
            raise ValueError(f"a view tile has id, building, price and walls; this one lacks {', '.join(missing)}")
        return tile
    from .engine.tiles import Tile, tile as tile_by_id
    from .view import tile_json

    if isinstance(tile, int) and not isinstance(tile, bool):
        tile = tile_by_id(tile)   # (ValueError for an id that is no tile's)
    if not isinstance(tile, Tile):
        raise TypeError(f"a tile is a Tile, a tile id or a view tile, not {_shown(tile)}")
    return tile_json(tile)


def _spots(highlight) -> list:
    """The spots to outline, north to south: pairs of integers on the grid
    (a spot far off it would stretch the picture without end)."""
    if isinstance(highlight, (str, bytes, dict)) or not hasattr(highlight, "__iter__"):
        raise TypeError(f"highlight is a list of spots (x, y), not {_shown(highlight)}")
    out = set()
    for p in highlight:
        if not (isinstance(p, (tuple, list)) and len(p) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in p)):
            raise TypeError(f"a spot to highlight is a pair (x, y) of integers, not {_shown(p)}")
        if not (-100 < p[0] < 100 and -100 < p[1] < 100):
            raise ValueError(f"a spot to highlight lies within 99 cells of the fountain, not {_shown(tuple(p))}")
        out.add((p[0], p[1]))
    return sorted(out, key=_yx)


def tile_svg(tile, *, size=None) -> str:
    """One tile on its own: colour, price, building name and walls.

    ``tile``: a ``Tile`` or a view tile (``{"id", "building", "price",
    "walls"}``). ``size`` is the width in pixels (default 64) or a CSS length."""
    t = _tile_json(tile)
    m = CELL * 0.08
    out = [_root("alh-tile-card", -m, -m, CELL + 2 * m, CELL + 2 * m,
                 64 if size is None else size, 1, _describe(t))]
    out.append(f'<rect class="alh-bg" x="{_n(-m)}" y="{_n(-m)}" width="{_n(CELL + 2 * m)}" '
               f'height="{_n(CELL + 2 * m)}" rx="{_n(m)}" fill="{PANEL}"/>')
    _tile(out, t, 0, 0, CELL)
    out.append("</svg>")
    return "".join(out)


# ----------------------------------------------------------------- a board
def _bounds(tiles) -> tuple:
    """``(min_x, max_x, min_y, max_y)`` of view tiles with x, y (the fountain's cell at least)."""
    minx = maxx = miny = maxy = 0
    for t in tiles:
        x, y = t["x"], t["y"]
        minx, maxx, miny, maxy = min(minx, x), max(maxx, x), min(miny, y), max(maxy, y)
    return minx, maxx, miny, maxy


def _sides(path) -> list:
    """Wall sides as ``[(x, y, side)]``, from the view's ``[x, y, side]`` or ``((x, y), side)``."""
    out = []
    for seg in path:
        if len(seg) == 2:
            (x, y), side = seg
        else:
            x, y, side = seg
        out.append((int(x), int(y), str(side)))
    return out


def _board(out, tiles, *, spots=(), path=(), box=None, detail=True):
    """The grid in absolute user units (cell (x, y) at x*CELL, y*CELL):
    faint grid over ``box``, tiles, highlighted spots, walls, longest wall."""
    C = CELL
    if box is not None:
        minx, maxx, miny, maxy = box
        out.append(f'<g class="alh-grid" stroke="{GRID}" stroke-width="2" fill="none">')
        x0, x1, y0, y1 = minx * C, (maxx + 1) * C, miny * C, (maxy + 1) * C
        for x in range(minx, maxx + 2):
            out.append(f'<line x1="{x * C}" y1="{y0}" x2="{x * C}" y2="{y1}"/>')
        for y in range(miny, maxy + 2):
            out.append(f'<line x1="{x0}" y1="{y * C}" x2="{x1}" y2="{y * C}"/>')
        out.append("</g>")
    out.append('<g class="alh-tiles">')
    for t in tiles:
        x, y = t["x"], t["y"]
        _tile(out, t, x * C, y * C, C, pos=(x, y), walls=False, detail=detail)
    out.append("</g>")
    if spots:
        out.append('<g class="alh-spots">')
        i, r = C * 0.08, C * 0.08
        for x, y in spots:
            out.append(f'<rect class="alh-spot" data-x="{x}" data-y="{y}" x="{x * C + i}" y="{y * C + i}" '
                       f'width="{C - 2 * i}" height="{C - 2 * i}" rx="{r}" fill="{SPOT}" fill-opacity="0.16" '
                       f'stroke="{SPOT}" stroke-width="5" stroke-dasharray="12 8">'
                       f'<title>{_esc(_t("ui.svg.spot", x=x, y=y))}</title></rect>')
        out.append("</g>")
    out.append('<g class="alh-walls" pointer-events="none">')
    for t in tiles:
        if t.get("walls"):
            x, y = t["x"], t["y"]
            _wall_lines(out, t, x * C, y * C, C, (x, y))
    out.append("</g>")
    if path:
        n = len(path)
        out.append(f'<g class="alh-longest-wall" data-length="{n}" pointer-events="none">'
                   f'<title>{_esc(_tn("ui.svg.longest_wall", n))}</title>')
        for x, y, side in path:
            ax, ay, bx, by = _EDGE[side]
            out.append(f'<line class="alh-longest-segment" data-x="{x}" data-y="{y}" data-side="{side}" '
                       f'x1="{(x + ax) * C}" y1="{(y + ay) * C}" x2="{(x + bx) * C}" y2="{(y + by) * C}" '
                       f'stroke="{LONGEST}" stroke-width="6" stroke-linecap="round"/>')
        out.append("</g>")


def board_svg(player: dict, *, size=None, highlight=(), wall=None, title=None) -> str:
    """One player's Alhambra from a view's player entry (``view["players"][i]``:
    ``alhambra`` -- tiles with x, y --, ``wall`` and ``wall_path``).

    ``highlight``: empty spots ``(x, y)`` to outline. ``wall``: True draws the
    entry's ``wall_path`` (the counted longest external wall, C4) in amber; a
    list of ``[x, y, side]`` (or ``((x, y), side)``) draws that wall instead.
    ``title`` and ``size``: as :func:`alhambra_svg`."""
    tiles = list(player["alhambra"])
    spots = _spots(highlight)
    minx, maxx, miny, maxy = _bounds(tiles)
    for x, y in spots:
        minx, maxx, miny, maxy = min(minx, x), max(maxx, x), min(miny, y), max(maxy, y)
    if wall is None or wall is False:
        path = []
    elif wall is True:
        path = _sides(player.get("wall_path") or [])
    else:
        path = _sides(wall)
    C = CELL
    m = C * 0.5
    head = C * 0.5 if title else 0
    vx, vy = minx * C - m, miny * C - m - head
    vw, vh = (maxx - minx + 1) * C + 2 * m, (maxy - miny + 1) * C + 2 * m + head
    n = sum(1 for t in tiles if t["id"] != 0)
    label = title if title else _tn("ui.svg.alhambra", n, wall=player.get("wall", 0))
    out = [_root("alh-alhambra", vx, vy, vw, vh, size, 0.64, label)]
    out.append(f'<rect class="alh-bg" x="{_n(vx)}" y="{_n(vy)}" width="{_n(vw)}" height="{_n(vh)}" '
               f'rx="{C * 0.12}" fill="{PANEL}" stroke="{PANEL_EDGE}" stroke-width="3"/>')
    if title:
        _text(out, vx + m * 0.5, vy + head * 0.72, title, C * 0.3, weight="bold", cls="alh-title")
    # coordinates in the margin, so positions can be read off for actions
    out.append(f'<g class="alh-coords" font-size="{C * 0.2}" fill="{MUTED}" text-anchor="middle">')
    ty = miny * C - m * 0.35
    for x in range(minx, maxx + 1):
        out.append(f'<text x="{x * C + C // 2}" y="{_n(ty)}">{x}</text>')
    for y in range(miny, maxy + 1):
        out.append(f'<text x="{_n(minx * C - m / 2)}" y="{_n(y * C + C * 0.57)}">{y}</text>')
    out.append("</g>")
    _board(out, sorted(tiles, key=lambda t: (t["y"], t["x"])), spots=spots, path=path,
           box=(minx, maxx, miny, maxy))
    out.append("</svg>")
    return "".join(out)


def alhambra_svg(alhambra, *, size=None, highlight=(), wall=None, title=None) -> str:
    """One player's Alhambra as an SVG string (``alhambra``: an Alhambra, or
    a player of a game: ``game.players[0]``).

    Each tile is a square in its building colour with its price and name, its
    walls thick dark lines on exactly its wall sides; the fountain is a pool.
    ``highlight``: empty spots ``(x, y)`` to outline (e.g. ``legal_spots``).
    ``wall``: True draws the counted longest external wall (C4) in amber; a
    list of ``((x, y), side)`` pairs draws that wall instead.
    ``title``: a heading above the grid. ``size``: None (natural size, 64 px a
    cell, shrinking to fit), a width in pixels, or a CSS length like ``"100%"``.
    Column numbers (x) run along the top, row numbers (y) down the left.

    Drawn by :func:`board_svg` from the Alhambra's entry in the shape of a
    view's player (tiles as :func:`alhambra_widget.view.tile_json`).
    """
    from .view import tile_json

    a = getattr(alhambra, "alhambra", alhambra)   # (a player: theirs)
    if not callable(getattr(a, "items", None)) or not callable(getattr(a, "longest_wall", None)):
        raise TypeError(f"alhambra_svg draws an Alhambra (game.players[i].alhambra), not {type(alhambra).__name__}")
    entry = {"alhambra": [tile_json(t, pos) for pos, t in a.items()], "wall": a.longest_wall()}
    if wall is True:
        entry["wall_path"] = [[p[0], p[1], side] for p, side in a.longest_wall_path()]
    return board_svg(entry, size=size, highlight=highlight, wall=wall, title=title)


# --------------------------------------------------------------- the table
# The widget's wide table (js/view/table.js, js/layout.js): a main column --
# the status line, the two markets, the acting player's section (their
# Alhambra big; beside it their hand, the tiles to place, the reserve, Dirk)
# -- and a column of every player. Sizes in user units (natural pixels).
W = 1240          # width of the table
PAD = 12
GAP = 10
SIDE_W = 372      # the column of players
MAIN_W = W - 2 * PAD - GAP - SIDE_W
HOLD_W = 320      # the column beside the acting player's board
FOCUS_H = 440     # the acting player's section
PANEL_W = 340     # a player's picture (js/layout.js PANEL_W)
SEATS = tuple(PALETTE["seats"])


def _panel_layout(n: int) -> dict:
    """A player's picture for ``n`` players, as js/layout.js panelLayout: the
    side of its miniature Alhambra (the picture is as tall), a card in hand, a
    reserve tile, a count chip."""
    board = 100 if n <= 3 else 92 if n == 4 else 80 if n == 5 else 74
    return {"board": board, "card": (18, 25) if n <= 4 else (16, 22), "tile": 19 if n <= 4 else 17,
            "chip": 14 if n <= 4 else 13}


def _seat(i: int) -> str:
    return SEATS[i % len(SEATS)]


def _dot(out, cx, cy, r, i):
    out.append(f'<circle class="alh-seat-dot" cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="{_seat(i)}" '
               f'stroke="{PANEL}" stroke-width="1.5"/>')


def _card(out, card: str, x, y, w, h, *, big=False, small=False, strip=None):
    """A money card: its colour, its currency's symbol (artwork.json) in the top left corner, its value;
    ``big``: the value large and the currency's name under it; ``small``: value and symbol in its left part;
    ``strip``: as ``small``, within the left ``strip`` units of it (the part in view on a tight fan, _strip)."""
    cur, value = _card_parts(card)
    fill, edge, ink = CURRENCY_COLORS.get(cur, _UNKNOWN)
    name = _t(f"currency.{cur}")
    symbol = ARTWORK["currencies"].get(cur, "")
    out.append(f'<g class="alh-card alh-{cur}" data-currency="{cur}" data-value="{value}">'
               f'<title>{_esc(money_name(cur, value))}</title>')
    out.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="{_n(w * 0.14)}" '
               f'fill="{fill}" stroke="{edge}" stroke-width="1.5"/>')
    if strip is not None and strip < w * 0.72:   # narrower than the small layout's left part
        size = min(h * 0.36, strip)   # (a digit is about 0.6 of its size wide: a margin either side)
        _text(out, x + strip / 2, y + h * 0.42, value, size, fill=ink, anchor="middle", weight="bold")
        _art(out, symbol, x + strip * 0.08, y + h * 0.54, strip * 0.84, ink, cls="alh-symbol")
        out.append("</g>")
        return
    if small or strip is not None:
        _text(out, x + w * 0.36, y + h * 0.42, value, h * 0.36, fill=ink, anchor="middle", weight="bold")
        _art(out, symbol, x + w * 0.1, y + h * 0.54, w * 0.52, ink, cls="alh-symbol")
        out.append("</g>")
        return
    i = w * 0.1
    out.append(f'<rect x="{_n(x + i)}" y="{_n(y + i)}" width="{_n(w - 2 * i)}" height="{_n(h - 2 * i)}" '
               f'rx="{_n(w * 0.08)}" fill="none" stroke="{ink}" stroke-opacity="0.35" stroke-width="1"/>')
    _art(out, symbol, x + w * 0.12, y + w * 0.12, w * (0.3 if big else 0.34), ink, cls="alh-symbol")
    if big:
        _text(out, x + w / 2, y + h * 0.64, value, h * 0.4, fill=ink, anchor="middle", weight="bold")
        _text(out, x + w / 2, y + h * 0.88, name, h * 0.14, fill=ink, anchor="middle", fit=w * 0.84)
    else:
        fs = h * 0.46
        _text(out, x + w * 0.56, y + h * 0.6 + fs * 0.36, value, fs, fill=ink, anchor="middle", weight="bold")
    out.append("</g>")


def _strip(xs, w):
    """How much of each card ``w`` wide stays in view on a fan at ``xs`` (_fan), or None when
    none overlaps the next."""
    step = min((b - a for a, b in zip(xs, xs[1:])), default=w)
    return step if step < w else None


def _card_back(out, x, y, w, h, cls="alh-card-back"):
    out.append(f'<g class="{cls}"><rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" '
               f'rx="{_n(w * 0.14)}" fill="{_BACK["fill"]}" stroke="{_BACK["edge"]}" stroke-width="1.5"/>')
    cx, cy = x + w / 2, y + h / 2
    out.append(f'<path d="M{_n(cx)} {_n(y + h * 0.2)}L{_n(x + w * 0.8)} {_n(cy)}L{_n(cx)} {_n(y + h * 0.8)}'
               f'L{_n(x + w * 0.2)} {_n(cy)}Z" fill="none" stroke="{_BACK["mark"]}" stroke-width="1.5"/></g>')


def _star(cx, cy, r, fill) -> str:
    pts = []
    for k in range(10):
        rr = r if k % 2 == 0 else r * 0.45
        ux, uy = _STAR[k]
        pts.append(f"{_n(cx + ux * rr)},{_n(cy + uy * rr)}")
    return (f'<polygon class="alh-star" points="{" ".join(pts)}" fill="{fill}" stroke="{WINNER_EDGE}" '
            'stroke-width="1"/>')


# unit vectors every 36 degrees from north: star points (even) and notches (odd)
_STAR = ((0.0, -1.0), (0.5878, -0.809), (0.9511, -0.309), (0.9511, 0.309), (0.5878, 0.809),
         (0.0, 1.0), (-0.5878, 0.809), (-0.9511, 0.309), (-0.9511, -0.309), (-0.5878, -0.809))


def _tag(out, x, y, text, fill, ink=ON_DARK, cls="alh-tag"):
    """A small rounded label; returns its width."""
    w = 10 + _width(text, 11) * 1.1
    out.append(f'<g class="{cls}"><rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="16" rx="8" fill="{fill}"/>')
    _text(out, x + w / 2, y + 12, text, 11, fill=ink, anchor="middle", weight="bold")
    out.append("</g>")
    return w


def _fan(n, width, w, gap, groups=None, group_gap=0.0) -> list:
    """The x of ``n`` items ``w`` wide in a row of ``width`` (js/layout.js fanRow): ``gap`` apart,
    ``group_gap`` more before a new group; overlapping by one step when they do not fit."""
    if not n:
        return []
    gaps = sum(group_gap for k in range(1, n) if groups and groups[k] != groups[k - 1])
    natural = n * w + (n - 1) * gap + gaps
    step = w + gap if natural <= width else max(1.0, (width - w - gaps) / max(1, n - 1))
    xs, x = [], 0.0
    for k in range(n):
        if k:
            x += step + (group_gap if groups and groups[k] != groups[k - 1] else 0)
        xs.append(x)
    return xs


def game_svg(game, *, seat=None, size=None, lang=None) -> str:
    """The whole table as an SVG string: :func:`view_svg` of the game's view
    for ``seat`` (:func:`alhambra_widget.view.view`), the view the widget draws.

    ``seat``: the viewer's seat (an index or a player's name), or None (hot-seat); the picture shows
    the hands that seat's view shows (decision X3), a hand the view hides as
    a card back and its number of cards. ``size``: None (natural, 1240 px
    wide and shrinking to fit), a width in pixels, or a CSS length like
    ``"100%"``. ``lang``: the language of every text (default: the current
    language).
    """
    from .view import view

    seat = seat_index(seat, game.names, none="to show every hand")
    with use_language(lang):
        return view_svg(view(game, seat, may_act=False), size=size)


def _focus_player(v: dict) -> int:
    """The seat the table centres on (js/selection.js focusPlayer): the player to act, the viewer, the winner."""
    if v.get("legal"):
        return v["legal"]["player"]
    if v.get("seat") is not None:
        return v["seat"]
    if v["phase"] == "over" and v["winners"]:
        return v["winners"][0]
    return v["current"]


def view_svg(v: dict, *, size=None, lang=None) -> str:
    """The whole table drawn from a JSON view (:func:`alhambra_widget.view.view`),
    laid out as the widget's wide table.

    The main column: whose turn it is (or the winners; the view's ``status``),
    deck, bag and discard counts; the building market (slots 1-4 with their
    currencies) and the money market, the deck and the bag; and the section of
    the player in focus (the player to act, the viewer, the winner): their
    Alhambra big, with its counted longest wall, and beside it their hand, the
    tiles still to place, their reserve and, with two players, Dirk's tiles
    (counted per building). Beside the main column, a panel per player in
    their seat's colour: name, score, a miniature Alhambra, building counts
    and longest wall, hand (or, when the view hides it, the number of cards)
    and reserve. Buildings and currencies are drawn with the widget's
    pictures (``artwork.json``) and colours (``palette.json``).

    ``size``: None (natural, 1240 px wide and shrinking to fit), a width in
    pixels, or a CSS length like ``"100%"``. ``lang``: the language of the
    picture's own texts (labels, counts, the scoring); the view's texts (its
    status line, the names of unnamed seats) are those of the language it
    was made in, so make both in one: ``view_svg(view(g, lang="fi"),
    lang="fi")``, or ``game_svg(g, lang="fi")``.
    """
    if lang is not None:
        with use_language(lang):
            return view_svg(v, size=size)
    players = v["players"]
    n = len(players)
    over = v["phase"] == "over"
    out = []
    body = []

    # -- the status line
    y = PAD
    status = v["status"]
    stripe = WINNER if over else CURRENT
    body.append(f'<g class="alh-status-line"><rect x="{PAD}" y="{y}" width="{MAIN_W}" height="32" rx="4" '
                f'fill="{PANEL}" stroke="{PANEL_EDGE}"/><rect x="{PAD}" y="{y}" width="4" height="32" fill="{stripe}"/>')
    tx = PAD + 14
    if not over:
        _dot(body, tx + 5, y + 16, 5.5, v["current"])
        tx += 16
    info = _t("ui.status.info", deck=v["deck"], discard=v["discard"], bag=v["bag"], moves=v["moves"])
    info_w = min(300, _width(info, 12) + 6)
    _text(body, tx, y + 21, status, 15, weight="bold", cls="alh-status", fit=MAIN_W - (tx - PAD) - info_w - 20)
    _text(body, PAD + MAIN_W - 10, y + 21, info, 12, fill=MUTED, anchor="end", cls="alh-info", fit=info_w)
    body.append("</g>")
    y += 32 + 8

    if over:
        y = _result(body, v, y)
    else:
        y = _markets(body, v, y) + 8
    fp = _focus_player(v)
    y = _focus(body, v, fp, y, FOCUS_H if not over else 360)
    main_h = y

    # -- the column of players
    L = _panel_layout(n)
    side_x = PAD + MAIN_W + GAP
    sy = PAD
    for i in range(n):
        sy = _player_panel(body, v, i, side_x, sy, L) + 5
    total_h = max(main_h, sy - 5) + PAD

    out.append(_root("alh-game", 0, 0, W, total_h, size, 1, status))
    out.append(f'<rect class="alh-bg" x="0" y="0" width="{W}" height="{_n(total_h)}" rx="12" fill="{BG}" '
               f'stroke="{BG_EDGE}" stroke-width="2"/>')
    out += body
    out.append("</svg>")
    return "".join(out)


def _markets(out, v, y) -> float:
    """The building market and the money market, the deck and the bag, in one row; returns the row's bottom."""
    x0 = PAD
    sw, gap, ts, top = 96, 8, 76, 24
    # the markets' names (the widget has them for screen readers; a picture shows them)
    _text(out, x0 + 2, y + 12, _t("ui.market.building"), 12, fill=MUTED, weight="bold", cls="alh-caption", fit=4 * sw)
    _text(out, x0 + 4 * (sw + gap) + 8, y + 12, _t("ui.market.money"), 12, fill=MUTED, weight="bold", cls="alh-caption",
          fit=4 * 59)
    y += 17
    out.append('<g class="alh-building-market">')
    for slot in v["market"]:
        i = slot["slot"] - 1
        t = slot["tile"]
        cur = slot["currency"]
        fill, edge, ink = CURRENCY_COLORS.get(cur, _UNKNOWN)
        sx = x0 + i * (sw + gap)
        label = _t("ui.market.slot", slot=i + 1, currency=_t(f"currency.{cur}"),
                   tile=_describe(t) if t is not None else _t("ui.tile.empty"))
        out.append(f'<g class="alh-slot alh-{cur}" data-slot="{i + 1}" data-currency="{cur}">'
                   f'<title>{_esc(label)}</title>')
        out.append(f'<rect x="{sx}" y="{y}" width="{sw}" height="{top + ts + 5}" rx="8" fill="{PANEL}" '
                   f'stroke="{edge}" stroke-width="2"/>')
        out.append(f'<path d="M{sx} {y + 20}V{y + 8}a8 8 0 0 1 8 -8H{sx + sw - 8}a8 8 0 0 1 8 8V{y + 20}Z" '
                   f'fill="{fill}"/>')
        _art(out, ARTWORK["currencies"].get(cur, ""), sx + 5, y + 3, 14, ink, cls="alh-symbol")
        _text(out, sx + sw / 2 + 8, y + 15, f"{i + 1} \u00b7 {_t(f'currency.{cur}')}", 12, fill=ink, anchor="middle",
              weight="bold", fit=sw - 30)
        tx = sx + (sw - ts) / 2
        if t is not None:
            _tile(out, t, tx, y + top, ts)
        else:
            out.append(f'<rect class="alh-empty" x="{_n(tx)}" y="{y + top}" width="{ts}" height="{ts}" rx="6" '
                       f'fill="none" stroke="{PANEL_EDGE}" stroke-width="2" stroke-dasharray="6 5"/>')
            _text(out, tx + ts / 2, y + top + ts / 2 + 5, _t("ui.tile.empty"), 13, fill=MUTED, anchor="middle",
                  fit=ts - 8)
        out.append("</g>")
    out.append("</g>")
    mx = x0 + 4 * (sw + gap) + 6
    cw, ch, cg = 52, 80, 7
    out.append('<g class="alh-money-market">')
    for i, c in enumerate(v["money"]):
        _card(out, c, mx + i * (cw + cg), y + 8, cw, ch, big=True)
    if not v["money"]:
        _text(out, mx, y + 50, _t("ui.money.none"), 13, fill=MUTED)
    out.append("</g>")
    deck = v["deck"]
    dx = mx + 4 * (cw + cg) + 6
    out.append(f'<g class="alh-deck" data-count="{deck}">'
               f'<title>{_esc(_t("ui.svg.deck_title", cards=_tn("ui.cards", deck)))}</title>')
    if deck:
        _card_back(out, dx + 4, y + 4, cw, ch - 4, cls="alh-deck-card")
        _card_back(out, dx, y + 8, cw, ch - 4, cls="alh-deck-card")
    else:
        out.append(f'<rect x="{dx}" y="{y + 8}" width="{cw}" height="{ch - 4}" rx="8" fill="none" '
                   f'stroke="{PANEL_EDGE}" stroke-width="2" stroke-dasharray="6 5"/>')
    _text(out, dx + cw / 2, y + ch + 22, _t("ui.money.deck", n=deck), 12, anchor="middle", fit=cw + 14)
    out.append("</g>")
    bag = v["bag"]
    bx = dx + cw + 12
    out.append(f'<g class="alh-bag" data-count="{bag}">'
               f'<title>{_esc(_t("ui.money.bag_title", tiles=_tn("ui.tiles", bag)))}</title>')
    out.append(f'<path d="M{bx + 12} {y + 20}h34l-6 14c20 8 28 26 24 44c-3 12-14 16-35 16s-32-4-35-16'
               f'c-4-18 4-36 24-44z" fill="{_BAG["fill"]}" stroke="{_BAG["edge"]}" stroke-width="2"/>')
    out.append(f'<path d="M{bx + 16} {y + 34}h26" stroke="{_BAG["band"]}" stroke-width="3"/>')
    _text(out, bx + 29, y + 72, bag, 18, fill=_BAG["ink"], anchor="middle", weight="bold")
    _text(out, bx + 29, y + ch + 22, _t("ui.money.bag", n=bag), 12, anchor="middle", fit=62)
    out.append("</g>")
    return y + top + ts + 5


def _result(out, v, y) -> float:
    """At the end of the game, in place of the markets: the winners and each player's final points."""
    rounds = v["rounds"]
    out.append('<g class="alh-result">')
    h = 30 + 22 * len(v["players"])
    out.append(f'<rect x="{PAD}" y="{y}" width="{MAIN_W}" height="{h}" rx="6" fill="{PANEL}" stroke="{PANEL_EDGE}"/>')
    names = [v["players"][i]["name"] for i in v["winners"]]
    if names:
        best = v["players"][v["winners"][0]]["score"]
        key = "ui.scoring.final_shared" if len(names) > 1 else "ui.scoring.final_wins"
        from .i18n.format import join_names

        out.append(_star(PAD + 18, y + 17, 9, WINNER))
        _text(out, PAD + 32, y + 22, _t(key, names=join_names(names), points=best), 15, weight="bold",
              cls="alh-final", fit=MAIN_W - 50)
    last = rounds[-1] if rounds else None
    for i, p in enumerate(v["players"]):
        ry = y + 30 + 22 * i
        _dot(out, PAD + 18, ry + 11, 5, i)
        _text(out, PAD + 30, ry + 16, _short(p["name"], 24), 13, weight="bold", fit=200)
        if last is not None:
            pts = "  ".join(f"{_t(f'ui.building_short.{b}')} {last['buildings'][i][k]}"
                            for k, b in enumerate(v.get("buildings") or BUILDING_ORDER))
            _text(out, PAD + 240, ry + 16, f"{pts}   {_t('ui.scoring.wall')} {last['walls'][i]}", 12, fill=MUTED,
                  fit=MAIN_W - 360)
        _text(out, PAD + MAIN_W - 12, ry + 16, _tn("ui.points_short", p["score"]), 13, anchor="end", weight="bold")
    out.append("</g>")
    return y + h + 8


def _focus(out, v, fp, y, h) -> float:
    """The section of the player in focus: their Alhambra big (coordinates, walls, the counted longest
    wall) and beside it their hand, the tiles to place, the reserve and Dirk's tiles; returns its bottom."""
    p = v["players"][fp]
    out.append(f'<g class="alh-focus" data-player="{fp}">')
    out.append(f'<rect x="{PAD}" y="{y}" width="{MAIN_W}" height="{h}" rx="8" fill="none" stroke="{PANEL_EDGE}" '
               f'stroke-width="2"/>')
    # the board, fitted into its frame: a ring of one cell around the tiles, at least 5 x 5 cells (js/layout.js boardFrame)
    bw, bh = MAIN_W - HOLD_W - 3 * GAP, h - 2 * GAP
    tiles = sorted(p["alhambra"], key=lambda t: (t["y"], t["x"]))
    bx0, bx1, by0, by1 = _bounds(tiles)
    minx, maxx, miny, maxy = _frame((bx0 - 1, bx1 + 1, by0 - 1, by1 + 1), 5)
    C = CELL
    m = C * 0.45
    vw, vh = (maxx - minx + 1) * C + 2 * m, (maxy - miny + 1) * C + 2 * m
    k = min(bw / vw, bh / vh)
    bx = PAD + GAP + (bw - vw * k) / 2
    by = y + GAP + (bh - vh * k) / 2
    out.append(f'<g class="alh-focus-board" data-player="{fp}" transform="translate({_n(bx)} {_n(by)}) '
               f'scale({k:.5f}) translate({_n(-(minx * C - m))} {_n(-(miny * C - m))})">')
    out.append(f'<rect x="{_n(minx * C - m)}" y="{_n(miny * C - m)}" width="{_n(vw)}" height="{_n(vh)}" '
               f'rx="{C * 0.1}" fill="{PANEL}" stroke="{PANEL_EDGE}" stroke-width="3"/>')
    out.append(f'<g class="alh-coords" font-size="{C * 0.2}" fill="{MUTED}" text-anchor="middle">')
    for x in range(minx, maxx + 1):
        out.append(f'<text x="{x * C + C // 2}" y="{_n(miny * C - m * 0.35)}">{x}</text>')
    for yy in range(miny, maxy + 1):
        out.append(f'<text x="{_n(minx * C - m / 2)}" y="{_n(yy * C + C * 0.57)}">{yy}</text>')
    out.append("</g>")
    _board(out, tiles, path=_sides(p.get("wall_path") or []), box=(minx, maxx, miny, maxy))
    out.append("</g>")
    # the column beside it
    hx = PAD + MAIN_W - HOLD_W - GAP
    hy = y + GAP
    _dot(out, hx + 5, hy + 10, 5.5, fp)
    _text(out, hx + 16, hy + 15, _short(p["name"], 26), 15, weight="bold", cls="alh-focus-name", fit=HOLD_W - 90)
    _text(out, hx + HOLD_W, hy + 15, _tn("ui.points_short", p["score"]), 14, anchor="end", weight="bold")
    hy += 28
    hand = p["hand"]
    _text(out, hx, hy + 29, _t("ui.hand.label"), 13, fill=MUTED, weight="bold", fit=90)
    out.append(f'<g class="alh-focus-hand{"" if hand is not None else " alh-hidden"}" data-player="{fp}">')
    if hand is None:
        _card_back(out, hx + 100, hy, 34, 48)
        _text(out, hx + 144, hy + 30, _tn("ui.cards", p.get("cards", 0)), 14)
    elif not hand:
        _text(out, hx + 100, hy + 28, _t("ui.hand.none"), 13, fill=MUTED)
    else:
        curs = [_card_parts(c)[0] for c in hand]
        xs = _fan(len(hand), HOLD_W - 100, 36, 5, curs, 10)
        strip = _strip(xs, 36)   # (a long hand overlaps: each value in the part left in view)
        for x, c in zip(xs, hand):
            _card(out, c, hx + 100 + x, hy, 36, 48, strip=strip)
    out.append("</g>")
    hy += 60
    # the tiles to place (any player's), the reserve, Dirk
    ts = 40
    _text(out, hx, hy + 25, _t("ui.table.to_place"), 13, fill=MUTED, weight="bold", fit=90)
    if v["pending"]:
        out.append('<g class="alh-pending">')
        for x, e in zip(_fan(len(v["pending"]), HOLD_W - 100, ts, 6), v["pending"]):
            out.append(f'<g class="alh-pending-tile" data-player="{e["player"]}">')
            _tile(out, e["tile"], hx + 100 + x, hy, ts)
            out.append("</g>")
        out.append("</g>")
    else:
        _text(out, hx + 100, hy + 25, "\u2013", 13, fill=MUTED)
    hy += ts + 10
    reserve = list(p["reserve"])
    out.append(f'<g class="alh-focus-reserve" data-player="{fp}" data-count="{len(reserve)}">')
    _text(out, hx, hy + 25, _t("ui.reserve"), 13, fill=MUTED, weight="bold", fit=90)
    for x, t in zip(_fan(len(reserve), HOLD_W - 100, ts, 6), reserve):
        _tile(out, t, hx + 100 + x, hy, ts)
    if not reserve:
        _text(out, hx + 100, hy + 25, _t("ui.reserve.empty"), 13, fill=MUTED)
    out.append("</g>")
    hy += ts + 10
    if v.get("dirk") is not None:
        _dirk(out, v, hx, hy)
    out.append("</g>")
    return y + h


def _frame(b, least: int) -> tuple:
    """Bounds grown to at least ``least`` x ``least`` cells (js/layout.js boardFrame)."""
    minx, maxx, miny, maxy = b

    def grow(lo, hi):
        need = least - (hi - lo + 1)
        if need <= 0:
            return lo, hi
        return lo - need // 2, hi + (need - need // 2)

    minx, maxx = grow(minx, maxx)
    miny, maxy = grow(miny, maxy)
    return minx, maxx, miny, maxy


def _dirk(out, v, x, y):
    """Dirk's tiles (2 players, D2, D3): per building a chip with its picture and how many tiles Dirk has."""
    dirk = list(v["dirk"])
    buildings = v.get("buildings") or BUILDING_ORDER
    counts = [sum(1 for t in dirk if t["building"] == b) for b in buildings]
    tiles = "; ".join(_describe(t) for t in dirk)
    out.append(f'<g class="alh-dirk" data-count="{len(dirk)}" data-counts="{" ".join(map(str, counts))}">'
               f'<title>{_esc(_t("ui.label_count", label=_t("ui.dirk.label"), count=len(dirk)))}'
               f'{_esc(": " + tiles) if tiles else ""}</title>')
    _text(out, x, y + 16, f"{_t('ui.dirk.name')} \u00b7 {len(dirk)}", 13, fill=MUTED, weight="bold", fit=90)
    for k, b in enumerate(buildings):
        cx = x + 100 + k * 36
        fill, edge, ink = BUILDING_COLORS.get(b, _UNKNOWN)
        out.append(f'<g class="alh-dirk-count alh-{b}" data-count="{counts[k]}">'
                   f'<rect x="{_n(cx)}" y="{_n(y + 2)}" width="18" height="18" rx="3" fill="{fill}" stroke="{edge}"/>')
        _art(out, ARTWORK["buildings"].get(b, ""), cx + 2, y + 4, 14, ink)
        _text(out, cx + 22, y + 16, counts[k], 12)
        out.append("</g>")
    out.append("</g>")


def _short(name: str, k: int) -> str:
    name = str(name)
    return name if len(name) <= k else name[:k - 1] + "\u2026"


def _player_panel(out, v, i, x0, y0, L) -> float:
    """One player's panel in the column of players (js/view/players.js and panel.js): a stripe in the
    seat's colour, name, tags and score; the miniature Alhambra, the building counts and the longest
    wall, the hand and the reserve. Returns the panel's bottom."""
    p = v["players"][i]
    over = v["phase"] == "over"
    current = not over and i == v["current"]
    winner = over and i in v["winners"]
    seat = v.get("seat")
    B = L["board"]
    h = 6 + 20 + 2 + B + 6
    stroke, sw_ = (CURRENT, 2.5) if current else ((WINNER, 2.5) if winner else (PANEL_EDGE, 1.5))
    out.append(f'<g class="alh-player{" alh-current" if current else ""}{" alh-winner" if winner else ""}" '
               f'data-player="{i}"><title>{_esc(_tn("ui.player.aria", p["score"], name=p["name"]))}</title>')
    out.append(f'<rect x="{_n(x0)}" y="{_n(y0)}" width="{SIDE_W}" height="{h}" rx="8" fill="{PANEL}" '
               f'stroke="{stroke}" stroke-width="{sw_}"/>')
    out.append(f'<rect class="alh-seat" x="{_n(x0)}" y="{_n(y0 + 3)}" width="6" height="{h - 6}" rx="3" '
               f'fill="{_seat(i)}"/>')
    # header: name, tags, score
    y = y0 + 6
    tx = x0 + 14
    if winner:
        out.append(_star(tx + 8, y + 9, 8, WINNER))
        tx += 20
    name = _short(p["name"], 22)
    _text(out, tx, y + 14, name, 14, weight="bold", cls="alh-name", fit=SIDE_W - 170)
    tx += min(_width(name, 14) * 1.08, SIDE_W - 170) + 8
    tags = []
    if current:
        tags.append((_t("ui.player.placing" if v["phase"] == "place" else "ui.player.to_act"), CURRENT, INK))
    if winner:
        tags.append((_t("ui.player.winner"), WINNER, INK))
    if seat == i and not is_you(p["name"]):   # ("You" needs no "you")
        tags.append((_t("ui.player.you"), MUTED, ON_DARK))
    if (v.get("bots") or {}).get(str(i)):
        tags.append((_t("ui.bots.bot_tag"), MUTED, ON_DARK))
    for label, col, ink in tags:
        if tx + 60 < x0 + SIDE_W - 70:
            tx += _tag(out, tx, y + 1, label, col, ink=ink) + 4
    _text(out, x0 + SIDE_W - 10, y + 14, _tn("ui.points_short", p["score"]), 14, anchor="end", weight="bold",
          cls="alh-score")
    y += 22
    px = x0 + 14
    # the miniature Alhambra, centred in its square
    tiles = sorted(p["alhambra"], key=lambda t: (t["y"], t["x"]))
    mnx, mxx, mny, mxy = _bounds(tiles)
    cols, rows = mxx - mnx + 1, mxy - mny + 1
    cell = min(22, B / cols, B / rows)
    k = cell / CELL
    ox = px + (B - cols * cell) / 2 - mnx * cell
    oy = y + (B - rows * cell) / 2 - mny * cell
    out.append(f'<rect class="alh-mini-bg" x="{_n(px)}" y="{_n(y)}" width="{B}" height="{B}" rx="5" fill="{BG}" '
               f'stroke="{PANEL_EDGE}"/>')
    out.append(f'<g class="alh-board" data-player="{i}" transform="translate({_n(ox)} {_n(oy)}) scale({k:.5f})">')
    _board(out, tiles, path=_sides(p.get("wall_path") or []), box=(mnx, mxx, mny, mxy), detail=False)
    out.append("</g>")
    ix = px + B + 10
    iw = PANEL_W - B - 10
    # the building counts and the longest wall (what the scoring rounds look at)
    S = L["chip"]
    buildings = v.get("buildings") or BUILDING_ORDER
    cw_ = iw / (len(buildings) + 1)
    out.append('<g class="alh-counts">')
    for k_, (b, count) in enumerate(zip(buildings, p["counts"])):
        cx = ix + k_ * cw_
        fill, edge, ink = BUILDING_COLORS.get(b, _UNKNOWN)
        label = _esc(_t("ui.label_count", label=_t(f"building.{b}"), count=count))
        out.append(f'<g class="alh-count alh-{b}" data-count="{count}"><title>{label}</title>'
                   f'<rect x="{_n(cx)}" y="{_n(y)}" width="{S}" height="{S}" rx="2.5" fill="{fill}" stroke="{edge}"/>')
        _art(out, ARTWORK["buildings"].get(b, ""), cx + 1.5, y + 1.5, S - 3, ink)
        _text(out, cx + S + 3, y + S - 2.5, count, 11, weight="bold")
        out.append("</g>")
    wx = ix + len(buildings) * cw_
    out.append(f'<g class="alh-count-wall" data-count="{p["wall"]}"><title>{_esc(_t("ui.longest_wall"))}: {p["wall"]}'
               f'</title><rect x="{_n(wx + 1)}" y="{_n(y + 1)}" width="{S - 2}" height="{S - 2}" rx="2.5" fill="none" '
               f'stroke="{LONGEST}" stroke-width="2"/>')
    _art(out, ARTWORK["marks"]["wall"], wx + 3, y + 3, S - 6, INK)
    _text(out, wx + S + 3, y + S - 2.5, p["wall"], 11, weight="bold")
    out.append("</g></g>")
    # the hand
    cw, ch = L["card"]
    hy = y + S + 5
    hand = p["hand"]
    show = hand is not None and not over
    cards = p.get("cards", len(hand or ()))
    out.append(f'<g class="alh-hand{"" if hand is not None else " alh-hidden"}" data-player="{i}" '
               f'data-count="{len(hand) if hand is not None else cards}">')
    if show and hand:
        curs = [_card_parts(c)[0] for c in hand]
        xs = _fan(len(hand), iw, cw, 2, curs, 4)
        strip = _strip(xs, cw)
        for x, c in zip(xs, hand):
            _card(out, c, ix + x, hy, cw, ch, small=True, strip=strip)
    elif hand is None:
        _card_back(out, ix, hy, cw, ch)
        _text(out, ix + cw + 6, hy + ch * 0.7, _tn("ui.cards", cards), 12)
    out.append("</g>")
    # the reserve
    rs = L["tile"]
    ry = min(y + B - rs - 1, hy + ch + 5)
    reserve = list(p["reserve"])
    out.append(f'<g class="alh-reserve" data-player="{i}" data-count="{len(reserve)}">')
    xs = _fan(len(reserve), iw, rs, 3)
    if len(xs) < 2 or xs[1] >= rs * 0.8:
        for x, t in zip(xs, reserve):
            _tile(out, t, ix + x, ry, rs, detail=False)
    else:   # crowded: a tile per building and how many (js/view/panel.js, the same threshold)
        x = ix
        for b in buildings:
            of_b = [t for t in reserve if t["building"] == b]
            if of_b:
                out.append(f'<g class="alh-reserve-group alh-{b}" data-count="{len(of_b)}" '
                           f'data-tiles="{" ".join(str(t["id"]) for t in of_b)}">')
                _tile(out, {**of_b[0], "walls": ""}, x, ry, rs, detail=False)
                _text(out, x + rs + 3, ry + rs - 4, len(of_b), 11, weight="bold")
                out.append("</g>")
                x += rs + 3 + 7 * len(str(len(of_b))) + 8
    out.append("</g></g>")
    return y0 + h
