"""How fast is the widget? A benchmark script, not a test.

    .venv/bin/python benchmarks/bench_widget.py [--renders N] [--clicks N] [--quick]

Measures, in Debian's Chromium driven by Playwright (the harness of
tests/e2e/conftest.py: ``lab_server``, ``open_notebook`` ...):

1. **Drawing a 6-player end-of-game position** with the real bundle
   (``alhambra_widget/static/widget.js``) on a static page, the way
   tests/e2e/test_widget_page.py loads it (a stand-in model, the module
   imported from a blob: URL as anywidget does). Timed with performance.now()
   in the page, median over many repetitions after a warm-up:
   *mount* = ``render()`` into a fresh element + the style and layout it
   causes (forced by reading the element's size); *first frame* = mount + the
   work of the frame that follows (pre-paint, paint), the idle wait for that
   frame excluded -- in a 1100 x 900 page and in a 1100 x 2400 page that
   shows the whole table; *redraw* = a new ``view``
   (``change:view``, what every move triggers) + style and layout.
   Target: <= 16 ms. A position in play (move 150: markets, the acting
   player's board) is drawn the same way and reported beside it. Every draw
   starts from an empty page (the table at its top, in view), and the three
   pages take turns in five rounds, so a slower minute of this shared machine
   weighs on all of them alike. ``--bundle`` draws with another build (e.g.
   an older one); ``--compare OTHER`` only times the first frames of this
   build and OTHER taking turns in one page (the fairest comparison);
   ``--no-clicks`` leaves out part 2.
2. **From a click to the updated board in JupyterLab**: examples/play.ipynb in a
   real JupyterLab, its game replaced (from a cell) by a 6-player game in
   mid-play; then, ~20 times, a money card is clicked and then *Take*. A
   capturing click listener stamps the click on *Take* with performance.now();
   a MutationObserver on the widget stamps the moment the DOM shows the next
   move number (the kernel judged the move, sent the new view, the widget drew
   it). Median of those. Target: <= 100 ms. The click on the money card (a
   selection drawn locally, no kernel) is reported too.
3. **Synced state size** of a 6-player end-of-game position: the widget's
   traits as JSON, packed as jupyter_client sends them. Target: <= 30 KB
   (of game state; the front-end code ``_esm`` is reported apart: it is the
   same for every position).

Also timed in part 1: the pointer moved onto cells of the board with a tile
chosen to place (the help line under the board; where a refusal says where,
the board drawn again with its mark), style and layout included.

The 6-player games are played by a "builder" policy (place bought tiles in the
Alhambra, buy when possible, else take the most money), so that Alhambras grow
as in a real game; seeds are fixed. Prints a markdown table.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout

from alhambra_widget import AlhambraWidget, Game  # noqa: E402
from alhambra_widget.engine import actions as A  # noqa: E402
from tests.e2e.conftest import (  # noqa: E402
    CHROMIUM, CHROMIUM_ARGS, lab_server, notebook, open_notebook, run_all, run_code,
)
from tests.e2e.test_widget_page import BUNDLE, PAGE  # noqa: E402

SEED = 6
MID = 150  # a position in play: markets, the acting player's board with its legal spots


def builder(g: Game, rng: random.Random):
    acts = g.legal_actions()
    for kind in (A.Place, A.Buy, A.Build):
        pick = [a for a in acts if isinstance(a, kind)]
        if pick:
            return rng.choice(pick)
    takes = [a for a in acts if isinstance(a, A.TakeMoney)]
    if takes:
        return max(takes, key=lambda a: sum(c.value for c in a.cards))
    return rng.choice(acts)


def six_player_game(seed: int = SEED, moves: int | None = None) -> Game:
    """A 6-player game played to the end (or ``moves`` moves and on to an action phase)."""
    g = Game(["Ana", "Ben", "Chi", "Dan", "Eve", "Fay"], seed=seed)
    rng = random.Random(seed)
    while not g.is_over and (moves is None or len(g.history) < moves or g.phase != "action"):
        g.play(builder(g, rng))
    return g


# ----------------------------------------------------------------- 1. drawing
RENDER_BENCH = """async ([reps, warm]) => {
  const url = URL.createObjectURL(new Blob([window.src], {type: "text/javascript"}));
  const mod = await import(url);
  mod.default.initialize({model: window.model});
  const host = document.getElementById("out");
  const mount = [], render = [];
  let kept = null;
  for (let i = 0; i < warm + reps; i++) {
    const el = document.createElement("div");
    host.appendChild(el);
    const t0 = performance.now();
    const cleanup = mod.default.render({model: window.model, el});
    const t1 = performance.now();
    el.getBoundingClientRect(); void document.body.offsetHeight;  // style + layout
    const t2 = performance.now();
    if (i >= warm) { render.push(t1 - t0); mount.push(t2 - t0); }
    if (i < warm + reps - 1) { cleanup(); el.remove(); } else kept = () => { cleanup(); el.remove(); };
  }
  // redraws of the mounted view: a new view (another stamp), as after a move
  const redraw = [], draw = [];
  const base = window.state.view;
  for (let i = 0; i < warm + reps; i++) {
    const t0 = performance.now();
    window.pushState({view: {...base, stamp: base.stamp + 1 + i}});
    const t1 = performance.now();
    host.getBoundingClientRect(); void document.body.offsetHeight;
    const t2 = performance.now();
    if (i >= warm) { draw.push(t1 - t0); redraw.push(t2 - t0); }
  }
  const nodes = host.querySelectorAll("*").length;
  const html = host.querySelector(".alh-root").innerHTML.length;
  const phase = host.querySelector(".alh-app").dataset.phase;
  kept();  // the page empty again: the next table is drawn at its top, in view
  // the first frame: render + forced style and layout as above, then the
  // frame that follows (pre-paint, paint, commit), idle time before it excluded
  const afterFrame = () => new Promise((res) => requestAnimationFrame(() => {
    const t = performance.now();
    const ch = new MessageChannel();
    ch.port1.onmessage = () => res(t);
    ch.port2.postMessage(0);
  }));
  const frame = [];
  for (let i = 0; i < warm + reps; i++) {
    await afterFrame();
    const el = document.createElement("div");
    host.appendChild(el);
    const t0 = performance.now();
    const cleanup = mod.default.render({model: window.model, el});
    el.getBoundingClientRect(); void document.body.offsetHeight;
    const t1 = performance.now();
    const tf = await afterFrame();
    const t2 = performance.now();
    if (i >= warm) frame.push(t1 - t0 + t2 - tf);
    cleanup(); el.remove();
  }
  return {mount, render, redraw, draw, frame, nodes, html, phase};
}"""


def render_page(browser, height: int = 900, moves: int | None = None, bundle: Path = BUNDLE):
    """A page with the bundle and the end position (or the position after
    ``moves`` moves), 1100 x ``height`` (900: a laptop screen; 2400: the whole
    table in view, nothing left for later)."""
    g = six_player_game(moves=moves)
    w = AlhambraWidget(g)
    page = browser.new_page(viewport={"width": 1100, "height": height})
    page.set_content(PAGE)
    page.evaluate("s => { window.state = s; }", {"view": w.view, "message": w.message, "seat": w.seat})
    page.evaluate("src => { window.src = src; }", bundle.read_text())
    return page, {"moves": len(g.history), "tiles": [len(p.alhambra) - 1 for p in g.players], "over": g.is_over}


def bench_renders(browser, reps: int, cases: dict, rounds: int = 5, bundle: Path = BUNDLE) -> dict:
    """Time the drawing of each case ({name: (height, moves)}) ``reps`` times,
    in ``rounds`` rounds that take the cases in turn: the machine's slower and
    quicker minutes are shared by all of them."""
    pages = {name: render_page(browser, *case, bundle=bundle) for name, case in cases.items()}
    out = {name: dict(info) for name, (_, info) in pages.items()}
    for k in range(rounds):
        for name, (page, _) in pages.items():
            r = page.evaluate(RENDER_BENCH, [max(1, reps // rounds), 5])
            for key, v in r.items():
                if isinstance(v, list):
                    out[name].setdefault(key, []).extend(v)
                else:
                    out[name][key] = v
    for name, (page, info) in pages.items():
        assert (out[name]["phase"] == "over") == info["over"], (name, out[name]["phase"])
        page.close()
    return out


COMPARE_BENCH = """async ([srcs, reps, warm]) => {
  const mods = [];
  for (const src of srcs) {
    const mod = await import(URL.createObjectURL(new Blob([src], {type: "text/javascript"})));
    mod.default.initialize({model: window.model});
    mods.push(mod);
  }
  const afterFrame = () => new Promise((res) => requestAnimationFrame(() => {
    const t = performance.now();
    const ch = new MessageChannel();
    ch.port1.onmessage = () => res(t);
    ch.port2.postMessage(0);
  }));
  const host = document.getElementById("out");
  const frame = mods.map(() => []), nodes = mods.map(() => 0);
  for (let i = 0; i < warm + reps; i++) for (let k = 0; k < mods.length; k++) {
    await afterFrame();
    const el = document.createElement("div");
    host.appendChild(el);
    const t0 = performance.now();
    const cleanup = mods[k].default.render({model: window.model, el});
    el.getBoundingClientRect(); void document.body.offsetHeight;
    const t1 = performance.now();
    const tf = await afterFrame();
    const t2 = performance.now();
    if (i >= warm) frame[k].push(t1 - t0 + t2 - tf);
    nodes[k] = el.querySelectorAll("*").length;
    cleanup(); el.remove();
  }
  return {frame, nodes};
}"""


def compare(browser, other: Path, reps: int) -> list:
    """First frames of this build and of ``other``, taking turns in one page
    (the fairest comparison on a shared machine): rows for the end position
    and the position in play."""
    rows = []
    for name, moves in (("end of the game", None), (f"in play (move {MID})", MID)):
        page, _ = render_page(browser, 900, moves)
        r = page.evaluate(COMPARE_BENCH, [[BUNDLE.read_text(), other.read_text()], reps, 5])
        page.close()
        mine, theirs = (med(f) for f in r["frame"])
        rows.append((f"first frame, 6 players, {name}: this build / {other.name}",
                     f"{mine:.1f} / {theirs:.1f} ms = {mine / theirs:.2f} ({r['nodes'][0]} / {r['nodes'][1]} nodes)"))
    return rows


# ------------------------------------------------------- 2. click -> board
INSTRUMENT = """root => {
  window.__bench = {take: [], takeFrame: [], money: [], moneyFrame: [], t0: null, kind: null};
  const B = window.__bench;
  const moveOf = () => { const m = (root.querySelector('.alh-info') || {}).textContent?.match(/move (\\d+)$/); return m ? +m[1] : null; };
  B.moves = moveOf();
  document.addEventListener('click', (e) => {
    const el = e.target.closest && e.target.closest('.alh-root [data-act]');
    if (!el) return;
    const act = el.getAttribute('data-act');
    if (act === 'take' || act === 'money') { B.t0 = performance.now(); B.kind = act; }
  }, true);
  new MutationObserver(() => {
    const now = performance.now();
    const m = moveOf();
    // the DOM shows it now; "frame": the next frame is done (style, layout, paint)
    const frame = (list, t0) => requestAnimationFrame(() => setTimeout(() => list.push(performance.now() - t0), 0));
    if (B.kind === 'money' && B.t0 !== null) {
      B.money.push(now - B.t0); frame(B.moneyFrame, B.t0); B.t0 = null; B.kind = null;
    }
    if (m !== null && m !== B.moves) {
      B.moves = m;
      if (B.kind === 'take' && B.t0 !== null) {
        B.take.push(now - B.t0); frame(B.takeFrame, B.t0); B.t0 = null; B.kind = null;
      }
    }
  }).observe(root, {subtree: true, childList: true, characterData: true});
}"""

# run in the notebook's kernel: the builder above, then a 6-player game in mid-play
SETUP_CELL = """
import random
from alhambra_widget import Game
from alhambra_widget.engine import actions as A

