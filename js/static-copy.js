// What the widget does for the host it is shown in, apart from drawing.
//
// No kernel: a page exported with its widget state (nbconvert's HTML,
// ipywidgets' embed) draws the saved table through
// @jupyter-widgets/html-manager, whose models have no comm; a live page whose
// kernel went away (shut down, restarted) keeps its views but their models
// lose the comm. ipywidgets marks a view's element with the class
// "jupyter-widgets-disconnected" whenever its model has no live comm
// (DOMWidgetView, ipywidgets 7 and 8), and hosts with a widget runtime of
// their own (marimo) never set it. While the class is there, the table says
// it is a saved copy and its controls are disabled: nothing could answer them.
//
// Reactive hosts: marimo re-runs the cells that use a widget when the page
// writes one of its traits, not when the kernel does. echoMoves writes the
// kernel's `moves` trait back each time it changes, so a marimo cell that
// reads the widget re-runs after every move. Elsewhere the write is no change
// (ipywidgets sends only values that differ from the kernel's) and nothing is
// sent.

import { t } from "./i18n.js";

/** The class ipywidgets puts on a view's element while its model has no live comm. */
export const DISCONNECTED = "jupyter-widgets-disconnected";

/** True when the view's element says that no kernel is connected. */
export function noKernel(el) {
  return !!(el && el.classList && el.classList.contains(DISCONNECTED));
}

const NATIVE = new Set(["BUTTON", "INPUT", "SELECT", "TEXTAREA"]);

/**
 * Disable every control of the table (the [data-act] elements input.js answers),
 * each marked (data-alh-off) as turned off here, not by the view.
 */
export function disableControls(root) {
  for (const c of root.querySelectorAll("[data-act]")) {
    if (NATIVE.has(c.tagName)) {
      if (!c.disabled) {
        c.disabled = true;
        c.dataset.alhOff = "";
      }
    } else if (c.getAttribute("aria-disabled") !== "true") {
      c.dataset.alhOff = c.getAttribute("aria-disabled") ?? "";   // (what it said before, if anything)
      c.setAttribute("aria-disabled", "true");
    }
  }
}

/** Turn back on the controls disableControls turned off (those the view turned off stay off). */
export function enableControls(root) {
  for (const c of root.querySelectorAll("[data-alh-off]")) {
    if (NATIVE.has(c.tagName)) c.disabled = false;
    else if (c.dataset.alhOff) c.setAttribute("aria-disabled", c.dataset.alhOff);
    else c.removeAttribute("aria-disabled");
    delete c.dataset.alhOff;
  }
}

/**
 * Keep `root` a static copy while `el` (the view's element) says no kernel is
 * connected: a note first in the root (its text from `strings()`, called
 * before t() so the widget's language is used) and every control disabled,
 * also those drawn later. Returns a function that stops watching.
 */
export function followKernel(el, root, strings = () => {}) {
  let note = null;
  const controls = new MutationObserver(() => disableControls(root));
  const apply = () => {
    const off = noKernel(el);
    if (off === root.classList.contains("alh-static")) return;
    root.classList.toggle("alh-static", off);
    if (off) {
      strings();
      note = root.ownerDocument.createElement("p");
      note.className = "alh-static-note";
      note.setAttribute("role", "note");
      // (a live table whose kernel went away since: markLost)
      note.textContent = t(el && el.dataset && el.dataset.alhLost ? "ui.static.lost" : "ui.static.note");
      const style = root.querySelector(":scope > style");
      root.insertBefore(note, style ? style.nextSibling : root.firstChild);
      disableControls(root);
      controls.observe(root, { childList: true, subtree: true });
    } else {
      // a comm never comes back to a model (ipywidgets makes new ones), but if
      // a host clears the class, the controls are live again, also those the
      // next draw keeps as they are
      controls.disconnect();
      enableControls(root);
      if (note) note.remove();
      note = null;
    }
  };
  const watch = new MutationObserver(apply);
  if (el) watch.observe(el, { attributes: true, attributeFilter: ["class"] });
  apply();
  return () => {
    watch.disconnect();
    controls.disconnect();
  };
}

/**
 * The kernel behind a live table went away (restarted or stopped: a message to it cannot be
 * sent, and the host has not marked the view): mark the view's element as its host marks a
 * disconnected view, so that followKernel turns the table off, saying why.
 */
export function markLost(el) {
  if (!el || !el.classList) return;
  el.dataset.alhLost = "1";
  el.classList.add(DISCONNECTED);
}

/**
 * Write the `moves` trait back whenever the kernel changes it (see above);
 * model-wide, so once per model however many views it has. Returns a cleanup.
 */
export function echoMoves(model) {
  let echoing = false;
  const echo = () => {
    if (echoing) return;
    echoing = true;
    try {
      model.set("moves", model.get("moves"));
      model.save_changes();
    } catch (e) {
      void e; // a host that cannot take a write (a static page) has nothing to re-run
    } finally {
      echoing = false;
    }
  };
  model.on("change:moves", echo);
  return () => model.off("change:moves", echo);
}
