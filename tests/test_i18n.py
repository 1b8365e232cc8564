"""The catalogues: every language has every key, with the same placeholders."""

import json
import re
from pathlib import Path

import pytest

from alhambra_widget import i18n
from alhambra_widget.i18n import LANGUAGES, catalogue, placeholders, t, tn, use_language

LOCALES = Path(i18n.__file__).parent / "locales"
OTHERS = [lang for lang in LANGUAGES if lang != "en"]


def test_every_language_has_a_folder_and_the_same_files():
    files = {lang: sorted(p.name for p in (LOCALES / lang).glob("*.json")) for lang in LANGUAGES}
    assert files["en"], "the English catalogue is empty"
    for lang in OTHERS:
        assert files[lang] == files["en"], lang


@pytest.mark.parametrize("lang", OTHERS)
def test_no_key_missing_or_extra(lang):
    en, other = set(catalogue("en")), set(catalogue(lang))
    assert sorted(en - other) == [], f"{lang} lacks these keys"
    assert sorted(other - en) == [], f"{lang} has keys English does not"


@pytest.mark.parametrize("lang", OTHERS)
def test_same_placeholders(lang):
    en, other = catalogue("en"), catalogue(lang)
    wrong = {k: (sorted(placeholders(en[k])), sorted(placeholders(other[k])))
             for k in en if k in other and placeholders(en[k]) != placeholders(other[k])}
    assert wrong == {}


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_no_empty_texts_and_valid_json(lang):
    for path in (LOCALES / lang).glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert isinstance(data, dict)
        for k, v in data.items():
            assert isinstance(v, str) and v.strip(), f"{lang}/{path.name}: {k} is empty"


def test_translations_are_translated():
    # a catalogue copied from English would pass the key tests: most texts must differ
    en = catalogue("en")
    for lang in OTHERS:
        cat = catalogue(lang)
        same = [k for k in en if cat.get(k) == en[k] and len(en[k]) > 12]
        assert len(same) <= 0.05 * len(en), (lang, same[:10])


# One word for one thing, as each rulebook has it. A text about a place in an Alhambra (it names
# one by coordinates) never calls it by the word for a slot of the market, nor a text about a
# slot by the word for a place: Finnish "kohta" and "ruutu", Dutch "plek" and "veld".
ABOUT_A_PLACE = re.compile(r"\{x\}|\{pos\}|\{where\}|\(-?\d, -?\d\)")
ABOUT_A_SLOT = re.compile(r"\{slots?\}")
TERMS = {   # language: (the word for a place in an Alhambra, the word for a market slot)
    "fi": (re.compile(r"\bkoh[dt]", re.I), re.compile(r"\bruu[dt]u(?!k)", re.I)),   # (not ruudukko, the grid)
    "nl": (re.compile(r"\bplek", re.I), re.compile(r"(?<!reserve)veld", re.I)),   # (the reserve board is a reserveveld)
}


@pytest.mark.parametrize("lang", sorted(TERMS))
def test_a_place_in_an_alhambra_and_a_market_slot_have_their_own_words(lang):
    place, slot = TERMS[lang]
    texts = {k: v for k, v in catalogue(lang).items() if not k.startswith("_")}
    places = [k for k, v in texts.items() if ABOUT_A_PLACE.search(v)]
    slots = [k for k, v in texts.items() if ABOUT_A_SLOT.search(v)]
    assert len(places) > 20 and len(slots) > 10
    assert [k for k in places if slot.search(texts[k])] == []
    assert [k for k in slots if place.search(texts[k])] == []
    # and each word is in use for its own thing
    assert any(place.search(texts[k]) for k in places) and any(slot.search(texts[k]) for k in slots)


def test_the_fountain_has_one_name_in_japanese():
    # the Japanese rulebook's word is スタートタイル; 噴水 (what the tile shows) only beside it
    texts = {k: v for k, v in catalogue("ja").items() if not k.startswith("_")}
    assert [k for k, v in texts.items() if "噴水" in v and "スタートタイル" not in v] == []
    assert sum("スタートタイル" in v for v in texts.values()) > 20


