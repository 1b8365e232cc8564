"""SVG pictures of positions (alhambra_widget.render): structure, not looks.

Every picture must parse as XML; tiles, walls, spots and cards carry the
classes and data attributes the front end and these tests rely on. The table
is drawn from the JSON view the widget draws, so the front end's fixtures
(js/fixtures/*.json) are drawn here too.
"""

import json
import random
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from alhambra_widget import TILES, Alhambra, Game, tile
from alhambra_widget.render import CELL, alhambra_svg, board_svg, game_svg, tile_svg, view_svg
from alhambra_widget.engine.tiles import BUILDINGS
from alhambra_widget.view import tile_json, view

sys.path.insert(0, str(Path(__file__).parent))
from js_fixtures import VIEWS as JS_VIEWS  # noqa: E402  (the views the front-end tests draw)


SVG = "{http://www.w3.org/2000/svg}"
EDGE = {"N": (0, 0, 1, 0), "E": (1, 0, 1, 1), "S": (0, 1, 1, 1), "W": (0, 0, 0, 1)}


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    assert len(root.get("viewBox").split()) == 4
    assert root[0].tag == SVG + "title" and root[0].text
    return root


def classes(el) -> list:
    return el.get("class", "").split()


def having(root, cls: str) -> list:
    return [el for el in root.iter() if cls in classes(el)]


def built(seed: int, n: int = 16) -> Alhambra:
    """An Alhambra grown by placing random tiles on random legal spots."""
    rng = random.Random(seed)
    a = Alhambra()
    pool = list(TILES)
    rng.shuffle(pool)
    for t in pool:
        spots = sorted(a.legal_spots(t))
        if spots:
            a.place(t, rng.choice(spots))
        if len(a) == n:
            break
    return a


def played(players, seed: int, steps=None) -> Game:
    g = Game(players, seed=seed)
    rng = random.Random(seed)
    k = 0
    while not g.is_over and (steps is None or k < steps):
        kind = rng.choice(g.legal_kinds())
        g.play(rng.choice(g.legal_actions(kind)))
        k += 1
    return g


def line(el) -> tuple:
    return tuple(float(el.get(k)) for k in ("x1", "y1", "x2", "y2"))


def edge(x, y, side) -> tuple:
    ax, ay, bx, by = EDGE[side]
    return (float((x + ax) * CELL), float((y + ay) * CELL), float((x + bx) * CELL), float((y + by) * CELL))


# ------------------------------------------------------------- one Alhambra
def test_empty_alhambra_is_a_fountain():
    root = parse(alhambra_svg(Alhambra()))
    tiles = having(root, "alh-tile")
    assert len(tiles) == 1
    assert "alh-fountain" in classes(tiles[0])
    assert (tiles[0].get("data-x"), tiles[0].get("data-y"), tiles[0].get("data-tile")) == ("0", "0", "0")
    assert having(root, "alh-wall") == []
    assert having(root, "alh-bg"), "draws its own background (dark notebook themes)"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_one_tile_element_per_tile_plus_fountain(seed):
    a = built(seed)
    root = parse(alhambra_svg(a))
    tiles = having(root, "alh-tile")
    assert len(tiles) == len(a) + 1
    seen = {(int(el.get("data-x")), int(el.get("data-y"))): int(el.get("data-tile")) for el in tiles}
    assert seen == {p: t.id for p, t in a.items()}
    for el in tiles:
        t = a[(int(el.get("data-x")), int(el.get("data-y")))]
        kind = "fountain" if t.id == 0 else t.building.value
        assert classes(el) == ["alh-tile", "alh-" + kind]
        assert el.find(SVG + "title") is not None


def test_walls_lie_exactly_on_their_edges():
    seraglio4 = tile(9)                      # walls N and E
    assert seraglio4.walls == {"N", "E"}
    a = Alhambra()
    a.place(seraglio4, (0, -1))              # open south side against the fountain
    root = parse(alhambra_svg(a))
    walls = having(root, "alh-wall")
    assert {w.get("data-side") for w in walls} == {"N", "E"}
    got = sorted(line(w) for w in walls)
    top = (0.0, -100.0, 100.0, -100.0)       # the tile covers [0, 100] x [-100, 0]
    right = (100.0, -100.0, 100.0, 0.0)
    assert got == sorted([top, right])
    assert all(w.get("data-x") == "0" and w.get("data-y") == "-1" for w in walls)
    (el,) = [t for t in having(root, "alh-tile") if t.get("data-tile") == "9"]
    assert el.find(SVG + "title").text == "Seraglio 4 at (0, -1), walls N E"


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_every_wall_side_drawn_once_on_its_edge(seed):
    a = built(seed)
    root = parse(alhambra_svg(a))
    expected = sorted(edge(x, y, s) for (x, y), t in a.items() for s in t.walls)
    got = []
    for w in having(root, "alh-wall"):
        x, y, s = int(w.get("data-x")), int(w.get("data-y")), w.get("data-side")
        assert s in a[(x, y)].walls
        assert line(w) == edge(x, y, s)
        got.append(line(w))
    assert sorted(got) == expected


def test_highlighted_spots_carry_their_coordinates():
    a = built(7, 8)
    t = tile(44)
    spots = a.legal_spots(t)
    assert spots
    root = parse(alhambra_svg(a, highlight=spots))
    els = having(root, "alh-spot")
    assert {(int(e.get("data-x")), int(e.get("data-y"))) for e in els} == spots
    assert len(els) == len(spots)
    # the view box holds every highlighted spot
    vx, vy, vw, vh = (float(v) for v in root.get("viewBox").split())
    for x, y in spots:
        assert vx <= x * CELL and (x + 1) * CELL <= vx + vw
        assert vy <= y * CELL and (y + 1) * CELL <= vy + vh
    assert having(parse(alhambra_svg(a)), "alh-spot") == []


@pytest.mark.parametrize("seed", [8, 9, 10, 11])
def test_longest_wall_overlay_matches_the_count(seed):
    a = built(seed, 20)
    root = parse(alhambra_svg(a, wall=True))
    (group,) = having(root, "alh-longest-wall")
    segs = having(group, "alh-longest-segment")
    assert len(segs) == a.longest_wall() == int(group.get("data-length"))
    external = set(a.external_walls())
    for s in segs:
        x, y, side = int(s.get("data-x")), int(s.get("data-y")), s.get("data-side")
        assert ((x, y), side) in external
        assert line(s) == edge(x, y, side)
    assert having(parse(alhambra_svg(a)), "alh-longest-wall") == []


def test_wall_accepts_an_explicit_path():
    a = built(12)
    path = a.external_walls()[:2]
    root = parse(alhambra_svg(a, wall=path))
    assert len(having(root, "alh-longest-segment")) == len(path)


def test_title_and_size_options():
    a = built(13, 5)
    root = parse(alhambra_svg(a, title="Ana's <Alhambra>"))
    assert root[0].text == "Ana's <Alhambra>"
    assert any(el.text == "Ana's <Alhambra>" for el in having(root, "alh-title"))
    assert "max-width:100%" in parse(alhambra_svg(a)).get("style")
    sized = parse(alhambra_svg(a, size=300))
    vx, vy, vw, vh = (float(v) for v in sized.get("viewBox").split())
    assert float(sized.get("width")) == 300
    assert float(sized.get("height")) == pytest.approx(300 * vh / vw, abs=0.01)
    assert parse(alhambra_svg(a, size="100%")).get("width") == "100%"


def test_tile_svg():
    root = parse(tile_svg(tile(54)))
    (el,) = having(root, "alh-tile")
    assert classes(el) == ["alh-tile", "alh-tower"] and el.get("data-tile") == "54"
    assert [w.get("data-side") for w in having(root, "alh-wall")] == ["E"]
    assert "13" in [t.text for t in root.iter(SVG + "text")]


def test_repr_svg():
    a = Alhambra()
    a.place(TILES[6], (1, 0))
    assert len(having(parse(a._repr_svg_()), "alh-tile")) == 2
    root = parse(Game(3, seed=1)._repr_svg_())
    assert "alh-game" in classes(root)


# --------------------------------------------------------------- the table
def hands(root) -> dict:
    return {int(h.get("data-player")): h for h in having(root, "alh-hand")}


def outside_focus(root, cls: str) -> list:
    """The elements of class ``cls`` outside the section of the player in focus (drawn big there)."""
    inside = {id(el) for f in having(root, "alh-focus") for el in f.iter()}
    return [el for el in having(root, cls) if id(el) not in inside]


def dirk_counts(el) -> list:
    return [int(c) for c in el.get("data-counts").split()]


def test_seat_shows_the_hands_its_view_shows():
    """The picture for a seat shows what that seat's view shows (the view
    decides which hands a seat knows); a hand the view hides is a card back
    and a count, with no value in any tooltip."""
    g = played(["Ana", "Ben", "Chi", "Dee"], seed=3, steps=40)
    v = view(g, 0)
    root = parse(game_svg(g, seat=0))
    hs = hands(root)
    assert sorted(hs) == [0, 1, 2, 3]
    assert v["players"][0]["hand"] is not None
    shown = 0
    for i, p in enumerate(v["players"]):
        if p["hand"] is None:
            assert "alh-hidden" in classes(hs[i]) and having(hs[i], "alh-card") == []
        else:
            cards = having(hs[i], "alh-card")
            assert [f"{c.get('data-currency')} {c.get('data-value')}" for c in cards] == p["hand"]
            assert p["hand"] == [str(c) for c in g.players[i].hand]
            shown += len(cards)
    # the only cards shown: the money market and the hands the view shows
    assert len(outside_focus(root, "alh-card")) == len(g.money) + shown
    # the player in focus (the player to act) has their hand drawn big too, the same cards
    (focus,) = having(root, "alh-focus")
    (big,) = having(focus, "alh-focus-hand")
    fp = int(focus.get("data-player"))
    assert [f"{c.get('data-currency')} {c.get('data-value')}" for c in having(big, "alh-card")] == v["players"][fp]["hand"]


