"""explain() and narrate_round(): a position, a spot, an action and a scoring
round in plain words, in five languages, with the real numbers, names and
rule ids -- and nothing in the game changes."""

import random
import subprocess
import sys

import pytest

import alhambra_widget
from alhambra_widget import Game, explain, explain_rule, narrate_round
from conftest import arrange_money
from alhambra_widget.engine.scoring import round_points
from alhambra_widget.engine.game import ScoringCard
from alhambra_widget.i18n import LANGUAGES, t, use_language

LANGS = list(LANGUAGES)


@pytest.fixture
def lesson():
    """Ana to act: florin 9 and 7 (slot 1 holds tower 7 #44, walls N E W),
    Pavilion 8 #7 at (1, 0) carrying Seraglio 9 #14 at (2, 0), Arcades 10 #23
    in her reserve; Dirk holds two towers."""
    return Game.from_position(["Ana", "Ben"], seed=1,
                              hands=[["florin 9", "florin 7", "dirham 3"], ["dinar 2"]],
                              alhambras=[{(1, 0): 7, (2, 0): 14}, {}], reserves=[[23], []],
                              market=[44, 2, 3, 4], dirk=[50, 51])


def bought_tower(lesson):
    lesson.play("buy 1 with florin 9")      # overpaid: the turn ends, the tower waits to be placed
    assert lesson.phase == "place"
    return lesson


# ------------------------------------------------------------ the position

def test_position_names_the_player_the_options_the_scores_and_the_next_round():
    g = Game(["Ana", "Ben", "Chi"], seed=7)
    before = g.to_json()
    text = explain(g)
    assert text.startswith("Turn 1: it is Ben's turn.")
    assert "Ben may take money (T1) or buy a tile (T2)." in text
    assert "Ben can pay for the tiles in slots 1 and 4." in text      # florin 9 >= tower 8, ducat 8 >= 8
    assert "Scores: Ana 0, Ben 0, Chi 0." in text
    assert f"scoring card 1 turns up in the money deck, which holds {g.deck_size} cards (C1)" in text
    assert g.to_json() == before
    de = explain(g, lang="de")
    assert de.startswith("Zug 1: Ben ist am Zug. Ben kann Geld nehmen (T1) oder ein Gebäude kaufen (T2).")
    assert "Feldern 1 und 4" in de and f"noch {g.deck_size} Karten" in de
    ja = explain(g, lang="ja")
    assert ja.startswith("1ターン目：Benの手番です。") and " " not in ja.split("。")[1][:3]
    assert "マス1と4" in ja and "Ana 0点、Ben 0点、Chi 0点" in ja
    fi = explain(g, lang="fi")
    assert fi.startswith("Vuoro 1: vuorossa on Ben.") and "ruutujen 1 ja 4 laatat" in fi
    nl = explain(g, lang="nl")
    assert nl.startswith("Beurt 1: Ben is aan de beurt.") and "velden 1 en 4" in nl


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_position_tells_what_the_next_scoring_round_would_give_now(lang):
    """The next round as the engine would score it now, every player's points in the
    words of the language (unnamed seats too), last in the position's description."""
    g = Game(3, seed=5)
    rng = random.Random(5)
    for _ in range(160):
        g.play(g.random_action(rng))
    p = g.scoring_preview()
    assert p["round"] == 2 and sum(p["points"]) > 0
    items = [t("explain.preview_item", lang, name=name, points=x) for name, x in zip(g.names, p["points"])]
    last = t("list.and", lang, rest=t("list.sep", lang).join(items[:-1]), last=items[-1])
    text = explain(g, lang=lang)
    assert text.endswith(t("explain.preview", lang, round=2, points=last))
    assert t("explain.player_default", lang, n=1) in last   # an unnamed seat in the language's words
    assert lang == "en" or "Player 1" not in text
    if lang == "en":
        assert text.endswith(f"scoring round 2 would give Player 1 +{p['points'][0]}, Player 2 +{p['points'][1]} "
                             f"and Player 3 +{p['points'][2]}.")


def test_position_with_two_players_tells_dirks_points_of_the_next_round_too():
    g = Game(["Ana", "Ben"], seed=3)
    rng = random.Random(3)
    for _ in range(40):
        g.play(g.random_action(rng))
    p = g.scoring_preview()
    assert p["dirk"] is not None
    text = explain(g)
    assert text.endswith(f"would give Ana +{p['points'][0]}, Ben +{p['points'][1]} and Dirk +{sum(p['dirk'])}.")
    assert explain(g, lang="ja").endswith(f"とディルク +{sum(p['dirk'])}になります。")


def test_position_in_the_placement_phase_and_with_dirk(lesson):
    g = bought_tower(lesson)
    text = explain(g)
    assert "Ana now places the tiles bought this turn (Tower 7 #44)" in text
    assert "or to Dirk (T4, D4)" in text and "Dirk holds 2 tiles" in text
    assert "Dirk heeft 2 tegels" in explain(g, lang="nl")
    assert "Torni 7 #44" in explain(g, lang="fi") and "Dirkille" in explain(g, lang="fi")


