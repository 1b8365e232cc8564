"""The guided tutorial: lessons, the Tutorial controller and the widget's
tutorial mode, driven like the front end drives it.

A scripted learner goes through every lesson by sending the widget exactly
the messages js/input.js and js/widget.js send (``{"type": "action",
"action": notation, "stamp", "seat"}``, ``{"type": "lesson", "op", "stamp",
"seat"}``): each wrong try of a step is refused with the step's rule and its
explanation in the lesson's language, each step's solution completes it.
Rules reference: docs/rules/RULES.md.
"""

from __future__ import annotations

from collections import Counter

import dataclasses
import json
import re
from pathlib import Path

import pytest

import test_widget  # noqa: F401  (builds the front end bundle before AlhambraWidget is imported)
from alhambra_widget import AlhambraWidget, Game, IllegalMove, parse
from alhambra_widget.i18n import LANGUAGES, catalogue, placeholders, t
from alhambra_widget.tutorial import LESSONS, OPS, Tutorial, rule_explanation
from alhambra_widget.tutorial.lessons import freeze

ROOT = Path(__file__).resolve().parent.parent
LANGS = list(LANGUAGES)
STEPS = [(li, si) for li, lesson in enumerate(LESSONS) for si in range(len(lesson.steps))]
STEP_IDS = [f"{LESSONS[li].key}.{LESSONS[li].steps[si].key}" for li, si in STEPS]


# ----------------------------------------------------------------- helpers
def send(w, content):
    w._handle_custom_msg(content, [])


def action_msg(w, notation):
    """What js/widget.js sends for an action intent (message(intent, view))."""
    return {"type": "action", "action": notation, "seat": w.view["seat"], "stamp": w.view["stamp"]}


def lesson_msg(w, op):
    """What js/widget.js sends for a lesson button (data-act="lesson" data-op=op)."""
    return {"type": "lesson", "op": op, "seat": w.view["seat"], "stamp": w.view["stamp"]}


def do(w, move):
    """One move of a scripted learner: a notation, or ("op", name) for a lesson button."""
    if isinstance(move, tuple) and move[0] == "op":
        send(w, lesson_msg(w, move[1]))
    else:
        send(w, action_msg(w, move))


def wrong_moves(step):
    return [(w[:2] if w[0] == "op" else w[0], w[-1]) for w in step.wrong]


def front_end_can_send(view, notation) -> bool:
    """Could the front end (in lesson mode) send this notation from this view?
    Only what the learner can click: cards shown, cells drawn as refused or
    tiles drawn on the board, tiles in the reserve or to place."""
    a = parse(notation)
    legal = view["legal"]
    me = view["players"][legal["player"]]
    verb = a.verb
    def drawn(cards, among) -> bool:  # every card, each one drawn once
        left = Counter(among)
        left.subtract(map(str, cards))
        return min(left.values(), default=0) >= 0

    if verb == "take":
        return drawn(a.cards, view["money"])
    if verb == "buy":
        return drawn(a.cards, me["hand"]) and view["market"][a.slot - 1]["tile"] is not None
    tiles_on_board = {(t["x"], t["y"]) for t in me["alhambra"]}
    if verb == "remove":
        return tuple(a.pos) in tiles_on_board
    entry = next((e for e in legal["tiles"] if e["id"] == a.tile_id), None)
    if entry is None:
        return False
    cells = {tuple(c[:2]) for c in entry["spots"] + entry["why_not"]}
    if verb in ("place", "build"):
        return tuple(a.pos) in cells
    if verb == "swap":
        return entry["from"] == "reserve" and tuple(a.pos) in tiles_on_board
    return verb in ("reserve", "dirk")


@pytest.fixture
def tutor():
    return Tutorial(lang="en")


# ------------------------------------------------------------ the lessons
def test_there_is_a_lesson_for_every_part_of_the_rules():
    keys = [lesson.key for lesson in LESSONS]
    assert keys == ["goal", "money", "buy", "place", "holes", "redesign", "scoring", "walls", "end", "dirk"]
    taught = {r for lesson in LESSONS for r in lesson.rules}
    for rule in ("T1", "T2", "T2a", "T3a", "T3b", "T3c", "T4", "P1", "P2", "P3", "P4", "P5", "P6",
                 "C1", "C2", "C3", "C4", "E1", "E2", "E3", "E4", "D2", "D3", "D4"):
        assert rule in taught, rule
    # the rulebook's five illegal placements, and a hole of more than one cell, are tried
    refused = {(LESSONS[li].key, LESSONS[li].steps[si].key, w[-1])
               for li, si in STEPS for w in LESSONS[li].steps[si].wrong}
    assert ("place", "turned", "P1") in refused          # a turned tile
    assert ("place", "walls", "P3") in refused           # wall against an open side
    assert ("place", "access", "P4") in refused          # a wall between the tile and the fountain
    assert ("holes", "contact", "P2") in refused         # no shared side
    assert ("holes", "hole", "P5") in refused            # a hole
    assert ("holes", "big", "P5") in refused             # a hole of more than one cell
    assert {("redesign", "remove", r) for r in ("P4", "P5", "P6")} <= refused
    assert ("redesign", "swap", "P3") in refused
    assert ("money", "several", "T1") in refused and ("buy", "exact", "T2") in refused


