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
  :mod:`alhambra_widget.i18n` (``with use_language("de"): game_svg(g)``; the
  widget draws its fallback picture in its own language); the status line is
  the view's ``status``.
"""

from __future__ import annotations

import html
import json
import re
from importlib import resources

from .i18n import t as _t, tn as _tn

__all__ = ["alhambra_svg", "board_svg", "game_svg", "tile_svg", "view_svg", "CELL", "PALETTE",
           "BUILDING_COLORS", "CURRENCY_COLORS"]

#: Size of one grid cell in user units (tile (x, y) starts at (x*CELL, y*CELL)).
CELL = 100

SIDES = ("N", "E", "S", "W")

#: The colours of ``palette.json`` (shared with the front end).
PALETTE = json.loads(resources.files(__package__).joinpath("palette.json").read_text(encoding="utf-8"))

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
    walls = _t("ui.tile.walls", sides=" ".join(_t(f"ui.side.{d}") for d in w)) if w else _t("ui.tile.no_walls")
    p = {"building": _t(f"building.{_kind(t)}"), "price": t["price"], "walls": walls}
    return _t("ui.svg.tile_at", x=pos[0], y=pos[1], **p) if pos is not None else _t("ui.tile.describe", **p)


def _pos(t: dict):
    return (t["x"], t["y"]) if "x" in t else None


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
def _tile(out, t: dict, x0, y0, s, *, pos=None, walls=True, detail=True):
    """One view tile as a ``<g class="alh-tile ...">`` with its square at
    (x0, y0), side ``s``. ``pos`` adds data-x/data-y; ``walls`` draws the
    walls inside the group (a grid draws them in a layer of their own, above
    every tile)."""
    kind = _kind(t)
    data = f' data-tile="{t["id"]}"'
    if pos is not None:
        data = f' data-x="{pos[0]}" data-y="{pos[1]}"' + data
    out.append(f'<g class="alh-tile alh-{kind}"{data}><title>{_esc(_describe(t, pos))}</title>')
    g = s * 0.03
    r = s * 0.07
    if t["id"] == 0:
        f = _FOUNTAIN
        cx, cy = x0 + s / 2, y0 + s / 2
        out.append(f'<rect x="{_n(x0 + g)}" y="{_n(y0 + g)}" width="{_n(s - 2 * g)}" height="{_n(s - 2 * g)}" '
                   f'rx="{_n(r)}" fill="{f["base"]}" stroke="{f["rim"]}" stroke-width="{_n(s * 0.02)}"/>')
        out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(s * 0.34)}" fill="{f["water"]}" '
                   f'stroke="{f["water_edge"]}" stroke-width="{_n(s * 0.04)}"/>')
        out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(s * 0.2)}" fill="none" '
                   f'stroke="{f["ripple"]}" stroke-width="{_n(s * 0.035)}"/>')
        out.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(s * 0.07)}" fill="{f["water_edge"]}"/>')
    else:
        fill, edge, ink = BUILDING_COLORS.get(kind, _UNKNOWN)
        out.append(f'<rect x="{_n(x0 + g)}" y="{_n(y0 + g)}" width="{_n(s - 2 * g)}" height="{_n(s - 2 * g)}" '
                   f'rx="{_n(r)}" fill="{fill}" stroke="{edge}" stroke-width="{_n(s * 0.03)}"/>')
        cx = x0 + s / 2
        if detail:
            fs = s * 0.4
            _text(out, cx, y0 + s * 0.56, t["price"], fs, fill=ink, anchor="middle", weight="bold")
            _text(out, cx, y0 + s * 0.82, _t(f"building.{kind}"), s * 0.16, fill=ink, anchor="middle", fit=s * 0.86)
        else:
            fs = s * 0.5
            _text(out, cx, y0 + s / 2 + fs * 0.36, t["price"], fs, fill=ink, anchor="middle", weight="bold")
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
    """A ``Tile`` as a view tile (a view tile is returned as it is)."""
    if isinstance(tile, dict):
        return tile
    from .view import tile_json

    return tile_json(tile)


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
    spots = sorted({(int(x), int(y)) for x, y in highlight}, key=_yx)
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
    """One player's Alhambra as an SVG string.

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

    a = alhambra
    entry = {"alhambra": [tile_json(t, pos) for pos, t in a.items()], "wall": a.longest_wall()}
    if wall is True:
        entry["wall_path"] = [[p[0], p[1], side] for p, side in a.longest_wall_path()]
    return board_svg(entry, size=size, highlight=highlight, wall=wall, title=title)


