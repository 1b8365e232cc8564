import { describe, expect, it } from "vitest";
import { accessibleName, dom, fixture, indicesOf, off } from "../fixtures.js";
import { eventFrom, initialUi, reduce } from "../input.js";
import { message } from "../widget.js";
import { controlsHtml } from "./controls.js";
import { LESSON_CSS, lessonFeedbackHtml, lessonHtml } from "./lesson.js";
import { tableHtml } from "./table.js";
import { describeEntry } from "../describe.js";

// The shape of alhambra_widget.tutorial.Tutorial.state() (tests/test_tutorial.py
// checks that Python sends every key read here).
const LABELS = {
  region: "Lesson", progress: "Lesson 4 of 10", step: "Step 1 of 3", bar: "7 of 25 steps done",
  task: "Your task", done: "Done", rules: "Rules", rule: "Rule", ok: "Well done", refused: "Refused",
  info: "Note", finished: "You have done every step of the tutorial.", back: "Back",
  back_name: "Back: the previous step", next: "Next", next_name: "Next: the next step",
  replay: "Replay", replay_name: "Replay: set this step's position up again",
  others: "The others do not move in a lesson: Next goes on, Start over sets this step up again.",
};

function lesson(extra = {}) {
  return {
    index: 3, count: 10, step: 0, steps: 3, key: "place", step_key: "turned", lang: "en",
    title: "Placing tiles: orientation, walls, access",
    text: "Tiles keep the orientation in which they are printed.",
    task: "Press “Try it turned” to place the tower upside down <below> the fountain.",
    rules: ["P1", "P3", "P4"], reading: false, feedback: null, done: false, position: 8, total: 25,
    completed: 7, finished: false, can_back: true, can_next: true,
    ops: [{ op: "turn", label: "Try it turned", name: "Try to place the tile turned upside down" }],
    labels: LABELS,
    ...extra,
  };
}