def test_the_big_hole_is_bigger_than_one_cell():
    tut = Tutorial(lesson=[lesson.key for lesson in LESSONS].index("holes"))
    tut.next()
    tut.next()
    assert tut.current.key == "big"
    a = tut.game.players[0].alhambra
    empty_inside = [(x, y) for x in range(4) for y in range(3) if (x, y) not in a]
    assert (1, 1) in empty_inside and (2, 1) in empty_inside  # two cells a tile at (1, 2) would close in
    assert a.why_not(tut.game.pending[0][1], (1, 2)) == "P5"


@pytest.mark.parametrize("li,si", STEPS, ids=STEP_IDS)
def test_every_step_sets_up_a_legal_position_for_seat_0(li, si):
    tut = Tutorial().go(li, si)
    g = tut.game
    g.check()
    assert g.current == 0 and not g.is_over and g.history == []
    assert g.names[0] == "You"
    step = tut.current
    if step.goal:
        assert step.solution, "a step with a task has a scripted solution"
    # the position is the same every time (fixed seeds)
    assert Tutorial().go(li, si).game.to_json() == g.to_json()


@pytest.mark.parametrize("li,si", STEPS, ids=STEP_IDS)
def test_every_wrong_try_can_be_clicked_in_the_front_end(li, si):
    w = AlhambraWidget.tutorial(lesson=0)
    w.tutor.go(li, si)
    for move, rule in wrong_moves(w.tutor.current):
        if isinstance(move, tuple):
            assert move[1] in [o["op"] for o in w.lesson["ops"]]
        else:
            assert front_end_can_send(w.view, move), (move, rule)
    for move in w.tutor.current.solution:
        if not isinstance(move, tuple):
            assert front_end_can_send(w.view, move) or parse(move).verb in ("place", "reserve", "dirk"), move
            w.game.play(move)


# ------------------------------------------- a scripted learner, by messages
@pytest.mark.parametrize("lang", ["en", "fi", "ja"])
def test_a_scripted_learner_completes_every_lesson_through_the_widget(lang):
    w = AlhambraWidget.tutorial(lang=lang)
    tut = w.tutor
    assert w.seat == 0 and w.lesson["index"] == 0 and w.view["lesson"]["index"] == 0
    seen = []
    for _ in range(len(STEPS) + 1):   # (a Next that stops advancing fails below, not forever)
        lesson, step = LESSONS[tut.lesson], tut.current
        seen.append((tut.lesson, tut.step))
        st = w.lesson
        assert st["title"] == t(f"tutorial.{lesson.key}.title", lang)
        assert st["labels"]["progress"] == t("tutorial.ui.progress", lang, k=tut.lesson + 1, n=len(LESSONS))
        assert st["feedback"] is None
        # wrong tries first: refused by the engine, explained by the lesson
        for move, rule in wrong_moves(step):
            before = w.game.to_json()
            do(w, move)
            fb = w.lesson["feedback"]
            assert fb["kind"] == "refused" and fb["rule"] == rule, (step.key, move, fb)
            assert rule_explanation(rule, lang) in fb["text"]
            assert tut.t(f"tutorial.{lesson.key}.{step.key}.why.{rule}") in fb["text"]
            assert w.view["lesson"]["feedback"] == fb           # the front end gets it with the view
            assert w.game.to_json() == before                    # nothing changed
            assert not w.lesson["done"] or step.reading
            if not isinstance(move, tuple):
                assert w.message["kind"] == "error" and w.message["rule"] == rule
        # then the solution
        for move in step.solution:
            do(w, move)
            assert w.message.get("kind") != "error", (step.key, move, w.message)
        if step.goal:
            fb = w.lesson["feedback"]
            assert fb["kind"] == "ok" and w.lesson["done"], (step.key, fb)
            template = tut.t(f"tutorial.{lesson.key}.{step.key}.done")
            if not placeholders(template):
                assert template.split("{")[0][:20] in fb["text"]
            assert "{" not in fb["text"], fb["text"]
        else:
            assert w.lesson["done"] and w.lesson["reading"]
        if not w.lesson["can_next"]:
            break
        do(w, ("op", "next"))
    assert seen == STEPS
    assert w.lesson["finished"] and w.lesson["completed"] == w.lesson["total"] == len(STEPS)
    assert tut.finished