def test_position_after_an_exact_payment_and_when_over():
    g = Game.from_position(["Ana", "Ben", "Chi"], seed=2, hands=[["florin 7"], [], []], market=[44, 2, 3, 4])
    g.play("buy 1 with florin 7")
    assert g.extra
    text = explain(g)
    assert "Ana paid the exact price and may act again (T2a); actions so far this turn: 1 (at most 5)." in text
    assert "end the turn (T2a)" in text
    rng = random.Random(5)
    while not g.is_over:
        g.play(g.random_action(rng))
    win = g.winners
    text = explain(g, lang="en")
    assert text.startswith("The game is over: ")
    assert f"{g.names[win[0]]} wins with {g.players[win[0]].score} points (E4)" in text or len(win) > 1
    for p in g.players:
        assert f"{p.name} {p.score}" in text


# ----------------------------------------------------------------- a spot

def test_spot_for_the_tile_to_place(lesson):
    g = bought_tower(lesson)
    before = g.to_json()
    assert explain(g, (0, -1)) == "Tower 7 #44 may go to (0, -1)."
    wall = explain(g, (-1, 0))                # its east side is a wall, the fountain's west is open
    assert wall.startswith("Tower 7 #44 at (-1, 0) would put a wall against an open side: on the east side it has "
                           "a wall and the tile next to it (fountain) has none.")
    assert wall.endswith("Rule P3: " + explain_rule("P3", "en"))
    far = explain(g, (0, 3))
    assert "would not share a side" in far and "Rule P2" in far
    assert explain(g, (0, -1), lang="de") == "Turm 7 #44 darf auf (0, -1)."
    assert "ルールP3：" in explain(g, (-1, 0), lang="ja") and "城壁" in explain(g, (-1, 0), lang="ja")
    assert "Sääntö P3:" in explain(g, (-1, 0), lang="fi")
    assert g.to_json() == before


def test_spot_with_a_tile_or_the_fountain(lesson):
    g = lesson
    assert explain(g, (0, 0)) == "(0, 0) holds Ana's fountain, the start tile; it never moves (P6)."
    edge = explain(g, (2, 0))
    assert edge == "At (2, 0) lies Seraglio 9 #14 (no walls). Ana may move it to the reserve (T3a)."
    inner = explain(g, (1, 0))
    assert inner.startswith("At (1, 0) lies Pavilion 8 #7 (no walls). It cannot be moved to the reserve (rule P4):")
    assert "would cut Seraglio 9 #14 off from the fountain" in inner   # (the tile it would cut off, named)
    assert "Arcades 10 #23 may take its place (T3c)." in explain(g, (1, 0), tile=23)
    assert "Auf (2, 0) liegt Serail 9 #14 (ohne Mauern)." in explain(g, (2, 0), lang="de")
    assert "Kohdassa (2, 0) on Seralji 9 #14" in explain(g, (2, 0), lang="fi")


def test_a_tile_in_the_alhambra_names_its_walls_in_compass_order():
    g = Game.from_position(["Ana", "Ben"], seed=1, alhambras=[{(0, -1): 1, (0, 1): 3}, {}])
    assert explain(g, (0, -1)).startswith("At (0, -1) lies Pavilion 2 #1 (walls: north, east and west).")
    assert explain(g, (0, 1)).startswith("At (0, 1) lies Pavilion 4 #3 (walls: east and south).")
    assert explain(g, (0, 1), lang="de").startswith("Auf (0, 1) liegt Pavillon 4 #3 (Mauern: Osten und Süden).")


def test_a_spot_while_tiles_are_placed_says_nothing_of_moving_its_tile():
    # (a redesign is an action of its own: not in the placement phase, T4)
    g = Game.from_position(["Ana", "Ben"], seed=1, alhambras=[{(1, 0): 7, (2, 0): 14}, {}], to_place=[23])
    assert g.phase == "place"
    assert explain(g, (2, 0)) == "At (2, 0) lies Seraglio 9 #14 (no walls)."


def test_spot_with_nothing_to_place_mentions_the_reserve(lesson):
    text = explain(lesson, (-1, 0))
    assert text.startswith("(-1, 0) is empty, and no tile is waiting to be placed")
    assert "From the reserve, Arcades 10 #23 could be built here (T3b)." in text
    assert explain(lesson, (-1, 0), tile=23) == "Arcades 10 #23 may go to (-1, 0)."
    nl = explain(lesson, (-1, 0), lang="nl")
    assert "Arcaden 10 #23" in nl and "reserveveld" in nl


# -------------------------------------------------------------- an action

def test_buy_exact_and_overpaid(lesson):
    g = lesson
    before = g.to_json()
    exact = explain(g, "buy 1 with florin 7")
    assert exact == ("'buy 1 with florin 7' is legal now. Ana buys Tower 7 #44 from slot 1 for 7 florin, "
                     "paying florin 7 (worth 7). The payment is exact, so Ana may take another action "
                     "afterwards (T2a).")
    over = explain(g, "buy 1 with florin 9")
    assert "That is 2 more than the price; no change is given (T2)" in over
    assert "Then Ana still has 1 tile to place (T4)." in over
    assert "Turm 7 #44 aus Feld 1 für 7 Gulden" in explain(g, "buy 1 with florin 7", lang="de")
    assert "コストはフローリンで7" in explain(g, "buy 1 with florin 7", lang="ja")
    assert "tasaraha" in explain(g, "buy 1 with florin 7", lang="fi")
    assert "gepast betaald" in explain(g, "buy 1 with florin 7", lang="nl")
    assert g.to_json() == before


