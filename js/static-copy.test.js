import { describe, expect, it } from "vitest";
import { fakeModel, fixture } from "./fixtures.js";
import { EN } from "./i18n.js";
import { DISCONNECTED, followKernel, noKernel } from "./static-copy.js";
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