describe("lessonHtml", () => {
  it("draws nothing without a lesson", () => {
    expect(lessonHtml(undefined)).toBe("");
    expect(lessonHtml(null)).toBe("");
    expect(lessonHtml({})).toBe("");
  });

  it("marks a task done, not a step only to read; cites rules only where there are some", () => {
    const mark = (extra) => dom(lessonHtml(lesson(extra))).querySelector(".alh-lesson-done");
    expect(mark({ done: true }).textContent).toBe("\u2713 Done");
    expect(mark({ done: false })).toBeNull();
    expect(mark({ done: true, reading: true })).toBeNull();
    expect(dom(lessonHtml(lesson())).querySelector(".alh-lesson-rules")).not.toBeNull();
    expect(dom(lessonHtml(lesson({ rules: [] }))).querySelector(".alh-lesson-rules")).toBeNull();
  });

  it("says the tutorial is finished only at the end of its last step", () => {
    const said = (extra) => dom(lessonHtml(lesson(extra))).querySelector(".alh-lesson-finished");
    expect(said({ finished: true, can_next: false }).textContent).toBe(LABELS.finished);
    expect(said({ finished: true, can_next: true })).toBeNull();
    expect(said({ finished: false, can_next: false })).toBeNull();
  });

  it("shows where the learner is: Lesson k of n, the step and a progress bar", () => {
    const root = dom(lessonHtml(lesson()));
    const panel = root.querySelector("section.alh-lesson");
    expect(panel.getAttribute("data-lesson")).toBe("3");
    expect(panel.getAttribute("data-step")).toBe("0");
    expect(panel.getAttribute("aria-label")).toBe("Lesson: Placing tiles: orientation, walls, access");
    // (labels without the region's word: the panel is still named, in English)
    const { region: _, ...unnamed } = LABELS;
    expect(dom(lessonHtml(lesson({ labels: { ...unnamed, region: "" } }))).querySelector("section.alh-lesson")
      .getAttribute("aria-label")).toBe("Lesson: Placing tiles: orientation, walls, access");
    expect(dom(lessonHtml(lesson({ labels: { ...LABELS, region: "Lektion" } }))).querySelector("section.alh-lesson")
      .getAttribute("aria-label")).toBe("Lektion: Placing tiles: orientation, walls, access");
    expect(root.querySelector(".alh-lesson-count").textContent).toBe("Lesson 4 of 10");
    expect(root.querySelector(".alh-lesson-step").textContent).toBe("Step 1 of 3");
    const bar = root.querySelector("progress.alh-lesson-bar");
    expect(bar.getAttribute("max")).toBe("25");
    expect(bar.getAttribute("value")).toBe("8");
    expect(bar.getAttribute("aria-label")).toBe("Lesson 4 of 10");
    expect(bar.getAttribute("aria-valuetext")).toBe("Lesson 4 of 10, Step 1 of 3");
  });

  it("keeps the progress bar whole whatever the numbers it is sent", () => {
    const bar = (extra) => {
      const el = dom(lessonHtml(lesson(extra))).querySelector("progress.alh-lesson-bar");
      return [el.getAttribute("max"), el.getAttribute("value")];
    };
    expect(bar({ position: 0 })).toEqual(["25", "0"]);              // the first step: nothing done yet
    expect(bar({ position: undefined })).toEqual(["25", "0"]);
    expect(bar({ position: -3 })).toEqual(["25", "0"]);
    expect(bar({ position: 40 })).toEqual(["25", "25"]);            // never past its end
    expect(bar({ total: undefined, position: 0 })).toEqual(["1", "0"]);   // no total: a bar of one
    expect(bar({ total: -2, position: 0 })).toEqual(["1", "0"]);
  });

  it("shows the title, the rule in words, the task (escaped) and the rules taught", () => {
    const root = dom(lessonHtml(lesson()));
    expect(root.querySelector(".alh-lesson-title").textContent).toBe("Placing tiles: orientation, walls, access");
    expect(root.querySelector(".alh-lesson-text").textContent).toContain("printed");
    const task = root.querySelector(".alh-lesson-task");
    expect(task.textContent).toBe("Your task: Press “Try it turned” to place the tower upside down <below> the fountain.");
    expect(task.querySelector("below")).toBeNull();
    expect([...root.querySelectorAll(".alh-lesson-rules .alh-rule")].map((e) => e.textContent)).toEqual(["P1", "P3", "P4"]);
  });

  it("has Back, Replay, the step's own buttons and Next, with accessible names, all sending lesson ops", () => {
    const root = dom(lessonHtml(lesson()));
    const buttons = [...root.querySelectorAll(".alh-lesson-buttons button")];
    expect(buttons.map((b) => b.getAttribute("data-op"))).toEqual(["back", "replay", "turn", "next"]);
    // named by the words they show (label in name); what each does in full is its description
    expect(buttons.map(accessibleName)).toEqual(["Back", "Replay", "Try it turned", "Next"]);
    expect(buttons.map((b) => b.getAttribute("title"))).toEqual([
      "Back: the previous step", "Replay: set this step's position up again",
      "Try to place the tile turned upside down", "Next: the next step",
    ]);
    for (const b of buttons) {
      expect(b.tagName).toBe("BUTTON"); // native buttons: Tab, Enter and Space work
      expect(b.getAttribute("type")).toBe("button");
      expect(b.getAttribute("data-act")).toBe("lesson");
      expect(b.getAttribute("data-key")).toBe(`btn-lesson-${b.getAttribute("data-op")}`);
      expect(off(b)).toBe(false);
    }
    expect(eventFrom(buttons[3])).toMatchObject({ act: "lesson", op: "next" });
    expect(root.querySelector(".alh-lesson-buttons").getAttribute("role")).toBe("toolbar");
  });

  it("disables Back on the first step and Next on the last; Next stands out once the task is done", () => {
    let root = dom(lessonHtml(lesson({ can_back: false })));
    expect(off(root.querySelector('[data-op="back"]'))).toBe(true);
    expect(root.querySelector('[data-op="next"]').classList.contains("alh-primary")).toBe(false);
    root = dom(lessonHtml(lesson({ done: true })));
    expect(root.querySelector('[data-op="next"]').classList.contains("alh-primary")).toBe(true);
    // (Next alone: the other buttons never stand out)
    expect([...root.querySelectorAll(".alh-lesson-buttons .alh-primary")].map((b) => b.dataset.op)).toEqual(["next"]);
    expect(root.querySelector(".alh-lesson-done").textContent).toContain("Done");
    expect(root.querySelector(".alh-lesson-done").dataset.done).toBe("true");
    root = dom(lessonHtml(lesson({ can_next: false, finished: true, done: true })));
    expect(off(root.querySelector('[data-op="next"]'))).toBe(true);
    expect(root.querySelector(".alh-lesson-finished").textContent).toContain("every step");
  });

  it("shows a refusal with its rule id, the explanation and the engine's words", () => {
    const fb = {
      kind: "refused", rule: "P1", id: 3,
      text: "Refused by rule P1: Tiles keep their printed orientation; a tile may not be turned.",
      detail: "tower 7 #44 is turned.",
    };
    const root = dom(lessonHtml(lesson({ feedback: fb })));
    const el = root.querySelector(".alh-lesson-feedback");
    expect(el.getAttribute("role")).toBe("status");
    expect(el.getAttribute("aria-live")).toBe("polite");
    expect(el.getAttribute("data-kind")).toBe("refused");
    expect(el.getAttribute("data-rule")).toBe("P1");
    expect(el.classList.contains("alh-lesson-refused")).toBe(true);
    expect(el.querySelector(".alh-rule").textContent).toBe("P1");
    // the rule's mark: its name on hover, hidden from a screen reader (the words say "Refused by rule P1")
    expect(el.querySelector(".alh-rule").getAttribute("title")).toBe("Rule P1");
    expect(el.querySelector(".alh-rule").getAttribute("aria-hidden")).toBe("true");
    const de = dom(lessonHtml(lesson({ feedback: fb, labels: { ...LABELS, rule: "Regel" } })));
    expect(de.querySelector(".alh-lesson-feedback .alh-rule").getAttribute("title")).toBe("Regel P1");
    const { rule: _, ...unnamed } = LABELS;
    expect(dom(lessonHtml(lesson({ feedback: fb, labels: unnamed }))).querySelector(".alh-lesson-feedback .alh-rule")
      .getAttribute("title")).toBe("Rule P1");
    expect(el.querySelector(".alh-lesson-kind")).toBeNull();  // the text says it: "Refused by rule P1: ..."
    expect(el.querySelector(".alh-lesson-fbtext").textContent).toContain("a tile may not be turned");
    expect(el.querySelector(".alh-lesson-detail").textContent).toBe("tower 7 #44 is turned.");
  });

  it("shows success and notes without a rule, and an empty live region before any try", () => {
    let el = dom(lessonFeedbackHtml(lesson({ feedback: { kind: "ok", text: "Placed as printed.", rule: null, id: 1 } }))).firstChild;
    expect(el.getAttribute("data-kind")).toBe("ok");
    expect(el.querySelector(".alh-rule")).toBeNull();
    expect(el.textContent).toBe("Well done Placed as printed.");
    el = dom(lessonFeedbackHtml(lesson({ feedback: { kind: "weird", text: "x", rule: null } }))).firstChild;
    expect(el.getAttribute("data-kind")).toBe("info");
    el = dom(lessonFeedbackHtml(lesson())).firstChild;
    expect(el.textContent).toBe("");
    expect(el.getAttribute("aria-live")).toBe("polite");
  });

  it("keeps its live region in place while the feedback changes, from one try and one step to the next", async () => {
    const { fakeModel } = await import("../fixtures.js");
    const { default: widget } = await import("../widget.js");
    const view = { ...fixture("buy-3p"), lesson: lesson() };
    const model = fakeModel({ view, message: {} });
    const el = document.createElement("div");
    document.body.appendChild(el);
    const cleanup = widget.render({ model, el });
    const region = el.querySelector(".alh-lesson-feedback");
    expect(region.textContent).toBe("");
    const tries = [
      { kind: "refused", rule: "P1", id: 1, text: "Refused by rule P1: Tiles keep their printed orientation." },
      { kind: "ok", rule: null, id: 2, text: "Placed as printed." },
    ];
    for (const [i, fb] of tries.entries()) {
      model.push({ view: { ...view, stamp: view.stamp + i + 1, lesson: lesson({ feedback: fb, step: i }) } });
      expect(el.querySelector(".alh-lesson-feedback")).toBe(region);
      expect(region.textContent).toContain(fb.text);
      expect(region.getAttribute("data-kind")).toBe(fb.kind);
    }
    model.push({ view: { ...view, stamp: view.stamp + 9, lesson: lesson({ step: 2 }) } });
    expect(el.querySelector(".alh-lesson-feedback")).toBe(region);
    expect(region.textContent).toBe("");
    cleanup();
  });

  it("works in any language: every word comes from the lesson", () => {
    const ja = lesson({
      title: "タイルの配置：向き、城壁、通路", text: "タイルの向きは常に正位置です。", task: "塔を置いてください。",
      labels: { ...LABELS, progress: "レッスン 4 / 10", step: "ステップ 1 / 3", task: "課題", back: "戻る", next: "次へ", replay: "もう一度" },
    });
    const root = dom(lessonHtml(ja));
    expect(root.querySelector(".alh-lesson-count").textContent).toBe("レッスン 4 / 10");
    expect(root.querySelector(".alh-lesson-task").textContent).toBe("課題: 塔を置いてください。");
    expect(root.querySelector('[data-op="next"]').textContent).toBe("次へ \u2192");
  });

  it("styles the panel with the widget's theme variables", () => {
    expect(LESSON_CSS).toContain(".alh-lesson {");
    expect(LESSON_CSS).toContain("var(--alh-accent)");
  });
});

