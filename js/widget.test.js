import { describe, expect, it, vi } from "vitest";
import { exactBuy, fakeModel, fixture, off } from "./fixtures.js";
import { cardsText } from "./view/common.js";
import widget, { message } from "./widget.js";


function mount(model) {
  const el = document.createElement("div");
  document.body.appendChild(el);
  const cleanup = widget.render({ model, el });
  return { el, cleanup };
}

const click = (el) => el.dispatchEvent(new MouseEvent("click", { bubbles: true }));

describe("the anywidget module", () => {
  it("exports initialize and render", () => {
    expect(typeof widget.initialize).toBe("function");
    expect(typeof widget.render).toBe("function");
  });

  it("renders a root that keeps JupyterLab's shortcuts away", () => {
    const model = fakeModel({ view: fixture("buy-3p"), message: {} });
    const { el } = mount(model);
    const root = el.querySelector(".alh-root");
    expect(root.hasAttribute("data-lm-suppress-shortcuts")).toBe(true);
    expect(root.querySelector("style").textContent).toContain("color-scheme: light dark");
    expect(root.querySelectorAll(".alh-player").length).toBe(3);
    // named, and in the language of its words, which follow the kernel's strings
    expect([root.getAttribute("aria-label"), root.getAttribute("lang")]).toEqual(["Alhambra game", "en"]);
    model.push({ strings: { "ui.widget.aria": "Alhambra-Spiel" }, lang: "de" });
    expect([root.getAttribute("aria-label"), root.getAttribute("lang")]).toEqual(["Alhambra-Spiel", "de"]);
  });

  it("draws the game review from its own trait (graded), not from the view", () => {
    const over = fixture("over-4p");
    const model = fakeModel({ view: over, message: {} });
    const { el, cleanup } = mount(model);
    const button = () => el.querySelector('button[data-act="review"]');
    expect(off(button())).toBe(false);
    model.push({ graded: { running: true } });
    expect(off(button())).toBe(true);
    const graded = {
      moves: { "2": { grade: "blunder", player: 0, played: "A took dinar 2.", best: "A took ducat 4.", loss: 0.2, title: "move 2: blunder — better: A took ducat 4." } },
      counts: { best: 1, good: 0, inaccuracy: 0, mistake: 0, blunder: 1 },
    };
    model.push({ graded });
    const marks = el.querySelectorAll('[role="group"] button.alh-review-mark');
    expect([...marks].map((b) => b.title)).toEqual([graded.moves["2"].title]);
    expect(over.review).toBeUndefined(); // the kernel's view is left as it came
    model.push({ graded: null });
    expect(el.querySelectorAll("button.alh-review-mark").length).toBe(0);
    expect(off(button())).toBe(false);
    // no review, as JupyterLite's Pyodide kernel hands the kernel's None over: an empty object
    model.push({ graded: {} });
    expect(off(button())).toBe(false);
    expect(button().textContent).not.toContain("✓");
    cleanup();
    expect(model.count("change:graded")).toBe(0);
  });

  it("fits what to do now again when the column gets its size after the first draw, and stops watching on cleanup", () => {
    const observers = [];
    const frames = [];
    vi.stubGlobal("ResizeObserver", class {
      constructor(fn) { this.fn = fn; this.targets = []; this.off = false; observers.push(this); }
      observe(t) { this.targets.push(t); }
      disconnect() { this.off = true; }
    });
    vi.stubGlobal("requestAnimationFrame", (fn) => frames.push(fn));
    vi.stubGlobal("cancelAnimationFrame", () => {});
    try {
      const model = fakeModel({ view: fixture("buy-3p"), message: {} });
      const { el, cleanup } = mount(model);
      const root = el.querySelector(".alh-root");
      const hold = el.querySelector(".alh-hold");
      expect(observers.length).toBe(1);
      expect(observers[0].targets).toEqual([root]);
      expect(hold.style.getPropertyValue("--alh-sel-lines")).toBe(""); // drawn before any layout: three lines
      // the host lays the output out: the column is 300 px wide, with room for three lines more
      Object.defineProperty(hold, "clientWidth", { value: 300 });
      Object.defineProperty(hold, "clientHeight", { value: 460 });
      hold.querySelector(".alh-focus-hints").getBoundingClientRect = () => ({ height: 60, width: 300, top: 0, left: 0, bottom: 60, right: 300 });
      observers[0].fn([]);
      observers[0].fn([]); // (two reports in one frame: one fit)
      expect(frames.length).toBe(1);
      frames.shift()();
      expect(hold.style.getPropertyValue("--alh-sel-lines")).toBe("5");
      cleanup();
      expect(observers[0].off).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("sends a take intent with the view's stamp and seat", () => {
    const v = fixture("buy-3p");
    const model = fakeModel({ view: v, message: {} });
    const { el } = mount(model);
    click(el.querySelector('[data-act="money"][data-i="2"]'));
    click(el.querySelector('button[data-act="take"]'));
    expect(model.sent).toEqual([{ type: "action", action: `take ${v.money[2]}`, stamp: v.stamp, seat: null }]);
  });

  it("keyboard only: a slot, the cards of an exact payment and Buy", () => {
    const v = fixture("buy-3p");
    const buy = exactBuy(v);
    const model = fakeModel({ view: v, message: {} });
    const { el } = mount(model);
    const key = (sel) => el.querySelector(sel).dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    key(`[data-act="slot"][data-slot="${buy.slot}"]`);
    for (const i of buy.idx) key(`.alh-focus [data-act="card"][data-i="${i}"]`);
    expect(el.querySelector(".alh-selection").textContent).toMatch(/exact payment/);
    el.querySelector('button[data-act="buy"]').click();
    expect(model.sent).toEqual([{ type: "action", action: `buy ${buy.slot} with ${cardsText(buy.cards)}`, stamp: v.stamp, seat: null }]);
  });

  it("shows why a spot is refused, from the view's why-not data", () => {
    const v = fixture("buy-3p");
    const model = fakeModel({ view: v, message: {} });
    const { el } = mount(model);
    const entry = v.legal.tiles[0];
    click(el.querySelector(`[data-act="reserve-tile"][data-id="${entry.id}"]`));
    expect(el.querySelectorAll(".alh-focus rect.alh-spot").length).toBe(entry.spots.length);
    const [x, y, rule] = entry.why_not[0];
    click(el.querySelector(`.alh-focus rect.alh-cell-no[data-x="${x}"][data-y="${y}"]`));
    const msg = el.querySelector(".alh-message");
    expect(msg.dataset.rule).toBe(rule);
    expect(msg.textContent).toContain(v.explain[rule]);
    expect(model.sent).toEqual([]);
  });

  it("redraws when the kernel changes the view, and shows its messages", () => {
    const v = fixture("buy-3p");
    const model = fakeModel({ view: v, message: {} });
    const { el } = mount(model);
    click(el.querySelector('[data-act="money"][data-i="2"]'));
    expect(el.querySelectorAll(".alh-money .alh-selected").length).toBe(1);
    model.push({ view: { ...fixture("over-4p"), stamp: v.stamp + 1 } });
    expect(el.querySelector(".alh-status").textContent).toMatch(/Game over/);
    expect(el.querySelectorAll(".alh-money .alh-selected").length).toBe(0);
    model.push({ message: { kind: "error", rule: "E4", text: "The game is over.", id: 1 } });
    expect(el.querySelector(".alh-message .alh-rule").textContent).toBe("E4");
    click(el.querySelector('[data-act="dismiss"]'));
    expect(el.querySelector(".alh-message").textContent).toBe("");
  });

  it("two displays of one model stay in sync", () => {
    const v = fixture("buy-3p");
    const model = fakeModel({ view: v, message: {} });
    const a = mount(model);
    const b = mount(model);
    model.push({ view: { ...fixture("hotseat-3p"), stamp: 99 } });
    for (const { el } of [a, b]) expect(el.querySelector(".alh-status-text").textContent).toBe(fixture("hotseat-3p").status);
    a.cleanup();
    expect(a.el.querySelector(".alh-root")).toBeNull();
    expect(model.count("change:view")).toBe(1);
  });

  it("undo and replay messages", () => {
    const v = { ...fixture("seated-2p-place"), can_undo: true };
    const model = fakeModel({ view: v, message: {} });
    const { el } = mount(model);
    el.querySelector('button[data-act="undo"]').click();
    const input = el.querySelector('input[data-act="replay"]');
    input.value = "3";
    input.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent).toEqual([
      { type: "undo", seat: 0, stamp: v.stamp },
      { type: "replay", index: 3, seat: 0 },
    ]);
    expect(message({ type: "replay", index: -1 }, v)).toEqual({ type: "replay", index: -1, seat: 0 });
  });
});