# --------------------------------------------------------------- the table
W = 1000          # width of the table in user units (and natural pixels)
PAD = 14


def _card(out, card: str, x, y, w, h, *, big=False):
    cur, value = _card_parts(card)
    fill, edge, ink = CURRENCY_COLORS.get(cur, _UNKNOWN)
    name = _t(f"currency.{cur}")
    out.append(f'<g class="alh-card alh-{cur}" data-currency="{cur}" data-value="{value}">'
               f'<title>{_esc(_t("ui.card", currency=name, value=value))}</title>')
    out.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="{_n(w * 0.14)}" '
               f'fill="{fill}" stroke="{edge}" stroke-width="1.5"/>')
    i = w * 0.1
    out.append(f'<rect x="{_n(x + i)}" y="{_n(y + i)}" width="{_n(w - 2 * i)}" height="{_n(h - 2 * i)}" '
               f'rx="{_n(w * 0.08)}" fill="none" stroke="{ink}" stroke-opacity="0.35" stroke-width="1"/>')
    if big:
        _text(out, x + w / 2, y + h * 0.55, value, h * 0.42, fill=ink, anchor="middle", weight="bold")
        _text(out, x + w / 2, y + h * 0.84, name, h * 0.15, fill=ink, anchor="middle", fit=w * 0.84)
    else:
        fs = h * 0.5
        _text(out, x + w / 2, y + h / 2 + fs * 0.36, value, fs, fill=ink, anchor="middle", weight="bold")
    out.append("</g>")


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
    w = 10 + _width(text, 12) * 1.1
    out.append(f'<g class="{cls}"><rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="18" rx="9" fill="{fill}"/>')
    _text(out, x + w / 2, y + 13, text, 12, fill=ink, anchor="middle", weight="bold")
    out.append("</g>")
    return w


def _flow(n, x0, width, step, row_h, gaps=None):
    """Positions for ``n`` items laid out left to right, wrapping at ``width``;
    ``gaps[i]`` adds space before item i. Returns (positions, rows)."""
    pos = []
    x, row = x0, 0
    for i in range(n):
        gap = gaps[i] if gaps else 0
        if i and x + gap + step > x0 + width + 1e-9 and x > x0:
            x, row, gap = x0, row + 1, 0
        x += gap
        pos.append((x, row * row_h))
        x += step
    return pos, (row + 1 if n else 0)


def game_svg(game, *, seat=None, size=None) -> str:
    """The whole table as an SVG string: :func:`view_svg` of the game's view
    for ``seat`` (:func:`alhambra_widget.view.view`), the view the widget draws.

    ``seat``: the viewer's seat index, or None (hot-seat); the picture shows
    the hands that seat's view shows (decision X3), a hand the view hides as
    a card back and its number of cards. ``size``: None (natural, 1000 px
    wide and shrinking to fit), a width in pixels, or a CSS length like
    ``"100%"``.
    """
    from .view import view

    n = len(game.players)
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n):
        raise ValueError(f"seat is a player index from 0 to {n - 1} (or None to show every hand), not {seat!r}")
    return view_svg(view(game, seat, may_act=False), size=size)


