"""One look: the colours live in ``alhambra_widget/palette.json`` and the
pictures (buildings, currencies, marks) in ``alhambra_widget/artwork.json``,
both read by the static pictures (render.py) and by the front end
(js/view/common.js, js/style.js), and no drawing code spells a colour of its
own."""

import json
import re
from pathlib import Path

import pytest

from alhambra_widget import render
from alhambra_widget.engine.money import CURRENCIES
from alhambra_widget.engine.tiles import BUILDINGS

ROOT = Path(__file__).resolve().parent.parent
PALETTE_FILE = ROOT / "alhambra_widget" / "palette.json"
PALETTE = json.loads(PALETTE_FILE.read_text(encoding="utf-8"))
ARTWORK = json.loads((ROOT / "alhambra_widget" / "artwork.json").read_text(encoding="utf-8"))

HEX = re.compile(r"(?<![&\w])#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{3,4})\b")
COLOUR = re.compile(r"#[0-9a-f]{6}")

#: Colour literals still spelled out in drawing code, each with its reason.
#: Every one must be a palette colour (so the switch is mechanical); take an
#: entry off when its file reads the palette (``PALETTE`` and friends in common.js).
ALLOWED: dict = {}


def colours(node):
    """Every colour string of the palette (the ``*about`` notes left out)."""
    if isinstance(node, dict):
        for k, v in node.items():
            if not k.endswith("about"):
                yield from colours(v)
    elif isinstance(node, list):
        for v in node:
            yield from colours(v)
    else:
        yield node


def long_hex(c: str) -> str:
    c = c.lower()
    return "#" + "".join(ch * 2 for ch in c[1:]) if len(c) == 4 else c


def drawing_sources() -> list:
    js = [p for p in (ROOT / "js").rglob("*.js") if not p.name.endswith(".test.js") and "fixtures" not in p.parts]
    return [ROOT / "alhambra_widget" / "render.py", *sorted(js)]


def test_every_palette_value_is_a_colour():
    values = list(colours(PALETTE))
    assert len(values) > 50
    assert all(isinstance(v, str) and COLOUR.fullmatch(v) for v in values), \
        [v for v in values if not (isinstance(v, str) and COLOUR.fullmatch(v))]


def test_the_palette_covers_the_game():
    assert list(PALETTE["buildings"]) == [b.value for b in BUILDINGS]
    assert list(PALETTE["building_labels"]) == [b.value for b in BUILDINGS]
    assert list(PALETTE["currencies"]) == [c.value for c in CURRENCIES]       # slot order
    assert all(len(v) == 3 for v in PALETTE["buildings"].values())
    assert all(len(v) == 3 for v in PALETTE["currencies"].values())
    assert all(len(v) == 2 for v in PALETTE["building_labels"].values())
    assert len(PALETTE["unknown"]) == 3
    assert len(PALETTE["seats"]) == 6 and len(set(PALETTE["seats"])) == 6      # one colour a seat, 2-6 players


