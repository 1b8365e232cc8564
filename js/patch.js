// Keyed patching of the DOM from a tree of parts (js/view/parts.js): a redraw
// replaces only the elements whose HTML changed, and keeps the others -- with
// their layout, focus and scroll positions -- untouched. Unchanged panels cost
// one string comparison; the browser then lays out only what was replaced. A
// changed part that holds the focus is brought to match in place instead, so
// the focused control stays (see morph).
//
//   const tree = mount(container, part)   // container's content becomes the part
//   tree = patch(tree, part)              // bring it up to date; returns the new tree
//
// A tree node is {key, el, html} for a leaf, {key, el, open, kids: Map} for a box.

import { partHtml } from "./view/parts.js";

/** Parse the HTML of one element (in `doc`, so nothing has to be adopted later). */
function parse(html, doc) {
  const holder = doc.createElement("div");
  holder.innerHTML = html;
  const el = holder.firstElementChild;
  if (!el || el !== holder.lastElementChild) throw new Error(`a part must be one element: ${html.slice(0, 60)}`);
  holder.removeChild(el);
  return el;
}

/** The tree of `part` over `el`, an element drawn from partHtml(part). */
function adopt(part, el) {
  if (part.kids === undefined) return { key: part.key, el, html: part.html };
  const kids = new Map();
  let child = el.firstElementChild;
  for (const k of part.kids) {
    kids.set(k.key, adopt(k, child));
    child = child.nextElementSibling;
  }
  return { key: part.key, el, open: part.open, kids };
}

/** A new element for `part`, with its tree. */
function build(part, doc) {
  return adopt(part, parse(partHtml(part), doc));
}

/** Give `el` the attributes of the opening tag `open` (a box whose own tag changed). */
function syncAttributes(el, open, close, doc) {
  copyAttributes(el, parse(open + close, doc));
}

/** Give `el` the attributes of `fresh` (and no others). */
function copyAttributes(el, fresh) {
  for (const a of [...el.attributes]) if (!fresh.hasAttribute(a.name)) el.removeAttribute(a.name);
  for (const a of fresh.attributes) if (el.getAttribute(a.name) !== a.value) el.setAttribute(a.name, a.value);
}

/**
 * Do two parts' HTML differ at most in their opening tag's attributes (the same tag, the same
 * content)? Compared as text, after the first ">" (an escaped attribute holds none; were one
 * there, the tags would only seem to differ in content, and the element be replaced).
 */
function sameInside(was, now) {
  if (typeof was !== "string" || typeof now !== "string") return false;   // (a leaf drawn apart keeps no HTML)
  const tag = (s) => s.slice(1, s.search(/[\s>]/)).toLowerCase();
  return tag(was) === tag(now) && was.slice(was.indexOf(">")) === now.slice(now.indexOf(">"));
}

/**
 * Can `el` become `fresh` by its attributes? Not an input of another type: changing the type
 * in place carries the old value over (a slider's turns into a check box's value attribute).
 */
const sameControl = (el, fresh) => el.nodeName !== "INPUT" || el.type === fresh.type;

/** Give `el` the attributes of `fresh`, and a form control the value and state they mean. */
function keepWith(el, fresh) {
  copyAttributes(el, fresh);
  // (an input's value and checked state follow its attributes only until it is used)
  if (el.tagName === "INPUT") {
    if (el.value !== fresh.value) el.value = fresh.value;
    if (el.checked !== fresh.checked) el.checked = fresh.checked;
  }
}

/**
 * Bring `el` (drawn) to match `fresh` (the same kind of element) and keep it: its attributes are
 * copied, and its children kept pairwise, in order, where `fresh` has a node of the same kind in
 * the same place (an element of the same name and data-key, brought to match in turn; text set);
 * a child of another kind is replaced, those beyond the shorter list added or removed. For a leaf
 * that holds the focus: the focused control is kept, so the focus stays on it and a screen
 * reader tells what changed (a card chosen: "pressed"), not the whole region again.
 */