def test_illegal_and_unreadable_actions(lesson):
    g = lesson
    text = explain(g, "buy 2 with florin 9")
    assert text == ("'buy 2 with florin 9' is not allowed now: Slot 2 takes dirham only; florin 9 cannot pay "
                    "for it. Rule T2: " + explain_rule("T2"))
    ja = explain(g, "buy 2 with florin 9", lang="ja")
    assert ja.startswith("「buy 2 with florin 9」はいま行えません：マス2の支払いに使えるのはディルハムだけです。")
    assert "ルールT2：" in ja
    assert explain(g, "tkae dinar 3").startswith("'tkae dinar 3' is not an action: Cannot read")
    assert "Geldkarten haben Werte von 1 bis 9, nicht 12" in explain(g, "take florin 12", lang="de")
    cut = explain(g, "remove 1,0", lang="nl")
    assert "Regel P4: " in cut and "afgesneden" in cut
    # a long text is quoted as its first 57 characters and "..." (the engine's words too: quote closed)
    fly = explain(g, "fly " + "x" * 100)
    assert fly.startswith("'fly " + "x" * 53 + "...' is neither a player of this game (Ana and Ben) nor an action")
    assert "Cannot read 'fly " + "x" * 51 + "...' as an action" in fly
    assert explain(g, "fly " + "x" * 56).startswith("'fly " + "x" * 56 + "' is neither")   # (60: whole)


def test_the_last_placement_before_the_end_says_who_places_the_awarded_tiles():
    rest = list(range(4, 55))   # (every other tile in a reserve: the bag is empty)
    g = Game.from_position(["Ana", "Ben", "Chi"], seed=1, market=[1, 2, None, None], to_place=[3],
                           reserves=[rest[:17], rest[17:34], rest[34:]], hands={"Ben": ["florin 5", "dirham 3"]})
    assert g.bag_size == 0
    assert explain(g, "reserve 3").endswith(
        "Ana puts Pavilion 4 #3 into the reserve (T4). Then Ben places the tiles awarded to them (E3).")


def test_a_spot_with_a_tile_given_by_id():
    g = Game(["Ana", "Ben"], seed=1)
    assert explain(g, (0, 1), tile=0).startswith("The fountain stays at (0, 0)")   # (0: the fountain, P6)
    for bad in (55, -1, True, "23"):
        with pytest.raises(ValueError, match="a tile is a Tile or a tile id from 1 to 54"):
            explain(g, (0, 1), tile=bad)


def test_redesigns_and_the_end_of_the_turn(lesson):
    g = lesson
    assert explain(g, "remove 2,0") == ("'remove 2,0' is legal now. Ana moves Seraglio 9 #14 from (2, 0) to the "
                                        "reserve (T3a). The turn then ends: the markets are refilled (T5) and "
                                        "Ben plays next.")
    assert "Seraglio 9 #14, which lies there now, goes to the reserve (T3c)" in explain(g, "swap 23 at 2,0")
    assert "builds Arcades 10 #23 from the reserve at (0, 1) (T3b)" in explain(g, "build 23 at 0,1")
    g = bought_tower(g)
    assert "Ana gives Tower 7 #44 to Dirk (D4)" in explain(g, "dirk 44")
    assert "Ana puts Tower 7 #44 into the reserve (T4)." in explain(g, "reserve 44")


def test_explaining_never_tells_what_the_deck_hides():
    g = Game.from_position(["Ana", "Ben", "Chi"], seed=3, money=["dinar 3", "florin 2", "ducat 4", "dirham 5"])
    # put the first scoring card on top of the deck: the next refill scores
    sc = next(i for i, c in enumerate(g.deck) if isinstance(c, ScoringCard))
    g.deck.append(g.deck.pop(sc))
    text = explain(g, "take dinar 3")
    other = g.copy()
    other.deck.insert(0, other.deck.pop())       # the same position, scoring card at the bottom
    assert explain(other, "take dinar 3") == text
    assert "scor" not in text.lower()


# ------------------------------------------------------------- a player