def test_a_long_hand_in_focus_shows_every_value():
    """The hand beside the board overlaps its cards when they do not fit: each card's value is
    then drawn in the part of it left in view (as on a fanned hand), not under the next card."""
    g = played(["Ana", "Ben", "Chi", "Dee"], seed=3, steps=40)
    v = view(g)
    fp = v["current"]
    v["players"][fp]["hand"] = [f"{c} {k}" for c in ("florin", "dirham", "dinar", "ducat") for k in (1, 4, 9)]
    (focus,) = having(parse(view_svg(v)), "alh-focus")
    (big,) = having(focus, "alh-focus-hand")
    cards = having(big, "alh-card")
    assert len(cards) == 12
    lefts = [float(c.find(SVG + "rect").get("x")) for c in cards]
    assert lefts[1] - lefts[0] < 36, "the cards should overlap here"
    for card, nxt in zip(cards, lefts[1:]):
        (value,) = [t for t in card.iter(SVG + "text") if t.text == card.get("data-value")]
        size = float(value.get("font-size"))
        assert float(value.get("x")) + 0.35 * size <= nxt, (card.get("data-currency"), card.get("data-value"))
    # the players' panels too, with 20 cards
    other = (fp + 1) % 4
    v["players"][other]["hand"] = [f"{c} {k}" for c in ("florin", "dirham", "dinar", "ducat") for k in (1, 2, 4, 7, 9)]
    (panel,) = [h for h in having(parse(view_svg(v)), "alh-hand") if h.get("data-player") == str(other)]
    cards = having(panel, "alh-card")
    lefts = [float(c.find(SVG + "rect").get("x")) for c in cards]
    width = float(cards[0].find(SVG + "rect").get("width"))
    assert len(cards) == 20 and lefts[1] - lefts[0] < width, "the cards should overlap here"
    for card, nxt in zip(cards, lefts[1:]):
        (value,) = [t for t in card.iter(SVG + "text") if t.text == card.get("data-value")]
        assert float(value.get("x")) + 0.35 * float(value.get("font-size")) <= nxt, card.get("data-value")


def test_a_hidden_hand_is_a_back_and_a_count():
    g = played(["Ana", "Ben", "Chi", "Dee"], seed=3, steps=40)
    v = view(g, 0)
    for p in v["players"][1:]:
        p["hand"] = None
    root = parse(view_svg(v))
    hs = hands(root)
    mine = having(hs[0], "alh-card")
    assert sorted((c.get("data-currency"), int(c.get("data-value"))) for c in mine) == \
        sorted((c.currency.value, c.value) for c in g.players[0].hand)
    for i in (1, 2, 3):
        assert "alh-hidden" in classes(hs[i])
        assert having(hs[i], "alh-card") == [] and having(hs[i], "alh-card-back")
        assert int(hs[i].get("data-count")) == len(g.players[i].hand)
        # no value leaks through tooltips either
        assert not any(el.get("data-value") for el in hs[i].iter())
        assert not any(c in "".join(hs[i].itertext()) for c in ("florin", "dirham", "dinar", "ducat"))
    assert len(outside_focus(root, "alh-card")) == len(g.money) + len(g.players[0].hand)


def test_no_seat_shows_every_hand():
    g = played(3, seed=4, steps=30)
    hs = hands(parse(game_svg(g)))
    for i, p in enumerate(g.players):
        assert "alh-hidden" not in classes(hs[i])
        cards = having(hs[i], "alh-card")
        assert [(c.get("data-currency"), int(c.get("data-value"))) for c in cards] == \
            [(c.currency.value, c.value) for c in p.hand]
        assert all(c.find(SVG + "title") is not None for c in cards)


def test_bad_seat_is_refused():
    with pytest.raises(ValueError, match="not 3"):
        game_svg(Game(3, seed=1), seat=3)
    with pytest.raises(ValueError, match="no player is called 'Cy': the players are Ana, Ben"):
        game_svg(Game(["Ana", "Ben"], seed=1), seat="Cy")


def test_a_seat_may_be_named():
    g = played(["Ana", "Ben", "Chi", "Dee"], seed=3, steps=40)
    assert view(g, "chi") == view(g, 2)
    assert game_svg(g, seat="Chi") == game_svg(g, seat=2)


def test_markets_and_counts():
    g = played(4, seed=5, steps=25)
    root = parse(game_svg(g))
    slots = having(root, "alh-slot")
    assert [s.get("data-currency") for s in slots] == [c.value for c in g.slot_currencies]
    assert [s.get("data-slot") for s in slots] == ["1", "2", "3", "4"]
    for s, t in zip(slots, g.market):
        ids = [el.get("data-tile") for el in having(s, "alh-tile")]
        assert ids == ([str(t.id)] if t is not None else [])
    (money,) = having(root, "alh-money-market")
    assert [(c.get("data-currency"), int(c.get("data-value"))) for c in having(money, "alh-card")] == \
        [(c.currency.value, c.value) for c in g.money]
    for c in having(money, "alh-card"):
        assert "alh-" + c.get("data-currency") in classes(c)
    assert int(having(root, "alh-deck")[0].get("data-count")) == g.deck_size
    assert int(having(root, "alh-bag")[0].get("data-count")) == g.bag_size
    text = "".join(root.itertext())
    for p in g.players:
        assert p.name in text and f"{p.score} pts" in text


def test_boards_and_reserves_per_player():
    g = played(3, seed=6, steps=150)
    root = parse(game_svg(g))
    boards = {int(b.get("data-player")): b for b in having(root, "alh-board")}
    reserves = {int(r.get("data-player")): r for r in having(root, "alh-reserve")}
    for i, p in enumerate(g.players):
        placed = {(int(t.get("data-x")), int(t.get("data-y"))): int(t.get("data-tile"))
                  for t in having(boards[i], "alh-tile")}
        assert placed == {pos: t.id for pos, t in p.alhambra.items()}
        walls = having(boards[i], "alh-wall")
        assert len(walls) == sum(len(t.walls) for t in p.alhambra.tiles())
        assert sorted(int(t.get("data-tile")) for t in having(reserves[i], "alh-tile")) == \
            sorted(t.id for t in p.reserve)


def test_a_crowded_reserve_is_drawn_as_a_tile_per_building_and_how_many():
    """A reserve too long for the panel's row (the tiles would cover most of
    each other) is drawn as the widget draws it: a tile per building and how
    many; a short one tile by tile."""
    g = Game(3, seed=6)
    v = view(g)
    tiles = [t for t in TILES if t.id][:18]
    v["players"][1]["reserve"] = [tile_json(t) for t in tiles]
    v["players"][2]["reserve"] = v["players"][1]["reserve"][:3]
    root = parse(view_svg(v))
    reserves = {int(r.get("data-player")): r for r in having(root, "alh-reserve")}
    groups = having(reserves[1], "alh-reserve-group")
    assert sum(int(gr.get("data-count")) for gr in groups) == 18
    assert sorted(int(i) for gr in groups for i in gr.get("data-tiles").split()) == sorted(t.id for t in tiles)
    assert len(groups) == len({t.building for t in tiles}) > 1
    assert having(reserves[2], "alh-reserve-group") == []
    assert len(having(reserves[2], "alh-tile")) == 3


def test_current_player_and_pending_tiles():
    g = Game(["Ana", "Ben", "Chi"], seed=2)
    rng = random.Random(0)
    for _ in range(500):                       # play until someone has tiles to place
        if g.phase == "place":
            break
        kind = "buy" if "buy" in g.legal_kinds() else rng.choice(g.legal_kinds())
        g.play(rng.choice(g.legal_actions(kind)))
    assert g.phase == "place" and g.pending
    root = parse(game_svg(g))
    (cur,) = having(root, "alh-current")
    assert int(cur.get("data-player")) == g.current
    (pend,) = having(root, "alh-pending")
    assert sorted(int(t.get("data-tile")) for t in having(pend, "alh-tile")) == sorted(t.id for _, t in g.pending)
    assert "place the tiles bought" in root[0].text


def test_two_players_show_dirk():
    g = played(["Ana", "Ben"], seed=7, steps=60)
    root = parse(game_svg(g, seat=1))
    (dirk,) = having(root, "alh-dirk")
    # counted per building, as the widget shows them (what the majorities count, D3), every tile in the title
    assert dirk_counts(dirk) == [sum(1 for t in g.dirk if t.building == b) for b in BUILDINGS]
    assert int(dirk.get("data-count")) == len(g.dirk)
    assert len(dirk.find(SVG + "title").text.split(";")) == len(g.dirk)
    assert len(g.dirk) >= 6
    assert having(parse(game_svg(Game(3, seed=1))), "alh-dirk") == []


def test_player_names_are_escaped():
    names = ['<script>alert("x")</script>', "Tom & Jerry", "O'Neil"]
    v = view(Game(names, seed=1))
    # (a game takes names of one line only; a view made elsewhere may still hold characters
    # XML cannot: the picture drops them rather than break)
    v["players"][2]["name"] = "O'Neil \x01\x1f"
    svg = view_svg(v)
    assert "<script>" not in svg
    root = parse(svg)
    names_drawn = [el.text for el in having(root, "alh-name")]
    assert names_drawn[1] == "Tom & Jerry"
    assert names_drawn[2] == "O'Neil "              # characters XML cannot hold are dropped
    titles = [el.find(SVG + "title").text for el in having(root, "alh-player")]
    assert titles[0] == '<script>alert("x")</script>: 0 points'


def test_finished_six_player_game():
    g = Game(6, seed=11)
    rng = random.Random(11)
    while not g.is_over:
        k = rng.choice(g.legal_kinds())
        g.play(rng.choice(g.legal_actions(k)))
    svg = game_svg(g)
    root = parse(svg)
    assert root[0].text.startswith("Game over")
    for i in g.winners:
        assert g.players[i].name in root[0].text
    assert sorted(int(p.get("data-player")) for p in having(root, "alh-winner")) == g.winners
    assert having(root, "alh-current") == []
    assert len(having(root, "alh-board")) == 6
    tiles_on_boards = sum(len(having(b, "alh-tile")) for b in having(root, "alh-board"))
    assert tiles_on_boards == sum(len(p.alhambra) + 1 for p in g.players)
    assert svg == game_svg(g), "rendering is deterministic"
    best = min(_timed(lambda: game_svg(g)) for _ in range(5))
    assert best < 0.05, f"6-player end position took {best * 1000:.1f} ms"


def _timed(f) -> float:
    t0 = time.perf_counter()
    f()
    return time.perf_counter() - t0


# ------------------------------------------------- drawn from the view JSON
FIXTURES = sorted(Path(__file__).resolve().parent.parent / "js" / "fixtures" / f"{name}.json" for name in JS_VIEWS)


def test_there_are_fixtures():
    assert len(FIXTURES) >= 5


def tile_key(t: dict) -> tuple:
    return (t["id"], "fountain" if t["id"] == 0 else t["building"])