// ------------------------------------------------------------ tutorial mode
// A view carrying a lesson: the front end sends wrong tries to the kernel (the
// engine refuses them and the lesson explains), and the lesson buttons.
const ui0 = () => initialUi();
const run = (view, events, ui = ui0()) => {
  let intent = null;
  for (const ev of events) ({ ui, intent } = reduce(ui, ev, view));
  return { ui, intent };
};

describe("tutorial mode input", () => {
  it("a lesson button becomes a lesson intent, sent with seat and stamp, even when it is not your turn", () => {
    const view = { ...fixture("seated-2p-place"), lesson: lesson(), legal: null };
    const { intent } = reduce(ui0(), { act: "lesson", op: "next" }, view);
    expect(intent).toEqual({ type: "lesson", op: "next" });
    expect(message(intent, view)).toEqual({ type: "lesson", op: "next", seat: view.seat, stamp: view.stamp });
    expect(reduce(ui0(), { act: "lesson" }, view).intent).toBeNull();
  });

  it("a refused spot is sent as the placement (without a lesson it stays a local note)", () => {
    const plain = fixture("seated-2p-place");
    const entry = plain.legal.tiles[0];
    const [x, y, rule] = entry.why_not[0];
    const events = [{ act: "pending-tile", id: entry.id }, { act: "spot", x, y, rule }];
    const local = run(plain, events);
    expect(local.intent).toBeNull();
    expect(local.ui.note.rule).toBe(rule);
    const taught = run({ ...plain, lesson: lesson() }, events);
    expect(taught.intent).toEqual({ type: "action", action: `place ${entry.id} at ${x},${y}` });
  });

  it("a tile that may not leave can be chosen and sent to the reserve; a swap that does not fit is sent", () => {
    const plain = fixture("hotseat-3p");
    const [x, y] = plain.legal.no_remove[0];
    expect(run(plain, [{ act: "placed", x, y }]).ui.sel).toBeNull();
    const view = { ...plain, lesson: lesson() };
    const chosen = run(view, [{ act: "placed", x, y }]);
    expect(chosen.ui.sel).toEqual({ kind: "placed", x, y });
    const bar = dom(controlsHtml(view, chosen.ui));
    expect(off(bar.querySelector('button[data-act="to-reserve"]'))).toBe(false);
    expect(reduce(chosen.ui, { act: "to-reserve" }, view).intent).toEqual({ type: "action", action: `remove ${x},${y}` });
    // the fountain too: the kernel refuses it (P6)
    expect(run(view, [{ act: "placed", x: 0, y: 0 }, { act: "to-reserve" }]).intent).toEqual({ type: "action", action: "remove 0,0" });
    // a reserve tile onto a tile it cannot replace
    const id = view.legal.tiles[0].id;
    expect(run(view, [{ act: "reserve-tile", id }, { act: "placed", x, y }]).intent).toEqual({ type: "action", action: `swap ${id} at ${x},${y}` });
  });

  it("too many money cards can be sent, and cards of another currency join a purchase", () => {
    const plain = fixture("hotseat-3p");
    const view = { ...plain, lesson: lesson() };
    const idx = indicesOf(["florin 2", "dinar 5"], view.money);  // 7: more than 5
    const picked = run(view, idx.map((i) => ({ act: "money", i })));
    expect(off(dom(controlsHtml(plain, picked.ui)).querySelector('button[data-act="take"]'))).toBe(true);
    expect(off(dom(controlsHtml(view, picked.ui)).querySelector('button[data-act="take"]'))).toBe(false);
    expect(reduce(picked.ui, { act: "take" }, view).intent).toEqual({ type: "action", action: "take florin 2, dinar 5" });
    // slot 1 takes florin; the dirham 2 is added anyway, and the kernel refuses (T2)
    const hand = view.players[view.legal.player].hand;
    const events = [{ act: "slot", slot: 1 }, { act: "card", i: hand.indexOf("florin 3") }, { act: "card", i: hand.indexOf("dirham 2") }];
    const buy = run(view, events);
    expect(buy.ui.sel).toMatchObject({ kind: "buy", slot: 1 });
    expect(reduce(buy.ui, { act: "buy" }, view).intent).toEqual({ type: "action", action: "buy 1 with florin 3, dirham 2" });
    expect(run(plain, events).ui.sel).toBeNull();  // without a lesson the unpayable slot cannot even be chosen
  });
});