def test_scoring_lessons_report_the_rulebooks_numbers():
    tut = Tutorial()
    li = [lesson.key for lesson in LESSONS].index("scoring")
    tut.go(li, 2)
    tut.game.play("take dinar 8")
    fb = tut.applied("take dinar 8")
    rec = tut.game.rounds[-1]
    assert rec["round"] == 2
    assert rec["buildings"][0][5] == rec["buildings"][1][5] == 9    # (13 + 6) / 2 rounded down
    assert rec["buildings"][2][5] == 0                             # third pays nothing in round 2
    assert "9.5" in fb["text"] and f"you {rec['points'][0]}" in fb["text"]
    tut.go([lesson.key for lesson in LESSONS].index("end"), 1)
    tut.game.play("place 41 at 0,1")
    fb = tut.applied("place 41 at 0,1")
    rec = tut.game.rounds[-1]
    assert rec["round"] == 3 and rec["buildings"][0][5] == rec["buildings"][1][5] == 17
    assert rec["buildings"][2][5] == 6                             # (21 + 13) / 2; the next is third
    assert tut.game.is_over and "Winner: You" in fb["text"]
    # leftover tiles: a tie and nobody's currency leave tiles in the market (E2)
    assert [x.id if x else None for x in tut.game.market] == [None, 14, 23, None]


def test_the_wall_lessons_count_the_longest_external_wall():
    li = [lesson.key for lesson in LESSONS].index("walls")
    tut = Tutorial().go(li, 0)
    assert tut.game.players[0].alhambra.longest_wall() == 2
    tut.game.play("place 44 at 0,-1")
    assert "now 7 sides" in tut.applied("place 44 at 0,-1")["text"]
    tut.go(li, 1)
    tut.game.play("place 12 at 2,0")
    assert tut.applied("place 12 at 2,0")["kind"] == "ok"
    assert tut.game.players[0].alhambra.longest_wall() == 1


def test_dirk_takes_a_place_in_the_majorities():
    li = [lesson.key for lesson in LESSONS].index("dirk")
    tut = Tutorial().go(li, 1)
    assert len(tut.game.dirk) == 6
    tut.game.play("take dinar 8")
    said = tut.applied("take dinar 8")
    rec = tut.game.rounds[-1]
    assert rec["dirk"][4] == 5 and rec["buildings"][0][4] == 0     # Dirk first in gardens
    assert len(tut.game.dirk) == 12                                 # 6 more after round 1 (D2)
    # D3, X8: the places' points go to Dirk (11 with his pavilion, seraglio and arcades), apart
    assert rec["dirk"] == [1, 2, 3, 0, 5, 0] and rec["scores"] == [6, 1]
    assert said["kind"] == "ok"
    assert "their 5 points go to Dirk" in said["text"] and "Dirk scores 11 points in this round" in said["text"]
    assert "nobody" not in said["text"]


@pytest.mark.parametrize("lang, words", [
    ("de", ("5 Punkte für Gärten an Dirk", "11 Punkte")), ("fi", ("5 pistettä saa Dirk", "11 pistettä")),
    ("ja", ("5点はディルクのもの", "合計11点")), ("nl", ("5 punten voor tuinen gaan naar Dirk", "11 punten")),
])
def test_the_dirk_lesson_says_the_points_go_to_dirk_in_every_language(lang, words):
    li = [lesson.key for lesson in LESSONS].index("dirk")
    tut = Tutorial(lang).go(li, 1)
    tut.game.play("take dinar 8")
    text = tut.applied("take dinar 8")["text"]
    assert all(w in text for w in words), text


# -------------------------------------------------- feedback and languages
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_refusal_names_the_rule_and_explains_it_in_the_lessons_language(lang):
    w = AlhambraWidget.tutorial(lang=lang, lesson=3)             # placing: P1, P3, P4
    send(w, lesson_msg(w, "turn"))
    fb = w.lesson["feedback"]
    assert fb["kind"] == "refused" and fb["rule"] == "P1"
    assert fb["text"].startswith(t("tutorial.feedback.refused", lang, rule="P1", explanation=""))
    assert rule_explanation("P1", lang) in fb["text"]
    send(w, action_msg(w, "place 44 at 0,1"))
    fb2 = w.lesson["feedback"]
    assert fb2["rule"] == "P3" and fb2["id"] > fb["id"]
    assert w.tutor.t("tutorial.place.turned.why.P3") in fb2["text"]


def test_the_tutorial_speaks_every_language():
    texts = {}
    for lang in LANGS:
        tut = Tutorial(lang=lang, lesson=1)
        st = tut.state()
        texts[lang] = (st["title"], st["text"], st["task"], st["labels"]["next"])
        assert tut.names()[0] == t("tutorial.you", lang)
        assert "{" not in st["task"] and "{" not in st["text"]
    assert len({v for v in texts.values()}) == len(LANGS)
    # currency and button names are the table's own
    assert "Gulden 2" in Tutorial(lang="de", lesson=1).state()["task"]
    if "ui.btn.take" in catalogue("ja"):
        assert "「取る」" in Tutorial(lang="ja", lesson=0).go(0, 1).state()["task"]