def test_a_player_by_name_or_seat(lesson):
    """Everything the table shows of one player, in words: points, money, what they can pay
    for, the Alhambra by building, the wall, the reserve, and the next round as it stands."""
    before = lesson.to_json()
    text = explain(lesson, "ana")
    assert text == explain(lesson, 0)
    preview = lesson.scoring_preview()
    assert text.split(". ")[:5] == [
        "Turn 1: it is Ana's turn",
        "Ana has 0 points",
        "Ana has 3 money cards: florin 7+9, dirham 3",
        "Ana can pay for the tiles in slots 1 and 2",   # (tower 7 with florin, pavilion 2 #2 with dirham 3)
        "Ana has 2 building tiles in the Alhambra: Pavilion 1, Seraglio 1",
    ]
    assert lesson.players[0].alhambra.longest_wall() == 0 and "Ana has no outer wall yet" in text
    assert "Ana keeps Arcades 10 #23 in the reserve." in text
    assert text.endswith(f"If scoring round {preview['round']} were now, Ana would gain {preview['points'][0]} points.")
    ben = explain(lesson, "Ben")
    assert "turn" not in ben.split(". ")[0] and "Ben has 1 money card: dinar 2." in ben
    assert "Ben's Alhambra is still only the fountain." in ben and "reserve" not in ben
    assert "Ben has no outer wall yet" in ben
    assert lesson.to_json() == before                        # nothing changes
    # the tiles still to place; and a name that is no player's is read as notation
    bought_tower(lesson)
    assert "Ana still has to place Tower 7 #44 (T4)." in explain(lesson, "Ana")
    after = lesson.copy()
    after.play("place 44 at 1,-1")                          # (the tower, walls N E W: a wall now)
    wall = after.players[0].alhambra.longest_wall()
    assert wall > 1 and f"Ana's longest outer wall has {wall} sides: {wall} points (C4)." in explain(after, "Ana")
    assert explain(lesson, "Cy").startswith("'Cy' is neither a player of this game (Ana and Ben) nor an action")
    with pytest.raises(ValueError, match="no player|from 0 to 1"):
        explain(lesson, 5)


@pytest.mark.parametrize("lang", LANGS)
def test_a_player_in_every_language_and_as_you(lang):
    """Every sentence from the catalogue (no key left as its name); a player called "you" in the
    language is spoken to."""
    you = t("ui.player.you", lang)
    g = Game.from_position(["Ana", you], seed=2, hands=[[], ["dinar 2+5"]], alhambras=[{}, {(1, 0): 7}],
                           reserves=[[], [23]], to_place=[44], current=1)
    text = explain(g, you, lang=lang)
    assert "explain." not in text and "{" not in text
    with use_language(lang):
        assert t("explain.player.score", name=you, score=t("explain.points_other", n=0)) in text
        assert text == explain(g, 1)
        assert t("explain.player.no_hand", name="Ana") in explain(g, "Ana")


# --------------------------------------------------------- scoring rounds

def round_record(rnd, counts, walls, players):
    pts = round_points(counts, rnd)
    points = [sum(pts[i]) + walls[i] for i in range(players)]
    return {"round": rnd, "counts": counts, "buildings": pts[:players], "walls": walls, "points": points,
            "dirk": pts[players] if len(counts) > players else None, "scores": points}


def test_narration_of_ties_rounding_and_walls():
    # round 2: gardens Ana 2 = Ben 2 share 12 + 5 = 17 -> 8 each; towers Ben 3 = Chi 3 share 13 + 6 = 19 -> 9;
    # Ana's single tower is third: nothing in round 2; Chi alone has a pavilion: 8
    counts = [[0, 0, 0, 0, 2, 1], [0, 0, 0, 0, 2, 3], [1, 0, 0, 0, 0, 3]]
    r = round_record(2, counts, [6, 0, 1], 3)
    assert r["points"] == [14, 17, 18]
    lines = narrate_round([r], 0, "en", names=["Ana", "Ben", "Chi"])
    assert lines == [
        "Scoring round 2: for each building type, the players with the most and the second most tiles score (C2).",
        "Chi has the most pavilions (1) and scores 8 points.",
        "Ana and Ben share first place for gardens (2 each) and score 8 points each "
        "(17 points shared by 2, rounded down).",
        "Ben and Chi share first place for towers (3 each) and score 9 points each "
        "(19 points shared by 2, rounded down).",
        "Ana's longest outer wall has 6 sides: 6 points (C4).",
        "Ben has no outer wall yet: no points for walls.",
        "Chi's longest outer wall has 1 side: 1 point (C4).",
        "Ana scores 14 points in this round and now has 14 points.",
        "Ben scores 17 points in this round and now has 17 points.",
        "Chi scores 18 points in this round and now has 18 points.",
    ]
    fi = narrate_round([r], 0, "fi", names=["Ana", "Ben", "Chi"])
    assert ("Eniten torneja (3 kullakin) on pelaajilla Ben ja Chi; he jakavat ensimmäisen sijan, ja kullekin "
            "tulee 9 pistettä (19 pistettä jaetaan 2 pelaajan kesken, alaspäin pyöristäen).") in fi
    ja = narrate_round([r], 0, "ja", names=["Ana", "Ben", "Chi"])
    assert "BenとChiは塔が同数（各3枚）で1位を分け合い、それぞれ9点を獲得します（19点を2人で割り、端数切り捨て）。" in ja
    de = narrate_round([r], 0, "de", names=["Ana", "Ben", "Chi"])
    assert "Chi hat die meisten Pavillons (1) und erhält 8 Punkte." in de
    nl = narrate_round([r], 0, "nl", names=["Ana", "Ben", "Chi"])
    assert "De langste buitenste stadsmuur van Ana heeft 6 zijden: 6 punten (C4)." in nl
    assert all(len(x) == len(lines) for x in (fi, ja, de, nl))