def drawn_tiles(el) -> list:
    out = []
    for t in having(el, "alh-tile"):
        kinds = [c[4:] for c in classes(t) if c != "alh-tile"]
        assert len(kinds) == 1 and t.find(SVG + "title").text, classes(t)
        out.append((int(t.get("data-tile")), kinds[0]))
    return sorted(out)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_every_front_end_fixture_draws(path):
    """The views the front-end tests draw are drawn by render.py too: the
    players, their boards, hands and reserves, the markets, the tiles to place."""
    v = json.loads(path.read_text(encoding="utf-8"))
    svg = view_svg(v)
    root = parse(svg)
    assert root[0].text == v["status"]
    assert [el.text for el in having(root, "alh-name")] == [p["name"] for p in v["players"]]
    titles = [el.find(SVG + "title").text for el in having(root, "alh-player")]
    assert [t.split(":")[0] for t in titles] == [p["name"] for p in v["players"]]
    boards = {int(b.get("data-player")): b for b in having(root, "alh-board")}
    reserves = {int(r.get("data-player")): r for r in having(root, "alh-reserve")}
    hs = hands(root)
    assert sorted(boards) == sorted(reserves) == sorted(hs) == list(range(v["n"]))
    for i, p in enumerate(v["players"]):
        placed = {(int(t.get("data-x")), int(t.get("data-y"))): (int(t.get("data-tile")), t)
                  for t in having(boards[i], "alh-tile")}
        assert {k: tid for k, (tid, _) in placed.items()} == {(t["x"], t["y"]): t["id"] for t in p["alhambra"]}
        assert drawn_tiles(boards[i]) == sorted(tile_key(t) for t in p["alhambra"])
        walls = sorted((int(w.get("data-x")), int(w.get("data-y")), w.get("data-side"))
                       for w in having(boards[i], "alh-wall"))
        assert walls == sorted((t["x"], t["y"], s) for t in p["alhambra"] for s in t["walls"])
        assert drawn_tiles(reserves[i]) == sorted(tile_key(t) for t in p["reserve"])
        counts = [int(c.get("data-count")) for c in having(root, "alh-count")][6 * i:6 * i + 6]
        assert counts == p["counts"]
        cards = [f"{c.get('data-currency')} {c.get('data-value')}" for c in having(hs[i], "alh-card")]
        if p["hand"] is None:
            assert "alh-hidden" in classes(hs[i]) and cards == []
            assert int(hs[i].get("data-count")) == p["cards"]
        elif v["phase"] == "over":
            assert cards == []          # money is worth nothing at the end: the widget leaves the hands out too
            assert int(hs[i].get("data-count")) == len(p["hand"])
        else:
            assert cards == p["hand"]
    slots = having(root, "alh-slot")
    if v["phase"] == "over":
        # the result in place of the markets, as the widget shows it
        assert slots == [] and having(root, "alh-money-market") == [] and having(root, "alh-result")
    else:
        assert [(int(s.get("data-slot")), s.get("data-currency")) for s in slots] == \
            [(m["slot"], m["currency"]) for m in v["market"]]
        for s, m in zip(slots, v["market"]):
            assert drawn_tiles(s) == ([tile_key(m["tile"])] if m["tile"] else [])
        (money,) = having(root, "alh-money-market")
        assert [f"{c.get('data-currency')} {c.get('data-value')}" for c in having(money, "alh-card")] == v["money"]
        assert int(having(root, "alh-deck")[0].get("data-count")) == v["deck"]
        assert int(having(root, "alh-bag")[0].get("data-count")) == v["bag"]
    pend = having(root, "alh-pending")
    if v["pending"]:
        assert drawn_tiles(pend[0]) == sorted(tile_key(e["tile"]) for e in v["pending"])
        assert sorted(int(el.get("data-player")) for el in having(pend[0], "alh-pending-tile")) == \
            sorted(e["player"] for e in v["pending"])
    else:
        assert pend == []
    dirk = having(root, "alh-dirk")
    if v["dirk"] is None:
        assert dirk == []
    else:
        assert dirk_counts(dirk[0]) == [sum(1 for t in v["dirk"] if t["building"] == b) for b in v["buildings"]]
    over = v["phase"] == "over"
    assert [int(el.get("data-player")) for el in having(root, "alh-current")] == ([] if over else [v["current"]])
    assert sorted(int(el.get("data-player")) for el in having(root, "alh-winner")) == (sorted(v["winners"]) if over else [])


def test_game_svg_is_the_view_drawn():
    """game_svg draws the view: the same picture from the view's plain JSON,
    sent through json as the widget sends it."""
    g = played(["Ana", "Ben"], seed=8, steps=70)
    for seat in (None, 0, 1):
        v = json.loads(json.dumps(view(g, seat)))
        assert game_svg(g, seat=seat) == view_svg(v)


def test_a_board_is_a_view_players_entry_drawn():
    g = played(3, seed=9, steps=120)
    v = view(g)
    for p, entry in zip(g.players, v["players"]):
        assert alhambra_svg(p.alhambra, wall=True) == board_svg(entry, wall=True)
        assert alhambra_svg(p.alhambra) == board_svg(entry)
    assert tile_svg(tile(23)) == tile_svg(tile_json(tile(23)))


def test_the_whole_picture_in_the_language_asked_for():
    """game_svg(g, lang=...) draws every text in that language -- the status
    line, the seats' names, the labels, the counts -- and leaves the current
    language as it was; view_svg(view, lang=...) the same for a view made in it."""
    from alhambra_widget.i18n import get_language, t

    g = played(3, seed=6, steps=40)
    english = game_svg(g, lang="en")
    for lang in ("de", "fi", "ja", "nl"):
        svg = game_svg(g, lang=lang)
        root = parse(svg)
        texts = {"".join(el.itertext()).strip() for el in root.iter(SVG + "text")}
        for key in ("ui.hand.label", "ui.table.to_place", "ui.reserve"):
            assert t(key, lang) in texts, (lang, key)
            if t(key, lang) != t(key, "en"):
                assert t(key, "en") not in texts, (lang, key)
        assert t("explain.player_default", lang, n=1) in "".join(root.itertext())   # the unnamed seats
        assert view_svg(view(g, lang=lang), lang=lang) == svg
        assert get_language() == "en"
    assert game_svg(g) == english


def test_a_player_named_you_gets_no_you_tag():
    """A seat's panel is tagged "you", but not where the player's name says it
    already (``players=["You", Greedy()]``): "You you" says it twice."""
    def texts(names):
        root = parse(game_svg(Game(names, seed=2), seat=0))
        (panel,) = [e for e in having(root, "alh-player") if e.get("data-player") == "0"]
        return [t.text for t in panel.iter("{http://www.w3.org/2000/svg}text")]

    assert "you" in texts(["Ana", "Ben"])
    assert "you" not in texts(["You", "Ben"])
    assert "You" in texts(["You", "Ben"])


def test_a_spot_far_off_the_grid_is_refused_not_drawn_column_by_column():
    """(a highlight at x = 10**9 made the picture write a column number for every x in between)"""
    from alhambra_widget import Alhambra
    from alhambra_widget.render import alhambra_svg, tile_svg
    with pytest.raises(ValueError, match="within 99 cells of the fountain"):
        alhambra_svg(Alhambra(), highlight=[(1, 0), (10 ** 9, 0)])
    with pytest.raises(TypeError, match=r"a pair \(x, y\) of integers, not \(1.5, 0\)"):
        alhambra_svg(Alhambra(), highlight=[(1.5, 0)])
    assert "<svg" in alhambra_svg(Alhambra(), highlight=[[1, 0], (0, -1)])   # pairs as lists too (a view's)
    assert tile_svg(7) == tile_svg(__import__("alhambra_widget").tile(7))
    with pytest.raises(ValueError, match="lacks walls"):
        tile_svg({"id": 7, "building": "pavilion", "price": 8})


# ------------------------------------------------- frames, margins, labels
def view_box(root) -> tuple:
    return tuple(float(v) for v in root.get("viewBox").split())


def background(root) -> tuple:
    (bg,) = having(root, "alh-bg")
    return tuple(float(bg.get(k)) for k in ("x", "y", "width", "height"))


def test_a_tile_card_frames_the_tile_on_its_own_background():
    """tile_svg: the tile's square from (0, 0) to (CELL, CELL), a thin even margin
    around it, a background over the whole picture, 64 px wide unless told."""
    root = parse(tile_svg(tile(54)))                       # tower 13, wall E
    assert "alh-tile-card" in classes(root)
    assert root[0].text == "Tower 13, walls E"
    vx, vy, vw, vh = view_box(root)
    assert background(root) == (vx, vy, vw, vh)
    assert vx == vy and vw == vh == CELL - 2 * vx, "an even margin on every side"
    assert 0 < -vx <= CELL / 10
    assert spilled(root, having(root, "alh-bg")[0]) == []
    assert (root.get("width"), root.get("height")) == ("64", "64")
    (wall,) = having(root, "alh-wall")
    assert line(wall) == (CELL, 0, CELL, CELL)             # the east edge of the square at the origin
    (price,) = having(root, "alh-price")
    assert float(price.get("x")) == CELL / 2 and 0 < float(price.get("y")) < CELL / 2
    big = parse(tile_svg(tile(54), size=200))
    assert (big.get("width"), big.get("height")) == ("200", "200")
    assert parse(tile_svg(tile_json(tile(0))))[0].text == "fountain"


