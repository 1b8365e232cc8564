// The move log (js/view/log.js): its name and heading, the fold at the end of the game, what
// followed a move, and the buttons of the scoring rounds a move brought.
import { describe, expect, it } from "vitest";
import { accessibleName, dom, fixture } from "../fixtures.js";
import { describeParts } from "../describe.js";
import { logHtml } from "./log.js";

const v = fixture("buy-3p");

/** A move of Ana's taking dinar 3, and what followed it. */
const move = (n, events = [], more = {}) => ({
  n,
  name: "Ana",
  player: 0,
  action: "take dinar 3",
  tiles: {},
  rounds: [],
  events: [{ kind: "take", player: 0, cards: ["dinar 3"] }, ...events, { kind: "next", player: 1 }],
  ...more,
});

describe("the move log", () => {
  it("is a region named for assistive technology, headed by its title", () => {
    const section = dom(logHtml(v)).querySelector("section");
    expect(section.getAttribute("aria-label")).toBe("last moves");
    expect(section.querySelector("h3").textContent).toBe("Last moves");
  });

  it("says there is no move yet when the view brings no log at all", () => {
    const { log, ...bare } = v;
    expect(log.length).toBeGreaterThan(0);
    const section = dom(logHtml(bare)).querySelector("section");
    expect(section.querySelector("p").textContent).toBe("No moves yet.");
    expect(section.querySelector("li")).toBeNull();
  });

  it("under a fold, leaves the moves out of a closed fold only when told to wait, and shows them when it opens", () => {
    const count = (html) => dom(html).querySelectorAll(".alh-log-list li").length;
    const closed = dom(logHtml(v, { folded: true })).querySelector("details");
    expect(closed.open).toBe(false);
    expect(closed.querySelectorAll("li").length).toBe(v.log.length);
    const waiting = dom(logHtml(v, { folded: true, lazy: true })).querySelector("details");
    expect(waiting.open).toBe(false);
    expect(waiting.querySelector("li")).toBeNull();
    expect(waiting.textContent).toBe("Last moves");   // (its summary only)
    const opened = dom(logHtml(v, { folded: true, open: true, lazy: true })).querySelector("details");
    expect(opened.open).toBe(true);
    expect(count(logHtml(v, { folded: true, open: true, lazy: true }))).toBe(v.log.length);
  });

  it("tells what followed a move after its words, every part of it in the quieter line", () => {
    const entry = move(50, [{ kind: "shuffle" }, { kind: "money", cards: ["florin 2", "ducat 5"] }]);
    const { main, more } = describeParts(entry, v);
    expect(more.length).toBe(2);   // (the deck shuffled anew, then the cards laid out)
    const li = dom(logHtml({ ...v, log: [entry] })).querySelector("li");
    expect(li.querySelector(".alh-log-more").textContent).toBe(`${more[0]} ${more[1]}`);
    expect(li.textContent).toBe(`${main} ${more[0]} ${more[1]}`);
  });

  it("tells a move after which nothing happened in its words alone", () => {
    const entry = move(51);
    const li = dom(logHtml({ ...v, log: [entry] })).querySelector("li");
    expect(li.querySelector(".alh-log-more")).toBeNull();
    expect(li.textContent).toBe(describeParts(entry, v).main);
  });

  it("gives each scoring round a move brought a button that shows that round again", () => {
    const entry = move(52, [], { rounds: [2, 3] });
    const li = dom(logHtml({ ...v, log: [entry] })).querySelector("li");
    const buttons = [...li.querySelectorAll("button")];
    expect(buttons.map(accessibleName)).toEqual(["scoring round 2", "scoring round 3"]);
    expect(buttons.map((b) => [b.dataset.act, b.dataset.round])).toEqual([["scoring-round", "2"], ["scoring-round", "3"]]);
    expect(li.textContent).toBe(`${describeParts(entry, v).main} scoring round 2 scoring round 3`);
    // a move that brought none (or whose entry names none) has no such button
    const { rounds, ...plain } = move(53);
    expect(rounds).toEqual([]);
    expect(dom(logHtml({ ...v, log: [plain] })).querySelector("li button")).toBeNull();
  });
});