def test_a_share_rounded_down_to_nothing_is_told_too():
    """Round 1 pays 1 point for the most pavilions: two players with one each share it, and get
    0 each. The narration says so (it said nothing: "why did I get nothing?" was left open); a
    place the round does not pay stays unsaid."""
    counts = [[1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1]]
    r = round_record(1, counts, [0, 0, 0], 3)
    assert r["buildings"][0][0] == r["buildings"][1][0] == 0
    lines = narrate_round([r], 0, "en", names=["Ana", "Dee", "Chi"])
    assert "Ana and Dee share first place for pavilions (1 each) and score 0 points each " \
           "(1 point shared by 2, rounded down)." in lines
    assert not any("second" in line for line in lines)   # (round 1 pays first places only)
    for lang in ("de", "fi", "ja", "nl"):
        assert len(narrate_round([r], 0, lang, names=["Ana", "Dee", "Chi"])) == len(lines), lang


def test_a_round_where_nobody_has_a_building_says_only_walls_score():
    """A scoring round with no building anywhere (only a wall, C4): the narration says so in a
    sentence of its own, in every language, between the round's first line and the walls."""
    r = round_record(1, [[0] * 6, [0] * 6, [0] * 6], [3, 0, 0], 3)
    lines = narrate_round([r], 0, "en", names=["Ana", "Ben", "Chi"])
    assert lines[:3] == [
        "Scoring round 1: for each building type, the player with the most tiles scores (C2).",
        "Nobody has a building in their Alhambra yet, so only walls score.",
        "Ana's longest outer wall has 3 sides: 3 points (C4).",
    ]
    assert len(lines) == 8
    for lang in LANGS:
        said = narrate_round([r], 0, lang, names=["Ana", "Ben", "Chi"])
        assert said[1] == t("explain.round.no_buildings", lang) and len(said) == len(lines), lang


def test_narration_speaks_to_a_player_called_you():
    # the README's line-up against bots, and the tutorial's learner: "You have", not "You has"
    counts = [[0, 0, 0, 0, 2, 1], [0, 0, 0, 0, 2, 3], [1, 0, 0, 0, 0, 3]]
    r = round_record(2, counts, [6, 0, 1], 3)
    lines = narrate_round([r], 0, "en", names=["You", "Ben", "Chi"])
    assert "Your longest outer wall has 6 sides: 6 points (C4)." in lines
    assert "You score 14 points in this round and now have 14 points." in lines
    assert "You and Ben share first place for gardens (2 each) and score 8 points each " \
           "(17 points shared by 2, rounded down)." in lines
    assert "Chi has the most pavilions (1) and scores 8 points." in lines
    r = round_record(2, [[1, 0, 0, 0, 0, 0], [0] * 6], [0, 3], 2)
    assert "You have no outer wall yet: no points for walls." in narrate_round([r], 0, "en", names=["You", "Ben"])
    assert "You have the most pavilions (1) and score 8 points." in narrate_round([r], 0, "en", names=["You", "Ben"])
    de = narrate_round([r], 0, "de", names=["Du", "Ben"])
    assert "Du hast die meisten Pavillons (1) und erhältst 8 Punkte." in de
    assert "Du hast noch keine äußere Stadtmauer: keine Punkte für Mauern." in de
    fi = narrate_round([r], 0, "fi", names=["Sinä", "Ben"])
    assert "Sinulla ei ole vielä ulkomuuria: ei pisteitä muureista." in fi
    # in a German table "You" is a name like any other
    assert "You hat die meisten Pavillons (1) und erhält 8 Punkte." in narrate_round([r], 0, "de", names=["You", "Ben"])


def test_a_won_game_speaks_to_a_winner_called_you():
    from alhambra_widget.bots import Greedy
    from alhambra_widget.view import status_text
    for seed in range(40):   # (the first seed where seat 0 wins alone)
        g = Game(["You", "Ben", "Chi"], seed=seed)
        bots = [Greedy(seed=1), Greedy(seed=2), Greedy(seed=3)]
        while not g.is_over:
            g.play(bots[g.current].choose(g))
        if g.winners == [0]:
            break
    else:
        pytest.fail("seat 0 never won alone")
    pts = g.players[0].score
    assert status_text(g, "en") == f"Game over — you win with {pts} points"
    assert explain(g, lang="en").startswith(f"The game is over: you win with {pts} points (E4).")
    assert status_text(g, "de") == f"Spielende – You gewinnt mit {pts} Punkten"


def test_the_status_of_a_game_over_names_every_winner():
    from types import SimpleNamespace as NS
    from alhambra_widget.view import status_text

    def over(winners, scores=(90, 90, 70)):   # what status_text reads of a game that is over
        return NS(is_over=True, winners=winners, names=["Ana", "Ben", "Chi"],
                  players=[NS(score=s) for s in scores])
    assert status_text(over([0, 1]), "en") == "Game over — Ana and Ben share the victory with 90 points"
    assert status_text(over([1]), "en") == "Game over — Ben wins with 90 points"
    assert status_text(over([0, 1, 2], (80, 80, 80)), "en") == (
        "Game over — Ana, Ben and Chi share the victory with 80 points")
    assert status_text(over([]), "en") == "Game over — nobody wins"