function morph(el, fresh) {
  if (el.tagName === "SELECT" && el.value !== fresh.value) el.value = fresh.value;
  keepWith(el, fresh);
  const was = [...el.childNodes];
  const now = [...fresh.childNodes];
  const n = Math.min(was.length, now.length);
  for (let i = 0; i < n; i++) {
    const a = was[i];
    const b = now[i];
    if (a.nodeType === 1 && b.nodeType === 1) {
      if (a.nodeName === b.nodeName && a.namespaceURI === b.namespaceURI && a.getAttribute("data-key") === b.getAttribute("data-key") && sameControl(a, b)) morph(a, b);
      else a.replaceWith(b);
    } else if (a.nodeType === b.nodeType) {
      if (a.nodeValue !== b.nodeValue) a.nodeValue = b.nodeValue;
    } else a.replaceWith(b);
  }
  for (let i = n; i < was.length; i++) was[i].remove();
  for (let i = n; i < now.length; i++) el.appendChild(now[i]);
}

/** Does `el` hold the focus of its document? */
function holdsFocus(el) {
  const active = el.ownerDocument.activeElement;
  return !!active && active !== el.ownerDocument.body && el.contains(active);
}

const sameKind = (node, part) => (node.kids === undefined) === (part.kids === undefined);

/**
 * Bring `node` (drawn in the document) up to date with `part`; returns the
 * node for `part` -- the same one when it is kept, a new one when its element
 * was replaced (in place).
 */
function update(node, part, doc) {
  if (part.kids === undefined) {
    if (node.html === part.html) return node;
    const fresh = build(part, doc);
    if (sameInside(node.html, part.html) && sameControl(node.el, fresh.el)) {
      // only the element's own attributes changed (a card chosen, the replay slider moved): keep it,
      // so that the focus stays on it and a screen reader tells the change, not the whole control again
      keepWith(node.el, fresh.el);
      return { ...fresh, el: node.el };
    }
    if (holdsFocus(node.el) && node.el.nodeName === fresh.el.nodeName && sameControl(node.el, fresh.el)) {
      morph(node.el, fresh.el);
      return { ...fresh, el: node.el };
    }
    node.el.replaceWith(fresh.el);
    return fresh;
  }
  if (node.open !== part.open) {
    // same element kind (tag)? then keep it and its children, change attributes only
    const tag = (s) => s.slice(1, s.search(/[\s>]/)).toLowerCase();
    if (tag(node.open) !== tag(part.open)) {
      const fresh = build(part, doc);
      node.el.replaceWith(fresh.el);
      return fresh;
    }
    syncAttributes(node.el, part.open, part.close, doc);
    node.open = part.open;
  }
  node.kids = updateKids(node.el, node.kids, part.kids, doc);
  return node;
}

/** The children of `parent` (nodes `old`, by key) brought up to date with `parts`. */
function updateKids(parent, old, parts, doc) {
  const kids = new Map();
  const els = [];
  for (const p of parts) {
    const was = old.get(p.key);
    const node = was && sameKind(was, p) ? update(was, p, doc) : build(p, doc);
    kids.set(p.key, node);
    els.push(node.el);
  }
  const keep = new Set(els);
  for (const child of [...parent.children]) if (!keep.has(child)) child.remove();
  // kept elements are already in order (keys keep their order); insert the new ones
  let cursor = parent.firstElementChild;
  for (const el of els) {
    if (el === cursor) cursor = cursor.nextElementSibling;
    else parent.insertBefore(el, cursor);
  }
  return kids;
}

/** Draw `part` as the only content of `container`; returns its tree. */
export function mount(container, part) {
  container.innerHTML = partHtml(part);
  const el = container.firstElementChild;
  if (!el || el !== container.lastElementChild) throw new Error("a part must be one element");
  return adopt(part, el);
}

/** Bring the drawn `tree` up to date with `part`; returns the tree to keep. */
export function patch(tree, part) {
  const doc = tree.el.ownerDocument;
  if (tree.key !== part.key || !sameKind(tree, part)) {
    const fresh = build(part, doc);
    tree.el.replaceWith(fresh.el);
    return fresh;
  }
  return update(tree, part, doc);
}

/** The node of a path of keys (e.g. ["message"]) in a tree, or null. */
export function nodeAt(tree, ...keys) {
  let node = tree;
  for (const k of keys) {
    node = node && node.kids ? node.kids.get(k) : null;
    if (!node) return null;
  }
  return node;
}

/** Replace one node (found by nodeAt) with `part`, in place; returns the node now drawn. */
export function patchNode(parentNode, part) {
  const was = parentNode.kids.get(part.key);
  const node = was && sameKind(was, part) ? update(was, part, parentNode.el.ownerDocument) : null;
  if (!node) throw new Error(`no part ${part.key} to patch`);
  parentNode.kids.set(part.key, node);
  return node;
}