def test_a_board_is_framed_by_half_a_cell_with_its_coordinates_in_the_margin():
    """board_svg / alhambra_svg: the grid of the tiles and highlighted spots,
    half a cell of margin on every side (and a band for the heading), the
    background over all of it, 64 px a cell at natural size; the column numbers
    above each column and the row numbers left of each row, in the margin."""
    a = built(14, 6)
    spots = sorted(a.legal_spots(tile(44)))
    xs = [x for (x, _), _t in a.items()] + [x for x, _ in spots]
    ys = [y for (_, y), _t in a.items()] + [y for _, y in spots]
    minx, maxx, miny, maxy = min(xs), max(xs), min(ys), max(ys)
    for title in (None, "Ana"):
        root = parse(alhambra_svg(a, highlight=spots, title=title))
        assert "alh-alhambra" in classes(root)
        head = CELL / 2 if title else 0
        vx, vy, vw, vh = view_box(root)
        assert (vx, vy) == (minx * CELL - CELL / 2, miny * CELL - CELL / 2 - head)
        assert (vw, vh) == ((maxx - minx + 2) * CELL, (maxy - miny + 2) * CELL + head)
        assert background(root) == (vx, vy, vw, vh)
        assert spilled(root, having(root, "alh-bg")[0]) == []
        assert float(root.get("width")) == pytest.approx(vw * 0.64)
        assert float(root.get("height")) == pytest.approx(vh * 0.64)
        (coords,) = having(root, "alh-coords")
        labels = [(el.text, float(el.get("x")), float(el.get("y"))) for el in coords]
        size = float(coords.get("font-size"))
        assert 0 < size < CELL / 2 - 5
        columns = [(int(s), x) for s, x, y in labels if miny * CELL - CELL / 2 < y - size / 2 < miny * CELL]
        rows = [(int(s), y) for s, x, y in labels if vx < x < minx * CELL]
        assert len(columns) + len(rows) == len(labels)
        assert columns == [(x, x * CELL + CELL / 2) for x in range(minx, maxx + 1)]
        assert [r for r, _ in rows] == list(range(miny, maxy + 1))
        for r, y in rows:
            assert r * CELL + size / 2 < y < (r + 1) * CELL, "a row's number beside the row"
        # the faint grid: a line on every cell border over the whole grid
        (grid,) = having(root, "alh-grid")
        assert len(list(grid)) == (maxx - minx + 2) + (maxy - miny + 2)
        assert {(el.get("y1"), el.get("y2")) for el in grid if el.get("x1") == el.get("x2")} == \
            {(str(miny * CELL), str((maxy + 1) * CELL))}


def test_a_boards_heading_sits_in_its_band_above_the_grid():
    a = built(15, 4)
    minx = min(x for (x, _), _t in a.items())
    miny = min(y for (_, y), _t in a.items())
    root = parse(alhambra_svg(a, title="Ana's Alhambra"))
    vx, vy, _, _ = view_box(root)
    (head,) = having(root, "alh-title")
    x, y, size = float(head.get("x")), float(head.get("y")), float(head.get("font-size"))
    assert vx < x <= minx * CELL - CELL / 4, "in the left margin"
    assert vy < y - size and y < miny * CELL - CELL / 2, "inside the band above the grid's margin"
    assert head.get("font-weight") == "bold"


def test_a_boards_title_counts_its_tiles_and_its_longest_wall():
    """The picture's title (its tooltip, what a screen reader says) without a heading."""
    a = built(16, 9)
    assert a.longest_wall() > 0
    assert parse(alhambra_svg(a))[0].text == f"Alhambra: {len(a)} tiles, longest wall {a.longest_wall()}"
    one = Alhambra()
    one.place(TILES[6], (1, 0))
    assert parse(alhambra_svg(one))[0].text == "Alhambra: 1 tile, longest wall 0"
    entry = view(Game(["Ana", "Ben"], seed=1))["players"][0]
    entry = {"alhambra": entry["alhambra"]}                    # no wall count in the entry: none counted
    assert parse(board_svg(entry))[0].text == "Alhambra: 0 tiles, longest wall 0"


def placing() -> Game:
    """A 3-player game played on until someone has tiles to place."""
    g = played(3, seed=6, steps=150)
    for _ in range(200):
        if g.phase == "place":
            break
        g.play(g.legal_actions(random.Random(1).choice(g.legal_kinds()))[0])
    assert g.phase == "place"
    return g


def painted(el, colours, picture: str, cls: str = "alh-mark"):
    """Check that ``el``'s square has the face and edge ``colours`` and that its picture (the path
    of class ``cls``) is ``picture`` in their ink; returns the square and the ink."""
    fill, edge, ink = colours
    square = el.find(SVG + "rect")
    assert (square.get("fill"), square.get("stroke")) == (fill, edge)
    (mark,) = having(el, cls)
    assert mark.get("d") == picture and mark.get("fill") == ink
    return square, ink


