"""The notation reader under any text: ``parse`` gives an action whose notation reads back
as the same action, or refuses with the engine's own errors -- :class:`NotationError` (text
that is not an action), or :class:`IllegalMove` for a tile or slot that cannot exist
(``reserve 99``) -- never a plain ``ValueError``, ``OverflowError`` or anything else; and a
refusal quotes the text only in part, so it stays short in every language."""

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from alhambra_widget import Game, IllegalMove
from alhambra_widget.engine.actions import MAX_CARDS, MAX_DIGITS, Action, parse, parse_cards
from alhambra_widget.engine.errors import NotationError

LANGS = ("en", "de", "fi", "ja", "nl")
LONGEST = 300          # characters of a refusal, in any language
SETTINGS = dict(deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


def read(text):
    """parse(text): the action, or the refusal (checked to be one of the engine's)."""
    try:
        action = parse(text)
    except (NotationError, IllegalMove) as e:
        for lang in LANGS:
            message = e.localized(lang)
            assert isinstance(message, str) and message
            assert len(message) <= LONGEST, (lang, len(message), message[:120])
        assert len(str(e)) <= LONGEST + 10
        return e
    assert isinstance(action, Action)
    again = parse(str(action))
    assert again == action and str(again) == str(action)
    return action


# words and pieces the notation is made of, and some that only look like it
WORDS = ["take", "buy", "with", "slot", "remove", "build", "swap", "place", "reserve", "dirk",
         "end", "turn", "pass", "at", "to", "on", "florin", "dirham", "dinar", "ducat", "FLORIN",
         "rupee", "#", "+", ",", "(", ")", "-", " ", "  ", "\t", "\n", "\u00a0", "\u3000"]
DIGITS = ["0", "1", "3", "9", "12", "54", "55", "007", "-1", "²", "³", "٣", "１", "۵", "𝟗", "Ⅷ",
          "9" * 10, "9" * 23, "1" + "0" * 30, "9" * 5000, "0" * 5000 + "7"]
pieces = st.lists(st.sampled_from(WORDS + DIGITS) | st.text(max_size=3), max_size=14)
notation_like = pieces.map(" ".join) | pieces.map("".join)


@settings(max_examples=400, **SETTINGS)
@given(st.text(max_size=80))
@example("take dinar ²")
@example("buy 2 with dirham ³")
@example("place 1 at 99999999999999999999999,0")
@example("place ٣ at 0,0")
@example("reserve １２")
@example("take dinar " + "9" * 5000)
@example("place 1 at " + "9" * 5000 + ",0")
@example("reserve " + "0" * 5000 + "7")
@example("buy " + "4" * 4301 + " with ducat 9")
@example("take " + "9" * 4301)
@example("x" * 10_000)
def test_any_text_is_an_action_or_a_refusal(text):
    read(text)


@settings(max_examples=600, **SETTINGS)
@given(notation_like)
def test_text_that_looks_like_notation_is_an_action_or_a_refusal(text):
    read(text)


# the forms of the notation with their numbers and currencies filled in, rightly or not
TEMPLATES = ["take {c} {n}", "take {c} {n}+{n}, {c} {n}", "buy {n} with {c} {n}+{n}", "buy slot {n} with {c} {n}",
             "remove {n},{n}", "build {n} at {n},{n}", "swap #{n} on ({n}, {n})", "place {n} to {n},{n}",
             "place {n} at {n}, {n}", "reserve {n}", "dirk #{n}", "end", "end turn", "pass", "take {n}"]
numbers = (st.sampled_from(DIGITS) | st.integers(-10**30, 10**30).map(str)
           | st.text(st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=4))
currencies = st.sampled_from(["florin", "dirham", "dinar", "ducat", "Ducat", "rupee", "", "dinar dinar"])


@st.composite
def filled(draw):
    text = draw(st.sampled_from(TEMPLATES))
    while "{n}" in text or "{c}" in text:
        text = text.replace("{n}", draw(numbers), 1).replace("{c}", draw(currencies), 1)
    return text


@settings(max_examples=800, **SETTINGS)
@given(filled())
def test_the_forms_of_the_notation_with_any_numbers_are_an_action_or_a_refusal(text):
    read(text)


@settings(max_examples=200, **SETTINGS)
@given(st.sampled_from(["take", "buy 3 with"]),
       st.lists(st.tuples(st.sampled_from(["florin", "dirham", "dinar", "ducat"]),
                          st.lists(st.integers(0, 12), min_size=1, max_size=12)),
                min_size=1, max_size=5))
def test_card_lists_read_back(verb, groups):
    text = f"{verb} " + ", ".join(f"{cur} {'+'.join(map(str, vals))}" for cur, vals in groups)
    result = read(text)
    values = [v for _, vals in groups for v in vals]
    if all(1 <= v <= 9 for v in values) and len(values) <= MAX_CARDS:
        assert isinstance(result, Action) and len(result.cards) == len(values)
    else:
        assert isinstance(result, NotationError)


@pytest.mark.parametrize("text, key", [
    ("take dinar ²", "error.T.unknown_word"),
    ("buy 2 with dirham ³", "error.T.unknown_word"),
    ("take dinar ٣", "error.T.unknown_word"),
    ("place ٣ at 0,0", "error.T.form"),
    ("place 1 at 99999999999999999999999,0", "error.T.number_too_long"),
    ("place 1 at 0,-" + "9" * 5000, "error.T.number_too_long"),
    ("reserve " + "9" * 4301, "error.T.number_too_long"),
    ("take dinar " + "9" * 5000, "error.T.number_too_long"),
    ("take " + "9" * 5000, "error.T.number_too_long"),
    ("buy " + "9" * 5000 + " with ducat 9", "error.T.number_too_long"),
    ("take dinar 1" + "+1" * MAX_CARDS, "error.T.too_many_cards"),
])
def test_what_was_a_plain_value_error_is_a_notation_error(text, key):
    with pytest.raises(NotationError) as ei:
        parse(text)
    assert ei.value.key == key
    read(text)


@pytest.mark.parametrize("typed, read_as", [
    ("take dinar ３", "take dinar 3"),
    ("ｔａｋｅ　ｄｉｎａｒ　３＋２", "take dinar 2+3"),
    ("buy ２ with dirham ３＋４，florin １", "buy 2 with florin 1, dirham 3+4"),
    ("place ２３ at （１，０）", "place 23 at 1,0"),
    ("reserve ＃２３", "reserve 23"),
    ("ＰＡＳＳ", "pass"),
])
def test_the_full_width_forms_a_japanese_input_method_types_are_read(typed, read_as):
    assert str(parse(typed)) == read_as
    assert parse_cards("ｄｉｒｈａｍ ３＋４") == parse_cards("dirham 3+4")


def test_numbers_up_to_the_limit_are_read_and_leading_zeros_do_not_count():
    big = "9" * MAX_DIGITS
    assert parse(f"place 1 at {big},-{big}").pos == (int(big), -int(big))
    assert parse("place " + "0" * 5000 + "7 at 0,0").tile_id == 7
    with pytest.raises(IllegalMove) as ei:          # a tile that cannot exist: its rule
        parse(f"reserve {big}")
    assert ei.value.rule == "T4" and len(ei.value.message) < 120


def test_a_million_card_move_is_refused_in_a_short_message():
    g = Game(3, seed=7)
    before = g.to_json()
    for text in ("take dinar 3" + "+3" * 1_000_000, "buy 1 with florin " + "+".join(["9"] * 1_000_000),
                 "fly " * 500_000, "place 1 at " + "1" * 1_000_000 + ",0"):
        with pytest.raises(NotationError) as ei:
            parse(text)
        assert all(len(ei.value.localized(lang)) <= LONGEST for lang in LANGS)
        with pytest.raises(IllegalMove) as ei:
            g.play(text)
        assert len(str(ei.value)) <= LONGEST + 10
        assert g.to_json() == before


def test_a_refusal_quotes_at_most_80_characters_of_the_text():
    for text in ("fly " * 1000, "take rupee" + "e" * 1000, "take dinar 3 " + "x" * 1000):
        with pytest.raises(NotationError) as ei:
            parse(text)
        quoted = [v for v in ei.value.params.values() if isinstance(v, str)]
        assert quoted and all(len(v) <= 80 for v in quoted)
        assert any(v.endswith("...'") for v in quoted)   # (the quote closed after the cut)


@pytest.mark.parametrize("text, key, shows", [
    ("buy 1", "error.T.form", "'buy 2 with dirham 3+4'"),
    ("buy 2 dirham 3", "error.T.form", "'buy 2 with dirham 3+4'"),
    ("take", "error.T.form", "'take dinar 3'"),
    ("build 5", "error.T.form", "'build 23 at 1,0'"),
    ("Place 5", "error.T.form", "'place 23 at 1,0'"),
    ("remove", "error.T.form", "'remove 1,0'"),
    ("reserve", "error.T.form", "'reserve 23'"),
    ("redesign", "error.T.redesign", "'swap 23 at 1,0'"),
    ("redesign 5 at 1,0", "error.T.redesign", "'build 23 at 1,0'"),
    ("undo", "error.T.undo", "game.undo()"),
    ("redo", "error.T.undo", "game.redo()"),
    ("tkae dinar 3", "error.T.unreadable", "'take dinar 3'"),
])
def test_a_text_that_is_not_an_action_is_answered_with_what_was_meant(text, key, shows):
    """A known verb with the rest missing or unreadable is answered with that
    verb's form, by example; "redesign" with its three actions; "undo" with
    the method that does it; anything else with every form. In every language
    (the examples are notation, the same in all)."""
    from alhambra_widget.i18n import LANGUAGES

    with pytest.raises(NotationError) as ei:
        parse(text)
    assert ei.value.key == key
    for lang in LANGUAGES:
        assert shows in ei.value.localized(lang), lang