def test_lookup_fill_and_fallback():
    assert t("building.tower", "de") == "Turm"
    assert t("building.tower", "ja") == "塔"
    assert t("no.such.key", "fi") == "no.such.key"
    with use_language("nl"):
        assert t("building.garden") == "Tuin"
    assert t("building.garden") == "Garden"
    assert t("building.garden", lang="nl") == "Tuin"   # (the language by name too)
    assert t("ui.status.over_wins", lang="de", names="Ana", points=90) == "Spielende – Ana gewinnt mit 90 Punkten"


def test_counted_texts_and_unknown_language():
    assert tn("ui.cards", 1, "en") != tn("ui.cards", 2, "en")
    with pytest.raises(ValueError, match="choose one of"):
        i18n.set_language("xx")
    for wrong in ("", "d", "deu", "fr-DE", "-de", None, 3, ["de"]):
        with pytest.raises(ValueError, match="choose one of"):
            i18n.check_language(wrong)


@pytest.mark.parametrize("tag, code", [("DE", "de"), ("de-AT", "de"), ("de_CH", "de"), ("ja-JP", "ja"),
                                       ("ja_JP.UTF-8", "ja"), ("nl-be", "nl"), (" fi-FI ", "fi"), ("en-GB", "en")])
def test_a_language_tag_or_a_locale_names_its_language(tag, code):
    """A user writes the language as a tag or a locale (``"de-AT"``, ``"ja_JP.UTF-8"``): it is the
    language's code everywhere a language is given."""
    from alhambra_widget import explain_rule
    from alhambra_widget.tutorial import Tutorial

    assert i18n.check_language(tag) == code
    assert t("rule.P5", tag) == t("rule.P5", code) and explain_rule("P5", tag) == explain_rule("P5", code)
    with use_language(tag):
        assert i18n.get_language() == code
    assert Tutorial(lang=tag).lang == code


# ---- a player called "you" -------------------------------------------------------------------
# A player named "You" (the README's own line-up against bots, and the tutorial's learner) is
# spoken to: "You win with 115 points", not "You wins". A key with such a text has a second
# text, ``key@you``, used when the player it is about is called what the table calls "you".

YOU_KEYS = sorted(k[:-len(i18n.YOU)] for k in catalogue("en") if k.endswith(i18n.YOU))


def test_every_second_person_text_has_its_text_about_a_player():
    en = catalogue("en")
    assert len(YOU_KEYS) >= 30
    for base in YOU_KEYS:
        assert base in en, base
        about = placeholders(en[base]) & {"name", "names"}
        assert about, f"{base} is about nobody: a text for 'you' would never be chosen"
        # the same placeholders but the player's: the text says "you" in their place
        assert placeholders(en[base + i18n.YOU]) == placeholders(en[base]) - about, base


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_player_called_you_in_their_language_is_spoken_to(lang):
    you = catalogue(lang)["ui.player.you"]
    for name in (you, you.capitalize(), f"  {you.upper()} "):
        assert i18n.is_you(name, lang)
        assert t("ui.status.over_wins", lang, names=name, points=115) == \
            t("ui.status.over_wins@you", lang, points=115)
        assert tn("explain.round.wall", 5, lang, name=name) == t("explain.round.wall_other@you", lang, n=5)
    assert not i18n.is_you("Ana", lang) and not i18n.is_you(None, lang)
    # anyone else is told about, with their name
    assert "Ana" in t("ui.status.over_wins", lang, names="Ana", points=115)
    assert t("ui.status.over_wins", lang, names="Ana", points=115) != t("ui.status.over_wins@you", lang, points=115)