def finished(n: int, seed: int) -> Game:
    g = Game(n, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        k = rng.choice(g.legal_kinds())
        g.play(rng.choice(g.legal_actions(k)))
    return g


def box(el) -> tuple:
    return tuple(float(el.get(k)) for k in ("x", "y", "width", "height"))


def test_the_result_names_the_winner_and_each_players_last_round():
    """At the end, in place of the markets: a star and who won with how many
    points, then a row per player (seat dot, name, what the final round gave
    per building and for the wall, the final score), inside its panel and
    above the section of the player in focus."""
    from alhambra_widget.i18n import t
    from alhambra_widget.render import PALETTE

    g = finished(3, seed=11)
    v = view(g)
    (winner,) = v["winners"]
    root = parse(view_svg(v))
    (res,) = having(root, "alh-result")
    panel = res.find(SVG + "rect")
    px, py, pw, ph = box(panel)
    (final,) = having(res, "alh-final")
    best = v["players"][winner]["score"]
    assert final.text == f"{v['players'][winner]['name']} wins with {best} points."
    assert final.get("font-weight") == "bold"
    (star,) = having(res, "alh-star")
    assert star.get("fill") == PALETTE["table"]["winner"]
    last = v["rounds"][-1]
    shorts = [t(f"ui.building_short.{b}") for b in v["buildings"]]          # P S A C G T
    rows = []
    for i, p in enumerate(v["players"]):
        (name,) = [t for t in res.iter(SVG + "text") if t.text == p["name"]]
        (score,) = [t for t in res.iter(SVG + "text") if t.text == f"{p['score']} pts"]
        points = "  ".join(f"{s} {k}" for s, k in zip(shorts, last["buildings"][i])) + f"   Wall {last['walls'][i]}"
        (row,) = [t for t in res.iter(SVG + "text") if t.text == points]
        assert name.get("y") == row.get("y") == score.get("y")
        assert score.get("text-anchor") == "end" and px + pw / 2 < float(score.get("x")) <= px + pw
        assert float(name.get("x")) < float(row.get("x")) < float(score.get("x"))
        rows.append(float(name.get("y")))
    assert float(final.get("y")) < rows[0] and rows == sorted(rows)
    assert all(py < y < py + ph for y in [float(final.get("y"))] + rows)
    dots = having(res, "alh-seat-dot")
    assert [d.get("fill") for d in dots] == list(PALETTE["seats"][:3])
    assert all(y - 13 < float(d.get("cy")) < y for d, y in zip(dots, rows)), "each dot beside its row"
    (focus,) = having(root, "alh-focus")
    assert float(focus.find(SVG + "rect").get("y")) > py + ph, "the section in focus starts below the result"


def test_a_shared_victory_is_said_so():
    g = finished(3, seed=11)
    v = view(g)
    v["winners"] = [0, 2]
    for i in (0, 2):
        v["players"][i]["score"] = 140
    (final,) = having(parse(view_svg(v)), "alh-final")
    assert final.text == "Player 1 and Player 3 share the victory with 140 points."


def test_dirks_tiles_are_counted_per_building_in_their_colours():
    """Dirk's row (two players): his name and how many tiles, then per building a
    chip in the building's colours with its picture and the count beside it; the
    tooltip lists every tile as the tile's own tooltip says it."""
    from alhambra_widget.render import ARTWORK, BUILDING_COLORS, PALETTE

    g = played(["Ana", "Ben"], seed=7, steps=60)
    root = parse(game_svg(g))
    (dirk,) = having(root, "alh-dirk")
    n = len(g.dirk)
    title = dirk.find(SVG + "title").text
    assert title.startswith(f"Dirk's tiles: {n}: ")
    assert title[len(f"Dirk's tiles: {n}: "):].split("; ") == [parse(tile_svg(t))[0].text for t in g.dirk]
    (label,) = [el for el in dirk.findall(SVG + "text")]
    assert label.text == f"Dirk \u00b7 {n}" and label.get("fill") == PALETTE["table"]["muted"]
    chips = having(dirk, "alh-dirk-count")
    assert [c.get("class").split()[1] for c in chips] == ["alh-" + b.value for b in BUILDINGS]
    right = float(label.get("x"))
    for chip, b in zip(chips, BUILDINGS):
        square, _ = painted(chip, BUILDING_COLORS[b.value], ARTWORK["buildings"][b.value])
        (count,) = chip.findall(SVG + "text")
        assert count.text == chip.get("data-count") == str(sum(1 for t in g.dirk if t.building == b))
        x = float(square.get("x"))
        assert x > right, "chips left to right, none over the one before"
        right = float(count.get("x"))
        assert right >= x + float(square.get("width"))


def inside(el, frame) -> bool:
    """The rectangle ``el`` lies within the rectangle ``frame``."""
    x, y, w, h = box(el)
    fx, fy, fw, fh = box(frame)
    return fx <= x and fy <= y and x + w <= fx + fw and y + h <= fy + fh


def test_the_markets_show_each_slots_currency_tile_cards_deck_and_bag():
    """The row of markets: the captions above; per slot a frame edged and headed
    in its currency's colours with its symbol, number and name, the tile inside
    it (or "empty"), slots left to right; the money cards after them; the deck
    (two card backs and its count) and the bag (its number of tiles); the
    section of the player in focus below the row."""
    from alhambra_widget.render import ARTWORK, CURRENCY_COLORS, PALETTE

    g = Game(3, seed=1)
    v = view(g)
    v["market"][3]["tile"] = None
    root = parse(view_svg(v))
    muted = PALETTE["table"]["muted"]
    slots = having(root, "alh-slot")
    frames = [s.find(SVG + "rect") for s in slots]
    for i, (s, frame, m) in enumerate(zip(slots, frames, v["market"])):
        cur = m["currency"]
        fill, edge, ink = CURRENCY_COLORS[cur]
        shown = parse(tile_svg(m["tile"]))[0].text if m["tile"] else "empty"
        assert s.find(SVG + "title").text == f"slot {i + 1} (pay in {cur}): {shown}"
        assert frame.get("stroke") == edge
        (head,) = [p for p in s.findall(SVG + "path") if not p.get("class")]
        assert head.get("fill") == fill
        (symbol,) = having(s, "alh-symbol")
        assert symbol.get("d") == ARTWORK["currencies"][cur] and symbol.get("fill") == ink
        caption = s.findall(SVG + "text")[0]
        assert caption.text == f"{i + 1} \u00b7 {cur}" and caption.get("fill") == ink
        assert caption.get("text-anchor") == "middle"            # (squeezed or not, centred in its band)
        fx, fy, fw, fh = box(frame)
        assert fx < float(caption.get("x")) < fx + fw and fy < float(caption.get("y")) < fy + fh
        if m["tile"]:
            (t,) = having(s, "alh-tile")
            square = t.find(SVG + "rect")
            assert inside(square, frame) and float(square.get("y")) > float(caption.get("y"))
        else:
            (empty,) = having(s, "alh-empty")
            assert inside(empty, frame) and having(s, "alh-tile") == []
            (word,) = [e for e in s.iter(SVG + "text") if e.text == "empty"]
            assert word.get("fill") == muted
    for a, b in zip(frames, frames[1:]):
        assert float(a.get("x")) + float(a.get("width")) < float(b.get("x")), "slots side by side"
    building, money = having(root, "alh-caption")
    assert (building.text, money.text) == ("Building market", "Money market")
    assert building.get("fill") == money.get("fill") == muted
    assert all(float(c.get("y")) < float(f.get("y")) for c in (building, money) for f in frames)
    assert float(building.get("x")) <= float(frames[0].get("x")) + 10
    cards = [c.find(SVG + "rect") for c in having(having(root, "alh-money-market")[0], "alh-card")]
    last = float(frames[-1].get("x")) + float(frames[-1].get("width"))
    assert last < float(money.get("x")) <= float(cards[0].get("x")) + 10
    assert [float(c.get("x")) for c in cards] == sorted(float(c.get("x")) for c in cards)
    (deck,) = having(root, "alh-deck")
    assert deck.find(SVG + "title").text == f"money deck: {v['deck']} cards"
    backs = having(deck, "alh-deck-card")
    assert len(backs) == 2
    (count,) = deck.findall(SVG + "text")
    assert count.text == f"deck {v['deck']}"
    for back in backs:
        bx, by, bw, bh = box(back.find(SVG + "rect"))
        assert bx > float(cards[-1].get("x")) + float(cards[-1].get("width")) and float(count.get("y")) > by + bh
    (bag,) = having(root, "alh-bag")
    assert bag.find(SVG + "title").text == f"bag: {v['bag']} tiles"
    number, label = bag.findall(SVG + "text")
    assert number.text == str(v["bag"]) and number.get("fill") == PALETTE["bag"]["ink"]
    assert label.text == f"bag {v['bag']}" and label.get("y") == count.get("y")
    assert float(label.get("x")) > float(count.get("x")) + 40, "the bag right of the deck"
    (focus,) = having(root, "alh-focus")
    assert float(focus.find(SVG + "rect").get("y")) > max(sum(box(f)[1::2]) for f in frames)
    v["deck"] = 0
    (deck,) = having(parse(view_svg(v)), "alh-deck")
    assert having(deck, "alh-deck-card") == [] and len(deck.findall(SVG + "rect")) == 1


def test_a_big_money_card_shows_its_value_symbol_and_name():
    from alhambra_widget.render import ARTWORK, CURRENCY_COLORS

    v = view(Game(3, seed=1))
    v["money"] = ["florin 9", "ducat 3"]
    (market,) = having(parse(view_svg(v)), "alh-money-market")
    for card, (cur, value) in zip(having(market, "alh-card"), [("florin", "9"), ("ducat", "3")]):
        face, ink = painted(card, CURRENCY_COLORS[cur], ARTWORK["currencies"][cur], "alh-symbol")
        assert card.find(SVG + "title").text == f"{cur} {value}"
        number, name = card.findall(SVG + "text")
        assert (number.text, name.text) == (value, cur)
        assert number.get("fill") == name.get("fill") == ink
        x, y, w, h = box(face)
        assert float(number.get("font-size")) > 2 * float(name.get("font-size")), "the value large"
        assert y + h / 2 < float(number.get("y")) < float(name.get("y")) < y + h, "the name under the value"
        assert float(number.get("x")) == float(name.get("x")) == x + w / 2


# ------------------------------------------- nothing drawn outside its frame
def _transform(el, outer):
    """``outer`` (k, tx, ty): world = (tx, ty) + k * local; composed with el's
    ``translate(a b)`` / ``scale(k)`` list, left to right."""
    import re

    k, tx, ty = outer
    for op, args in re.findall(r"(translate|scale)\(([^)]*)\)", el.get("transform", "")):
        a = [float(v) for v in args.replace(",", " ").split()]
        if op == "translate":
            tx, ty = tx + k * a[0], ty + k * a[1]
        else:
            k *= a[0]
    return k, tx, ty


def drawn_points(group):
    """Every point an element of ``group`` is drawn at, in the group's
    coordinates: rectangles' corners, circles' extremes, lines' ends, texts'
    anchors, polygons' points, pictures' boxes (artwork in its 100-unit box)."""
    out = []

    def walk(el, tr):
        tag = el.tag[len(SVG):]
        k, tx, ty = tr
        at = lambda x, y: out.append((el, tx + k * x, ty + k * y))  # noqa: E731
        if tag == "path" and "translate" in el.get("transform", ""):
            k2, tx2, ty2 = _transform(el, tr)
            out.append((el, tx2, ty2))
            out.append((el, tx2 + 100 * k2, ty2 + 100 * k2))
            return
        tr = _transform(el, tr)
        k, tx, ty = tr
        if tag == "rect":
            x, y, w, h = box(el)
            at(x, y)
            at(x + w, y + h)
        elif tag == "circle":
            cx, cy, r = (float(el.get(a)) for a in ("cx", "cy", "r"))
            at(cx - r, cy - r)
            at(cx + r, cy + r)
        elif tag == "line":
            at(float(el.get("x1")), float(el.get("y1")))
            at(float(el.get("x2")), float(el.get("y2")))
        elif tag == "text" and el.get("x") is not None:
            at(float(el.get("x")), float(el.get("y")))
        elif tag == "polygon":
            for pt in el.get("points").split():
                x, y = pt.split(",")
                at(float(x), float(y))
        for child in el:
            walk(child, tr)

    for child in group:
        walk(child, (1.0, 0.0, 0.0))
    return out


def spilled(group, frame, slack=0.5) -> list:
    fx, fy, fw, fh = box(frame)
    return [(el.tag[len(SVG):], el.get("class"), round(x, 1), round(y, 1)) for el, x, y in drawn_points(group)
            if el is not frame and not (fx - slack <= x <= fx + fw + slack and fy - slack <= y <= fy + fh + slack)]


TABLES = [("Game(3)", lambda: view(Game(3, seed=1))),
          ("mid-game, 4 players", lambda: view(played(["Ana", "Ben", "Chi", "Dee"], seed=3, steps=40), 0)),
          ("two players and Dirk", lambda: view(played(["Ana", "Ben"], seed=7, steps=60))),
          ("placing", lambda: view(played(3, seed=6, steps=150))),
          ("six players, over", lambda: view(finished(6, seed=11)))]


@pytest.mark.parametrize("make", [m for _, m in TABLES], ids=[name for name, _ in TABLES])
def test_every_part_of_the_table_is_drawn_inside_its_frame(make):
    """The whole table inside its background; each player's panel -- seat
    stripe, name, tags, score, miniature Alhambra, counts, hand, reserve --
    inside the panel's frame, the miniature inside its square; the section of
    the player in focus inside its frame; the panels one under the other."""
    v = make()
    root = parse(view_svg(v))
    (bg,) = having(root, "alh-bg")
    assert spilled(root, bg) == []
    vx, vy, vw, vh = view_box(root)
    assert box(bg) == (vx, vy, vw, vh)
    panels = having(root, "alh-player")
    assert len(panels) == len(v["players"])
    bottom = 0.0
    for panel in panels:
        frame = panel.find(SVG + "rect")
        assert spilled(panel, frame) == [], panel.get("data-player")
        (square,) = having(panel, "alh-mini-bg")
        (board,) = having(panel, "alh-board")
        wrapper = ET.Element(SVG + "g")
        wrapper.append(board)
        assert spilled(wrapper, square) == [], panel.get("data-player")
        x, y, w, h = box(frame)
        assert y >= bottom and x > vx + vw / 2
        bottom = y + h
    (focus,) = having(root, "alh-focus")
    assert spilled(focus, focus.find(SVG + "rect")) == []
    assert box(focus.find(SVG + "rect"))[0] + box(focus.find(SVG + "rect"))[2] < box(panels[0].find(SVG + "rect"))[0]


def tags(panel) -> list:
    return [(t.find(SVG + "text").text, t.find(SVG + "rect").get("fill"), t.find(SVG + "text").get("fill"))
            for t in having(panel, "alh-tag")]


def test_a_players_panel_in_the_seats_colour_with_name_tags_score_and_counts():
    """A panel per player: a stripe in the seat's colour, the frame in the
    colour of the player to act (or plain); the name, then tags -- to act (or
    placing), you, bot -- each a label on its colour, left to right after the
    name; the score at the right; per building a chip in its colours with the
    count, then the longest wall in the wall's colour."""
    from alhambra_widget.render import ARTWORK, BUILDING_COLORS, PALETTE

    table = PALETTE["table"]
    v = view(Game(["Ana", "Ben", "Chi"], seed=1), 0)
    v["bots"] = {"2": "Greedy"}
    v["players"][1]["score"] = 17
    v["players"][1]["wall"] = 3
    root = parse(view_svg(v))
    panels = having(root, "alh-player")
    for i, panel in enumerate(panels):
        frame = panel.find(SVG + "rect")
        (stripe,) = having(panel, "alh-seat")
        assert stripe.get("fill") == PALETTE["seats"][i]
        assert frame.get("stroke") == (table["current"] if i == v["current"] else table["panel_edge"])
        assert float(frame.get("stroke-width")) == (2.5 if i == v["current"] else 1.5)
        (name,) = having(panel, "alh-name")
        (score,) = having(panel, "alh-score")
        assert name.text == v["players"][i]["name"] and score.text == f"{v['players'][i]['score']} pts"
        fx, fy, fw, fh = box(frame)
        assert score.get("text-anchor") == "end" and fx + fw - 20 < float(score.get("x")) < fx + fw
        right = float(name.get("x")) + 14 * 0.57 * len(name.text)
        for t in having(panel, "alh-tag"):
            x, _, w, _ = box(t.find(SVG + "rect"))
            assert x > right, "tags after the name, left to right"
            right = x + w
            assert right < float(score.get("x")) - 40
        chips = having(panel, "alh-count")
        assert [c.get("data-count") for c in chips] == [str(n) for n in v["players"][i]["counts"]]
        for chip, b in zip(chips, v["buildings"]):
            square, _ = painted(chip, BUILDING_COLORS[b], ARTWORK["buildings"][b])
            assert chip.find(SVG + "title").text == f"{b.capitalize()}: {chip.get('data-count')}"
            (n,) = chip.findall(SVG + "text")
            assert n.text == chip.get("data-count") and float(n.get("x")) > box(square)[0] + box(square)[2]
        xs = [box(c.find(SVG + "rect"))[0] for c in chips]
        assert xs == sorted(xs) and len(set(xs)) == len(xs)
        (wall,) = having(panel, "alh-count-wall")
        assert wall.get("data-count") == str(v["players"][i]["wall"])
        assert wall.find(SVG + "title").text == f"longest wall: {v['players'][i]['wall']}"
        assert wall.find(SVG + "rect").get("stroke") == table["longest"]
        assert box(wall.find(SVG + "rect"))[0] > xs[-1]
        (mark,) = having(wall, "alh-mark")
        assert mark.get("d") == ARTWORK["marks"]["wall"] and mark.get("fill") == table["ink"]
        assert wall.findall(SVG + "text")[0].text == str(v["players"][i]["wall"])
    assert tags(panels[0]) == [("to act", table["current"], table["ink"]), ("you", table["muted"], table["on_dark"])]
    assert tags(panels[1]) == []
    assert tags(panels[2]) == [("bot", table["muted"], table["on_dark"])]
    assert [p.get("class") for p in panels] == ["alh-player alh-current", "alh-player", "alh-player"]
    # placing the tiles bought: the tag says so
    g = placing()
    root = parse(game_svg(g))
    (cur,) = having(root, "alh-current")
    assert tags(cur)[0][0] == "placing"


def test_the_winners_panels_are_starred_and_tagged():
    from alhambra_widget.render import PALETTE

    table = PALETTE["table"]
    g = finished(3, seed=11)
    root = parse(game_svg(g))
    for panel in having(root, "alh-player"):
        i = int(panel.get("data-player"))
        frame = panel.find(SVG + "rect")
        if i in g.winners:
            assert "alh-winner" in classes(panel)
            assert frame.get("stroke") == table["winner"] and float(frame.get("stroke-width")) == 2.5
            (star,) = having(panel, "alh-star")
            assert star.get("fill") == table["winner"] and star.get("stroke") == table["winner_edge"]
            (name,) = having(panel, "alh-name")
            assert max(float(p.split(",")[0]) for p in star.get("points").split()) < float(name.get("x"))
            assert tags(panel) == [("winner", table["winner"], table["ink"])]
            # a five-pointed star: points and notches in turn, the first point straight up
            pts = [tuple(float(c) for c in p.split(",")) for p in star.get("points").split()]
            cx, cy = sum(x for x, _ in pts) / 10, sum(y for _, y in pts) / 10
            radii = [((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 for x, y in pts]
            assert len(pts) == 10 and all(radii[k] > 2 * radii[k + 1] for k in range(0, 10, 2))
            assert pts[0][0] == pytest.approx(cx, abs=0.01) and pts[0][1] < cy
            assert pts[5][0] == pytest.approx(cx, abs=0.01) and pts[5][1] > cy
        else:
            assert frame.get("stroke") == table["panel_edge"] and having(panel, "alh-star") == []
            assert tags(panel) == []


def test_the_status_line_says_whose_turn_and_the_counts():
    """The status line: a stripe in the colour of the player to act (the
    winner's at the end), their seat's dot, the view's status in bold, and at
    the right the deck, discard, bag and move counts."""
    from alhambra_widget.render import PALETTE

    table = PALETTE["table"]
    for v in (view(Game(["Ana", "Ben", "Chi"], seed=1), 0), view(played(4, seed=5, steps=25)), view(finished(3, 11))):
        over = v["phase"] == "over"
        root = parse(view_svg(v))
        (line_,) = having(root, "alh-status-line")
        frame, stripe = line_.findall(SVG + "rect")
        assert stripe.get("fill") == (table["winner"] if over else table["current"])
        assert inside(stripe, frame) and float(stripe.get("width")) < 10
        (status,) = having(line_, "alh-status")
        assert status.text == v["status"] and status.get("font-weight") == "bold"
        (info,) = having(line_, "alh-info")
        assert info.text == \
            f"deck {v['deck']} \u00b7 discard {v['discard']} \u00b7 bag {v['bag']} \u00b7 move {v['moves']}"
        assert info.get("fill") == table["muted"] and info.get("text-anchor") == "end"
        assert info.get("textLength") is None and status.get("textLength") is None, "room enough: not squeezed"
        fx, fy, fw, fh = box(frame)
        assert fx + fw - 20 < float(info.get("x")) < fx + fw and fy < float(info.get("y")) < fy + fh
        below = [box(el.find(SVG + "rect"))[1] for el in having(root, "alh-slot") + having(root, "alh-result")]
        below += [float(el.get("y")) - float(el.get("font-size")) for el in having(root, "alh-caption")]
        assert below and min(below) > fy + fh, "the markets (or the result) below the status line"
        dots = having(line_, "alh-seat-dot")
        if over:
            assert dots == []
        else:
            (dot,) = dots
            assert dot.get("fill") == PALETTE["seats"][v["current"]]
            assert float(stripe.get("x")) + 4 < float(dot.get("cx")) < float(status.get("x"))


def test_the_section_in_focus_shows_the_players_hand_tiles_to_place_and_reserve():
    """Beside the big Alhambra of the player in focus: their seat's dot, name and
    score, then rows labelled Hand, To place and Reserve, one under the other,
    the items right of the labels; "-" and "reserve empty" where there is none."""
    from alhambra_widget.render import PALETTE

    table = PALETTE["table"]
    v = view(Game(["Ana", "Ben", "Chi"], seed=1), 0)
    root = parse(view_svg(v))
    (focus,) = having(root, "alh-focus")
    fp = int(focus.get("data-player"))
    assert fp == v["current"] == 0
    p = v["players"][fp]
    (name,) = having(focus, "alh-focus-name")
    assert name.text == p["name"]
    texts = {t.text: t for t in focus.iter(SVG + "text")}
    assert texts["0 pts"].get("text-anchor") == "end" and float(texts["0 pts"].get("y")) == float(name.get("y"))
    dot = [d for d in having(focus, "alh-seat-dot")][-1]
    assert dot.get("fill") == PALETTE["seats"][fp] and float(dot.get("cx")) < float(name.get("x"))
    labels = [texts[k] for k in ("Hand", "To place", "Reserve")]
    assert all(lab.get("fill") == table["muted"] and lab.get("font-weight") == "bold" for lab in labels)
    ys = [float(name.get("y"))] + [float(lab.get("y")) for lab in labels]
    assert ys == sorted(ys) and len(set(ys)) == 4
    left = float(labels[0].get("x"))
    assert all(float(lab.get("x")) == left for lab in labels)
    (hand,) = having(focus, "alh-focus-hand")
    assert "alh-hidden" not in classes(hand)
    cards = having(hand, "alh-card")
    assert [f"{c.get('data-currency')} {c.get('data-value')}" for c in cards] == p["hand"]
    xs = [box(c.find(SVG + "rect"))[0] for c in cards]
    assert xs == sorted(xs) and xs[0] > left + 60
    for c in cards:
        x, y, w, h = box(c.find(SVG + "rect"))
        assert y < float(labels[0].get("y")) < y + h, "the cards in the hand's row"
        (value,) = [t for t in c.iter(SVG + "text") if t.text == c.get("data-value")]
        assert x < float(value.get("x")) < x + w and y < float(value.get("y")) <= y + h
    assert texts["\u2013"].get("y") == labels[1].get("y") and float(texts["\u2013"].get("x")) > left + 60
    (reserve,) = having(focus, "alh-focus-reserve")
    assert reserve.get("data-count") == "0"
    empty = texts["reserve empty"]
    assert empty.get("y") == labels[2].get("y") and empty.get("fill") == table["muted"]
    # the tiles to place and a reserve, in their rows
    g = placing()
    v = view(g)
    root = parse(view_svg(v))
    (focus,) = having(root, "alh-focus")
    texts = {t.text: t for t in focus.iter(SVG + "text")}
    (pending,) = having(focus, "alh-pending")
    for t in having(pending, "alh-tile"):
        x, y, w, h = box(t.find(SVG + "rect"))
        assert y < float(texts["To place"].get("y")) < y + h and x > float(texts["To place"].get("x")) + 60
    fp = int(focus.get("data-player"))
    (reserve,) = having(focus, "alh-focus-reserve")
    assert int(reserve.get("data-count")) == len(v["players"][fp]["reserve"]) == len(having(reserve, "alh-tile"))
    for t in having(reserve, "alh-tile"):
        x, y, w, h = box(t.find(SVG + "rect"))
        assert y < float(texts["Reserve"].get("y")) < y + h and x > float(texts["Reserve"].get("x")) + 60
    # a hand the view hides: a card back and how many cards; an empty hand says so
    v = view(Game(["Ana", "Ben", "Chi"], seed=1))
    v["players"][0]["hand"], v["players"][0]["cards"] = None, 4
    (hand,) = having(having(parse(view_svg(v)), "alh-focus")[0], "alh-focus-hand")
    assert "alh-hidden" in classes(hand) and having(hand, "alh-card-back")
    assert [t.text for t in hand.iter(SVG + "text")] == ["4 cards"]
    v["players"][0]["hand"] = []
    (hand,) = having(having(parse(view_svg(v)), "alh-focus")[0], "alh-focus-hand")
    assert [(t.text, t.get("fill")) for t in hand.iter(SVG + "text")] == [("no cards", table["muted"])]


def test_highlighted_spots_are_drawn_north_to_south_and_west_to_east_within_99_cells():
    a = Alhambra()
    spots = [(x, y) for y in (1, -1) for x in range(3, -4, -1)]
    root = parse(alhambra_svg(a, highlight=spots + spots[:3]))     # (a spot given twice is drawn once)
    drawn = [(int(e.get("data-x")), int(e.get("data-y"))) for e in having(root, "alh-spot")]
    assert drawn == sorted(spots, key=lambda p: (p[1], p[0]))
    assert [e.find(SVG + "title").text for e in having(root, "alh-spot")][:2] == ["empty spot (-3, -1)",
                                                                                 "empty spot (-2, -1)"]
    for far in [(99, 0), (-99, 0), (0, 99), (0, -99)]:
        assert having(parse(alhambra_svg(a, highlight=[far])), "alh-spot")
    for beyond in [(100, 0), (-100, 0), (0, 100), (0, -100)]:
        with pytest.raises(ValueError, match=rf"within 99 cells of the fountain, not \({beyond[0]}, {beyond[1]}\)"):
            alhambra_svg(a, highlight=[beyond])
    with pytest.raises(TypeError, match=r"highlight is a list of spots \(x, y\), not 5$"):
        alhambra_svg(a, highlight=5)
    for wrong in (5, "1,0", {(1, 0): 1}):
        with pytest.raises(TypeError, match=r"highlight is a list of spots \(x, y\), not "):
            alhambra_svg(a, highlight=wrong)
    with pytest.raises(TypeError, match=r"a tile is a Tile, a tile id or a view tile, not 'tower'"):
        tile_svg("tower")
    with pytest.raises(ValueError, match="this one lacks price, walls"):
        tile_svg({"id": 7, "building": "pavilion"})


@pytest.mark.parametrize("n, board, card, reserve_tile, chip", [
    (2, 100, (18, 25), 19, 14), (3, 100, (18, 25), 19, 14), (4, 92, (18, 25), 19, 14),
    (5, 80, (16, 22), 17, 13), (6, 74, (16, 22), 17, 13)])
def test_the_players_panels_shrink_with_more_players_as_the_widgets_do(n, board, card, reserve_tile, chip):
    """The sizes in a player's panel are the widget's (js/layout.js panelLayout):
    the miniature Alhambra's square, a card in hand, a reserve tile, a count chip."""
    v = view(Game(n, seed=1))
    for p in v["players"]:
        p["hand"] = ["florin 3"]
        p["reserve"] = [tile_json(tile(9))]                  # a tile with walls N and E
    root = parse(view_svg(v))
    panels = having(root, "alh-player")
    assert len(panels) == n
    for panel in panels:
        (square,) = having(panel, "alh-mini-bg")
        assert box(square)[2:] == (board, board)
        (c,) = having(having(panel, "alh-hand")[0], "alh-card")
        assert box(c.find(SVG + "rect"))[2:] == card
        (t,) = having(having(panel, "alh-reserve")[0], "alh-tile")
        north = [w for w in having(t, "alh-wall") if w.get("data-side") == "N"][0]
        x1, _, x2, _ = line(north)
        assert x2 - x1 == pytest.approx(reserve_tile)
        assert {box(c.find(SVG + "rect"))[2] for c in having(panel, "alh-count")} == {chip}


def test_the_table_at_the_end_centres_on_the_winner_and_takes_a_size():
    """At the end (no one to act, no seat) the section in focus is the winner's;
    with a seat, the viewer's; a width in pixels scales the picture."""
    g = finished(3, seed=11)
    assert g.current not in g.winners
    (focus,) = having(parse(game_svg(g)), "alh-focus")
    assert int(focus.get("data-player")) == g.winners[0]
    (focus,) = having(parse(game_svg(g, seat=2)), "alh-focus")
    assert int(focus.get("data-player")) == 2
    g = Game(3, seed=1)
    root = parse(game_svg(g, size=620))
    vx, vy, vw, vh = view_box(root)
    assert float(root.get("width")) == 620 and float(root.get("height")) == pytest.approx(620 * vh / vw, abs=0.01)
    natural = parse(game_svg(g))
    assert float(natural.get("width")) == view_box(natural)[2] and "max-width:100%" in natural.get("style")
    assert parse(game_svg(g, size="100%")).get("width") == "100%"
    assert parse(view_svg(view(g, lang="de"), size=620, lang="de")).get("width") == "620"


def test_a_long_name_is_squeezed_to_its_room_and_a_short_one_is_not():
    """A name too wide for its room in the panel (capitals and CJK characters are
    wider than small letters) is drawn squeezed into the room, before the score;
    one that fits is drawn as it is."""
    cases = {"abcdefghijklmnopqrstuv": False,                  # 22 small letters fit
             "a b c d e f g h i j k": False,
             "ABCDEFGHIJKLMNOPQR": False,                      # 18 capitals fit
             "ABCDEFGHIJKLMNOPQRSTUV": True,                   # 22 do not
             "アルハンブラの宮殿の王様": False,                    # 12 CJK characters fit
             "アルハンブラの宮殿の王様です": True}                  # 14 do not
    v = view(Game(3, seed=1))
    names = list(cases)
    for k in range(0, len(names), 3):
        for p, name in zip(v["players"], names[k:k + 3]):
            p["name"] = name
        root = parse(view_svg(v))
        for panel, name in zip(having(root, "alh-player"), names[k:k + 3]):
            (drawn,) = having(panel, "alh-name")
            (score,) = having(panel, "alh-score")
            assert drawn.text == name
            if cases[name]:
                assert drawn.get("lengthAdjust") == "spacingAndGlyphs", name
                room = float(drawn.get("textLength"))
                assert float(drawn.get("x")) + room < float(score.get("x")) - 50, name
            else:
                assert drawn.get("textLength") is None, name


def test_every_card_shows_its_value_and_symbol_inside_it_in_its_colours():
    """Every money card drawn -- big in the market, beside the board in focus,
    small in the panels, squeezed on a long fanned hand -- is a face in its
    currency's colours with its value and its currency's symbol in the ink
    colour, all inside the face, the value in a size that fits the card."""
    from alhambra_widget.render import ARTWORK, CURRENCY_COLORS

    g = played(["Ana", "Ben", "Chi", "Dee"], seed=3, steps=40)
    v = view(g)
    long = [f"{c} {k}" for c in ("florin", "dirham", "dinar", "ducat") for k in (1, 4, 9)]
    v["players"][v["current"]]["hand"] = long
    v["players"][(v["current"] + 1) % 4]["hand"] = long + long[:8]
    seen = set()
    for root in (parse(view_svg(v)), parse(game_svg(Game(3, seed=1)))):
        for card in having(root, "alh-card"):
            cur, value = card.get("data-currency"), card.get("data-value")
            fill, edge, ink = CURRENCY_COLORS[cur]
            face = card.find(SVG + "rect")
            assert (face.get("fill"), face.get("stroke")) == (fill, edge)
            assert card.find(SVG + "title").text == f"{cur} {value}"
            assert spilled(card, face) == [], (cur, value)
            numbers = [t for t in card.iter(SVG + "text") if t.text == value]
            assert len(numbers) == 1 and numbers[0].get("fill") == ink and numbers[0].get("font-weight") == "bold"
            x, y, w, h = box(face)
            assert float(numbers[0].get("font-size")) < min(w, h)
            assert float(numbers[0].get("y")) - 0.7 * float(numbers[0].get("font-size")) > y - 0.5
            (symbol,) = having(card, "alh-symbol")
            assert symbol.get("d") == ARTWORK["currencies"][cur] and symbol.get("fill") == ink
            for inner in card.findall(SVG + "rect")[1:]:
                assert inner.get("stroke") == ink
            seen.add((w, len(card.findall(SVG + "rect"))))
    assert len(seen) >= 4, "each layout drawn"


def cell_frame(x, y, size=CELL) -> ET.Element:
    return ET.Element(SVG + "rect", {"x": str(x * size), "y": str(y * size), "width": str(size), "height": str(size)})


def test_every_tile_is_drawn_inside_its_cell_in_its_buildings_colours():
    """On a board each tile is a square in its building's colours with its price
    on top and its building's picture below, in the building's ink colour, all
    inside its cell; the fountain a pool in the fountain's colours, centred;
    spots, walls and the longest wall in the table's colours, on their cells."""
    from alhambra_widget.render import ARTWORK, BUILDING_COLORS, PALETTE

    table = PALETTE["table"]
    a = built(17, 14)
    spots = a.legal_spots(tile(44))
    root = parse(alhambra_svg(a, highlight=spots, wall=True))
    for el in having(root, "alh-tile"):
        x, y = int(el.get("data-x")), int(el.get("data-y"))
        assert spilled(el, cell_frame(x, y)) == [], (x, y)
        square = el.find(SVG + "rect")
        if (x, y) == (0, 0):
            f = PALETTE["fountain"]
            assert (square.get("fill"), square.get("stroke")) == (f["base"], f["rim"])
            pools = el.findall(SVG + "circle")
            assert {(c.get("cx"), c.get("cy")) for c in pools} == {("50", "50")}
            radii = [float(c.get("r")) for c in pools]
            assert radii == sorted(radii, reverse=True) and radii[0] < CELL / 2
            assert [c.get("fill") for c in pools] == [f["water"], "none", f["water_edge"]]
            assert [c.get("stroke") for c in pools[:2]] == [f["water_edge"], f["ripple"]]
            continue
        t = a[(x, y)]
        fill, edge, ink = BUILDING_COLORS[t.building.value]
        assert (square.get("fill"), square.get("stroke")) == (fill, edge)
        (price,) = having(el, "alh-price")
        assert price.text == str(t.price) and price.get("fill") == ink and price.get("font-weight") == "bold"
        assert float(price.get("x")) == x * CELL + CELL / 2 and price.get("text-anchor") == "middle"
        (mark,) = having(el, "alh-mark")
        assert mark.get("d") == ARTWORK["buildings"][t.building.value] and mark.get("fill") == ink
        k, mx, my = _transform(mark, (1.0, 0.0, 0.0))
        assert my > float(price.get("y")) - float(price.get("font-size")) / 2, "the picture below the price"
        assert 100 * k > CELL / 3, "a picture big enough to tell"
    for s in having(root, "alh-spot"):
        x, y = int(s.get("data-x")), int(s.get("data-y"))
        wrapper = ET.Element(SVG + "g")
        wrapper.append(s)
        assert spilled(wrapper, cell_frame(x, y)) == [] and box(s)[2] > CELL / 2
        assert s.get("fill") == s.get("stroke") == table["spot"]
        assert s.find(SVG + "title").text == f"empty spot ({x}, {y})"
    assert {w.get("stroke") for w in having(root, "alh-wall")} == {table["wall"]}
    assert all(0.05 * CELL < float(w.get("stroke-width")) < 0.2 * CELL for w in having(root, "alh-wall")), "thick"
    assert all(p.get("textLength") is None for p in having(root, "alh-price"))
    (fountain,) = having(root, "alh-fountain")
    assert fountain.find(SVG + "title").text == "fountain at (0, 0)"
    assert {w.get("stroke") for w in having(root, "alh-longest-segment")} == {table["longest"]}
    (grid,) = having(root, "alh-grid")
    assert grid.get("stroke") == table["grid"]
    (longest,) = having(root, "alh-longest-wall")
    assert longest.find(SVG + "title").text == f"longest external wall: {a.longest_wall()} wall sides"
    # the miniature boards in the players' panels: the picture alone, larger, no price
    g = played(3, seed=6, steps=150)
    for board in having(parse(game_svg(g)), "alh-board"):
        for el in having(board, "alh-tile"):
            x, y = int(el.get("data-x")), int(el.get("data-y"))
            assert spilled(el, cell_frame(x, y)) == []
            if el.get("data-tile") != "0":
                assert having(el, "alh-price") == []
                (mark,) = having(el, "alh-mark")
                assert 100 * _transform(mark, (1.0, 0.0, 0.0))[0] > CELL * 0.6


def test_the_big_board_in_focus_shows_a_ring_of_free_cells_and_its_longest_wall():
    """The Alhambra in focus is drawn with a ring of one free cell around its
    tiles (at least 5 x 5 cells, as the widget frames it), its column and row
    numbers, and its counted longest wall; scaled into the left of the section."""
    g = played(3, seed=6, steps=150)
    v = view(g)
    root = parse(view_svg(v))
    (focus,) = having(root, "alh-focus")
    p = v["players"][int(focus.get("data-player"))]
    (board,) = having(focus, "alh-focus-board")
    xs = [t["x"] for t in p["alhambra"]]
    ys = [t["y"] for t in p["alhambra"]]
    (coords,) = having(board, "alh-coords")
    size = float(coords.get("font-size"))
    top = min(float(el.get("y")) for el in coords)
    columns = [int(el.text) for el in coords if float(el.get("y")) == top]
    rows = [int(el.text) for el in coords if float(el.get("y")) != top]
    for drawn, have in ((columns, xs), (rows, ys)):
        assert drawn == list(range(drawn[0], drawn[-1] + 1))
        assert len(drawn) >= 5 and drawn[0] <= min(have) - 1 and drawn[-1] >= max(have) + 1
        assert len(drawn) == max(5, max(have) - min(have) + 3)
    assert top < min(rows) * CELL and size < CELL / 2
    (grid,) = having(board, "alh-grid")
    assert len(list(grid)) == len(columns) + 1 + len(rows) + 1
    frame = board.find(SVG + "rect")
    assert spilled(board, frame) == [], "the board's frame holds its grid, tiles and numbers"
    fx, fy, _, _ = box(frame)
    assert all(fx < float(el.get("x")) < min(columns) * CELL for el in coords if float(el.get("y")) != top)
    assert fy < top < min(rows) * CELL
    (longest,) = having(board, "alh-longest-wall")
    assert int(longest.get("data-length")) == p["wall"] == len(having(longest, "alh-longest-segment"))
    assert sorted((int(s.get("data-x")), int(s.get("data-y")), s.get("data-side"))
                  for s in having(longest, "alh-longest-segment")) == sorted(tuple(w) for w in p["wall_path"])
    # the frame of the board, scaled, fills the height of the section or the width left of the hand
    k, tx, ty = _transform(board, (1.0, 0.0, 0.0))
    frame = board.find(SVG + "rect")
    fx, fy, fw, fh = box(frame)
    sx, sy, sw, sh = box(focus.find(SVG + "rect"))
    left, top_ = tx + k * fx, ty + k * fy
    (name,) = having(focus, "alh-focus-name")
    assert sx < left and left + k * fw < float(name.get("x")) - 10
    assert sy < top_ and top_ + k * fh < sy + sh
    assert k * fw == pytest.approx(float(name.get("x")) - 26 - (sx + 10), abs=0.5) or \
        k * fh == pytest.approx(sh - 20, abs=0.5), "scaled to fill its room"
    # centred in its room: the section less a margin, left of the column with the hand
    right = float(name.get("x")) - 16 - 10
    assert left - (sx + 10) == pytest.approx(right - (left + k * fw), abs=0.5)
    assert top_ - (sy + 10) == pytest.approx((sy + sh - 10) - (top_ + k * fh), abs=0.5)


def test_a_panels_miniature_alhambra_is_centred_in_its_square_and_a_hidden_hand_counted():
    """The miniature Alhambra: cells of at most 22 px, the tiles' grid centred in
    its square and as large as fits; a hand the view hides: a card back and how
    many cards, beside it."""
    g = played(3, seed=6, steps=150)
    v = view(g, 0)
    v["players"][1]["hand"], v["players"][1]["cards"] = None, 5
    root = parse(view_svg(v))
    for panel in having(root, "alh-player"):
        i = int(panel.get("data-player"))
        (square,) = having(panel, "alh-mini-bg")
        (board,) = having(panel, "alh-board")
        k, tx, ty = _transform(board, (1.0, 0.0, 0.0))
        tiles = v["players"][i]["alhambra"]
        x0, x1 = min(t["x"] for t in tiles), max(t["x"] for t in tiles) + 1
        y0, y1 = min(t["y"] for t in tiles), max(t["y"] for t in tiles) + 1
        cell = k * CELL
        sx, sy, sw, sh = box(square)
        assert cell == pytest.approx(min(22, sw / (x1 - x0), sh / (y1 - y0)), abs=0.01)
        assert tx + cell * x0 - sx == pytest.approx(sx + sw - (tx + cell * x1), abs=0.01)
        assert ty + cell * y0 - sy == pytest.approx(sy + sh - (ty + cell * y1), abs=0.01)
    hs = hands(root)
    (back,) = having(hs[1], "alh-card-back")
    (count,) = hs[1].findall(SVG + "text")
    x, _, w, _ = box(back.find(SVG + "rect"))
    assert count.text == "5 cards" and float(count.get("x")) > x + w


def test_a_hand_is_fanned_by_currency_and_a_long_name_cut_with_an_ellipsis():
    """In a hand the cards of one currency sit together, a wider gap before the
    next currency (beside the board and in the panels); a name longer than its
    room is cut with an ellipsis ("…"); tags that would run into the score are
    left out."""
    v = view(Game(["Ana", "Ben", "Chi"], seed=1), 0)
    hand = ["florin 1", "florin 2", "dirham 3", "dirham 4", "ducat 5"]
    for p in v["players"]:
        p["hand"] = hand
    v["bots"] = {"0": "Greedy"}
    long = "Abcdefghijklmnopqrstuvwxyzabcdefghij"          # 36 characters
    v["players"][0]["name"] = long
    root = parse(view_svg(v))
    (focus,) = having(root, "alh-focus")
    for group in [having(focus, "alh-focus-hand")[0]] + [hands(root)[i] for i in range(3)]:
        lefts = [box(c.find(SVG + "rect"))[0] for c in having(group, "alh-card")]
        steps = [b - a for a, b in zip(lefts, lefts[1:])]
        assert steps[0] == steps[2] < steps[1] == steps[3], steps
    (name,) = having(having(root, "alh-player")[0], "alh-name")
    assert name.text == long[:21] + "\u2026"
    assert having(focus, "alh-focus-name")[0].text == long[:25] + "\u2026"
    panel = having(root, "alh-player")[0]
    (score,) = having(panel, "alh-score")
    shown = having(panel, "alh-tag")
    assert 0 < len(shown) < 3, "to act, you, bot: not all fit beside a long name"
    assert all(box(t.find(SVG + "rect"))[0] + box(t.find(SVG + "rect"))[2] < float(score.get("x")) - 40 for t in shown)
    g = finished(3, seed=11)
    v = view(g)
    v["players"][2]["name"] = long
    (res,) = having(parse(view_svg(v)), "alh-result")
    assert long[:23] + "\u2026" in [t.text for t in res.iter(SVG + "text")]


def test_the_miniature_alhambras_show_their_grid_longest_wall_and_a_reserve_by_picture():
    """A panel's miniature Alhambra has its faint grid and its counted longest
    wall; the reserve's small tiles show their building's picture without the
    price; a crowded reserve is grouped per building, left to right, each group
    a tile without walls and how many."""
    g = played(3, seed=6, steps=150)
    v = view(g)
    tiles = [t for t in TILES if t.id][:18]
    v["players"][1]["reserve"] = [tile_json(t) for t in tiles]
    v["players"][2]["reserve"] = [tile_json(t) for t in tiles[:2]]
    root = parse(view_svg(v))
    for panel in having(root, "alh-player"):
        i = int(panel.get("data-player"))
        p = v["players"][i]
        (board,) = having(panel, "alh-board")
        assert having(board, "alh-grid")
        if p["wall"]:
            (longest,) = having(board, "alh-longest-wall")
            assert int(longest.get("data-length")) == p["wall"] == len(having(longest, "alh-longest-segment"))
        (reserve,) = having(panel, "alh-reserve")
        for t in having(reserve, "alh-tile"):
            assert having(t, "alh-price") == [] and having(t, "alh-mark")
    (two,) = having(having(root, "alh-player")[2], "alh-reserve")
    assert having(two, "alh-reserve-group") == [] and len(having(two, "alh-tile")) == 2
    (crowded,) = having(having(root, "alh-player")[1], "alh-reserve")
    right = 0.0
    for group in having(crowded, "alh-reserve-group"):
        (t,) = having(group, "alh-tile")
        assert having(t, "alh-wall") == [] and having(t, "alh-price") == []
        x, _, w, _ = box(t.find(SVG + "rect"))
        assert x > right
        (count,) = group.findall(SVG + "text")
        assert count.text == group.get("data-count") and float(count.get("x")) > x + w
        right = float(count.get("x")) + 7 * len(count.text)


def test_the_focus_on_a_small_alhambra_is_five_cells_square_at_least():
    """A ring of free cells around a two-cell Alhambra makes 4 x 3 cells: grown to
    5 x 5, the extra column to the east, the rows one each side."""
    v = view(Game(["Ana", "Ben", "Chi"], seed=1))
    fp = v["current"]
    v["players"][fp]["alhambra"].append({**tile_json(tile(7)), "x": 1, "y": 0})
    (focus,) = having(parse(view_svg(v)), "alh-focus")
    (coords,) = having(having(focus, "alh-focus-board")[0], "alh-coords")
    top = min(float(el.get("y")) for el in coords)
    assert [int(el.text) for el in coords if float(el.get("y")) == top] == [-1, 0, 1, 2, 3]
    assert [int(el.text) for el in coords if float(el.get("y")) != top] == [-2, -1, 0, 1, 2]


def test_every_text_anchor_is_one_svg_knows():
    root = parse(view_svg(view(played(["Ana", "Ben"], seed=7, steps=60))))
    assert {el.get("text-anchor") for el in root.iter(SVG + "text")} <= {None, "middle", "end"}