def _luminance(c: str) -> float:
    def ch(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (int(c[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b)


def contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("building", [b.value for b in BUILDINGS])
def test_building_labels_read_at_wcag_aa(building):
    bg, ink = PALETTE["building_labels"][building]
    assert contrast(bg, ink) >= 4.5


def test_render_reads_the_palette():
    assert render.PALETTE == PALETTE
    assert render.BUILDING_COLORS == {k: tuple(v) for k, v in PALETTE["buildings"].items()}
    assert render.CURRENCY_COLORS == {k: tuple(v) for k, v in PALETTE["currencies"].items()}
    assert (render.BG, render.PANEL, render.INK, render.WALL) == tuple(
        PALETTE["table"][k] for k in ("background", "panel", "ink", "wall"))


def test_the_front_end_imports_the_palette():
    common = (ROOT / "js" / "view" / "common.js").read_text(encoding="utf-8")
    style = (ROOT / "js" / "style.js").read_text(encoding="utf-8")
    assert 'from "../../alhambra_widget/palette.json"' in common
    assert 'from "../alhambra_widget/palette.json"' in style


def test_no_colour_is_spelled_outside_the_palette():
    palette = {long_hex(c) for c in colours(PALETTE)}
    found = set()
    stray = []
    for path in drawing_sources():
        rel = path.relative_to(ROOT).as_posix()
        for k, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for c in HEX.findall(line):
                if (rel, c) in ALLOWED:
                    found.add((rel, c))
                else:
                    stray.append(f"{rel}:{k}: {c}")
    assert stray == [], "colours belong in alhambra_widget/palette.json"
    gone = sorted(set(ALLOWED) - found)
    assert gone == [], f"no longer in the file: take them off ALLOWED in {Path(__file__).name}"
    assert all(long_hex(c) in palette for _, c in ALLOWED), "an allowed literal is a palette colour"


def test_the_artwork_covers_the_game():
    assert list(ARTWORK["buildings"]) == [b.value for b in BUILDINGS]
    assert list(ARTWORK["currencies"]) == [c.value for c in CURRENCIES]
    assert {"wall", "check"} <= set(ARTWORK["marks"])
    assert ARTWORK["box"] == 100


PATH_TOKEN = re.compile(r"[MLHVCAZ]|-?\d+(?:\.\d+)?")


def _points(d: str) -> list:
    """The end points of path data in absolute M L H V C A Z commands (the grammar the drawing code reads)."""
    tokens = PATH_TOKEN.findall(d)
    out, cmd, i, x, y = [], "", 0, 0.0, 0.0
    take = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "A": 7, "Z": 0}
    while i < len(tokens):
        if tokens[i] in take:
            cmd = tokens[i]
            i += 1
            if cmd == "Z":
                continue
        args = [float(v) for v in tokens[i:i + take[cmd]]]
        assert len(args) == take[cmd], (cmd, d)
        i += take[cmd]
        if cmd == "H":
            x = args[0]
        elif cmd == "V":
            y = args[0]
        else:
            x, y = args[-2], args[-1]
            if cmd == "C":
                out += [(args[0], args[1]), (args[2], args[3])]
        out.append((x, y))
    return out


@pytest.mark.parametrize("group", ["buildings", "currencies", "marks"])
def test_every_picture_is_absolute_path_data_inside_its_box(group):
    for name, d in ARTWORK[group].items():
        assert re.fullmatch(r"[MLHVCAZ0-9. -]+", d), name          # absolute commands only, no relative ones
        pts = _points(d)
        assert pts, name
        assert all(0 <= x <= 100 and 0 <= y <= 100 for x, y in pts), name


def test_the_pictures_tell_buildings_apart():
    """Each building its own silhouette: no two pictures are the same shapes."""
    ds = list(ARTWORK["buildings"].values())
    assert len(set(ds)) == len(ds)
    counts = [d.count("M") for d in ds]
    assert min(counts) >= 3          # a picture, not a single square


def test_both_renderers_read_the_artwork():
    common = (ROOT / "js" / "view" / "common.js").read_text(encoding="utf-8")
    assert 'from "../../alhambra_widget/artwork.json"' in common
    assert render.ARTWORK == ARTWORK


@pytest.mark.parametrize("colour", ["current", "winner", "longest"])
def test_the_tags_read_at_wcag_aa(colour):
    """The tags beside a player's name ("to act", "winner", the scoring) are
    small text in the table's ink on these colours: >= 4.5:1 (WCAG AA)."""
    assert contrast(PALETTE["table"][colour], PALETTE["table"]["ink"]) >= 4.5


def test_the_player_to_act_stands_out_on_a_light_panel():
    """The frame and stripe of the player to act (no text): >= 3:1 on a light panel (WCAG AA for graphics)."""
    assert contrast(PALETTE["table"]["current"], PALETTE["table"]["panel"]) >= 3


def test_a_currencys_name_reads_on_its_colour():
    """A money card names its currency, and a market slot's header its number and currency, in
    small text (11-12 px) on the currency's colour: >= 4.5:1 (WCAG AA for small text)."""
    for name, (fill, _edge, ink) in PALETTE["currencies"].items():
        assert contrast(fill, ink) >= 4.5, name


@pytest.mark.parametrize("group", ["buildings", "currencies"])
def test_prices_values_and_pictures_read_on_their_colours(group):
    """A tile's price and picture, a card's value and symbol are large bold marks on the tile's or
    card's colour: >= 3:1 (WCAG AA for large text and graphics)."""
    for name, (fill, _edge, ink) in PALETTE[group].items():
        assert contrast(fill, ink) >= 3, name


#: The pages a seat's stripe and dot are drawn on: JupyterLab Light's and Dark's --jp-layout-color1
#: (the players' panels), and the static picture's panel.
JUPYTERLAB_LIGHT, JUPYTERLAB_DARK = "#ffffff", "#212121"

#: The colours that mean "to act" and "the winner": the turn marker (the palette's, and JupyterLab
#: Light's and Dark's --jp-warn-color1, which the widget takes in JupyterLab: js/style.js
#: --alh-current), the winner's frame and the scoring round's colour.
MARKERS = {"current": PALETTE["table"]["current"], "warn (JupyterLab Light)": "#f57c00",
           "warn (JupyterLab Dark)": "#ff9800", "winner": PALETTE["table"]["winner"],
           "longest": PALETTE["table"]["longest"]}


def test_seat_colours_stand_out_on_light_and_dark_panels():
    """A seat's stripe and dot (decoration beside the name) stand out on JupyterLab Light's and Dark's
    pages: >= 3:1 on both (WCAG AA for graphics); on the static picture's parchment panel >= 2.8:1."""
    for c in PALETTE["seats"]:
        assert contrast(c, JUPYTERLAB_LIGHT) >= 3, c
        assert contrast(c, JUPYTERLAB_DARK) >= 3, c
        assert contrast(c, PALETTE["table"]["panel"]) >= 2.8, c


# Colour vision deficiency simulated as Machado, Oliveira and Fernandes (2009) do, at full severity:
# a matrix on linear RGB. Colours are compared by CIEDE2000 in CIELAB (D65).
CVD = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _linear(c: str) -> tuple:
    def ch(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    return tuple(ch(int(c[i:i + 2], 16)) for i in (1, 3, 5))


def _lab(rgb: tuple) -> tuple:
    r, g, b = rgb
    x = (0.4123908 * r + 0.3575843 * g + 0.1804808 * b) / 0.95047
    y = 0.2126390 * r + 0.7151687 * g + 0.0721923 * b
    z = (0.0193308 * r + 0.1191948 * g + 0.9505322 * b) / 1.08883
    f = [t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def seen(c: str, vision: str | None = None) -> tuple:
    """Colour ``c`` in CIELAB, as seen with normal vision or the given deficiency."""
    rgb = _linear(c)
    if vision:
        rgb = tuple(min(1.0, max(0.0, sum(m * v for m, v in zip(row, rgb)))) for row in CVD[vision])
    return _lab(rgb)


def delta_e(lab1: tuple, lab2: tuple) -> float:
    """CIEDE2000 (Sharma, Wu and Dalal 2005)."""
    import math

    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1, a2 = a1 * (1 + g), a2 * (1 + g)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    dl, dc = l2 - l1, c2 - c1
    dh = 0.0 if not c1 * c2 else (h2 - h1 if abs(h2 - h1) <= 180 else h2 - h1 - 360 if h2 > h1 else h2 - h1 + 360)
    dhh = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if not c1 * c2:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc, sh = 1 + 0.045 * c_mean, 1 + 0.015 * c_mean * t
    rt = (-2 * math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7))
          * math.sin(math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2)))))
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh))


