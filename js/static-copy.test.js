import { describe, expect, it } from "vitest";
import { fakeModel, fixture, off } from "./fixtures.js";
import { EN } from "./i18n.js";
import { DISCONNECTED, disableControls, echoMoves, enableControls, followKernel, markLost, noKernel } from "./static-copy.js";
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

  it("leaves controls drawn after the view went alone, even on a saved copy", async () => {
    const el = document.createElement("div");
    el.classList.add(DISCONNECTED);
    const root = document.createElement("div");
    const stop = followKernel(el, root);
    expect(root.classList.contains("alh-static")).toBe(true);
    stop();
    root.innerHTML = `<button type="button" data-act="undo">Undo</button>`;
    await tick();
    expect(root.querySelector("button").disabled).toBe(false);
  });

  it("turns each kind of control off in its own way: native ones disabled, drawn ones marked for assistive technology", () => {
    const root = document.createElement("div");
    root.innerHTML = `<button type="button" data-act="undo">Undo</button><input data-act="lineup-name" value="Ana">`
      + `<select data-act="lang"><option>en</option></select><textarea data-act="note"></textarea>`
      + `<svg><g role="button" data-act="money" aria-label="face-up card dinar 5"></g></svg><span data-act="hint" role="button">Hint</span>`;
    disableControls(root);
    for (const tag of ["button", "input", "select", "textarea"]) {
      const c = root.querySelector(tag);
      expect(c.disabled, tag).toBe(true);
      expect(c.hasAttribute("aria-disabled"), tag).toBe(false);
    }
    for (const c of root.querySelectorAll('[role="button"]')) expect(c.getAttribute("aria-disabled")).toBe("true");
  });

  it("says once that it is a saved copy, whatever else the host does to the view's element", async () => {
    const { el, root } = mount(fakeModel({ view: fixture("buy-3p"), message: {} }), true);
    el.classList.add("jp-OutputArea-output");   // (a host adding classes of its own)
    el.classList.remove("jp-OutputArea-output");
    await tick();
    expect(root.querySelectorAll('[role="note"]').length).toBe(1);
  });

  it("comes back to life when the host clears the mark: the note goes and the next draw has live controls", async () => {
    const model = fakeModel({ view: fixture("buy-3p"), message: {} });
    const { el, root } = mount(model, true);
    expect(root.querySelector('button[data-act="undo"]').disabled).toBe(true);
    el.classList.remove(DISCONNECTED);
    await tick();
    expect(root.classList.contains("alh-static")).toBe(false);
    expect(root.querySelector('[role="note"]')).toBeNull();
    model.push({ view: fixture("seated-2p-place") });
    await tick();
    expect(root.querySelector('[role="note"]')).toBeNull();
    const tile = root.querySelector('[data-act="pending-tile"]');   // (a control the draw brought)
    expect(tile.getAttribute("role")).toBe("button");
    expect(off(tile)).toBe(false);
  });

  it("comes back to life with the very controls it had: those kept by the next draw are live too, those the view turned off stay off", async () => {
    const model = fakeModel({ view: fixture("buy-3p"), message: {} });
    const live = mount(fakeModel({ view: fixture("buy-3p"), message: {} }), false).root;
    const { el, root } = mount(model, true);
    const state = (r) => [...r.querySelectorAll("[data-act]")].map((c) => [c.dataset.act, off(c)]);
    expect(state(root).every(([, o]) => o)).toBe(true);
    el.classList.remove(DISCONNECTED);
    await tick();
    expect(state(root)).toEqual(state(live));
    expect(root.querySelector("[data-alh-off]")).toBeNull();
    // the language list and Undo are the same elements after the next draw: live
    const lang = root.querySelector('select[data-act="lang"]');
    model.push({ view: fixture("seated-2p-place") });
    await tick();
    expect(root.querySelector('select[data-act="lang"]')).toBe(lang);
    expect(lang.disabled).toBe(false);
    // and a control the view itself turns off is still off after a round trip
    const drawn = document.createElement("div");
    drawn.innerHTML = `<button type="button" data-act="undo" disabled>Undo</button><g role="button" data-act="money" aria-disabled="false"></g>`;
    disableControls(drawn);
    expect(off(drawn.querySelector("g"))).toBe(true);
    enableControls(drawn);
    expect(drawn.querySelector("button").disabled).toBe(true);
    expect(drawn.querySelector("g").getAttribute("aria-disabled")).toBe("false");
    expect(drawn.querySelector("[data-alh-off]")).toBeNull();
  });

  it("says it in the language of its own table when another table on the page speaks another", async () => {
    const german = fakeModel({ view: fixture("buy-3p"), message: {}, lang: "de", strings: { "ui.static.note": "Eine gespeicherte Kopie." } });
    const a = mount(german, false);
    mount(fakeModel({ view: fixture("buy-3p"), message: {}, lang: "en", strings: EN }), false);   // drawn after it
    a.el.classList.add(DISCONNECTED);
    await tick();
    expect(a.root.querySelector('[role="note"]').textContent).toBe("Eine gespeicherte Kopie.");
  });

  it("stays live with no view element to watch, and marking a missing element lost does nothing", () => {
    const root = document.createElement("div");
    expect(() => followKernel(null, root)()).not.toThrow();
    expect(root.classList.contains("alh-static")).toBe(false);
    expect(root.querySelector('[role="note"]')).toBeNull();
    expect(() => markLost(null)).not.toThrow();
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
