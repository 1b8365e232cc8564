// How the widget redraws: only the panels whose markup changed are replaced,
// a change of the message alone touches only the message line, a draw with
// nothing new is skipped, the focus stays on the control that had it, and the
// folded earlier scoring rounds stay as the player left them.
import { describe, expect, it, vi } from "vitest";
import { fakeModel, fixture } from "./fixtures.js";
import widget from "./widget.js";
import { POP_WATCH_MS } from "./view/pop.js";


function mount(model) {
  const el = document.createElement("div");
  document.body.appendChild(el);
  const cleanup = widget.render({ model, el });
  return { el, cleanup };
}

/** Every element of the table, to compare identities before and after a redraw. */
const panels = (el) => ({
  status: el.querySelector(".alh-status"),
  message: el.querySelector(".alh-message"),
  money: el.querySelector('.alh-section[aria-label="Money market"]'),
  building: el.querySelector('.alh-section[aria-label="Building market"]'),
  controls: el.querySelector(".alh-controls"),
  board: el.querySelector(".alh-focus-board"),
  players: [...el.querySelectorAll(".alh-player")],
  scoring: el.querySelector(".alh-scoring"),
  log: el.querySelector(".alh-log"),
});

/** A control in focus, then Enter pressed on it. */
function chooseByKeyboard(control) {
  control.focus();
  control.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
}

const click = (el) => el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));

