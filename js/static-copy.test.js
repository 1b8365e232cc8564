import { describe, expect, it } from "vitest";
import { fakeModel, fixture } from "./fixtures.js";
import { EN } from "./i18n.js";
import { DISCONNECTED, echoMoves, followKernel, noKernel } from "./static-copy.js";
import widget from "./widget.js";

const tick = () => new Promise((r) => setTimeout(r, 0));

function mount(model, disconnected) {
  const el = document.createElement("div");
  if (disconnected) el.classList.add(DISCONNECTED);
  document.body.appendChild(el);
  const cleanup = widget.render({ model, el });
  return { el, root: el.querySelector(".alh-root"), cleanup };
}

describe("a table with no kernel behind it", () => {
  it("is told by ipywidgets' class on the view's element", () => {
    const el = document.createElement("div");
    expect(noKernel(el)).toBe(false);
    el.classList.add(DISCONNECTED);
    expect(noKernel(el)).toBe(true);
    expect(noKernel(null)).toBe(false);
  });

  it("says it is a saved copy and disables every control", () => {
    const { root } = mount(fakeModel({ view: fixture("buy-3p"), message: {} }), true);
    const note = root.querySelector('[role="note"]');
    expect(note.textContent).toBe(EN["ui.static.note"]);
    const acts = [...root.querySelectorAll("[data-act]")];
    expect(acts.length).toBeGreaterThan(10);
    expect(acts.filter((e) => !(e.disabled || e.getAttribute("aria-disabled") === "true"))).toEqual([]);
  });

  it("disables controls drawn later, and a live table is left alone", async () => {
    const model = fakeModel({ view: fixture("buy-3p"), message: {} });
    const live = mount(model, false);
    expect(live.root.querySelector('[role="note"]')).toBeNull();
    expect(live.root.querySelector('button[data-act="undo"]').disabled).toBe(false);
    live.el.classList.add(DISCONNECTED); // the kernel went away
    await tick();
    expect(live.root.classList.contains("alh-static")).toBe(true);
    model.push({ view: fixture("seated-2p-place") });
    await tick();
    const acts = [...live.root.querySelectorAll("[data-act]")];
    expect(acts.length).toBeGreaterThan(0);
    expect(acts.every((e) => e.disabled || e.getAttribute("aria-disabled") === "true")).toBe(true);
  });

  it("turns off, saying why, when a click cannot reach the kernel (it went away unmarked)", async () => {
    const model = fakeModel({ view: fixture("buy-3p"), message: {} });
    model.send = () => { throw new Error("Cannot send"); };   // (as a comm whose kernel restarted)
    const { el, root } = mount(model, false);
    expect(root.classList.contains("alh-static")).toBe(false);
    root.querySelector('button[data-act="undo"]').click();   // (an intent sent at once)
    await tick();
    expect(noKernel(el)).toBe(true);
    expect(root.classList.contains("alh-static")).toBe(true);
    expect(root.querySelector('[role="note"]').textContent).toBe(EN["ui.static.lost"]);
    const acts = [...root.querySelectorAll("[data-act]")];
    expect(acts.every((e) => e.disabled || e.getAttribute("aria-disabled") === "true")).toBe(true);
  });

  it("stops watching when the view goes", async () => {
    const el = document.createElement("div");
    const root = document.createElement("div");
    const stop = followKernel(el, root);
    stop();
    el.classList.add(DISCONNECTED);
    await tick();
    expect(root.classList.contains("alh-static")).toBe(false);
  });
});

describe("the move count written back (marimo)", () => {
  it("writes the kernel's value back once per change, without echoing itself", () => {
    // a model like marimo's: set() marks the key dirty and fires change events itself
    const handlers = {};
    const saved = [];
    let dirty = {};
    const state = { moves: 0 };
    const model = {
      get: (k) => state[k],
      set: (k, v) => { state[k] = v; dirty[k] = v; (handlers[`change:${k}`] || []).forEach((f) => f()); },
      save_changes: () => { if (Object.keys(dirty).length) saved.push(dirty); dirty = {}; },
      on: (ev, f) => { (handlers[ev] ||= []).push(f); },
      off: (ev, f) => { handlers[ev] = (handlers[ev] || []).filter((g) => g !== f); },
    };
    const kernel = (n) => { state.moves = n; (handlers["change:moves"] || []).forEach((f) => f()); };
    const stop = echoMoves(model);
    kernel(1);
    kernel(2);
    expect(saved).toEqual([{ moves: 1 }, { moves: 2 }]);
    stop();
    kernel(3);
    expect(saved.length).toBe(2);
  });

  it("is wired once per model by initialize", () => {
    const model = fakeModel({ view: fixture("buy-3p"), message: {}, moves: 0 });
    const cleanup = widget.initialize({ model });
    expect(model.count("change:moves")).toBe(1);
    cleanup();
    expect(model.count("change:moves")).toBe(0);
  });
});