def test_the_english_lines_read_as_english():
    assert t("ui.status.over_wins", "en", names="You", points=115) == "Game over — you win with 115 points"
    assert t("ui.status.over_wins", "en", names="Ana", points=115) == "Game over — Ana wins with 115 points"
    assert t("explain.round.total", "en", name="You", gained="+8", score="40") == \
        "You score +8 in this round and now have 40."
    assert t("ui.hand.of", "en", name="you") == "Your hand"
    # two winners: "Ana and You share the victory" (a text about two players keeps their names)
    assert "You" in t("ui.status.over_shared", "en", names="Ana and You", points=90)
    # the word is the table's language's: a German table calls a player "You" by name
    assert t("ui.status.over_wins", "de", names="You", points=115) == "Spielende – You gewinnt mit 115 Punkten"
    assert t("ui.status.over_wins", "de", names="Du", points=115) == "Spielende – du gewinnst mit 115 Punkten"


def test_the_status_line_speaks_to_a_player_called_you():
    from alhambra_widget import Game
    from alhambra_widget.view import status_text

    g = Game(["You", "Ben"], seed=1, start_player=0)
    assert status_text(g, "en") == "Turn 1 — your turn"
    assert status_text(Game(["Ana", "Ben"], seed=1, start_player=0), "en") == "Turn 1 — Ana to act"
    assert status_text(Game(["Du", "Ben"], seed=1, start_player=0), "de") == "Zug 1 – du bist am Zug"
    assert t("ui.status.place", "en", turn=3, name="You") == "Turn 3 — place the tiles you bought this turn"
    assert t("ui.status.extra", "en", turn=3, name="You") == "Turn 3 — another action for you after an exact payment"
    assert t("ui.status.final_place", "en", name="You") == \
        "End of the game — place the tiles awarded to you from the market"
    assert t("ui.note.their_turn", "en", name="You") == "It is your turn."
    assert t("ui.status.place", "en", turn=3, name="Ana") == "Turn 3 — Ana: place the tiles bought this turn"


def test_a_refusal_and_the_end_of_game_award_speak_to_a_player_called_you():
    from alhambra_widget import Game, IllegalMove

    g = Game(["You", "Ben"], seed=1)
    while g.current != 0:
        g.play(g.legal_actions()[0])
    with pytest.raises(IllegalMove) as refused:
        g.play("buy 1 with florin 9+9")
    assert refused.value.rule == "T2" and refused.value.message == "You do not hold florin 9+9."
    g2 = Game(["Ana", "Ben"], seed=1)
    while g2.current != 0:
        g2.play(g2.legal_actions()[0])
    with pytest.raises(IllegalMove, match=r"^\[T2\] Ana does not hold florin 9"):
        g2.play("buy 1 with florin 9+9")
    assert t("ui.move.award", "en", name="You", tile="Chambers (9)", slot=2, currency="dirham") == \
        "You get Chambers (9) from slot 2, with the most dirham."


# ---- a card in words ------------------------------------------------------------------------
# How a language joins a currency and a value is one text of its catalogue (card.name): the
# refusals, the moves told, the static picture's cards and the front end (its strings) all use
# it. Japanese writes the value right after the currency ("フローリン2").

@pytest.mark.parametrize("lang, florin_2, dirham_4_dinar_3", [
    ("en", "florin 2", "dirham 4 and dinar 3"),
    ("de", "Gulden 2", "Dirham 4 und Denar 3"),
    ("fi", "forintti 2", "dirhami 4 ja dinaari 3"),
    ("ja", "フローリン2", "ディルハム4とディナール3"),
    ("nl", "gulden 2", "dirham 4 en dinar 3"),
])
def test_a_card_is_put_into_words_by_one_text_of_its_language(lang, florin_2, dirham_4_dinar_3):
    from alhambra_widget import Game, card
    from alhambra_widget.i18n.format import card_name, cards_name, money_name
    from alhambra_widget.i18n.moves import cards_text
    from alhambra_widget.i18n.strings import front_end_strings
    from alhambra_widget.render import game_svg

    assert money_name("florin", 2, lang) == card_name(card("florin", 2), lang) == florin_2
    assert cards_text(["florin 2"], lang) == cards_name([card("florin", 2)], lang) == florin_2
    assert cards_text(["dirham 4", "dinar 3"], lang) == dirham_4_dinar_3
    # the cards drawn in the static picture have the same names (their tooltips)
    shown = re.findall(r'class="alh-card alh-(\w+)" data-currency="\w+" data-value="(\d+)"><title>([^<]*)</title>',
                       game_svg(Game(["Ana", "Ben"], seed=1), lang=lang))
    assert shown
    assert all(name == money_name(cur, value, lang) for cur, value, name in shown)
    # the front end gets the same text, and no other text joins a currency and a value
    assert front_end_strings(lang)["card.name"] == catalogue(lang)["card.name"]
    assert [k for k, v in catalogue(lang).items() if v in ("{currency} {value}", "{currency}{value}")] == ["card.name"]