""" + inspect.getsource(builder).replace("%", "%%") + """
g = Game(["Ana", "Ben", "Chi", "Dan", "Eve", "Fay"], seed=%d)
rng = random.Random(%d)
while len(g.history) < 100 or g.phase != "action":
    g.play(builder(g, rng))
w.game = g
print(len(g.history), g.phase)
"""


def bench_clicks(browser, clicks: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp, lab_server(Path(tmp)) as lab:
        page = browser.new_page(viewport={"width": 1400, "height": 1400})
        name = lab.copy(ROOT / "examples" / "play.ipynb")
        t = time.perf_counter()
        open_notebook(page, lab, name)
        run_all(page)
        root = notebook(page).locator(".alh-root")
        root.locator(".alh-status-text").wait_for(timeout=60_000)
        opened = time.perf_counter() - t
        start = int(run_code(page, SETUP_CELL % (SEED, SEED), new_cell=True).split()[0])
        root.locator(".alh-info").filter(has_text=f"move {start}").wait_for()
        root.evaluate(INSTRUMENT)
        warm = 2
        for k in range(warm + clicks):
            close = root.locator('[data-act="pop-close"]')   # a scoring round's panel over the table
            if close.count():
                close.first.click()
            root.locator('.alh-money [data-act="money"]').first.click()
            root.locator('button[data-act="take"]').click()
            page.wait_for_function("n => window.__bench.takeFrame.length === n", arg=k + 1, timeout=30_000)
        b = page.evaluate("() => window.__bench")
        moves = int(run_code(page, "print(len(w.game.history))"))
        assert moves == start + warm + clicks, (moves, start)
        page.close()
    return {**{k: b[k][warm:] for k in ("take", "takeFrame", "money", "moneyFrame")},
            "opened": opened, "start": start}


# ------------------------------------------------- 1b. pointing at the board
POINT_BENCH = """async ([tile, cases, reps, warm]) => {
  const mod = await import(URL.createObjectURL(new Blob([window.src], {type: "text/javascript"})));
  mod.default.initialize({model: window.model});
  const el = document.getElementById("out");
  const cleanup = mod.default.render({model: window.model, el});
  el.querySelector(`[data-act="pending-tile"][data-id="${tile}"]`).dispatchEvent(new MouseEvent("click", {bubbles: true}));
  const root = el.querySelector(".alh-root");
  const cell = ([x, y]) => el.querySelector(`.alh-focus rect[data-x="${x}"][data-y="${y}"]`);
  const out = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  let marks = 0;
  for (let i = 0; i < warm + reps; i++) {
    for (const [name, at] of Object.entries(cases)) {
      root.dispatchEvent(new Event("pointerleave"));   // (off the board: the help line says how to find out)
      void document.body.offsetHeight;
      const t0 = performance.now();
      cell(at).dispatchEvent(new Event("pointerover", {bubbles: true}));
      el.getBoundingClientRect(); void document.body.offsetHeight;   // style + layout
      const t1 = performance.now();
      if (i >= warm) out[name].push(t1 - t0);
      if (name === "marked") marks += el.querySelectorAll(".alh-refusal-mark").length;
    }
  }
  cleanup();
  return {...out, marks};
}"""


def bench_pointing(browser, reps: int, bundle: Path = BUNDLE) -> dict:
    """With a tile chosen to place (2 players, seed 0, move 161: twelve refused spots, each
    refusal saying where), the pointer moved from off the board onto a cell: a legal spot (the
    help line alone), a refused spot the engine says no more of (the help line: one refused cell
    of the view stripped of its words, as the view sends a refusal that cannot say where, a hole
    of more than four spots), a refused spot whose side the board marks (the help line and the
    board drawn again with the mark). Style and layout included; medians."""
    from tests.e2e.test_widget_page import played

    g = played(2, 0, 161)
    tile = g.pending_for(g.current)[0]
    w = AlhambraWidget(g)
    state = json.loads(json.dumps({k: getattr(w, k) for k in ("view", "message", "seat", "strings", "lang")}))
    entry = next(e for e in state["view"]["legal"]["tiles"] if e["id"] == tile.id)
    sides = [i for i, c in enumerate(entry["why_not"]) if len(c) == 5 and isinstance(c[4], str)]
    plain = sides[-1]
    entry["why_not"][plain] = entry["why_not"][plain][:3]
    cases = {"legal": entry["spots"][0][:2],
             "plain": entry["why_not"][plain][:2],
             "marked": entry["why_not"][sides[0]][:2]}
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.set_content(PAGE)
    page.evaluate("s => { window.state = s; }", state)
    page.evaluate("src => { window.src = src; }", bundle.read_text())
    r = page.evaluate(POINT_BENCH, [tile.id, cases, reps, 5])
    page.close()
    assert r["marks"] == reps + 5, r["marks"]   # (every pointing at the marked spot marked it)
    return r


# ------------------------------------------------------------ 3. state size
def state_size() -> dict:
    from jupyter_client.session import json_packer

    g = six_player_game()
    w = AlhambraWidget(g)
    st = w.get_state()
    game = {k: st[k] for k in ("view", "message", "seat", "replay_index")}
    rest = {k: v for k, v in st.items() if k not in game and k != "_esm"}
    return {
        "view": len(json_packer(st["view"])),
        "game": len(json_packer(game)),
        "widget": len(json_packer(rest)),
        "esm": len(json_packer(st["_esm"])),
        "compact": len(json.dumps(game, separators=(",", ":")).encode()),
    }


def med(xs) -> float:
    return statistics.median(xs)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--renders", type=int, default=100, help="timed repetitions of the drawing")
    ap.add_argument("--clicks", type=int, default=20, help="timed clicks in JupyterLab")
    ap.add_argument("--quick", action="store_true", help="20 renders, 5 clicks")
    ap.add_argument("--bundle", type=Path, default=BUNDLE,
                    help="the front-end bundle to draw with (e.g. an older build, to compare)")
    ap.add_argument("--no-clicks", action="store_true", help="leave out the JupyterLab clicks")
    ap.add_argument("--compare", type=Path, metavar="BUNDLE",
                    help="only compare the first frames of this build and another one, taking turns in one page")
    args = ap.parse_args()
    if args.quick:
        args.renders, args.clicks = 20, 5
    from playwright.sync_api import sync_playwright

    if args.compare:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                rows = compare(browser, args.compare, args.renders)
            finally:
                browser.close()
        print("| Measure | Medians |")
        print("|---|---|")
        for name, value in rows:
            print(f"| {name} | {value} |")
        return 0
    size = state_size()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            version = browser.version
            runs = bench_renders(browser, args.renders, {"end": (900, None), "tall": (2400, None), "mid": (900, MID)},
                                 bundle=args.bundle)
            r, tall, mid = runs["end"], runs["tall"], runs["mid"]
            point = bench_pointing(browser, args.renders, bundle=args.bundle)
            c = None if args.no_clicks else bench_clicks(browser, args.clicks)
        finally:
            browser.close()

    def ms(xs):
        return f"{med(xs):.1f} ms (p90 {sorted(xs)[int(0.9 * (len(xs) - 1))]:.1f}, n={len(xs)})"

    rows = [
        ("6-player end-of-game position: mount (render + style + layout)", ms(r["mount"]), "<= 16 ms",
         med(r["mount"]) <= 16),
        ("  of which render() (HTML/SVG built and inserted)", ms(r["render"]), "", None),
        ("6-player end-of-game position: first frame (mount + pre-paint and paint of the next frame)",
         ms(r["frame"]), "<= 16 ms", med(r["frame"]) <= 16),
        ("  the same with the whole table in view (1100 x 2400 page)", ms(tall["frame"]), "", None),
        (f"6-player position in play (move {mid['moves']}, Alhambras of {mid['tiles']} tiles): first frame",
         ms(mid["frame"]), "", None),
        ("6-player end-of-game position: redraw on a new view (+ style + layout)", ms(r["redraw"]), "<= 16 ms",
         med(r["redraw"]) <= 16),
        ("  of which draw() (HTML/SVG built, old nodes dropped, new inserted)", ms(r["draw"]), "", None),
        ("Pointer onto a legal spot, a tile chosen (2 players, move 161): the help line (+ style + layout)",
         ms(point["legal"]), "<= 16 ms", med(point["legal"]) <= 16),
        ("  onto a refused spot, the rule's line", ms(point["plain"]), "", None),
        ("  onto a refused spot whose side the board marks (the board drawn again)", ms(point["marked"]),
         "<= 16 ms", med(point["marked"]) <= 16),
    ] + ([] if c is None else [
        ("Click *Take* -> board shows the next move (JupyterLab, 6 players, kernel round trip)",
         ms(c["take"]), "<= 100 ms", med(c["take"]) <= 100),
        ("  ... and the next frame done (style, layout, paint)", ms(c["takeFrame"]), "", None),
        ("Click a money card -> selection drawn (JupyterLab, no kernel)", ms(c["money"]), "", None),
        ("  ... and the next frame done", ms(c["moneyFrame"]), "", None),
    ]) + [
        ("Synced state of a 6-player end-of-game position (view, message, seat, replay_index)",
         f"{size['game']:,} B ({size['compact']:,} B compact JSON)", "<= 30 KB", size["game"] <= 30_000),
        ("  of which the view", f"{size['view']:,} B", "", None),
        ("  other widget traits (layout, names ...); `_esm` (front-end code, sent once)",
         f"{size['widget']:,} B; {size['esm']:,} B", "", None),
    ]
    print(f"Widget benchmark -- {platform.python_implementation()} {platform.python_version()}, "
          f"Chromium {version}, {platform.machine()}; 6-player game seed {SEED}: "
          f"{r['moves']} moves, Alhambras of {r['tiles']} tiles, {r['nodes']} DOM nodes "
          f"({mid['nodes']} in play at move {mid['moves']}) "
          f"({r['html'] / 1000:.0f} kB of markup); "
          + ("" if c is None else f"JupyterLab page opened and run in {c['opened']:.1f} s; clicks from move {c['start']}; ")
          + f"bundle {args.bundle.name}; "
          f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print()
    print("| Measure | Median | Target | |")
    print("|---|---|---|---|")
    for name, value, target, ok in rows:
        mark = "" if ok is None else ("ok" if ok else "**over**")
        print(f"| {name} | {value} | {target} | {mark} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