describe("the table in tutorial mode", () => {
  it("shows the lesson panel only when the view carries a lesson, above the status line", () => {
    const plain = fixture("hotseat-3p");
    expect(dom(tableHtml(plain)).querySelector(".alh-lesson")).toBeNull();
    const root = dom(tableHtml({ ...plain, lesson: lesson() }));
    const panel = root.querySelector(".alh-app > .alh-lesson");
    expect(panel).not.toBeNull();
    const status = root.querySelector(".alh-app > .alh-status, .alh-app .alh-status");
    expect(panel.compareDocumentPosition(status) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe("Dirk in the tutorial", () => {
  // a two-player position, as the lessons on placing and scoring set up: Dirk is in the game (D1)
  // but a newcomer meets him only in the lesson on him
  const dirkNamed = (v) => {
    const entry = v.legal.tiles[0];
    const ui = reduce(initialUi(), { act: "pending-tile", id: entry.id }, v).ui;
    v.preview = { round: 1, points: [3, 1], dirk: [5, 0, 0, 0, 0, 0], buildings: [[0], [0]], counts: [[0], [0], [0]], walls: [0, 0], scores: [3, 1] };
    const root = dom(tableHtml(v, ui));
    root.querySelector(".alh-log").remove();   // (the fixture's game gave tiles to Dirk: no lesson before his does)
    const table = root.textContent + [...root.querySelectorAll("[aria-label]")].map((e) => e.getAttribute("aria-label")).join(" ");
    const round = { round: 1, points: [3, 1], dirk: [5, 0, 0, 0, 0, 0] };
    const told = describeEntry({ name: "Ben", action: "take dinar 3", events: [{ kind: "take", cards: ["dinar 3"] }, { kind: "score", round: 1 }] }, { ...v, rounds: [round] });
    expect(told).toContain("+3");
    return { table: table.includes("Dirk"), told: told.includes("Dirk") };
  };

  it("is named nowhere on the table in a lesson before his", () => {
    const v = fixture("seated-2p-place");
    expect(v.dirk.length).toBeGreaterThan(0);
    v.lesson = lesson({ rules: ["P1", "P3", "P4"] });
    expect(dirkNamed(v)).toEqual({ table: false, told: false });
    // a bought tile clicked on a tile of the Alhambra: where it may go, without him
    const entry = v.legal.tiles[0];
    const chosen = reduce(initialUi(), { act: "pending-tile", id: entry.id }, v).ui;
    const [x, y] = [v.players[0].alhambra[0].x, v.players[0].alhambra[0].y];
    const { ui } = reduce(chosen, { act: "placed", x, y }, v);
    expect(ui.note.text).not.toContain("Dirk");
  });

  it("is on the table in his lesson, and in a game", () => {
    const v = fixture("seated-2p-place");
    v.lesson = lesson({ rules: ["D1", "D2", "D3", "D4"] });
    expect(dirkNamed(v)).toEqual({ table: true, told: true });
    expect(dirkNamed(fixture("seated-2p-place"))).toEqual({ table: true, told: true });
  });
});

describe("the others in a lesson", () => {
  it("are not waited for: once the learner's move passes the turn, the table says what to press", () => {
    const v = fixture("seated-2p-other");
    expect(v.legal).toBeFalsy();   // (the other player's turn: nothing for this seat to do)
    expect(dom(controlsHtml(v, initialUi())).textContent).toContain("Waiting for");
    v.lesson = lesson();
    const said = dom(controlsHtml(v, initialUi())).querySelector(".alh-selection").textContent;
    expect(said).toBe(LABELS.others);
  });
});

describe("the rules a lesson cites", () => {
  it("say what they are, on hover and to a screen reader", () => {
    const v = lesson({ rule_texts: { P1: "Tiles are never turned.", P3: "Walls meet walls.", P4: "Every tile is reached from the fountain." } });
    const chips = [...dom(lessonHtml(v)).querySelectorAll(".alh-lesson-rules .alh-rule")];
    expect(chips.map((c) => c.getAttribute("title"))).toEqual(["Rule P1: Tiles are never turned.", "Rule P3: Walls meet walls.", "Rule P4: Every tile is reached from the fountain."]);
    expect(chips[0].textContent).toBe("P1: Tiles are never turned.");
    expect(chips[0].querySelector(".alh-sr").textContent).toBe(": Tiles are never turned.");
  });
});