def test_japanese_puts_no_space_between_a_currency_and_an_amount():
    money = r"(?:\{currency\}|フローリン|ディルハム|ディナール|ドゥカート)"
    amount = r"(?:\d|\{(?:value|price|total|n)\})"
    spaced = re.compile(rf"{money} +{amount}|{amount} +{money}")
    texts = {k: v for k, v in catalogue("ja").items() if not k.startswith("_")}
    assert {k: v for k, v in texts.items() if spaced.search(v)} == {}
    assert t("ui.sel.buy_what", "ja", slot=2, tile="塔9", price=7, currency="フローリン") == "マス2：塔9、コストはフローリンで7"


def test_japanese_names_a_tile_as_python_does_on_the_table_too():
    # a building and its price, or its count, written together ("塔9", "塔3枚"), as the engine's
    # texts name a tile: the front end's short names said "塔 9" beside the log's "塔9"
    texts = {k: v for k, v in catalogue("ja").items() if not k.startswith("_")}
    assert {k: v for k, v in texts.items() if re.search(r"\{building\} +\{(?:price|count)\}", v)} == {}
    assert t("ui.tile.short", "ja", building="塔", price=9) == "塔9"
    assert t("tile.name", "ja", building="塔", price=9, id=50).startswith("塔9")


# ---- hints in plain words ---------------------------------------------------------------------
# The hint list beside the board (js/view/hints.js) says a move's estimates as a newcomer reads
# them: the win chance as a chance to win, the margin rounded to whole points with its sign in
# words ("about 19 points behind"), counted (_one/_other); the exact values in its tooltip.

HINT_WORDS = {   # language: (19 behind, 1 ahead, under half a point either way, a 16% chance)
    "en": ("about 19 points behind", "about 1 point ahead", "neck and neck", "16% chance to win"),
    "de": ("etwa 19 Punkte Rückstand", "etwa 1 Punkt Vorsprung", "Kopf an Kopf", "16 % Gewinnchance"),
    "fi": ("noin 19 pistettä perässä", "noin 1 piste edellä", "tasoissa", "voittomahdollisuus 16 %"),
    "ja": ("トップと約19点差", "約1点差でトップ", "ほぼ同点", "勝率16%"),
    "nl": ("zo'n 19 punten achterstand", "zo'n 1 punt voorsprong", "nek aan nek",
           "16% winkans"),
}


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_hint_says_its_win_chance_and_margin_in_plain_words(lang):
    behind, ahead, level, chance = HINT_WORDS[lang]
    percent = {"de": "16 %", "fi": "16 %"}.get(lang, "16%")     # (as Intl.NumberFormat writes it in the front end)
    assert tn("ui.bots.margin_behind", 19, lang) == behind
    assert tn("ui.bots.margin_ahead", 1, lang) == ahead
    assert t("ui.bots.margin_level", lang) == level
    item = t("ui.bots.hint_item", lang, action="A", win=percent, margin=behind)
    assert chance in item and item.endswith(behind)
    assert chance in t("ui.bots.hint_item_win", lang, action="A", win=percent)
    assert chance in t("ui.review.played_item", lang, action="A", win=percent)
    # the terse labels are gone from the list; the exact estimates are said in the tooltip's words
    assert not re.search(r"\b(margin|Abstand|ero|verschil|wins|gewinnt|voitto|wint)\b|点差 ", item)
    assert placeholders(t("ui.bots.hint_detail", lang)) == {"win", "margin"}
    assert placeholders(t("ui.bots.hint_detail_win", lang)) == {"win"}