def test_the_status_tells_an_extra_action_and_the_final_placement():
    # the action after an exact payment (T2a) and the placement of the tiles awarded at the end (E3)
    # have their own status lines, in the view as from status_text
    from alhambra_widget.bots import Greedy
    from alhambra_widget.view import status_text, view as make_view

    g = Game(["Ana", "Ben", "Chi"], seed=0)
    bots = [Greedy(seed=i) for i in range(3)]
    extra = final = None
    while not g.is_over:
        if extra is None and g.phase == "action" and g.extra:
            extra = g.turn, g.names[g.current], status_text(g, "en"), make_view(g, lang="en")["status"]
        if final is None and g.phase == "place" and g.final:
            final = g.names[g.current], status_text(g, "en"), make_view(g, lang="en")["status"]
        g.play(bots[g.current].choose(g), record=False)
    assert extra is not None and final is not None
    turn, name, said, shown = extra
    assert said == shown == f"Turn {turn} — {name}: another action after an exact payment"
    name, said, shown = final
    assert said == shown == f"End of the game — {name}: place the tiles awarded from the market"
    assert status_text(Game(["Ana", "Ben"], seed=1, start_player=0), "en") == "Turn 1 — Ana to act"


def test_a_round_narrated_without_names_calls_the_players_by_seat():
    r = round_record(1, [[1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]], [0, 0], 2)
    assert "Player 1 has the most pavilions (1) and scores 1 point." in narrate_round([r], 0, "en")
    assert "Spieler 1 hat die meisten Pavillons (1) und erhält 1 Punkt." in narrate_round([r], 0, "de")


def test_narration_of_a_final_round_with_three_places():
    # round 3, pavilions: 16 / 8 / 1 for 3, 2, 1 tiles; an exact tie for towers: 21 + 13 = 34 -> 17 each
    counts = [[3, 0, 0, 0, 0, 2], [2, 0, 0, 0, 0, 2], [1, 0, 0, 0, 0, 0]]
    r = round_record(3, counts, [0, 0, 0], 3)
    lines = narrate_round([r], -1, "en", names=["Ana", "Ben", "Chi"])
    assert "Final scoring round" in lines[0]
    assert "Ana has the most pavilions (3) and scores 16 points." in lines
    assert "Ben has the second most pavilions (2) and scores 8 points." in lines
    assert "Chi has the third most pavilions (1) and scores 1 point." in lines
    assert "Ana and Ben share first place for towers (2 each) and score 17 points each." in lines


def test_narration_with_dirk():
    # two players and Dirk (the last entry): Dirk is first for towers, tied first with Ana for chambers
    counts = [[0, 0, 0, 1, 0, 1], [0, 0, 0, 0, 0, 0], [0, 0, 0, 1, 0, 2]]
    r = round_record(1, counts, [2, 1], 2)
    assert r["buildings"][0][3] == 2            # chambers: 4 shared with Dirk
    lines = narrate_round({"rounds": [r], "players": [{"name": "Ana"}, {"name": "Ben"}]}, 0, "en")
    assert r["dirk"] == [0, 0, 0, 2, 0, 6]      # Dirk's own points (D3, X8)
    assert "Dirk has the most towers (2): he takes first place and scores 6 points (D3)." in lines
    assert "Ana and Dirk share first place for chambers (1 each) and score 2 points each." in lines
    assert ("Dirk scores 8 points in this round; his points are kept apart from the players' scores, "
            "and he never wins (D3, X8).") in lines
    assert "Ana scores 4 points in this round and now has 4 points." in lines
    ja = narrate_round([r], 0, "ja", names=["Ana", "Ben"])
    assert "ディルクは塔が最も多く（2枚）、1位を占めて6点を獲得します（D3）。" in ja
    assert "ディルクはこの得点計算で8点を獲得します。" in " ".join(ja)
    assert "Dirk erhält in dieser Wertung 8 Punkte" in " ".join(narrate_round([r], 0, "de", names=["Ana", "Ben"]))
    assert "Dirk saa tällä kierroksella 8 pistettä" in " ".join(narrate_round([r], 0, "fi", names=["Ana", "Ben"]))
    assert "Dirk krijgt in deze telling 8 punten" in " ".join(narrate_round([r], 0, "nl", names=["Ana", "Ben"]))


def test_narration_tells_dirks_points_from_the_round_record_or_from_his_places():
    # Dirk alone first for towers and pavilions in round 2: 13 + 8; the record says so (X8)
    counts = [[0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 2]]
    r = round_record(2, counts, [0, 0], 2)
    assert r["dirk"] == [8, 0, 0, 0, 0, 13]
    note = "Dirk scores 21 points in this round"
    lines = narrate_round([r], 0, "en", names=["Ana", "Ben"])
    assert "Dirk has the most pavilions (1): he takes first place and scores 8 points (D3)." in lines
    assert "Dirk has the most towers (2): he takes first place and scores 13 points (D3)." in lines
    assert "Ana has the second most towers (1) and scores 6 points." in lines
    assert any(x.startswith(note) for x in lines)
    # a record without Dirk's entry (older saves, other views): his points from the places he took
    old = {k: v for k, v in r.items() if k != "dirk"}
    assert narrate_round([old], 0, "en", names=["Ana", "Ben"]) == lines
    # Dirk takes no paying place: nothing is said of him
    r = round_record(1, [[0, 0, 0, 0, 0, 2], [0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1]], [0, 0], 2)
    assert not any("Dirk" in x for x in narrate_round([r], 0, "en", names=["Ana", "Ben"]))