describe("redrawing part by part", () => {
  it("a new message redraws the message line only", () => {
    const model = fakeModel({ view: fixture("buy-3p"), message: {} });
    const { el } = mount(model);
    const before = panels(el);
    model.push({ message: { kind: "info", rule: null, text: "Ana: take dinar 3", id: 1 } });
    const after = panels(el);
    // the message line is a live region kept in place: its words and look change, so that a
    // screen reader reads them (one drawn anew with its words in it is not reliably read)
    expect(after.message).toBe(before.message);
    expect(after.message.textContent).toContain("Ana: take dinar 3");
    expect(after.message.getAttribute("role")).toBe("status");
    expect(after.message.classList.contains("alh-info-msg")).toBe(true);
    for (const k of ["status", "money", "building", "controls", "board", "scoring", "log"]) expect(after[k], k).toBe(before[k]);
    after.players.forEach((p, i) => expect(p).toBe(before.players[i]));
    // another message, then none: still the same element, empty at the end
    model.push({ message: { kind: "error", rule: "P5", text: "A hole.", id: 2 } });
    expect(panels(el).message).toBe(before.message);
    expect(before.message.classList.contains("alh-error")).toBe(true);
    expect(before.message.textContent).toContain("A hole.");
    model.push({ message: {} });
    expect(panels(el).message).toBe(before.message);
    expect(before.message.textContent).toBe("");
    expect(before.message.className).toBe("alh-message");
  });

  it("the hints come into a live region kept in place beside the board (a screen reader reads them)", () => {
    const v = fixture("buy-3p");
    const model = fakeModel({ view: v, message: {} });
    const { el } = mount(model);
    const room = el.querySelector(".alh-focus-hints");
    expect(room.getAttribute("role")).toBe("status");
    expect(room.getAttribute("aria-live")).toBe("polite");
    expect(room.children.length).toBe(0);
    model.push({ view: { ...v, stamp: v.stamp + 1, hinting: true } });
    expect(el.querySelector(".alh-focus-hints")).toBe(room);
    const hints = [{ action: "take florin 7", verb: "take", kind: "take", win: 0.52, margin: 1.5, cards: ["florin 7"] }];
    model.push({ view: { ...v, stamp: v.stamp + 2, hints } });
    expect(el.querySelector(".alh-focus-hints")).toBe(room);
    expect(room.querySelectorAll("li").length).toBe(1);
    expect(room.querySelector("[role], [aria-live]")).toBeNull(); // no live region inside the live region
    model.push({ view: { ...v, stamp: v.stamp + 3 } });
    expect(el.querySelector(".alh-focus-hints")).toBe(room);
    expect(room.children.length).toBe(0);
  });

  it("skips a draw when nothing changed (the same view again, a seat trait, a repeated message)", () => {
    const v = fixture("buy-3p");
    const model = fakeModel({ view: v, message: { kind: "info", text: "x", id: 1 } });
    const { el } = mount(model);
    const root = el.querySelector(".alh-root");
    const before = root.innerHTML;
    const nodes = [...root.querySelectorAll("*")];
    model.push({ seat: null });
    model.push({ message: model.get("message") });
    expect(root.innerHTML).toBe(before);
    [...root.querySelectorAll("*")].forEach((n, i) => expect(n).toBe(nodes[i]));
  });

  it("a click redraws the panels it changes; the new view then replaces only what differs", () => {
    const v = fixture("buy-3p");
    const model = fakeModel({ view: v, message: {} });
    const { el } = mount(model);
    const before = panels(el);
    click(el.querySelector('[data-act="money"][data-i="0"]'));
    const sel = panels(el);
    expect(sel.money).not.toBe(before.money);
    expect(sel.controls).not.toBe(before.controls);
    for (const k of ["status", "building", "board", "scoring", "log"]) expect(sel[k], k).toBe(before[k]);
    sel.players.forEach((p, i) => expect(p).toBe(before.players[i]));
    // the kernel answers with a view that differs in one player's score only
    const next = structuredClone(v);
    next.stamp = v.stamp + 1;
    next.players[2].score += 5;
    model.push({ view: next });
    const after = panels(el);
    expect(after.players[2]).not.toBe(before.players[2]);
    expect(after.players[2].querySelector(".alh-score").textContent).toBe(`${next.players[2].score} pts`);
    expect(after.players[0]).toBe(before.players[0]);
    expect(after.players[1]).toBe(before.players[1]);
    expect(after.money.querySelectorAll(".alh-selected").length).toBe(0); // a new view clears the selection
    expect(after.building).toBe(before.building);
    expect(after.log).toBe(before.log);
  });

  it("keeps a selection while the position stays (a hint come, a review moving on), not once it changes", () => {
    const v = { ...fixture("buy-3p"), since: 7, stamp: 7 };
    const model = fakeModel({ view: v, message: {} });
    const { el } = mount(model);
    click(el.querySelector('[data-act="money"][data-i="0"]'));
    const chosen = () => el.querySelectorAll('.alh-money .alh-selected').length;
    expect(chosen()).toBe(1);
    const hints = [{ action: "take florin 7", verb: "take", kind: "take", win: 0.52, margin: 1.5, cards: ["florin 7"] }];
    model.push({ view: { ...v, stamp: 8, hints } });            // the same position, a new picture
    expect(chosen()).toBe(1);
    model.push({ view: { ...v, stamp: 9, thinking: null, hinting: false } });
    expect(chosen()).toBe(1);
    model.push({ view: { ...v, stamp: 10, since: 10 } });        // another position
    expect(chosen()).toBe(0);
  });

  it("keeps the focus on the control that had it, redrawn or not", () => {
    const v = fixture("buy-3p");
    const model = fakeModel({ view: v, message: {} });
    const { el } = mount(model);
    chooseByKeyboard(el.querySelector('[data-act="money"][data-i="1"]'));
    const now = document.activeElement;
    expect(now.getAttribute("data-key")).toBe("money-1");
    expect(now.getAttribute("aria-pressed")).toBe("true");
    // a message does not move the focus
    model.push({ message: { kind: "error", rule: "T1", text: "no", id: 5 } });
    expect(document.activeElement).toBe(now);
  });

  it("after a move the focus stays where the player was: on a button now off, or on the board", () => {
    const v = fixture("buy-3p");
    const model = fakeModel({ view: v, message: {} });
    const { el } = mount(model);
    chooseByKeyboard(el.querySelector('[data-act="money"][data-i="0"]'));
    const take = el.querySelector('button[data-act="take"]');
    expect(take.getAttribute("aria-disabled")).toBeNull();
    take.focus();
    model.push({ view: { ...v, stamp: v.stamp + 1, since: v.stamp + 1 } });   // the move made: another position
    const now = document.activeElement;
    expect(now.getAttribute("data-key")).toBe("btn-take");
    expect(now.getAttribute("aria-disabled")).toBe("true");   // off, out of the tab order, still the focus
    expect(now.getAttribute("tabindex")).toBe("-1");
    // a tile of the board in focus, and then no cell to act on (not this player's turn): the board
    const tile = el.querySelector('.alh-focus [data-act="placed"]');
    tile.focus();
    model.push({ view: { ...v, stamp: v.stamp + 2, since: v.stamp + 2, legal: null } });
    expect(el.querySelector('.alh-focus [data-act="placed"]')).toBeNull();
    expect(document.activeElement).toBe(el.querySelector(".alh-focus-board"));
  });

  it("a tile placed by keyboard on the player's own board: the focus stays at that cell", () => {
    const v = fixture("seated-2p-place");   // Ana places garden 8 (#35): spots -1,0 and 0,1
    const model = fakeModel({ view: v, message: {} });
    const { el } = mount(model);
    chooseByKeyboard(el.querySelector('[data-act="pending-tile"]'));
    const spot = el.querySelector('.alh-focus [data-act="spot"][data-x="-1"][data-y="0"]');
    spot.focus();
    // the garden placed there; another tile to place (the turn goes on on this board)
    const next = structuredClone(v);
    next.stamp = next.since = v.stamp + 1;
    next.players[0].alhambra.push({ building: "garden", id: 35, price: 8, walls: "SW", x: -1, y: 0 });
    next.pending = [{ player: 0, tile: { building: "tower", id: 44, price: 7, walls: "NEW" } }];
    next.legal = { ...v.legal, dirk: [44], to_reserve: [44], tiles: [{ from: "pending", id: 44, spots: [[0, -1]], why_not: [] }] };
    model.push({ view: next });
    const now = document.activeElement;
    expect(now.getAttribute("data-act")).toBe("placed");
    expect([now.getAttribute("data-x"), now.getAttribute("data-y")]).toEqual(["-1", "0"]);
    expect(now.closest(".alh-focus").getAttribute("data-player")).toBe("0");
    // another player's board shown: not a cell of it, the board itself
    now.focus();
    const other = structuredClone(next);
    other.stamp = other.since = next.stamp + 1;
    other.seat = null;   // (hot-seat: the board of the player to act)
    other.current = 1;
    other.phase = "act";
    other.pending = [];
    other.players[1].alhambra = [{ building: "fountain", id: 0, price: 0, walls: "", x: 0, y: 0 },
      { building: "pavilion", id: 7, price: 8, walls: "", x: -1, y: 0 }];
    other.legal = { ...v.legal, player: 1, kinds: ["take", "redesign"], dirk: [], to_reserve: [], tiles: [], remove: [[-1, 0]] };
    model.push({ view: other });
    const board = el.querySelector(".alh-focus-board");
    expect(board.closest(".alh-focus").getAttribute("data-player")).toBe("1");
    expect(board.querySelector('[data-act="placed"][data-x="-1"][data-y="0"]:not([aria-disabled="true"])')).not.toBeNull();
    expect(document.activeElement).toBe(board);
  });

  it("a tile to place chosen from the keyboard: the focus goes to the first legal spot (a click leaves it)", () => {
    const v = fixture("seated-2p-place");   // Ana places garden 8 (#35): spots -1,0 and 0,1
    for (const byKey of [true, false]) {
      const model = fakeModel({ view: v, message: {} });
      const { el } = mount(model);
      const tile = el.querySelector('[data-act="pending-tile"]');
      if (byKey) chooseByKeyboard(tile);
      else {
        tile.focus();
        click(tile);
      }
      const now = document.activeElement;
      expect(el.querySelector('[data-act="pending-tile"]').classList.contains("alh-selected")).toBe(true);
      if (byKey) {
        expect(now.getAttribute("data-act")).toBe("spot");
        expect(now.classList.contains("alh-spot")).toBe(true);   // a legal one, not a refused cell
        expect([now.getAttribute("data-x"), now.getAttribute("data-y")]).toEqual(["-1", "0"]);
      } else {
        expect(now.getAttribute("data-act")).toBe("pending-tile");
      }
      el.remove();
    }
  });

  it("a reserve tile chosen from the keyboard: the first legal spot; with no spot, the first tile to swap with", () => {
    const v = fixture("buy-3p");   // reserve tile 54: spots and swaps
    const entry = v.legal.tiles.find((x) => x.from === "reserve");
    expect(entry.spots.length).toBeGreaterThan(0);
    expect(entry.swaps.length).toBeGreaterThan(0);
    const onlySwaps = structuredClone(v);
    onlySwaps.legal.tiles = onlySwaps.legal.tiles.map((x) => (x.id === entry.id ? { ...x, spots: [] } : x));
    for (const [view, act, at] of [[v, "spot", entry.spots[0]], [onlySwaps, "placed", entry.swaps[0]]]) {
      const model = fakeModel({ view, message: {} });
      const { el } = mount(model);
      chooseByKeyboard(el.querySelector(`[data-act="reserve-tile"][data-id="${entry.id}"]`));
      const now = document.activeElement;
      expect(now.getAttribute("data-act")).toBe(act);
      expect([Number(now.getAttribute("data-x")), Number(now.getAttribute("data-y"))]).toEqual(at);
      el.remove();
    }
  });

  it("a message dismissed from the keyboard: the focus goes to the control before it, not out of the table", () => {
    const model = fakeModel({ view: fixture("buy-3p"), message: {} });
    const { el } = mount(model);
    model.push({ message: { kind: "error", rule: "T2", text: "Slot 1 takes florin only.", id: 1 } });
    const dismiss = el.querySelector('[data-act="dismiss"]');
    const controls = [...el.querySelectorAll('[data-key]')].filter((c) => !c.disabled && c.getAttribute("tabindex") !== "-1");
    const before = controls[controls.indexOf(dismiss) - 1];
    expect(before).toBeDefined();
    dismiss.focus();
    click(dismiss);   // (Enter on a button: the browser clicks it)
    expect(el.querySelector(".alh-message").textContent).toBe("");
    expect(document.activeElement.getAttribute("data-key")).toBe(before.getAttribute("data-key"));
  });

  it("a tile bought from the keyboard: the focus goes from the Buy button, now off, to the tile to place", () => {
    const place = fixture("seated-2p-place");   // Ana places garden 8 (#35)
    // the position before: Ana's action, nothing to place yet
    const before = structuredClone(place);
    before.stamp = before.since = place.stamp - 1;
    before.phase = "action";
    before.pending = [];
    before.legal = { ...place.legal, kinds: ["take", "buy"], dirk: [], to_reserve: [], tiles: [] };
    for (const [focusOn, moves] of [['[data-act="buy"]', true], ['[data-act="hint"]', false]]) {
      const model = fakeModel({ view: before, message: {} });
      const { el } = mount(model);
      const pressed = el.querySelector(focusOn);
      pressed.focus();
      model.push({ view: place });
      const tile = el.querySelector('[data-act="pending-tile"]');
      expect(tile).not.toBeNull();
      if (moves) expect(document.activeElement).toBe(tile);
      else expect(document.activeElement.getAttribute("data-act")).toBe("hint");   // an enabled control keeps it
      el.remove();
    }
  });

  it("the earlier scoring rounds are folded, drawn when unfolded, and stay open", () => {
    const v = fixture("over-4p");
    const model = fakeModel({ view: v, message: {} });
    const { el } = mount(model);
    let det = el.querySelector("details.alh-earlier");
    expect(det.open).toBe(false);
    expect([...el.querySelectorAll("table.alh-round")].map((t) => t.dataset.round)).toEqual(["3"]); // folded: not drawn
    const summary = det.querySelector("summary");
    expect(summary.hasAttribute("data-lm-suppress-shortcuts")).toBe(true);
    summary.focus();
    click(summary);
    det = el.querySelector("details.alh-earlier");
    expect(det.open).toBe(true);
    expect([...el.querySelectorAll("table.alh-round")].map((t) => t.dataset.round)).toEqual(["3", "2", "1"]);
    expect(document.activeElement).toBe(det.querySelector("summary")); // the focus follows the redrawn summary
    const next = structuredClone(v);
    next.stamp = v.stamp + 1;
    next.log = next.log.slice(0, -1); // round 3 is no longer "just scored": the scoring panel changes
    model.push({ view: next });
    expect(el.querySelector("details.alh-earlier").open).toBe(true);
    expect(el.querySelectorAll("details.alh-earlier table.alh-round").length).toBe(2);
    // folded again (the browser toggles it): the next redraw leaves the tables out
    det = el.querySelector("details.alh-earlier");
    det.open = false;
    det.dispatchEvent(new Event("toggle")); // jsdom does not fire it by itself
    model.push({ view: { ...v, stamp: v.stamp + 2 } });
    expect(el.querySelector("details.alh-earlier").open).toBe(false);
    expect(el.querySelectorAll("table.alh-round").length).toBe(1);
  });

  it("the next round as it would be scored now is folded, drawn when unfolded, and stays open", () => {
    const v = fixture("buy-3p");
    const model = fakeModel({ view: v, message: {} });
    const { el } = mount(model);
    let det = el.querySelector("details.alh-preview");
    expect(det.open).toBe(false);
    expect(det.querySelector("table")).toBeNull();
    click(det.querySelector("summary"));
    det = el.querySelector("details.alh-preview");
    expect(det.open).toBe(true);
    expect(det.querySelector("table.alh-preview-table")).not.toBeNull();
    // the next move's view: still open, with the new figures
    const next = structuredClone(v);
    next.stamp = v.stamp + 1;
    next.preview.points = next.preview.points.map((x) => x + 1);
    model.push({ view: next });
    det = el.querySelector("details.alh-preview");
    expect(det.open).toBe(true);
    expect([...det.querySelectorAll(".alh-round-points")].map((c) => c.textContent)).toEqual(next.preview.points.map((x) => `+${x}`));
  });

  it("why a round gave its points is folded, drawn when unfolded, and stays open", () => {
    const v = fixture("over-4p");
    expect(v.rounds[2].narration.length).toBeGreaterThan(0);
    const model = fakeModel({ view: v, message: {} });
    const { el } = mount(model);
    const why = () => el.querySelector('.alh-round-box[data-round="3"] details.alh-why');
    expect(why().open).toBe(false);
    expect(el.querySelectorAll(".alh-narration").length).toBe(0); // folded: not drawn
    const summary = why().querySelector("summary");
    expect(summary.textContent).toBe("Why the points of scoring round 3");
    summary.focus();
    click(summary);
    expect(why().open).toBe(true);
    expect([...why().querySelectorAll(".alh-narration li")].map((li) => li.textContent)).toEqual(v.rounds[2].narration);
    expect(document.activeElement).toBe(why().querySelector("summary"));
    // a new view keeps it open; the earlier rounds, unfolded, show theirs open too
    model.push({ view: { ...v, stamp: v.stamp + 1 } });
    expect(why().open).toBe(true);
    click(el.querySelector(".alh-earlier-summary"));
    expect(el.querySelectorAll("details.alh-why[open] .alh-narration").length).toBe(3);
    // folded again by the browser: the next redraw leaves the lines out
    const det = why();
    det.open = false;
    det.dispatchEvent(new Event("toggle"));
    model.push({ view: { ...v, stamp: v.stamp + 2 } });
    expect(why().open).toBe(false);
    expect(why().querySelectorAll(".alh-narration").length).toBe(0);
  });

  it("at the end of the game the moves are folded, drawn when unfolded", () => {
    const v = fixture("over-4p");
    const model = fakeModel({ view: v, message: {} });
    const { el } = mount(model);
    const fold = () => el.querySelector("details.alh-log-fold");
    expect(fold().open).toBe(false);
    expect(el.querySelectorAll(".alh-log-list li").length).toBe(0);
    click(fold().querySelector("summary"));
    expect(fold().open).toBe(true);
    expect([...el.querySelectorAll(".alh-log-list li")].map((li) => Number(li.dataset.n))).toEqual(v.log.map((e) => e.n).reverse());
    model.push({ view: { ...v, stamp: v.stamp + 1 } });
    expect(fold().open).toBe(true);
    // in play, the moves are in view, no fold
    model.push({ view: fixture("buy-3p") });
    expect(el.querySelector("details.alh-log-fold")).toBeNull();
    expect(el.querySelectorAll(".alh-log-list li").length).toBe(fixture("buy-3p").log.length);
  });

  it("in play, the latest round folded when no longer recent, drawn when unfolded, and the choice stays", () => {
    const over = fixture("over-4p");
    const quiet = over.log.filter((e) => !(e.rounds || []).length);
    const v = { ...over, phase: "action", winners: [], log: quiet };
    const model = fakeModel({ view: v, message: {} });
    const { el } = mount(model);
    const fold = () => el.querySelector("details.alh-latest-round");
    expect(fold().open).toBe(false);
    expect(fold().querySelector("table")).toBeNull();
    click(fold().querySelector("summary"));
    expect(fold().open).toBe(true);
    expect(fold().querySelector('table.alh-round[data-round="3"]')).not.toBeNull();
    model.push({ view: { ...v, stamp: v.stamp + 1 } });
    expect(fold().open).toBe(true);
    // folded by the player: it stays folded, even when a round was just scored
    const det = fold();
    det.open = false;
    det.dispatchEvent(new Event("toggle"));
    model.push({ view: { ...v, stamp: v.stamp + 2, log: over.log } });
    expect(fold().open).toBe(false);
  });

  it("the toggle a browser fires for a fold inserted open is not taken for the player's choice", () => {
    const over = fixture("over-4p");
    const quiet = over.log.filter((e) => !(e.rounds || []).length);
    const recent = { ...over, phase: "action", winners: [], log: over.log };
    const model = fakeModel({ view: recent, message: {} });
    const { el } = mount(model);
    const fold = () => el.querySelector("details.alh-latest-round");
    expect(fold().open).toBe(true); // just scored: open
    expect(fold().hasAttribute("data-drawn-open")).toBe(true);
    fold().dispatchEvent(new Event("toggle")); // what Chromium does for <details open> inserted
    // moves later the round is no longer recent: it folds, as nobody chose otherwise
    model.push({ view: { ...recent, stamp: recent.stamp + 1, log: [...over.log, ...quiet.slice(0, over.n)] } });
    expect(fold().open).toBe(false);
  });
});