def view_svg(v: dict, *, size=None) -> str:
    """The whole table drawn from a JSON view (:func:`alhambra_widget.view.view`).

    Top: whose turn it is (or the winners; the view's ``status``), deck, bag
    and discard counts; the building market (slots 1-4 with their
    currencies), the money market, the deck and the bag; tiles still to place
    and, with two players, Dirk's tiles. Below, a panel per player: name,
    score, building counts and longest wall, hand (or, when the view hides
    it, the number of cards), Alhambra (all drawn at one scale) and reserve.

    ``size``: None (natural, 1000 px wide and shrinking to fit), a width in
    pixels, or a CSS length like ``"100%"``.
    """
    players = v["players"]
    n = len(players)
    out = []
    y = PAD

    # -- header
    head = []
    status = v["status"]
    # bold sans glyphs average about 0.6 em: shrink a long status to fit, squeeze a very long one
    avail = W - 2 * PAD - 12
    _text(head, PAD + 6, y + 24, status, max(12, min(22, avail / (0.6 * max(len(status), 1)))),
          weight="bold", cls="alh-status", fit=avail)
    rounds = _t("list.sep").join(str(r["round"]) for r in v["rounds"]) or _t("ui.tiles.none")
    sub = _t("ui.svg.info", players=n, deck=_tn("ui.cards", v["deck"]), discard=v["discard"],
             bag=_tn("ui.tiles", v["bag"]), rounds=rounds)
    _text(head, PAD + 6, y + 46, sub, 14, fill=MUTED, cls="alh-info")
    y += 60

    # -- markets
    mk = []
    mk.append('<g class="alh-building-market">')
    _text(mk, PAD + 6, y + 14, _t("ui.market.building"), 13, fill=MUTED, weight="bold")
    sw, ts = 104, 80
    for slot in v["market"]:
        i = slot["slot"] - 1
        t = slot["tile"]
        cur = slot["currency"]
        fill, edge, ink = CURRENCY_COLORS.get(cur, _UNKNOWN)
        x0, y0 = PAD + 6 + i * (sw + 10), y + 22
        label = _t("ui.market.slot", slot=i + 1, currency=_t(f"currency.{cur}"),
                   tile=_describe(t) if t is not None else _t("ui.tile.empty"))
        mk.append(f'<g class="alh-slot alh-{cur}" data-slot="{i + 1}" data-currency="{cur}">'
                  f'<title>{_esc(label)}</title>')
        mk.append(f'<rect x="{x0}" y="{y0}" width="{sw}" height="{ts + 36}" rx="8" fill="{PANEL}" '
                  f'stroke="{edge}" stroke-width="2"/>')
        mk.append(f'<path d="M{x0} {y0 + 22}V{y0 + 8}a8 8 0 0 1 8 -8H{x0 + sw - 8}a8 8 0 0 1 8 8V{y0 + 22}Z" '
                  f'fill="{fill}"/>')
        _text(mk, x0 + sw / 2, y0 + 16, f"{i + 1} \u00b7 {_t(f'currency.{cur}')}", 13, fill=ink, anchor="middle",
              weight="bold", fit=sw - 12)
        tx, ty = x0 + (sw - ts) / 2, y0 + 28
        if t is not None:
            _tile(mk, t, tx, ty, ts)
        else:
            mk.append(f'<rect class="alh-empty" x="{_n(tx)}" y="{ty}" width="{ts}" height="{ts}" rx="6" '
                      f'fill="none" stroke="{PANEL_EDGE}" stroke-width="2" stroke-dasharray="6 5"/>')
            _text(mk, tx + ts / 2, ty + ts / 2 + 5, _t("ui.tile.empty"), 13, fill=MUTED, anchor="middle", fit=ts - 8)
        mk.append("</g>")
    mk.append("</g>")
    mx = PAD + 6 + 4 * (sw + 10) + 16
    mk.append('<g class="alh-money-market">')
    _text(mk, mx, y + 14, _t("ui.market.money"), 13, fill=MUTED, weight="bold")
    cw, ch = 56, 84
    for i, c in enumerate(v["money"]):
        _card(mk, c, mx + i * (cw + 8), y + 22 + (ts + 36 - ch) / 2, cw, ch, big=True)
    if not v["money"]:
        _text(mk, mx, y + 70, _t("ui.money.none"), 13, fill=MUTED)
    mk.append("</g>")
    deck = v["deck"]
    dx = mx + 4 * (cw + 8) + 16
    dy = y + 22 + (ts + 36 - ch) / 2
    mk.append(f'<g class="alh-deck" data-count="{deck}">'
              f'<title>{_esc(_t("ui.svg.deck_title", cards=_tn("ui.cards", deck)))}</title>')
    _text(mk, dx, y + 14, _t("ui.svg.deck"), 13, fill=MUTED, weight="bold", fit=cw + 28)
    if deck:
        _card_back(mk, dx + 4, dy - 4, cw, ch, cls="alh-deck-card")
        _card_back(mk, dx, dy, cw, ch, cls="alh-deck-card")
    else:
        mk.append(f'<rect x="{dx}" y="{_n(dy)}" width="{cw}" height="{ch}" rx="8" fill="none" '
                  f'stroke="{PANEL_EDGE}" stroke-width="2" stroke-dasharray="6 5"/>')
    _text(mk, dx + cw / 2 + 2, dy + ch + 16, _tn("ui.cards", deck), 13, anchor="middle", fit=cw + 28)
    mk.append("</g>")
    bag = v["bag"]
    bx = dx + cw + 34
    mk.append(f'<g class="alh-bag" data-count="{bag}">'
              f'<title>{_esc(_t("ui.money.bag_title", tiles=_tn("ui.tiles", bag)))}</title>')
    _text(mk, bx, y + 14, _t("ui.svg.bag"), 13, fill=MUTED, weight="bold", fit=70)
    by = dy + 10
    mk.append(f'<path d="M{bx + 18} {_n(by)}h34l-6 14c20 8 28 26 24 44c-3 12-14 16-35 16s-32-4-35-16'
              f'c-4-18 4-36 24-44z" fill="{_BAG["fill"]}" stroke="{_BAG["edge"]}" stroke-width="2"/>')
    mk.append(f'<path d="M{bx + 22} {_n(by + 14)}h26" stroke="{_BAG["band"]}" stroke-width="3"/>')
    _text(mk, bx + 35, by + 52, bag, 18, fill=_BAG["ink"], anchor="middle", weight="bold")
    _text(mk, bx + 35, dy + ch + 16, _tn("ui.tiles", bag), 13, anchor="middle", fit=70)
    mk.append("</g>")
    y += 22 + ts + 36 + 24

    # -- tiles to place, Dirk
    small = 40
    if v["pending"]:
        mk.append('<g class="alh-pending">')
        groups = []
        for e in v["pending"]:
            pl, t = e["player"], e["tile"]
            if groups and groups[-1][0] == pl:
                groups[-1][1].append(t)
            else:
                groups.append((pl, [t]))
        _text(mk, PAD + 6, y + 26, _t("ui.svg.to_place"), 14, weight="bold", fit=70)
        x = PAD + 80
        row = 0
        for pl, ts_ in groups:
            name = _short(players[pl]["name"], 18)
            nw = len(name) * 8 + 14
            if x + nw + small > W - PAD and x > PAD + 80:
                x, row = PAD + 80, row + 1
            _text(mk, x, y + 26 + row * (small + 8), name + ":", 14)
            x += nw
            for t in ts_:
                if x + small > W - PAD:
                    x, row = PAD + 80, row + 1
                mk.append(f'<g class="alh-pending-tile" data-player="{pl}">')
                _tile(mk, t, x, y + 6 + row * (small + 8), small, detail=False)
                mk.append("</g>")
                x += small + 8
            x += 12
        mk.append("</g>")
        y += (row + 1) * (small + 8) + 8
    if v.get("dirk") is not None:
        dirk = list(v["dirk"])
        mk.append(f'<g class="alh-dirk" data-count="{len(dirk)}">')
        _text(mk, PAD + 6, y + 26, _t("ui.svg.dirk", name=_t("ui.dirk.name"), n=len(dirk)), 14, weight="bold", fit=86)
        pos, rows = _flow(len(dirk), PAD + 96, W - 2 * PAD - 100, small + 8, small + 8)
        for (x, dy_), t in zip(pos, dirk):
            _tile(mk, t, x, y + 6 + dy_, small, detail=False)
        if not dirk:
            _text(mk, PAD + 96, y + 26, _t("ui.dirk.none"), 13, fill=MUTED)
        mk.append("</g>")
        y += max(rows, 1) * (small + 8) + 8

    # -- player panels
    cols = {2: 2, 3: 3, 4: 2}.get(n, 3)
    gap = 12
    pw = (W - 2 * PAD - (cols - 1) * gap) / cols
    ip = 10                                   # inner padding of a panel
    bounds = [_bounds(p["alhambra"]) for p in players]
    span_w = max(b[1] - b[0] + 1 for b in bounds) + 0.6
    span_h = max(b[3] - b[2] + 1 for b in bounds) + 0.6
    cellpx = min((pw - 2 * ip) / span_w, 60)
    board_w, board_h = span_w * cellpx, span_h * cellpx
    panels = [_panel(v, i, bounds[i], pw, ip, span_w, span_h, board_w, board_h) for i in range(n)]
    body = []
    for r in range(0, n, cols):
        row = panels[r:r + cols]
        hand_h = max(hh for hh, _, _ in row)      # one hand height per row keeps boards aligned
        h = max(hand_h + rest for _, rest, _ in row)
        for k, (_, _, draw) in enumerate(row):
            draw(body, PAD + k * (pw + gap), y, h, hand_h)
        y += h + gap
    total_h = y - gap + PAD

    out.append(_root("alh-game", 0, 0, W, total_h, size, 1, status))
    out.append(f'<rect class="alh-bg" x="0" y="0" width="{W}" height="{_n(total_h)}" rx="12" fill="{BG}" '
               f'stroke="{BG_EDGE}" stroke-width="2"/>')
    out += head
    out += mk
    out += body
    out.append("</svg>")
    return "".join(out)


