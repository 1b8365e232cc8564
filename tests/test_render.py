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