def test_a_refused_try_on_the_board_gives_the_cell_the_board_marks(tutor):
    tutor.go(3, 2)                                    # placing: a wall between the tile and the fountain
    fb = tutor.refused("place 49 at 2,0")
    assert fb["rule"] == "P4" and fb["cell"] == [2, 0, "P4", "error.P4.unreachable", "W"]
    assert "every neighbour" in fb["detail"]
    assert tutor.state()["feedback"]["cell"] == fb["cell"]          # (what the view's lesson carries)
    # the same cell as the view's refused spot for that tile
    from alhambra_widget.view import legal_choices
    entry = next(e for e in legal_choices(tutor.game)["tiles"] if e["id"] == 49)
    assert fb["cell"] in entry["why_not"]
    # a try off the board (money) has none, nor a try the engine says no more of
    tutor.go(1)
    assert tutor.refused("take florin 2, dinar 3, ducat 1")["cell"] is None


def test_changing_the_language_re_renders_the_lesson_and_its_feedback(tutor):
    tutor.go(1)
    tutor.refused("take florin 2, dinar 3, ducat 1")
    en = tutor.feedback["text"]
    tutor.lang = "nl"
    nl = tutor.feedback["text"]
    assert en != nl and rule_explanation("T1", "nl") in nl
    assert tutor.state()["title"] == t("tutorial.money.title", "nl")
    with pytest.raises(ValueError):
        tutor.lang = "xx"


def test_every_lesson_text_exists_in_every_language():
    for lang in LANGS:
        cat = catalogue(lang)
        for lesson in LESSONS:
            assert f"tutorial.{lesson.key}.title" in cat
            for step in lesson.steps:
                base = f"tutorial.{lesson.key}.{step.key}"
                for part in ("text", "task") + (("done",) if step.goal else ()):
                    assert f"{base}.{part}" in cat, (lang, base, part)
                for wrong in step.wrong:
                    assert f"{base}.why.{wrong[-1]}" in cat, (lang, base, wrong)
            for key in [k for k in catalogue("en") if k.startswith("tutorial.")]:
                assert key in cat, (lang, key)


def test_legal_moves_that_miss_the_task_say_so():
    w = AlhambraWidget.tutorial(lesson=1)                         # take florin 2 + dinar 3
    send(w, action_msg(w, "take dirham 7"))                        # legal, but one card
    fb = w.lesson["feedback"]
    assert fb["kind"] == "info" and not w.lesson["done"]
    assert fb["text"] == t("tutorial.feedback.other", "en", btn_replay="Start over", btn_next="Next")
    send(w, lesson_msg(w, "replay"))
    assert w.game.history == [] and w.lesson["feedback"] is None and w.message == {}
    # a step of several moves says "carry on" in between
    w.tutor.go(2, 2)                                               # place both bought tiles
    send(w, action_msg(w, "place 12 at 0,-1"))
    fb = w.lesson["feedback"]
    assert fb["kind"] == "info" and fb["text"] == t("tutorial.feedback.progress", "en") and not w.lesson["done"]
    send(w, action_msg(w, "place 38 at 0,1"))
    assert w.lesson["feedback"]["kind"] == "ok" and w.lesson["done"]
    # the extra action after an exact payment spent on money, not on the overpaid purchase asked for
    w.tutor.go(2, 1)
    send(w, action_msg(w, "take dinar 8"))
    assert w.game.phase == "place" and not w.lesson["done"]
    assert w.lesson["feedback"]["text"] == t("tutorial.feedback.other", "en", btn_replay="Start over", btn_next="Next")
    w.tutor.go(2, 2)                                               # a tile into the reserve is placed too (T4)
    send(w, action_msg(w, "reserve 12"))
    assert w.lesson["feedback"]["text"] == t("tutorial.feedback.progress", "en") and not w.lesson["done"]
    # after the task is done, play goes on freely
    w.tutor.go(0, 1)
    send(w, action_msg(w, "take dinar 6"))
    assert w.lesson["done"]


