import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixture } from "./fixtures.js";
import { mount, nodeAt, patch, patchNode } from "./patch.js";
import { box, leaf, partHtml } from "./view/parts.js";
import { tableHtml, tableParts } from "./view/table.js";

const app = (kids, open = `<div class="alh-app">`) => box("app", open, kids, `</div>`);
const p = (key, text) => leaf(key, `<p class="alh-${key}">${text}</p>`);

function host() {
  const el = document.createElement("div");
  document.body.appendChild(el);
  return el;
}

describe("patching the DOM part by part", () => {
  it("keeps the elements whose HTML did not change, replaces the others in place", () => {
    const el = host();
    let tree = mount(el, app([p("a", "1"), p("b", "2"), p("c", "3")]));
    const [a, b, c] = el.querySelectorAll("p");
    // the focus on a control elsewhere on the page, outside these parts
    const elsewhere = host().appendChild(document.createElement("button"));
    elsewhere.focus();
    tree = patch(tree, app([p("a", "1"), p("b", "two"), p("c", "3")]));
    const after = [...el.querySelectorAll("p")];
    expect(after[0]).toBe(a);
    expect(after[1]).not.toBe(b);
    expect(after[1].textContent).toBe("two");
    expect(after[2]).toBe(c);
    expect(el.innerHTML).toBe(partHtml(app([p("a", "1"), p("b", "two"), p("c", "3")])));
    expect(document.activeElement).toBe(elsewhere);
    elsewhere.parentElement.remove();
  });

  it("adds, removes and keeps the order of keyed parts; boxes keep their element", () => {
    const el = host();
    let tree = mount(el, app([p("a", "1"), box("list", `<div class="alh-list">`, [p("x", "x"), p("y", "y")], `</div>`), p("c", "3")]));
    const list = el.querySelector(".alh-list");
    const y = el.querySelector(".alh-y");
    const next = app([p("a", "1"), p("b", "new"), box("list", `<div class="alh-list" data-n="3">`, [p("y", "y"), p("z", "z")], `</div>`)]);
    tree = patch(tree, next);
    expect(el.innerHTML).toBe(partHtml(next));
    expect(el.querySelector(".alh-list")).toBe(list); // its attributes changed, not the element
    expect(list.getAttribute("data-n")).toBe("3");
    expect(el.querySelector(".alh-y")).toBe(y);
    expect(nodeAt(tree, "list", "z").el).toBe(el.querySelector(".alh-z"));
    expect(nodeAt(tree, "c")).toBeNull();
  });

  it("keeps a leaf whose own attributes alone changed, with the focus on it; an input's value follows", () => {
    const el = host();
    const card = (pressed, label) => leaf("card", `<button type="button" class="alh-card" aria-pressed="${pressed}">${label}</button>`);
    const slider = (v) => leaf("slider", `<input type="range" min="0" max="10" value="${v}" aria-valuetext="move ${v}">`);
    let tree = mount(el, app([card(false, "dinar 3"), slider(10)]));
    const button = el.querySelector("button");
    const range = el.querySelector("input");
    button.focus();
    range.value = "4";                       // (moved by the user: its value no longer follows the attribute)
    tree = patch(tree, app([card(true, "dinar 3"), slider(7)]));
    expect(el.querySelector("button")).toBe(button);
    expect(button.getAttribute("aria-pressed")).toBe("true");
    expect(document.activeElement).toBe(button);
    expect(el.querySelector("input")).toBe(range);
    expect(range.value).toBe("7");
    expect(range.getAttribute("aria-valuetext")).toBe("move 7");
    expect(el.innerHTML).toBe(partHtml(app([card(true, "dinar 3"), slider(7)])));
    // its words changed too, away from the focus: a new element
    button.blur();
    tree = patch(tree, app([card(true, "dinar 4"), slider(7)]));
    expect(el.querySelector("button")).not.toBe(button);
    expect(el.querySelector("button").textContent).toBe("dinar 4");
    // and the tree follows: a later patch finds the element kept
    tree = patch(tree, app([card(false, "dinar 4"), slider(2)]));
    expect(el.querySelector("input")).toBe(range);
    expect(range.value).toBe("2");
  });

  it("brings a leaf that holds the focus to match in place, keeping the focused control", () => {
    const el = host();
    // a market drawn as one SVG: choosing a card moves it up and changes its class and state
    const market = (on, extra = "") =>
      leaf("money", `<section aria-label="Money market"><svg viewBox="0 0 100 60">` +
        [0, 1].map((i) => `<g role="button" tabindex="0" data-key="money-${i}" aria-pressed="${on === i}" class="${on === i ? "alh-selected" : ""}">` +
          `<title>card ${i}</title><rect x="${i * 50}" y="${on === i ? 0 : 8}" width="40" height="50"></rect></g>`).join("") +
        `${extra}</svg><p>${on === null ? "Choose a card" : `Take ${on}.`}</p></section>`);
    let tree = mount(el, app([market(null), p("b", "2")]));
    const section = el.querySelector("section");
    const card = el.querySelector('[data-key="money-1"]');
    card.focus();
    tree = patch(tree, app([market(1), p("b", "2")]));
    expect(el.innerHTML).toBe(partHtml(app([market(1), p("b", "2")])));
    expect(el.querySelector("section")).toBe(section);
    expect(el.querySelector('[data-key="money-1"]')).toBe(card);   // the same element, the focus on it
    expect(document.activeElement).toBe(card);
    expect(card.getAttribute("aria-pressed")).toBe("true");
    expect(card.querySelector("rect").getAttribute("y")).toBe("0");
    expect(card.querySelector("rect").namespaceURI).toBe("http://www.w3.org/2000/svg");
    expect(el.querySelector("p").textContent).toBe("Take 1.");
    // a mark added after the cards: the cards are kept
    tree = patch(tree, app([market(1, `<circle r="3"></circle>`), p("b", "2")]));
    expect(el.innerHTML).toBe(partHtml(app([market(1, `<circle r="3"></circle>`), p("b", "2")])));
    expect(el.querySelector('[data-key="money-1"]')).toBe(card);
    expect(document.activeElement).toBe(card);
    // another control in its place (another data-key) is another element: never one control
    // dressed as another
    const other = (on) => leaf("money", partHtml(market(on)).replace('data-key="money-1"', 'data-key="money-9"'));
    tree = patch(tree, app([other(1), p("b", "2")]));
    expect(el.innerHTML).toBe(partHtml(app([other(1), p("b", "2")])));
    expect(el.querySelector('[data-key="money-9"]')).not.toBe(card);
    expect(card.isConnected).toBe(false);
    tree = patch(tree, app([market(1), p("b", "2")]));
    // away from the focus a changed leaf is replaced as before
    document.activeElement.blur();
    tree = patch(tree, app([market(0), p("b", "2")]));
    expect(el.querySelector("section")).not.toBe(section);
    expect(el.innerHTML).toBe(partHtml(app([market(0), p("b", "2")])));
  });

  it("a part must be exactly one element", () => {
    const el = host();
    const tree = mount(el, app([p("a", "1")]));
    expect(() => patch(tree, app([leaf("a", `<p>1</p><p>2</p>`)]))).toThrow(/one element/);
    expect(() => mount(host(), leaf("a", "just words"))).toThrow(/one element/);
    expect(() => mount(host(), leaf("a", ""))).toThrow(/one element/);
    expect(() => mount(host(), leaf("a", `<p>1</p><p>2</p>`))).toThrow(/one element/);
  });

  it("keeps an element only for a part of the same tag: another tag is another element, a void one or the box at the top", () => {
    const el = host();
    // (a void element has no content to tell the tags apart: only the tag does)
    let tree = mount(el, app([leaf("a", `<hr class="alh-a">`), p("b", "2")]));
    const rule = el.querySelector("hr");
    tree = patch(tree, app([leaf("a", `<img class="alh-a" alt="">`), p("b", "2")]));
    expect(el.querySelector("hr")).toBeNull();
    expect(el.querySelector("img")).not.toBe(rule);
    expect(el.innerHTML).toBe(partHtml(app([leaf("a", `<img class="alh-a" alt="">`), p("b", "2")])));
    // the box at the top under another tag: drawn anew in its place
    const b = el.querySelector(".alh-b");
    const top = box("app", `<section class="alh-app">`, [leaf("a", `<img class="alh-a" alt="">`), p("b", "2")], `</section>`);
    tree = patch(tree, top);
    expect(el.children.length).toBe(1);
    expect(el.firstElementChild.tagName).toBe("SECTION");
    expect(tree.el).toBe(el.firstElementChild);
    expect(el.querySelector(".alh-b")).not.toBe(b);
    expect(el.innerHTML).toBe(partHtml(top));
  });

  it("a check box ticked by the player follows its attributes again where its leaf is drawn anew", () => {
    const el = host();
    const tick = (label) => leaf("tick", `<input type="checkbox" aria-label="${label}">`);
    // a group of controls in one leaf, the focus inside it: brought to match in place
    const group = (pressed) => leaf("group", `<div role="group"><button type="button" data-key="go" aria-pressed="${pressed}">Go</button>` +
      `<input type="checkbox" data-key="opt"></div>`);
    let tree = mount(el, app([tick("a"), group(false)]));
    const box1 = el.querySelector('[aria-label="a"]');
    box1.checked = true;   // (ticked by the player: no longer following its attributes)
    tree = patch(tree, app([tick("b"), group(false)]));   // only its own attributes changed: kept
    expect(el.querySelector("input")).toBe(box1);
    expect(box1.getAttribute("aria-label")).toBe("b");
    expect(box1.checked).toBe(false);
    const [go, box2] = el.querySelectorAll('[role="group"] > *');
    box2.checked = true;
    go.focus();
    tree = patch(tree, app([tick("b"), group(true)]));
    expect(el.querySelector('[data-key="opt"]')).toBe(box2);
    expect(document.activeElement).toBe(go);
    expect(go.getAttribute("aria-pressed")).toBe("true");
    expect(box2.checked).toBe(false);
  });

  it("a focused language list stepped past the language chosen elsewhere shows that language", () => {
    const el = host();
    const list = (lang) => leaf("lang", `<div><select data-key="lang">` +
      ["en", "de", "fi"].map((c) => `<option value="${c}"${c === lang ? " selected" : ""}>${c}</option>`).join("") + `</select></div>`);
    let tree = mount(el, app([list("en")]));
    const select = el.querySelector("select");
    select.focus();
    select.value = "de";   // (stepped through with the keys: German, then Finnish, neither taken yet)
    select.value = "fi";
    tree = patch(tree, app([list("de")]));
    expect(el.querySelector("select")).toBe(select);
    expect(document.activeElement).toBe(select);
    expect(select.value).toBe("de");
  });

  it("brings a focused leaf to match child by child: an element turned into words, words into an element, a tag into another", () => {
    const el = host();
    const panel = (line, head) => leaf("panel", `<section><${head}>Market</${head}><button type="button" data-key="ok">OK</button><p>${line}</p></section>`);
    let tree = mount(el, app([panel("<b>3</b> coins", "h4")]));
    const section = el.querySelector("section");
    const ok = el.querySelector("button");
    ok.focus();
    tree = patch(tree, app([panel("3 coins", "h4")]));   // an element where words are now
    expect(el.querySelector("section")).toBe(section);
    expect(el.innerHTML).toBe(partHtml(app([panel("3 coins", "h4")])));
    tree = patch(tree, app([panel("<b>3</b> coins", "h4")]));   // and words where an element is now
    expect(el.innerHTML).toBe(partHtml(app([panel("<b>3</b> coins", "h4")])));
    tree = patch(tree, app([panel("<b>3</b> coins", "h3")]));   // a heading of another level: another element
    expect(el.querySelector("h4")).toBeNull();
    expect(el.innerHTML).toBe(partHtml(app([panel("<b>3</b> coins", "h3")])));
    expect(el.querySelector("button")).toBe(ok);
    expect(document.activeElement).toBe(ok);
  });

  it("patches one part in place by its key, and refuses a part it does not hold", () => {
    const el = host();
    const list = (open, kids) => box("list", open, kids, open.startsWith("<section") ? `</section>` : `</div>`);
    const tree = mount(el, app([p("a", "1"), list(`<div class="alh-list">`, [p("x", "x")])]));
    const a = el.querySelector(".alh-a");
    const node = patchNode(tree, p("a", "one"));
    expect(node.el.textContent).toBe("one");
    expect(nodeAt(tree, "a")).toBe(node);
    expect(el.querySelector(".alh-a")).toBe(node.el);
    expect(el.querySelector(".alh-a")).not.toBe(a);
    // a box under another tag: drawn anew in its place
    const moved = patchNode(tree, list(`<section class="alh-list">`, [p("x", "x")]));
    expect(moved.el.isConnected).toBe(true);
    expect(el.querySelector(".alh-list").tagName).toBe("SECTION");
    expect(el.innerHTML).toBe(partHtml(app([p("a", "one"), list(`<section class="alh-list">`, [p("x", "x")])])));
    // no part under that key, or a part of the other kind (a leaf where a box is): refused
    expect(() => patchNode(tree, p("z", "?"))).toThrow("no part z to patch");
    expect(() => patchNode(tree, leaf("list", `<div class="alh-list"></div>`))).toThrow("no part list to patch");
    expect(nodeAt(tree, "list").kids.has("x")).toBe(true);
  });

  it("a focused language list follows the language chosen elsewhere; a part under another key is drawn anew", () => {
    const el = host();
    const list = (lang) => leaf("lang", `<div><select data-key="lang">` +
      ["en", "de", "fi"].map((c) => `<option value="${c}"${c === lang ? " selected" : ""}>${c}</option>`).join("") + `</select></div>`);
    let tree = mount(el, app([list("en"), p("b", "2")]));
    const select = el.querySelector("select");
    select.focus();
    select.value = "de";   // (stepped through with the keys, not taken yet)
    tree = patch(tree, app([list("fi"), p("b", "2")]));
    expect(el.querySelector("select")).toBe(select);
    expect(document.activeElement).toBe(select);
    expect(select.value).toBe("fi");
    // lookups by path: a leaf has no parts under it
    expect(nodeAt(tree, "lang").el).toBe(select.parentElement);
    expect(nodeAt(tree, "lang", "deeper")).toBeNull();
    expect(nodeAt(tree, "nothing")).toBeNull();
    // the same kind of part under another key: another element, the tree under the new key
    const before = el.firstElementChild;
    tree = patch(tree, box("other", `<div class="alh-app">`, [list("fi"), p("b", "2")], `</div>`));
    expect(tree.key).toBe("other");
    expect(el.firstElementChild).not.toBe(before);
    expect(nodeAt(tree, "b").el.textContent).toBe("2");
  });

  it("the table's parts are the table's HTML, each part one element", () => {
    for (const name of ["hotseat-3p", "buy-3p", "seated-2p-place", "seated-2p-other", "over-4p"]) {
      const v = fixture(name);
      const part = tableParts(v, { sel: null, note: null }, {});
      expect(partHtml(part)).toBe(tableHtml(v));
      const el = host();
      const tree = mount(el, part); // throws if a part is not one element
      const check = (node, part) => {
        if (part.kids === undefined) return expect(node.el.outerHTML.length).toBeGreaterThan(0);
        expect(node.el.children.length).toBe(part.kids.length);
        part.kids.forEach((k, i) => {
          expect(node.kids.get(k.key).el).toBe(node.el.children[i]);
          check(node.kids.get(k.key), k);
        });
      };
      check(tree, part);
    }
  });
});

