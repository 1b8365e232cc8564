// The action bar: what is selected (running sums, the sum-of-5 limit, exact
// payment), the buttons that send an intent, Undo/Redo, the replay slider and
// the message line (refusals from the kernel, local explanations).

import { describeTile, esc } from "./common.js";
import { focusPlayer, summarize } from "../selection.js";

function button(act, label, { disabled = false, primary = false, text = label, key = act } = {}) {
  return (
    `<button type="button" class="alh-btn${primary ? " alh-primary" : ""}" data-act="${act}" data-key="btn-${key}" data-lm-suppress-shortcuts="true" ` +
    `aria-label="${esc(label)}"${disabled ? " disabled" : ""}>${esc(text)}</button>`
  );
}

/** The sentence about the current selection (or what to do next). */
export function selectionText(view, ui) {
  const legal = view.legal;
  if (!legal) {
    if (view.replay !== null && view.replay !== undefined) return `Replay: the position after move ${view.replay} of ${view.live_moves}.`;
    if (view.phase === "over") return "The game is over.";
    return `Waiting for ${view.players[view.current].name}.`;
  }
  const name = view.players[legal.player].name;
  const s = summarize(ui, view);
  if (s.kind === "take") {
    const sum = s.values.join(" + ") + (s.several ? ` = ${s.sum}` : "");
    if (s.ok) return `Take ${sum}` + (s.several ? ` (several cards: at most 5 together)` : "") + ".";
    return `${sum}: too much \u2014 several cards may add up to at most 5 (T1).`;
  }
  if (s.kind === "buy") {
    const what = `slot ${s.slot}: ${describeTile(s.tile)}, price ${s.price} ${s.currency}`;
    if (!s.cards.length) return `Buy ${what}. Choose ${s.currency} cards from your hand.`;
    const sum = s.cards.map((c) => c.split(" ")[1]).join(" + ") + ` = ${s.sum}`;
    if (s.sum < s.price) return `Buy ${what}: ${sum}, ${s.price - s.sum} more needed.`;
    if (s.sum === s.price) return `Buy ${what}: ${sum} \u2014 exact payment: you get another action (T2a).`;
    return `Buy ${what}: ${sum} \u2014 ${s.sum - s.price} more than the price; no change is given.` + (s.ok ? "" : " Leave out a card you do not need.");
  }
  if (s.kind === "placed") return `The tile at ${s.x},${s.y}: "To reserve" moves it to your reserve (T3a).`;
  if (s.kind === "tile") {
    if (s.from === "reserve") {
      return `Reserve tile ${describeTile(findTile(view, s.id), false)}: click a highlighted spot to build it (T3b) or a tile of your Alhambra to swap (T3c).`;
    }
    return `Tile ${describeTile(findTile(view, s.id), false)}: click a highlighted spot to place it, or put it in your reserve` + (s.dirk ? " or give it to Dirk" : "") + " (T4).";
  }
  if (view.phase === "place") return `${name}: place the tiles ${view.final ? "awarded from the market" : "bought this turn"} \u2014 choose one above.`;
  const hints = [];
  if (legal.kinds.includes("take")) hints.push("take money (face-up cards)");
  if (legal.kinds.includes("buy")) hints.push("buy a tile (a market slot)");
  if (legal.kinds.includes("redesign")) hints.push("redesign (a tile of your Alhambra or reserve)");
  if (legal.end) hints.push("or end the turn");
  if (legal.pass) return `${name} has no legal action and passes (X4).`;
  return `${name}${view.extra ? " (another action)" : ""}: ${hints.join(", ")}.`;
}

function findTile(view, id) {
  for (const p of view.players) for (const t of p.reserve) if (t.id === id) return t;
  for (const e of view.pending) if (e.tile.id === id) return e.tile;
  return null;
}

/** The message line: a local note (why not ...) or the kernel's last message. */
export function messageHtml(message, note) {
  const m = note || (message && message.text ? message : null);
  if (!m) return `<div class="alh-message" role="status" aria-live="polite"></div>`;
  const kind = m.kind === "error" ? "alh-error" : m.kind === "why" ? "alh-why" : "alh-info-msg";
  const rule = m.rule ? `<span class="alh-rule" title="rule ${esc(m.rule)} of the rules">${esc(m.rule)}</span> ` : "";
  const prefix = m.kind === "error" ? "Refused: " : "";
  return (
    `<div class="alh-message ${kind}" role="status" aria-live="polite" data-rule="${esc(m.rule ?? "")}">${rule}${esc(prefix + m.text)}` +
    ` <button type="button" class="alh-btn alh-small" data-act="dismiss" data-key="btn-dismiss" data-lm-suppress-shortcuts="true" aria-label="Dismiss the message">\u00d7</button></div>`
  );
}

/** The buttons for the player to act, and Undo/Redo. */
export function controlsHtml(view, ui) {
  const legal = view.legal;
  const s = legal ? summarize(ui, view) : { kind: null };
  let out = `<div class="alh-controls" role="toolbar" aria-label="Actions">`;
  out += `<p class="alh-selection" aria-live="polite">${esc(selectionText(view, ui))}</p><div class="alh-buttons">`;
  if (legal && view.phase === "action") {
    out += button("take", "Take the selected money cards", { text: "Take", disabled: !(s.kind === "take" && s.intent), primary: s.kind === "take" && s.ok });
    out += button("buy", "Buy the tile of the selected slot with the selected cards", { text: s.kind === "buy" && s.exact ? "Buy (exact)" : "Buy", disabled: !(s.kind === "buy" && s.intent), primary: s.kind === "buy" && s.ok });
    out += button("to-reserve", "Move the selected Alhambra tile to the reserve", { text: "To reserve", disabled: !(s.kind === "placed" && s.intent) });
    if (legal.end) out += button("end", "End the turn without the extra action", { text: "End turn" });
    if (legal.pass) out += button("pass", "Pass: no legal action", { text: "Pass", primary: true });
  }
  if (legal && view.phase === "place") {
    out += button("to-reserve", "Put the selected tile into the reserve", { text: "To reserve", disabled: !(s.kind === "tile" && s.toReserve) });
    if (view.n === 2 && !view.final) out += button("dirk", "Give the selected tile to Dirk", { text: "Give to Dirk", disabled: !(s.kind === "tile" && s.dirk) });
  }
  if (legal && ui.sel) out += button("clear", "Clear the selection (Escape)", { text: "Clear" });
  out += `<span class="alh-spacer"></span>`;
  out += button("undo", "Undo the last move", { text: "\u21b6 Undo", disabled: !view.can_undo });
  out += button("redo", "Redo the move taken back", { text: "Redo \u21b7", disabled: !view.can_redo });
  return out + `</div></div>`;
}

/** The replay slider: 0 = the start, live_moves = now (live). */
export function replayHtml(view) {
  const n = view.live_moves ?? view.moves;
  const at = view.replay ?? n;
  const live = view.replay === null || view.replay === undefined;
  let out = `<div class="alh-replay" role="group" aria-label="Replay">`;
  out += `<label class="alh-replay-label"><span class="alh-label">Replay</span>`;
  out += `<input type="range" class="alh-range" data-act="replay" data-key="replay" data-lm-suppress-shortcuts="true" min="0" max="${n}" step="1" value="${at}" aria-label="Replay: show the position after move ${at} of ${n}" aria-valuetext="move ${at} of ${n}"${n ? "" : " disabled"}></label>`;
  out += `<span class="alh-replay-pos">${live ? `live (${n} moves)` : `move ${at} / ${n}`}</span>`;
  out += button("live", "Back to the live game", { text: "Live", disabled: live });
  return out + `</div>`;
}