def test_carry_on_is_said_while_the_task_is_within_the_solutions_number_of_moves():
    """A legal move that misses the task is "carry on" while the task can still be done in as
    many moves of the learner's own as the step's solution takes, and "not what this step asks"
    once it needs more. A one-move overpaid purchase asked before the exact payment: paying
    exactly first (T2a) leaves it one move away. Ending the turn asked in one move (taking
    money): paying exactly first leaves it two away (money, then the tile bought placed, T4)."""
    buy = next(lesson for lesson in LESSONS if lesson.key == "buy")
    start = buy.steps[0].setup                                     # before the exact payment
    overpay = dataclasses.replace(buy.steps[1], setup=start)      # buy 3 with dinar 4+6
    end_turn = dataclasses.replace(buy.steps[2], setup=start, solution=("take dinar 8",))
    tut = Tutorial("en", lessons=[dataclasses.replace(buy, steps=(overpay, end_turn))])
    progress = t("tutorial.feedback.progress", "en")
    tut.game.play("buy 2 with dirham 3+4")
    assert tut.game.extra and tut.applied("buy 2 with dirham 3+4")["text"] == progress and not tut.done
    tut.game.play("buy 3 with dinar 4+6")
    assert tut.applied("buy 3 with dinar 4+6")["kind"] == "ok"
    tut.next()
    tut.game.play("buy 2 with dirham 3+4")
    fb = tut.applied("buy 2 with dirham 3+4")
    assert fb["kind"] == "info" and not tut.done
    assert fb["text"] == t("tutorial.feedback.other", "en", btn_replay="Start over", btn_next="Next")
    tut.game.play("take dinar 8")                                  # (one move from it now: on the way again)
    assert tut.applied("take dinar 8")["text"] == progress
    tut.game.play("place 12 at 0,-1")
    assert tut.applied("place 12 at 0,-1")["kind"] == "ok" and tut.done


def test_a_task_done_again_after_start_over_is_praised_again():
    """Start over sets the step up again: the task done once more is told as the first time
    (not "this step is done: play on freely"), and the progress counts the step once."""
    w = AlhambraWidget.tutorial(lesson=1)                          # take florin 2 + dinar 3
    send(w, action_msg(w, "take florin 2, dinar 3"))
    first = w.lesson["feedback"]
    assert first["kind"] == "ok" and w.lesson["done"] and w.lesson["completed"] == 1
    send(w, lesson_msg(w, "replay"))
    assert not w.lesson["done"] and w.lesson["feedback"] is None
    send(w, action_msg(w, "take florin 2, dinar 3"))
    again = w.lesson["feedback"]
    assert again["kind"] == "ok" and again["text"] == first["text"] and w.lesson["done"]
    assert w.lesson["completed"] == 1


def test_an_undo_of_the_move_that_did_the_task_takes_back_its_praise():
    """The table's Undo in a lesson: the move that did the task taken back, the step is no longer
    marked done and its praise goes; Redo brings both back."""
    w = AlhambraWidget.tutorial(lesson=1)
    send(w, action_msg(w, "take florin 2, dinar 3"))
    assert w.lesson["done"] and w.view["lesson"]["feedback"]["kind"] == "ok"
    send(w, {"type": "undo", "seat": 0, "stamp": w.view["stamp"]})
    assert [m for m in w.game.moves if m.player is not None] == []   # (a reshuffle may be left: chance's)
    for lesson in (w.lesson, w.view["lesson"]):
        assert not lesson["done"] and lesson["feedback"] is None
    assert w.lesson["completed"] == 1                              # (done once: the progress keeps it)
    send(w, {"type": "redo", "seat": 0, "stamp": w.view["stamp"]})
    assert w.view["lesson"]["done"] and w.view["lesson"]["feedback"]["kind"] == "ok"


@pytest.mark.parametrize("lang", LANGS)
def test_a_refusal_never_says_the_same_sentence_twice(lang):
    """The engine's own words under a lesson's refusal are left out where the lesson's sentence
    already says them, and no lesson repeats the engine's words as its own."""
    tut = Tutorial(lang=lang)
    for li, lesson in enumerate(LESSONS):
        for si, step in enumerate(lesson.steps):
            for notation, rule in wrong_moves(step):
                tut.go(li, si)
                op = notation[1] if isinstance(notation, tuple) else None   # ("op", "turn"): a lesson button
                fb = tut.op(op) if op else tut.refused(notation)
                assert fb["rule"] == rule
                if fb["detail"] is not None:
                    assert fb["detail"].strip() not in fb["text"], (lesson.key, step.key, notation)
                why = f"tutorial.{lesson.key}.{step.key}.why.{rule}"
                if why in catalogue(lang) and not op:
                    engine = tut.game.why_illegal(parse(notation))
                    assert t(why, lang) != engine.localized(lang), (lesson.key, step.key, notation)


def test_the_learner_is_named_in_the_new_language_at_once():
    """Another language chosen before a move of the step: the same position, the learner named in
    it ("Sinä", not "You" until the next step); after a move the step's game is kept as it is."""
    w = AlhambraWidget.tutorial(lesson=1)
    position = lambda g: ([str(a) for a in g.legal_actions()], [str(x) for x in g.market], [str(c) for c in g.money],  # noqa: E731
                          [[str(c) for c in p.hand] for p in g.players])
    start = position(w.game)
    w.lang = "fi"
    assert w.game.names[0] == t("tutorial.you", "fi") and w.view["players"][0]["name"] == w.game.names[0]
    assert position(w.game) == start
    send(w, action_msg(w, "take dirham 7"))
    played = w.game
    w.lang = "de"
    assert w.game is played and len(w.game.history) == 1