# the wording the corrected D3 replaced: Dirk scoring nothing, his points going to nobody
OLD_DIRK_WORDING = {
    "en": ["Dirk scores nothing", "but scores nothing", "go to nobody", "points are not recorded"],
    "de": ["Dirk erhält keine Punkte", "erhält aber keine Punkte", "an niemanden", "nicht notiert"],
    "fi": ["Dirk ei saa pisteitä", "ei saa pisteitä", "eivät mene kenellekään", "ei kirjata"],
    "ja": ["得点しない", "得点はしません", "誰のものにもならず", "記録されません"],
    "nl": ["scoort niets", "scoort zelf niets", "naar niemand", "niet genoteerd"],
}


@pytest.mark.parametrize("lang", sorted(OLD_DIRK_WORDING))
def test_no_text_says_that_dirk_scores_nothing(lang):
    from alhambra_widget.i18n import catalogue

    texts = {k: v for k, v in catalogue(lang).items() if isinstance(v, str)}
    dirk = t("name.dirk", lang)
    about_dirk = {k: v for k, v in texts.items() if dirk in v or ".dirk" in k or k == "rule.D3"}
    assert {"rule.D3", "explain.round.dirk1", "explain.round.dirk_note", "tutorial.dirk.majority.done"} <= set(about_dirk)
    wrong = {k: v for k, v in about_dirk.items() if any(w in v for w in OLD_DIRK_WORDING[lang])}
    assert not wrong, wrong
    assert "{points}" in texts["explain.round.dirk_note"] and "X8" in texts["explain.round.dirk_note"]


def test_narration_of_real_rounds_matches_the_records():
    g = Game(["Ana", "Ben", "Chi", "Dan"], seed=21)
    rng = random.Random(21)
    while not g.is_over:
        g.play(g.random_action(rng))
    assert [r["round"] for r in g.rounds] == [1, 2, 3]
    for k, r in enumerate(g.rounds):
        lines = narrate_round(g, k, "en")
        for i, p in enumerate(g.players):
            assert (f"{p.name} scores {t('explain.points_other', 'en', n=r['points'][i]) if r['points'][i] != 1 else '1 point'}"
                    f" in this round and now has {r['scores'][i]} points.") in lines
        # the points named for the buildings add up to what the record says
        told = 0
        for line in lines[1:]:
            if "share" in line:
                each = int(line.split(" and score ")[1].split()[0])
                told += each * (line.split(" share ")[0].count(",") + 2)
            elif " and scores " in line:
                told += int(line.split(" and scores ")[1].split()[0])
        assert told == sum(sum(b) for b in r["buildings"]), lines
        for lang in LANGS:
            assert len(narrate_round(g, k, lang)) == len(lines)
        # a round by its number, as standings(game, round=) takes it
        assert narrate_round(g, round=r["round"], lang="en") == lines
    with use_language("de"):
        assert narrate_round(g)[0] == t("explain.round.intro_3", "de")


def test_a_round_played_before_a_set_up_position():
    g = Game.from_position(["Ana", "Ben"], seed=4, rounds_played=1)
    assert narrate_round(g, 0) == [t("explain.round.preset", "en", round=1)]
    assert "second scoring round" in explain(g)
    assert "Dirk holds" not in explain(g)   # (two players, and Dirk given no tiles: nothing to say of his)
    g = Game.from_position(["Ana", "Ben"], seed=4, rounds_played=2)
    assert ("The final scoring round comes at the end of the game, when the bag can no longer refill the "
            f"building market; {g.bag_size} tiles are left in the bag (E1).") in explain(g)
    g = Game.from_position(["Ana", "Ben"], seed=4, dirk=[50, 51])
    assert "Dirk holds 2 tiles; they count for the majorities (D3)." in explain(g)


def test_a_game_over_with_a_shared_victory_and_a_pass_explained():
    from alhambra_widget.bots import Greedy
    g = Game(["Ana", "Ben", "Chi"], seed=2)
    bots = [Greedy(seed=1), Greedy(seed=2), Greedy(seed=3)]
    while not g.is_over:
        g.play(bots[g.current].choose(g))
    for p in g.players[:2]:
        p.score = 999   # (the victory shared by hand: E4)
    assert explain(g).startswith("The game is over: Ana and Ben share the victory with 999 points each (E4).")
    passing = Game(["A", "B", "C"], seed=6, start_player=0)
    arrange_money(passing, hands={0: []}, money=[], rest=("hand", 1))   # T6, X4: nothing A may do
    assert explain(passing, "pass").startswith("'pass' is legal now. A has no legal action and passes (X4).")


# ----------------------------------------------------------------- the API