describe("patching any tree into any other (property-based, fast-check)", () => {
  // Leaves of a few kinds: texts, buttons, a slider, a check box, and a group of controls in
  // one leaf (as the market is one SVG: a focus inside it keeps its control).
  const control = fc.oneof(
    fc.record({ id: fc.constantFrom("x", "y"), pressed: fc.boolean() })
      .map((c) => `<button type="button" data-key="${c.id}" aria-pressed="${c.pressed}">${c.id}</button>`),
    fc.integer({ min: 0, max: 3 }).map((v) => `<input type="range" min="0" max="3" value="${v}">`),
    fc.boolean().map((on) => `<input type="checkbox"${on ? ` checked=""` : ""}>`),
  );
  const leafHtml = (key) =>
    fc.oneof(
      fc.record({ tag: fc.constantFrom("p", "span"), text: fc.constantFrom("a", "b", "c &amp; d") })
        .map(({ tag, text }) => `<${tag} class="alh-${key}">${text}</${tag}>`),
      control,
      fc.array(control, { maxLength: 3 }).map((kids) => `<div role="group" class="alh-${key}">${kids.join("")}</div>`),
    );
  // A universe of parts: at every level each key, each leaf in two versions, each box with two
  // opening tags. Every tree patched is drawn from it (some keys left out, the order sometimes
  // turned round, one version of each), so that trees one after another share, change, move,
  // drop and add parts as the table's successive views do.
  const KEYS = ["a", "b", "c", "d"];
  const universe = (key, depth) =>
    depth === 0 || key === "d"
      ? fc.tuple(leafHtml(key), leafHtml(key)).map((versions) => ({ key, versions }))
      : fc.record({
          opens: fc.tuple(fc.constantFrom("div", "section"), fc.constantFrom("div", "section"), fc.constantFrom("1", "2"))
            .map(([t1, t2, n]) => [[`<${t1} class="alh-${key}" data-n="1">`, `</${t1}>`], [`<${t2} class="alh-${key}" data-n="${n}">`, `</${t2}>`]]),
          kids: fc.tuple(...KEYS.map((k) => universe(k, depth - 1))),
          alt: leafHtml(key),   // (a leaf in its place now and then: a part that changes kind)
        }).map(({ opens, kids, alt }) => ({ key, opens, kids, alt }));
  const draw = (u, bits) => {
    const bit = () => bits.next().value;
    if (u.versions) return leaf(u.key, u.versions[bit()]);
    if (u.alt && !bit() && !bit()) return leaf(u.key, u.alt);
    const [open, close] = u.opens[bit()];
    let kids = u.kids.filter(() => bit() || bit()).map((k) => draw(k, bits));
    if (!bit() && !bit()) kids = kids.reverse();
    return box(u.key, open, kids, close);
  };
  function* bitsOf(seed) {
    let x = seed | 1;
    for (;;) {
      x ^= x << 13; x ^= x >>> 17; x ^= x << 5;   // (xorshift: the bits of one seed)
      yield (x >>> 7) & 1;
    }
  }
  const world = fc.tuple(...KEYS.map((k) => universe(k, 2)));
  const root = (kids) => box("app", `<div class="alh-app">`, kids, `</div>`);
  const treeOf = (w, seed) => {
    const bits = bitsOf(seed);
    return root(draw({ key: "app", opens: [[`<div class="alh-app">`, `</div>`], [`<div class="alh-app">`, `</div>`]], kids: w }, bits).kids);
  };
  // the HTML of every leaf by its path of keys, and the path of the leaf drawing an element
  const leaves = (part, path = "", out = new Map()) => {
    if (part.kids === undefined) out.set(path, part.html);
    else for (const k of part.kids) leaves(k, `${path}/${k.key}`, out);
    return out;
  };
  const leafPath = (node, target, path = "") => {
    if (node.kids === undefined) return node.el.contains(target) ? path : null;
    for (const [key, kid] of node.kids) {
      const found = leafPath(kid, target, `${path}/${key}`);
      if (found !== null) return found;
    }
    return null;
  };

  it("draws exactly the new tree, keeps every element a repeat of the same tree, focus or none", () => {
    fc.assert(
      fc.property(world, fc.array(fc.integer({ min: 1 }), { minLength: 2, maxLength: 5 }), fc.nat(), (w, seeds, pick) => {
        const steps = seeds.map((seed) => treeOf(w, seed));
        const el = host();
        let drawn = mount(el, steps[0]);
        let parts = steps[0];
        const dirty = new Map();   // controls the player set (no longer following their attributes) -> their leaf
        for (const next of steps.slice(1)) {
          // the focus on some control, as a player's would be, and a slider moved or a box ticked
          const controls = el.querySelectorAll("button, input");
          if (controls.length) {
            const used = controls[pick % controls.length];
            used.focus();
            // (set against what its attributes say: no longer following them)
            if (used.type === "checkbox") used.checked = !used.hasAttribute("checked");
            if (used.type === "range") used.value = String((Number(used.getAttribute("value")) + 1) % 4);
            if (used.tagName === "INPUT") dirty.set(used, leafPath(drawn, used));
          }
          const was = leaves(parts);
          const now = leaves(next);
          drawn = patch(drawn, next);
          parts = next;
          expect(el.innerHTML).toBe(partHtml(parts));
          // a form control's state is what its attributes say -- but in a leaf drawn the same
          // again, left as the player set it (a name being typed is not wiped by a bot's move)
          for (const [input, path] of dirty) if (!input.isConnected || was.get(path) !== now.get(path)) dirty.delete(input);
          for (const input of el.querySelectorAll("input")) {
            const asSet = dirty.has(input);
            const what = `${input.outerHTML} checked=${input.checked} value=${input.value} set=${asSet}`;
            expect(input.checked === input.hasAttribute("checked"), what).toBe(!(asSet && input.type === "checkbox"));
            expect(input.value === (input.getAttribute("value") ?? "on"), what).toBe(!(asSet && input.type === "range"));
          }
          // the tree kept matches the document: a second patch of the same parts changes nothing
          const before = [...el.querySelectorAll("*")];
          drawn = patch(drawn, next);
          expect([...el.querySelectorAll("*")]).toEqual(before);
          before.forEach((node, i) => expect(el.querySelectorAll("*")[i]).toBe(node));
        }
        el.remove();
      }),
      { numRuns: 400, seed: 46 },
    );
  }, 60_000);   // (some seconds: generous for a loaded machine)
});