describe("a scoring round as an event", () => {
  // the same game in play before and after its second scoring round
  const over = fixture("over-4p");
  const quiet = over.log.filter((e) => !(e.rounds || []).length);
  const M = quiet[quiet.length - 1].n;
  const before = { ...over, phase: "action", winners: [], legal: null, moves: M, rounds: over.rounds.slice(0, 1), log: quiet.slice(-6) };
  const scored = { ...before, stamp: before.stamp + 1, moves: M + 1, rounds: over.rounds.slice(0, 2), log: [...quiet.slice(-5), { ...quiet[quiet.length - 1], n: M + 1, rounds: [2] }] };
  const dialog = (el) => el.querySelector('.alh-pop[role="dialog"]');

  it("a round scored while the table is drawn shows over it, with every board's counted wall, until dismissed", () => {
    const model = fakeModel({ view: before, message: {} });
    const { el } = mount(model);
    expect(dialog(el)).toBeNull(); // the rounds scored before it was drawn stay in the scoring section
    model.push({ view: scored });
    const pop = dialog(el);
    expect(pop.dataset.round).toBe("2");
    expect(pop.getAttribute("aria-label")).toBe("Scoring round 2");
    // its title once in sight (the table's caption for a screen reader), the buildings' letters in words
    expect(pop.querySelector("caption").classList.contains("alh-sr")).toBe(true);
    expect(pop.querySelector(".alh-legend").textContent).toMatch(/^P Pavilion · S Seraglio · A Arcades · C Chambers · G Garden · T Tower\. /);
    const r2 = over.rounds[1];
    over.players.forEach((p, i) => {
      const row = pop.querySelector(`tr[data-player="${i}"]`);
      const cells = [...row.querySelectorAll("td")].map((td) => td.textContent.split("\u00a0")[0]);
      expect(cells[6]).toBe(String(r2.walls[i]));
      expect(cells[7]).toBe(`+${r2.points[i]}`);
      expect(pop.querySelectorAll(`.alh-pop-board[data-player="${i}"] .alh-longest`).length).toBe(p.wall_path.length ? 1 : 0);
    });
    // a new view (another move) keeps it; Continue closes it
    model.push({ view: { ...scored, stamp: scored.stamp + 1 } });
    expect(dialog(el)).not.toBeNull();
    click(pop.querySelector('button[data-act="pop-close"]'));
    expect(dialog(el)).toBeNull();
    // shown again from the scoring section, without the boards (they may have changed since)
    click(el.querySelector('.alh-scoring button[data-act="scoring-round"]'));
    expect(dialog(el).dataset.round).toBe("2");
    expect(dialog(el).querySelector(".alh-pop-board")).not.toBeNull(); // the round is the last move's: boards as scored
    click(dialog(el).querySelector('button[data-act="pop-close"]'));
    // and from the log: the move that scored it names the round, as a button
    const fromLog = el.querySelector('.alh-log button[data-act="scoring-round"][data-round="2"]');
    expect(fromLog.getAttribute("aria-label")).toBe("scoring round 2");
    click(fromLog);
    expect(dialog(el).dataset.round).toBe("2");
    click(dialog(el).querySelector('button[data-act="pop-close"]'));
    model.push({ view: { ...scored, stamp: scored.stamp + 2, log: quiet.slice(-6) } });
    click(el.querySelector('.alh-scoring button[data-act="scoring-round"]'));
    expect(dialog(el).querySelector(".alh-pop-board")).toBeNull();
  });

  it("is a modal dialog: it takes the keyboard from the table and gives it back; Tab stays in it; Escape or a click beside it closes it", () => {
    const model = fakeModel({ view: before, message: {} });
    const { el, cleanup } = mount(model);
    const key = (target, k, o = {}) => target.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true, ...o }));
    const show = () => el.querySelector('.alh-scoring button[data-act="scoring-round"]');
    show().focus();
    model.push({ view: scored }); // a move scores a round while the keyboard is at the table
    const pop = dialog(el);
    expect(pop.getAttribute("aria-modal")).toBe("true");
    const close = pop.querySelector('button[data-act="pop-close"]');
    expect(document.activeElement).toBe(close);
    // Tab and Shift+Tab go round the panel's controls (Continue, why the points), never to the table under it
    const why = pop.querySelector("summary.alh-why-summary");
    expect(why.textContent).toBe("Why the points of scoring round 2");
    expect(key(close, "Tab", { shiftKey: true })).toBe(false); // (the browser's own move prevented: round to the last)
    expect(document.activeElement).toBe(why);
    expect(key(why, "Tab")).toBe(false); // (and from the last round to the first)
    expect(document.activeElement).toBe(close);
    // Escape closes it, and the focus is back where it was
    key(close, "Escape");
    expect(dialog(el)).toBeNull();
    expect(document.activeElement).toBe(show());
    // shown again from the scoring section: the same; a click beside its card closes it too
    click(show());
    expect(document.activeElement).toBe(dialog(el).querySelector('button[data-act="pop-close"]'));
    click(dialog(el).querySelector(".alh-pop-table"));   // (on the card: it stays)
    expect(dialog(el)).not.toBeNull();
    click(dialog(el));
    expect(dialog(el)).toBeNull();
    expect(document.activeElement).toBe(show());
    // Escape with no panel still clears a selection, as before (and opens nothing)
    key(show(), "Escape");
    expect(dialog(el)).toBeNull();
    cleanup();
  });

  it("does not take the focus from elsewhere on the page (another cell)", () => {
    const model = fakeModel({ view: before, message: {} });
    const { el, cleanup } = mount(model);
    const cell = document.createElement("textarea");
    document.body.appendChild(cell);
    cell.focus();
    model.push({ view: scored });
    expect(dialog(el)).not.toBeNull();
    expect(document.activeElement).toBe(cell);
    click(dialog(el).querySelector('button[data-act="pop-close"]'));
    expect(dialog(el)).toBeNull();
    cell.remove();
    cleanup();
  });

  it("closes by itself after a few seconds when the viewer only watches bots; not when a person plays", () => {
    vi.useFakeTimers();
    try {
      const bots = { 0: "Greedy", 1: "Greedy", 2: "MCTS", 3: "Random" };
      const model = fakeModel({ view: { ...before, bots }, message: {} });
      const { el } = mount(model);
      model.push({ view: { ...scored, bots } });
      expect(dialog(el)).not.toBeNull();
      vi.advanceTimersByTime(POP_WATCH_MS + 10);
      expect(dialog(el)).toBeNull();
      const people = fakeModel({ view: { ...before, bots: { 1: "Greedy" } }, message: {} });
      const other = mount(people);
      people.push({ view: { ...scored, bots: { 1: "Greedy" } } });
      vi.advanceTimersByTime(POP_WATCH_MS * 3);
      expect(dialog(other.el)).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("is not shown for a game put in from a cell: its rounds were scored before it was drawn", () => {
    const model = fakeModel({ view: { ...before, moves: 3, rounds: [], log: quiet.slice(0, 3) }, message: {} });
    const { el } = mount(model);
    model.push({ view: scored }); // from 3 moves to many: another game, not a move played
    expect(dialog(el)).toBeNull();
    expect(el.querySelector('.alh-scoring button[data-act="scoring-round"]').dataset.round).toBe("2");
  });

  it("is not shown for a replayed position, nor for a round taken back", () => {
    const model = fakeModel({ view: before, message: {} });
    const { el } = mount(model);
    model.push({ view: { ...scored, replay: 40, live_moves: 999 } });
    expect(dialog(el)).toBeNull();
    model.push({ view: scored });
    expect(dialog(el)).not.toBeNull();
    model.push({ view: { ...before, stamp: scored.stamp + 1 } }); // undone
    expect(dialog(el)).toBeNull();
  });
});

describe("a player looked at", () => {
  const v = fixture("buy-3p");
  const dialog = (el) => el.querySelector('.alh-pop[role="dialog"]');
  const key = (target, k, o = {}) => target.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true, ...o }));

  it("a player's name opens their Alhambra big with their numbers in words, a modal dialog the keyboard goes into and out of", () => {
    const model = fakeModel({ view: v, message: {} });
    const { el, cleanup } = mount(model);
    expect(dialog(el)).toBeNull();
    const name = el.querySelector('.alh-player[data-player="1"] button[data-act="look"]');
    expect(name.textContent).toBe("Ben");
    expect(name.getAttribute("aria-label")).toBe("Ben: see the Alhambra big, with the numbers");
    name.focus();
    click(name);
    const pop = dialog(el);
    expect(pop.dataset.player).toBe("1");
    expect(pop.getAttribute("aria-modal")).toBe("true");
    expect(pop.getAttribute("aria-label")).toBe("Ben: 13 points");
    // the tags of Ben's panel: to act, when he is
    expect([...pop.querySelectorAll(".alh-pop-title .alh-tag")].map((e) => e.textContent)).toEqual(
      v.current === 1 ? ["to act"] : []);
    // the board: every tile of Ben's Alhambra, big
    const board = pop.querySelector(".alh-look-board svg");
    expect(board.querySelectorAll("[data-x][data-y]").length).toBeGreaterThanOrEqual(v.players[1].alhambra.length);
    // per building: the tiles and what the next scoring round would give for them now
    const rows = [...pop.querySelectorAll(".alh-look-table tr[data-building]")];
    expect(rows.map((r) => r.dataset.building)).toEqual(v.buildings);
    rows.forEach((r, k) => {
      const cells = [...r.querySelectorAll("td")].map((td) => td.textContent);
      expect(cells).toEqual([String(v.players[1].counts[k]), `+${v.preview.buildings[1][k]}`]);
    });
    expect(pop.querySelector(".alh-look-table caption").textContent).toBe("Scoring round 2 if it were now");
    expect(pop.querySelector(".alh-look-total td").textContent).toBe(`+${v.preview.points[1]}`);
    expect(pop.querySelector(".alh-look-wall td").textContent).toBe(String(v.players[1].wall));
    const words = pop.querySelector(".alh-look-words").textContent;
    const ben = v.players[1];
    // the tiles of the market Ben's money pays for now, by name and slot
    const slots = ben.affords.map((slot) => `(slot ${slot})`);
    expect(slots.length).toBeGreaterThan(0);
    expect(pop.querySelector(".alh-look-affords").textContent).toMatch(/^Ben can pay for .* now\.$/);
    for (const slot of ben.affords) {
      const { tile } = v.market.find((m) => m.slot === slot);   // the tile of that slot, by name and price
      expect(pop.querySelector(".alh-look-affords").textContent.toLowerCase()).toContain(`${tile.building} ${tile.price} (slot ${slot})`);
    }
    expect(words).toContain("Ben's hand: ");
    for (const card of ben.hand) expect(words).toContain(card);               // every card, named
    expect(words.split("Ben's reserve: ")[1].split("; ").length).toBe(ben.reserve.length);
    // the keyboard is in it, and stays in it
    const close = pop.querySelector('button[data-act="pop-close"]');
    expect(document.activeElement).toBe(close);
    expect(key(close, "Tab")).toBe(false);
    expect(document.activeElement).toBe(close);
    // a new view (a move) keeps it, up to date
    model.push({ view: { ...v, stamp: v.stamp + 1, players: v.players.map((p, i) => (i === 1 ? { ...p, score: 20 } : p)) } });
    expect(dialog(el).getAttribute("aria-label")).toBe("Ben: 20 points");
    // Escape closes it and the focus is back on the name
    key(document.activeElement, "Escape");
    expect(dialog(el)).toBeNull();
    expect(document.activeElement).toBe(el.querySelector('.alh-player[data-player="1"] button[data-act="look"]'));
    cleanup();
  });

  it("opens from a click on the player's picture too, and closes with its button or a click beside it", () => {
    const model = fakeModel({ view: v, message: {} });
    const { el, cleanup } = mount(model);
    click(el.querySelector('.alh-player[data-player="2"] .alh-panel-picture'));
    expect(dialog(el).dataset.player).toBe("2");
    expect(dialog(el).querySelectorAll(".alh-pop-title .alh-tag").length).toBe(0);   // (not to act, no bot)
    model.push({ view: { ...v, stamp: v.stamp + 1, bots: { 2: "Greedy" } } });   // Chi is a bot: the dialog says so
    expect([...dialog(el).querySelectorAll(".alh-pop-title .alh-tag")].map((e) => e.textContent)).toEqual(["bot: Greedy"]);
    expect(v.players[2].affords).toEqual([]);
    expect(dialog(el).querySelector(".alh-look-affords").textContent).toBe("Chi cannot pay for any tile of the building market now.");
    click(dialog(el).querySelector(".alh-look-table"));   // (on the card: it stays)
    expect(dialog(el)).not.toBeNull();
    click(dialog(el));
    expect(dialog(el)).toBeNull();
    click(el.querySelector('.alh-player[data-player="0"] button[data-act="look"]'));
    click(dialog(el).querySelector('button[data-act="pop-close"]'));
    expect(dialog(el)).toBeNull();
    cleanup();
  });

  it("goes when another game comes in, and does not come back with a later one", () => {
    const model = fakeModel({ view: { ...v, game: 1 }, message: {} });
    const { el, cleanup } = mount(model);
    click(el.querySelector('.alh-player[data-player="2"] button[data-act="look"]'));
    expect(dialog(el)).not.toBeNull();
    model.push({ view: { ...v, game: 1, stamp: v.stamp + 1 } });   // a move: it stays
    expect(dialog(el)).not.toBeNull();
    model.push({ view: { ...fixture("seated-2p-other"), game: 2 } });   // a game of two: no seat 2
    expect(dialog(el)).toBeNull();
    model.push({ view: { ...v, game: 3 } });                          // a game of three again
    expect(dialog(el)).toBeNull();
    click(el.querySelector('.alh-player[data-player="0"] button[data-act="look"]'));
    model.push({ view: { ...v, game: 4 } });                          // another game of three players
    expect(dialog(el)).toBeNull();
    cleanup();
  });
});