def test_the_api_is_exported_lazily_and_language_follows_the_current_one():
    assert alhambra_widget.explain is explain and alhambra_widget.narrate_round is narrate_round
    g = Game(2, seed=9)
    with use_language("fi"):
        assert explain(g).startswith("Vuoro 1:")
        assert explain(g) == explain(g, lang="fi")
    with pytest.raises(ValueError, match="choose one of"):
        explain(g, lang="xx")
    with pytest.raises(TypeError):
        explain(g, 3.5)
    code = ("import sys, alhambra_widget as a; f = a.explain; import alhambra_widget.i18n.explain as m; "
            "print(callable(f), f is m.explain, 'anywidget' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "True", "False"]


def test_explain_rule_in_every_language():
    assert explain_rule("P5", "de").startswith("Keine Löcher")
    assert explain_rule("P5", "ja").startswith("穴を作ってはならない")
    assert explain_rule("T2a", "fi").startswith("Kun maksat tasarahalla")
    assert explain_rule("T2a", "nl").startswith("Wie gepast betaalt")
    assert explain_rule("ZZ", "nl") == "ZZ"
    with use_language("ja"):
        assert explain_rule("C3") == t("rule.C3", "ja")
    for lang in LANGS:
        texts = [explain_rule(r, lang) for r in ("S1", "T1", "P3", "C4", "E2", "D2", "X2")]
        assert len(set(texts)) == len(texts)
        if lang != "en":
            assert texts != [explain_rule(r, "en") for r in ("S1", "T1", "P3", "C4", "E2", "D2", "X2")]


@pytest.mark.parametrize("name", ["alhambra_widget.i18n.explain", "alhambra_widget.i18n.format",
                                  "alhambra_widget.engine.errors"])
def test_docstring_examples(name):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name), verbose=False)
    assert result.attempted and result.failed == 0


def test_readme_languages_example_runs_and_prints_what_it_says(capsys):
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    block = re.search(r"### Languages\n.*?```python\n(.*?)```", text, re.S).group(1)
    exec(compile(block, "README.md", "exec"), {})
    out = capsys.readouterr().out.splitlines()
    # the comments in the README quote these outputs
    assert out[0] == "T2 error.T2.wrong_currency"
    assert out[1] == "Feld 1 nimmt nur Gulden; mit Denar 9 kann man es nicht bezahlen."
    assert out[2] == "Kun maksat tasarahalla, saat tehdä uuden toiminnon tai lopettaa vuorosi (enintään 5 toimintoa vuorossa)."
    assert out[3].startswith("1ターン目：Benの手番です。Benはお金を取る（T1）、または")
    assert out[4].startswith("'buy 1 with florin 9' is legal now.") and "1 more than the price" in out[4]
    assert out[5] == "(0, -1) is empty, and no tile is waiting to be placed: bought tiles are placed at the end of the turn (T4)."


def test_narrating_a_round_not_played_says_so():
    g = Game(2, seed=1)
    with pytest.raises(ValueError, match="no scoring round has been played yet"):
        narrate_round(g, -1)
    g = Game.from_position(2, seed=1, rounds_played=1)
    assert narrate_round(g, 0) == narrate_round(g, -1)
    with pytest.raises(ValueError, match=r"round_index 1 is not among the 1 scoring rounds played \(0 to 0"):
        narrate_round(g, 1)
    with pytest.raises(TypeError, match="round_index is an index"):
        narrate_round(g, "1")
    with pytest.raises(ValueError, match=r"round is the number of a scoring round played \(1\), not 2"):
        narrate_round(g, round=2)
    with pytest.raises(TypeError, match="not both"):
        narrate_round(g, 0, round=1)


def test_a_views_narration_of_a_round_played_is_made_once_and_always_the_rounds_own(monkeypatch):
    """Every view tells each scoring round played in words; a round never changes, so its words are
    worked out once per language and names -- and are never another round's or another language's."""
    import alhambra_widget.view as V
    from alhambra_widget.view import view as make_view

    g = Game(["Ana", "Ben", "Chi"], seed=5)
    rng = random.Random(5)
    while len(g.rounds) < 2:
        g.play(g.random_action(rng))
    calls = []
    real = V.narrate_round
    monkeypatch.setattr(V, "narrate_round", lambda game, k, *a, **kw: calls.append(k) or real(game, k, *a, **kw))
    V._NARRATED.clear()
    first = make_view(g, None, lang="en")
    assert calls == [0, 1]
    for k in (0, 1):
        assert first["rounds"][k]["narration"] == [str(s) for s in real(g, k, "en")]
    g.play(g.random_action(rng))
    again = make_view(g, None, lang="en")
    assert calls == [0, 1]   # (not told again)
    assert [r["narration"] for r in again["rounds"]] == [r["narration"] for r in first["rounds"]]
    # another language: told anew, in its words
    de = make_view(g, None, lang="de")
    assert calls == [0, 1, 0, 1]
    assert de["rounds"][1]["narration"] == [str(s) for s in real(g, 1, "de")] != first["rounds"][1]["narration"]
    # other names (a copy, sharing the very round records, its first player renamed): told with them
    h = g.copy()
    h.players[0].name = "Zed"
    assert h.rounds[0] is g.rounds[0]
    zed = make_view(h, None, lang="en")
    assert calls == [0, 1, 0, 1, 0, 1]
    assert any("Zed" in s for s in zed["rounds"][0]["narration"])
    assert not any("Zed" in s for s in make_view(g, None, lang="en")["rounds"][0]["narration"])
    # a list handed out is the view's own: changing it changes no later view
    again["rounds"][0]["narration"].append("changed")
    assert make_view(g, None, lang="en")["rounds"][0]["narration"] == first["rounds"][0]["narration"]
