// anywidget entry: the Alhambra table in a notebook.
//
// The kernel owns the game. This module only draws the synced `view` trait
// (a JSON view made by alhambra_widget/view.py) and sends the player's intents
// as custom messages; each display keeps its own selection, and every
// display of the same widget shows the same model state.
//
//   kernel -> page: traits  view, message, seat, replay_index
//   page -> kernel: {type: "action", action, stamp, seat}, {type: "undo"|"redo", stamp, seat},
//                   {type: "replay", index, seat}

import { bindInput, initialUi, reduce } from "./input.js";
import { CSS } from "./style.js";
import { tableHtml } from "./view/table.js";

/** The message to send for an intent made on `view`. */
export function message(intent, view) {
  const seat = view && view.seat !== undefined ? view.seat : null;
  if (intent.type === "replay") return { type: "replay", index: intent.index, seat };
  const msg = { ...intent, seat };
  if (view && typeof view.stamp === "number") msg.stamp = view.stamp;
  return msg;
}

function initialize({ model }) {
  // Model-wide wiring: nothing to keep -- the kernel pushes state in traits,
  // and intents are sent by each view. Kept for anywidget's lifecycle.
  void model;
  return () => {};
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "alh-root";
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.setAttribute("role", "region");
  root.setAttribute("aria-label", "Alhambra game");
  root.tabIndex = -1;
  const style = document.createElement("style");
  style.textContent = CSS;
  const body = document.createElement("div");
  root.append(style, body);
  el.appendChild(root);

  let ui = initialUi();
  let stamp = null;
  let dismissed = null;

  function draw() {
    const view = model.get("view");
    if (view && view.stamp !== stamp) {
      ui = { ...initialUi(), note: null };
      stamp = view.stamp;
    }
    const msg = model.get("message") || {};
    const shown = msg.id !== undefined && msg.id === dismissed ? {} : msg;
    const active = root.ownerDocument.activeElement;
    const key = active && root.contains(active) ? active.getAttribute("data-key") : null;
    body.innerHTML = tableHtml(view, ui, shown);
    if (key) {
      const target = body.querySelector(`[data-key="${key}"]`);
      if (target && typeof target.focus === "function" && target.getAttribute("aria-disabled") !== "true" && !target.disabled) target.focus();
      else root.focus();
    }
  }

  function dispatch(ev) {
    if (ev.act === "dismiss") {
      ui = { ...ui, note: null };
      dismissed = (model.get("message") || {}).id ?? null;
      draw();
      return;
    }
    const view = model.get("view");
    const res = reduce(ui, ev, view);
    ui = res.ui;
    if (res.intent) model.send(message(res.intent, view));
    draw();
  }

  const onMessage = () => {
    ui = { ...ui, note: null };
    draw();
  };
  const unbind = bindInput(root, dispatch);
  model.on("change:view", draw);
  model.on("change:message", onMessage);
  model.on("change:seat", draw);
  draw();
  return () => {
    unbind();
    model.off("change:view", draw);
    model.off("change:message", onMessage);
    model.off("change:seat", draw);
    root.remove();
  };
}

export default { initialize, render };