# ------------------------------------------------- back, next, replay, progress
def test_next_back_and_progress(tutor):
    assert tutor.progress == (1, len(LESSONS)) and tutor.position == 1 and not tutor.can_back
    assert tutor.back() is False
    total = sum(len(lesson.steps) for lesson in LESSONS)
    assert tutor.total_steps == total
    for k in range(1, total):
        assert tutor.next() is True
        assert tutor.position == k + 1 and tutor.can_back   # (from the second step of the first lesson on)
    assert tutor.progress == (len(LESSONS), len(LESSONS)) and not tutor.can_next
    assert tutor.next() is False
    assert tutor.back() is True and tutor.position == total - 1
    for li in range(1, len(LESSONS)):   # back from a lesson's first step: the last step of the lesson before
        tutor.go(li, 0)
        assert tutor.back() is True and (tutor.lesson, tutor.step) == (li - 1, len(LESSONS[li - 1].steps) - 1)
    with pytest.raises(ValueError, match=f"lesson is an index from 0 to {len(LESSONS) - 1}, not {len(LESSONS)}$"):
        tutor.go(len(LESSONS))
    with pytest.raises(ValueError, match=f"step is an index from 0 to {len(LESSONS[0].steps) - 1} in lesson 0, not 9$"):
        tutor.go(0, 9)
    with pytest.raises(ValueError, match="not -1$"):
        tutor.go(0, -1)
    with pytest.raises(ValueError, match=f"not {len(LESSONS[0].steps)}$"):
        tutor.go(0, len(LESSONS[0].steps))   # (one past the last step)
    tutor.go(1, 1)
    assert repr(tutor) == f"<Tutorial en: lesson 2 of {len(LESSONS)} ({LESSONS[1].key}), step 2>"
    with pytest.raises(TypeError, match="lesson is an index, not '1'"):
        tutor.go("1")


def test_a_listener_removed_is_no_longer_called_and_the_others_still_are():
    tut = Tutorial("en")
    heard = []
    first, second = (lambda t: heard.append("first")), (lambda t: heard.append("second"))
    tut.listen(first)
    tut.listen(second)
    tut.next()
    assert heard == ["first", "second"]
    tut.listen(first, remove=True)
    heard.clear()
    tut.next()
    assert heard == ["second"]


def test_replay_sets_the_position_up_again_and_undo_works_inside_a_step():
    w = AlhambraWidget.tutorial(lesson=2)                           # buying
    start = w.game.to_json()
    send(w, action_msg(w, "buy 2 with dirham 3+4"))
    assert w.game.history and w.view["can_undo"]
    send(w, {"type": "undo", "seat": 0, "stamp": w.view["stamp"]})
    assert w.game.history == [] and not w.view["can_undo"]          # undo stops at the step's start
    send(w, action_msg(w, "buy 2 with dirham 3+4"))
    old = w.game
    send(w, lesson_msg(w, "replay"))
    assert w.game is not old and w.game.to_json() == start and w.tutor.game is w.game
    assert w.view["moves"] == 0


def test_a_step_set_up_by_playing_starts_after_those_moves():
    tut = Tutorial().go(2, 1)                                        # after an exact payment
    g = tut.game
    assert g.extra and g.history == [] and not g.can_undo
    g2 = Game.from_json(g.to_json())
    assert g2.extra and g2.pending_for(0)
    assert freeze(g) is g


def test_the_widget_follows_the_tutorial_when_it_is_driven_from_python():
    w = AlhambraWidget.tutorial(lang="fi")
    w.tutor.next()
    assert w.game is w.tutor.game and w.lesson["step"] == 1 and w.view["lesson"]["step"] == 1
    w.tutor.go(4)
    assert w.lesson["index"] == 4 and w.game.pending


def test_lesson_state_has_what_the_panel_draws():
    st = Tutorial(lesson=3).state()
    for key in ("index", "count", "step", "steps", "title", "text", "task", "rules", "reading", "feedback",
                "done", "finished", "position", "total", "completed", "can_back", "can_next", "ops", "labels"):
        assert key in st, key
    for key in ("region", "progress", "step", "task", "done", "rules", "rule", "ok", "refused", "info",
                "finished", "back", "back_name", "next", "next_name", "replay", "replay_name"):
        assert st["labels"][key], key
    assert st["ops"] == [{"op": "turn", "label": "Try it turned", "name": "Try to place the tile turned upside down"}]
    json.dumps(st)  # plain JSON for the front end
    st = Tutorial(lesson=3).go(3, 1).state()   # (the step's index from 0, its number in words from 1)
    assert st["step"] == 1 and st["labels"]["step"] == f"Step 2 of {len(LESSONS[3].steps)}"
    assert st["labels"]["progress"] == f"Lesson 4 of {len(LESSONS)}"