describe("the move log", () => {
  it("a click on a move replays the position after it; on the last move, the live game", () => {
    const v = fixture("buy-3p");
    const model = fakeModel({ view: v, message: {} });
    const { el, cleanup } = mount(model);
    const items = [...el.querySelectorAll(".alh-log-list li[data-n]")];
    expect(items.length).toBeGreaterThan(1);
    const older = items[items.length - 1];          // (newest first)
    click(older.querySelector(".alh-log-more") || older);
    expect(model.sent.at(-1)).toEqual({ type: "replay", index: Number(older.dataset.n), seat: v.seat });
    click(items[0]);
    expect(model.sent.at(-1)).toEqual({ type: "replay", index: -1, seat: v.seat });
    // a click that ends a selection of the log's words replays nothing
    const before = model.sent.length;
    const range = document.createRange();
    range.selectNodeContents(older);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    click(older);
    expect(model.sent.length).toBe(before);
    getSelection().removeAllRanges();
    cleanup();
  });
});

describe("taken down", () => {
  it("leaves nothing behind: no model listener, no element, a click or a key on the old table sends nothing", () => {
    const v = fixture("buy-3p");
    const model = fakeModel({ view: v, message: {} });
    // the listeners the table puts on the page itself (outside its element) must go with it
    const onPage = new Set();
    const add = document.addEventListener.bind(document);
    const remove = document.removeEventListener.bind(document);
    const spyAdd = vi.spyOn(document, "addEventListener").mockImplementation((type, fn, opts) => {
      const entry = { type, fn, signal: opts && opts.signal };
      onPage.add(entry);
      if (entry.signal) entry.signal.addEventListener("abort", () => onPage.delete(entry));
      add(type, fn, opts);
    });
    const spyRemove = vi.spyOn(document, "removeEventListener").mockImplementation((type, fn, opts) => {
      for (const e of onPage) if (e.type === type && e.fn === fn) onPage.delete(e);
      remove(type, fn, opts);
    });
    const { el, cleanup } = mount(model);
    expect(onPage.size).toBeGreaterThan(0);
    const events = ["change:view", "change:graded", "change:message", "change:seat", "change:strings", "change:lang"];
    for (const ev of events) expect(model.count(ev)).toBe(1);
    const table = el.firstElementChild;
    const button = [...table.querySelectorAll("button")].find((b) => !b.disabled);
    expect(button).toBeTruthy();
    click(button);
    const sent = model.sent.length;
    expect(sent).toBeGreaterThan(0);   // (the button speaks while the table is up)
    cleanup();
    for (const ev of events) expect(model.count(ev)).toBe(0);
    expect([...onPage].map((e) => e.type)).toEqual([]);
    spyAdd.mockRestore();
    spyRemove.mockRestore();
    expect(el.contains(table)).toBe(false);
    el.appendChild(table);           // (even put back by someone, it is deaf)
    click(button);
    table.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    document.dispatchEvent(new PointerEvent("pointerup", { bubbles: true }));
    expect(model.sent.length).toBe(sent);
    model.push({ view: { ...v, game: 9 } });   // a later view draws nothing into it
    expect(el.childElementCount).toBe(1);
    el.remove();
  });
});
