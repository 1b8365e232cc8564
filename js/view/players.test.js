import { describe, expect, it } from "vitest";
import { accessibleName, dom, fixture } from "../fixtures.js";
import { PALETTE } from "./common.js";
import { actionsText, playerTags, playersHtml, playersPart, seatColor, seatDot, statusHtml } from "./players.js";

const panel = (view, i) => dom(playersHtml(view)).querySelector(`.alh-player[data-player="${i}"]`);
const tagWords = (view, i) => [...panel(view, i).querySelectorAll(".alh-player-head .alh-tag")].map((e) => [e.className, e.textContent]);

describe("the seats' colours", () => {
  it("gives each seat its colour from the palette, round again after the last, as a dot hidden from screen readers", () => {
    const seats = PALETTE.seats;
    expect(seats.length).toBeGreaterThan(1);
    expect(seats.map((_, i) => seatColor(i))).toEqual(seats);
    expect(seatColor(seats.length + 1)).toBe(seats[1]);
    const dot = dom(seatDot(1)).firstElementChild;
    expect(dot.getAttribute("aria-hidden")).toBe("true");
    expect(dot.getAttribute("style")).toBe(`--alh-seat:${seats[1]}`);
    const v = fixture("buy-3p");
    v.players.forEach((_, i) => expect(panel(v, i).getAttribute("style")).toBe(`--alh-seat:${seats[i]}`));
  });
});

describe("the status line", () => {
  it("tells the player to act, the actions taken, the deck, the discards, the bag and the moves", () => {
    const v = fixture("buy-3p");
    const line = dom(statusHtml(v)).firstElementChild;
    expect(line.classList.contains("alh-over")).toBe(false);
    expect(line.querySelector(".alh-seat-dot").getAttribute("style")).toBe(`--alh-seat:${seatColor(v.current)}`);
    expect(line.querySelector(".alh-turn-text").textContent).toBe("1 action left");
    expect(line.querySelector(".alh-info-text").textContent).toBe(`deck ${v.deck} · discard ${v.discard} · bag ${v.bag} · move ${v.moves}`);
    // nothing more than the sentence, the turn and the counts: no disk when the game is not kept in a file
    expect(line.textContent).toBe(`${v.status}1 action left${line.querySelector(".alh-info").textContent}`);
    expect(line.querySelector(".alh-saved")).toBeNull();
    expect(actionsText({ ...v, actions: 2 })).toBe("1 action left (2 actions taken this turn)");
  });

  it("at the end tells the result alone: no turn, no seat", () => {
    const over = fixture("over-4p");
    expect(actionsText(over)).toBe("");
    const line = dom(statusHtml(over)).firstElementChild;
    expect(line.classList.contains("alh-over")).toBe(true);
    expect(line.querySelector(".alh-turn")).toBeNull();
    expect(line.querySelector(".alh-seat-dot")).toBeNull();
    expect(line.querySelector(".alh-status-text").textContent).toBe(over.status);
    expect(line.textContent).toBe(over.status + line.querySelector(".alh-info").textContent);
  });
});

describe("the column of players", () => {
  it("is a list named for the players, an item per player named with the points", () => {
    const v = fixture("buy-3p");
    const list = dom(playersHtml(v)).querySelector("[role=list]");
    expect(list.getAttribute("aria-label")).toBe("players");
    const items = [...list.querySelectorAll(":scope > [role=listitem]")];
    expect(items.map((e) => accessibleName(e))).toEqual(v.players.map((p) => `${p.name}: ${p.score} points`));
    // each panel a part of its own, to be redrawn alone
    expect(playersPart(v).key).toBe("players");
    expect(playersPart(v).kids.map((k) => k.key)).toEqual(v.players.map((_, i) => `player-${i}`));
  });

  it("tags the player to act, and only them; in the placing phase as placing", () => {
    const v = fixture("buy-3p");
    v.players.forEach((_, i) => expect(tagWords(v, i)).toEqual(i === v.current ? [["alh-tag alh-tag-turn", "to act"]] : []));
    expect(panel(v, v.current).classList.contains("alh-current")).toBe(true);
    const place = fixture("seated-2p-place");
    expect(playerTags(place, place.players[place.current], place.current)[0]).toMatchObject({ cls: "alh-tag-turn", text: "placing" });
    expect(tagWords(place, 1 - place.current)).toEqual([]);
  });

  it("tags a bot as a bot, its name in the tooltip, the tags side by side with nothing between", () => {
    const v = { ...fixture("buy-3p"), bots: { 1: "Greedy" } };
    const head = panel(v, 1).querySelector(".alh-player-head");
    expect(tagWords(v, 1)).toEqual([["alh-tag alh-tag-turn", "to act"], ["alh-tag alh-tag-bot", "bot"]]);
    expect(head.querySelector(".alh-tag-bot").getAttribute("title")).toBe("bot: Greedy");
    expect(tagWords(v, 0)).toEqual([]);
    expect(head.textContent).toBe(`Ben` + "to act" + "bot" + `${v.players[1].score} pts`);
  });

  it("at the end: no one to act, the winners starred, the hands left out of the pictures", () => {
    const over = fixture("over-4p");
    over.players.forEach((p, i) => {
      expect(tagWords(over, i)).toEqual(over.winners.includes(i) ? [["alh-tag alh-tag-winner", "\u2605 winner"]] : []);
      const item = panel(over, i);
      expect(item.classList.contains("alh-current")).toBe(false);
      expect(item.querySelector(".alh-panel-picture").querySelectorAll('[class~="alh-florin"], [class~="alh-dirham"], [class~="alh-dinar"], [class~="alh-ducat"], .alh-card-back, .alh-empty').length).toBe(0);
    });
    expect(over.players.some((p) => p.hand && p.hand.length)).toBe(true);
  });
});