def test_corner_cells_are_offered_and_refused_in_the_p2_step():
    w = AlhambraWidget.tutorial(lesson=4)
    entry = w.view["legal"]["tiles"][0]
    corners = {(c[0], c[1]) for c in entry["why_not"] if c[2] == "P2"}
    assert corners == {(-1, -1), (2, -1), (-1, 1), (2, 1)}
    assert w.tutor.corner_cells() == [(-1, -1), (2, -1), (-1, 1), (2, 1)]   # north to south, west to east
    assert "P2" in w.view["explain"]
    w.tutor.next()
    assert not any(c[2] == "P2" for c in w.view["legal"]["tiles"][0]["why_not"])  # only where the step shows them


# --------------------------------------------------------- the message protocol
@pytest.mark.parametrize("msg", [
    {"type": "lesson", "op": "explode"},
    {"type": "lesson", "op": ""},
    {"type": "lesson", "op": None},
    {"type": "lesson", "op": ["next"]},
    {"type": "lesson", "op": {"op": "next"}},
    {"type": "lesson", "op": 3},
    {"type": "lesson", "op": "turn"},                 # not offered by this step
    {"type": "lesson", "op": "__init__"},
    {"type": "lesson"},
    {"type": "lesson", "op": "next", "extra": 1},
    {"type": "lesson", "op": "next", "seat": 1},
    {"type": "lesson", "op": "next", "seat": 0, "stamp": -5},
    {"type": "lesson", "op": "next", "seat": "0"},
])
def test_forged_lesson_messages_are_refused_and_change_nothing(msg):
    w = AlhambraWidget.tutorial(lesson=1)
    before = (w.tutor.lesson, w.tutor.step, w.game.to_json(), dict(w.lesson))
    send(w, msg)
    assert w.message["kind"] == "error"
    assert (w.tutor.lesson, w.tutor.step, w.game.to_json(), dict(w.lesson)) == before


def test_a_lesson_button_the_step_lacks_is_refused_in_the_lesson_s_words():
    for lang, words in (("en", "This step has no button 'explode' (it has back, replay, next)."),
                        ("de", "Dieser Schritt hat keine Schaltfläche 'explode' (nur back, replay, next).")):
        w = AlhambraWidget.tutorial(lesson=1, lang=lang)
        send(w, {"type": "lesson", "op": "explode"})
        assert w.message["kind"] == "error" and w.message["text"] == words


def test_lesson_messages_to_a_widget_not_in_tutorial_mode_are_refused():
    w = AlhambraWidget(players=2, seed=1)
    send(w, {"type": "lesson", "op": "next"})
    assert w.message["kind"] == "error" and "tutorial" in w.message["text"]
    assert w.lesson == {} and "lesson" not in w.view


def test_the_front_end_cannot_write_the_lesson():
    w = AlhambraWidget.tutorial()
    assert (w.tutor.lesson, w.tutor.step, w.lesson["index"], w.seat) == (0, 0, 0, 0)   # the first lesson, seated
    before = dict(w.lesson)
    w.set_state({"lesson": {"index": 5, "title": "forged"}})
    assert w.lesson == before


def test_every_op_of_a_step_is_accepted(tutor):
    for li, si in STEPS:
        tutor.go(li, si)
        assert set(OPS) <= set(tutor.ops())
        with pytest.raises(ValueError):
            tutor.op("explode")


def test_a_button_the_step_lacks_is_refused_by_the_tutorial_naming_those_it_has(tutor):
    """Tutorial.op driven from Python (not through the widget, which checks first): "turn" outside
    the step that offers it is a ValueError naming the step's buttons, like any unknown name."""
    tutor.go(1)
    with pytest.raises(ValueError, match=r"^this step has no 'turn' \(it has back, replay, next\)$"):
        tutor.op("turn")
    tutor.go(3)                                                    # placing: "turn" offered
    with pytest.raises(ValueError, match=r"^this step has no 'explode' \(it has back, replay, next, turn\)$"):
        tutor.op("explode")
    assert tutor.feedback is None and tutor.game.history == []    # (nothing happened)


def test_the_tutorial_classmethod_passes_the_language_on():
    w = AlhambraWidget.tutorial(lang="ja", lesson=2)
    assert w.tutor.lang == "ja" and w.lesson["lang"] == "ja" and w.lesson["index"] == 2
    if w.has_trait("lang"):
        assert w.lang == "ja"
        w.lang = "nl"
        assert w.lesson["lang"] == "nl" and w.lesson["title"] == t("tutorial.buy.title", "nl")
    with pytest.raises(ValueError):
        AlhambraWidget.tutorial(lang="xx")
    with pytest.raises(ValueError):
        AlhambraWidget.tutorial(lesson=99)


def test_the_lessons_import_no_jupyter():
    import subprocess
    import sys
    code = ("import sys, alhambra_widget.tutorial, alhambra_widget.tutorial.lessons; "
            "bad = [m for m in ('anywidget', 'ipywidgets', 'traitlets', 'IPython') if m in sys.modules]; "
            "assert not bad, bad; print('ok')")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr


def test_refused_needs_an_illegal_action(tutor):
    tutor.go(1)
    with pytest.raises(ValueError, match="legal"):
        tutor.refused("take florin 2, dinar 3")
    fb = tutor.refused("take florin 2", IllegalMove("T1", "made up"))
    assert fb["rule"] == "T1" and fb["detail"] == "made up"
    assert re.search(r"T1", fb["text"])


def test_docstring_example():
    import doctest

    import alhambra_widget.tutorial as module
    assert doctest.testmod(module, verbose=False).failed == 0


# ------------------------------------------------------------ the notebook
@pytest.mark.slow
def test_the_tutorial_notebook_opens_the_tutorial_in_every_language():
    from test_notebooks import EXAMPLES, NOTEBOOKS, displayed_model_ids, execute, stdout_of, widget_models

    path = EXAMPLES / "tutorial.ipynb"
    assert path in NOTEBOOKS                                  # run headless with the others
    nb = execute(path)
    text = stdout_of(nb)
    assert "0 The components and the goal" in text and "9 Two players: Dirk" in text
    assert "Lesson 4 of 10 - Placing tiles: orientation, walls, access" in text
    assert "Refused by rule P1" in text and re.search(r"^ok - Placed as printed", text, re.M)
    models = widget_models(nb)
    ids = displayed_model_ids(nb)
    assert len(ids) == 5 and all(i in models for i in ids)
    langs = [models[i]["lesson"]["lang"] for i in ids]
    assert langs == ["en", "de", "fi", "ja", "nl"]
    for i, lang in zip(ids[1:], langs[1:]):
        state = models[i]
        assert state["view"]["lesson"]["title"] == t("tutorial.goal.title", lang)  # saved with the notebook
        assert state["seat"] == 0 and state["view"]["legal"] is not None
    first = models[ids[0]]                                   # the English one, driven from Python
    assert first["lesson"]["index"] == 3 and first["lesson"]["done"]
    assert first["lesson"]["feedback"]["kind"] == "ok"


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_scoring_lesson_names_the_preview_as_the_table_shows_it(lang):
    """The scoring lesson points at the next round as it stands, in the words the
    table's scoring section uses for it (ui.scoring.preview), in every language."""
    shown = t("ui.scoring.preview", lang, round=1)
    assert shown in t("tutorial.scoring.when.text", lang)


@pytest.mark.parametrize("kwargs, words", [
    ({"players": ["Ana", "Ben"]}, "it takes no players"),
    ({"seed": 3, "seat": 1}, "it takes no seed, seat"),
    ({"game": Game(2, seed=1)}, "it takes no game"),
    ({"save": "lessons.json"}, "keeps no game in a file"),
])
def test_the_tutorial_says_which_arguments_it_does_not_take(kwargs, words):
    """(players= was refused as 'give either a game or players/seed, not both', which the user had not done)"""
    with pytest.raises(TypeError) as e:
        AlhambraWidget.tutorial(**kwargs)
    assert words in str(e.value)


def test_the_tutorial_takes_its_language_lesson_and_widget_options():
    w = AlhambraWidget.tutorial(lang="nl", lesson=2, bot_delay=0)
    assert w.lang == "nl" and w.tutor.lesson == 2 and w.seat == 0


def test_no_bot_can_be_seated_in_a_lesson():
    from alhambra_widget.bots import Greedy
    w = AlhambraWidget.tutorial()
    before = (w.game.to_json(), dict(w.bots))
    with pytest.raises(RuntimeError, match="a tutorial seats its own players"):
        w.bots = {1: Greedy()}
    assert (w.game.to_json(), dict(w.bots)) == before


def test_a_lesson_message_to_a_table_not_in_tutorial_mode_is_refused_in_its_language():
    w = AlhambraWidget(players=2, seed=1, lang="de")
    before = w.game.to_json()
    send(w, {"type": "lesson", "op": "next", "seat": w.view["seat"], "stamp": w.view["stamp"]})
    assert w.message["kind"] == "error"
    assert w.message["text"] == t("tutorial.not_tutorial", "de") and "Tutorial-Modus" in w.message["text"]
    assert w.game.to_json() == before


def test_names_in_a_done_text_are_joined_in_the_language_of_the_text():
    end = next(lesson for lesson in LESSONS if lesson.key == "end")
    award = end.steps[1]
    tie = dataclasses.replace(award, params=lambda g: {**award.params(g), "winner": [g.names[0], g.names[1]]})
    lesson = dataclasses.replace(end, steps=(end.steps[0], tie))
    for lang in ("en", "ja"):
        tut = Tutorial(lang=lang, lessons=[lesson])
        tut.go(0, 1)
        tut.game.play("place 41 at 0,1")
        text = tut.applied("place 41 at 0,1")["text"]
        assert t("list.and", lang, rest=t("tutorial.you", lang), last="Ben") in text
        assert "&" not in text