def test_delta_e_is_ciede2000():
    """Sharma, Wu and Dalal's test data (pairs 1, 7, 17, 25)."""
    for lab1, lab2, want in [((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
                             ((50, 0, 0), (50, -1, 2), 2.3669),
                             ((50, 2.5, 0), (73, 25, -18), 27.1492),
                             ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644)]:
        assert delta_e(lab1, lab2) == pytest.approx(want, abs=1e-4)


@pytest.mark.parametrize("vision", [None, *CVD])
def test_seat_colours_are_told_apart_and_never_taken_for_the_player_to_act(vision):
    """Six seats, six colours that no viewer takes for one another, nor for the colour of the player
    to act (seat 4's orange was the turn marker's, so that player looked always to act) or of the
    winner -- also with a colour vision deficiency. CIEDE2000: >= 15 apart with normal vision; with
    protanopia, deuteranopia or tritanopia (simulated) >= 9 apart, and >= 9.5 from those marks."""
    seats = PALETTE["seats"]
    apart = 15 if vision is None else 9
    close = [(a, b, round(delta_e(seen(a, vision), seen(b, vision)), 1)) for i, a in enumerate(seats)
             for b in seats[i + 1:] if delta_e(seen(a, vision), seen(b, vision)) < apart]
    assert close == [], f"seat colours too alike ({vision or 'normal vision'})"
    near = [(c, name, round(delta_e(seen(c, vision), seen(m, vision)), 1)) for c in seats
            for name, m in MARKERS.items() if delta_e(seen(c, vision), seen(m, vision)) < (15 if vision is None else 9.5)]
    assert near == [], f"a seat colour is taken for a mark of the table ({vision or 'normal vision'})"