def _short(name: str, k: int) -> str:
    name = str(name)
    return name if len(name) <= k else name[:k - 1] + "\u2026"


def _panel(v, i, bounds, pw, ip, span_w, span_h, board_w, board_h):
    """Measure one player's panel (``v["players"][i]``): (hand height, height
    of the rest, draw(out, x, y, panel height, hand height))."""
    p = v["players"][i]
    over = v["phase"] == "over"
    current = not over and i == v["current"]
    winner = over and i in v["winners"]
    seat = v.get("seat")
    hand = p["hand"]
    show_hand = hand is not None
    hand = list(hand or ())
    cards = p.get("cards", len(hand))
    reserve = list(p["reserve"])
    tiles = sorted(p["alhambra"], key=lambda t: (t["y"], t["x"]))

    # hand: cards grouped by currency, wrapping inside the panel
    hx, hwidth = ip + 58, pw - 2 * ip - 58
    cw, ch = 24, 34
    if show_hand:
        curs = [_card_parts(c)[0] for c in hand]
        gaps = [0] + [6 if curs[k] != curs[k - 1] else 0 for k in range(1, len(hand))]
        hpos, hrows = _flow(len(hand), 0, hwidth, cw + 3, ch + 4, gaps)
        hand_h = max(hrows, 1) * (ch + 4)
    else:
        hpos, hand_h = [], ch + 4
    rs = 34
    rpos, rrows = _flow(len(reserve), 0, pw - 2 * ip - 66, rs + 8, rs + 8)
    res_h = max(rrows, 1) * (rs + 8)
    head_h, counts_h = 34, 24
    rest = ip + head_h + counts_h + 8 + board_h + 8 + res_h + ip

    def draw(out, x0, y0, h, hand_h):
        stroke, sw_ = (CURRENT, 3) if current else ((WINNER, 3) if winner else (PANEL_EDGE, 1.5))
        out.append(f'<g class="alh-player{" alh-current" if current else ""}{" alh-winner" if winner else ""}" '
                   f'data-player="{i}"><title>{_esc(_tn("ui.player.aria", p["score"], name=p["name"]))}</title>')
        out.append(f'<rect x="{_n(x0)}" y="{_n(y0)}" width="{_n(pw)}" height="{_n(h)}" rx="10" fill="{PANEL}" '
                   f'stroke="{stroke}" stroke-width="{sw_}"/>')
        y = y0 + ip
        # header: name, tags, score
        tx = x0 + ip
        if winner:
            out.append(_star(tx + 9, y + 14, 10, WINNER))
            tx += 24
        name = _short(p["name"], max(6, int((pw - 150) / 11)))
        _text(out, tx, y + 20, name, 18, weight="bold", cls="alh-name")
        tx += len(name) * 10.5 + 8
        tags = []
        if current:
            tags.append((_t("ui.player.placing" if v["phase"] == "place" else "ui.player.to_act"), CURRENT))
        if winner:
            tags.append((_t("ui.player.winner"), WINNER))
        if seat == i:
            tags.append((_t("ui.player.you"), MUTED))
        for label, col in tags:
            if tx + 60 < x0 + pw - 80:
                tx += _tag(out, tx, y + 6, label, col) + 5
        _text(out, x0 + pw - ip, y + 21, _tn("ui.points_short", p["score"]), 18, anchor="end", weight="bold",
              cls="alh-score")
        y += head_h
        # building counts and longest wall (what the scoring rounds look at)
        out.append('<g class="alh-counts">')
        cx = x0 + ip
        for b, count in zip(v.get("buildings") or BUILDING_ORDER, p["counts"]):
            fill, edge, ink = BUILDING_COLORS.get(b, _UNKNOWN)
            label = _esc(_t("ui.label_count", label=_t(f"building.{b}"), count=count))
            out.append(f'<g class="alh-count alh-{b}" data-count="{count}"><title>{label}</title>'
                       f'<rect x="{_n(cx)}" y="{_n(y + 2)}" width="16" height="16" rx="3" fill="{fill}" '
                       f'stroke="{edge}"/>')
            _text(out, cx + 8, y + 14.5, _t(f"ui.building_short.{b}"), 11, fill=ink, anchor="middle", weight="bold",
                  fit=14)
            _text(out, cx + 20, y + 15, count, 13)
            out.append("</g>")
            cx += 38
        _text(out, cx + 4, y + 15, f"{_t('ui.counts.wall')} {p['wall']}", 13, fill=MUTED)
        out.append("</g>")
        y += counts_h
        # hand
        out.append(f'<g class="alh-hand{"" if show_hand else " alh-hidden"}" data-player="{i}" '
                   f'data-count="{len(hand) if show_hand else cards}">')
        _text(out, x0 + ip, y + 22, _t("ui.hand.label"), 13, fill=MUTED, weight="bold", fit=52)
        if show_hand:
            for (cx, cy), c in zip(hpos, hand):
                _card(out, c, x0 + hx + cx, y + cy, cw, ch)
            if not hand:
                _text(out, x0 + hx, y + 22, _t("ui.hand.none"), 13, fill=MUTED)
        else:
            _card_back(out, x0 + hx, y, cw, ch)
            _text(out, x0 + hx + cw + 8, y + 22, _tn("ui.cards", cards), 13)
        out.append("</g>")
        y += hand_h + 8
        # the Alhambra, at the table's common scale, centred on its own tiles
        mnx, mxx, mny, mxy = bounds
        vx = ((mnx + mxx + 1) / 2 - span_w / 2) * CELL
        vy = ((mny + mxy + 1) / 2 - span_h / 2) * CELL
        bx = x0 + (pw - board_w) / 2
        k = board_w / (span_w * CELL)
        # a transform, not a nested <svg>: page CSS such as `svg {height: auto}`
        # would also hit a nested <svg> when the picture is inlined in HTML
        out.append(f'<g class="alh-board" data-player="{i}" transform="translate({_n(bx)} {_n(y)}) '
                   f'scale({k:.5f}) translate({_n(-vx)} {_n(-vy)})">')
        _board(out, tiles, path=(), box=(mnx, mxx, mny, mxy), detail=False)
        out.append("</g>")
        y += board_h + 8
        # reserve
        out.append(f'<g class="alh-reserve" data-player="{i}" data-count="{len(reserve)}">')
        _text(out, x0 + ip, y + 22, _t("ui.reserve"), 13, fill=MUTED, weight="bold", fit=60)
        for (rx, ry), t in zip(rpos, reserve):
            _tile(out, t, x0 + ip + 66 + rx, y + ry, rs, detail=False)
        if not reserve:
            _text(out, x0 + ip + 66, y + 22, _t("ui.tile.empty"), 13, fill=MUTED)
        out.append("</g></g>")

    return hand_h, rest, draw
