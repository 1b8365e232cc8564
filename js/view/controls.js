// The action bar: what is selected (running sums, the sum-of-5 limit, exact
// payment), the buttons that send an intent, Undo/Redo, the replay slider and
// the message line (refusals from the kernel, local explanations).

import { describeEntry, formatNumber } from "../describe.js";
import { currencyName, language, ruleText, t, tn } from "../i18n.js";
import { buttonWords, describeTile, dirkShown, esc, findTile, nameHtml, refusalWords, tileName } from "./common.js";
import { canHint } from "./hints.js";
import { box, leaf, partHtml } from "./parts.js";
import { seatColor, seatDot } from "./players.js";
import { LINEUP_KINDS, hasCell, lineupNamesOf, lineupOf, pointedRefusal, summarize, tileChoice } from "../selection.js";

/**
 * A button: `text` is what it shows and its name, `label` what it does in full (its tooltip and
 * description). Disabled, it leaves the tab order but can keep the focus (aria-disabled, not the
 * disabled attribute): a player who pressed Take stays on it after the move, as the APG asks of
 * a toolbar, instead of being sent back to the top of the table.
 */
function button(act, label, { disabled = false, primary = false, text = label, key = act, before = "", after = "" } = {}) {
  const words = buttonWords(text, label, { before, after });
  return (
    `<button type="button" class="alh-btn${primary ? " alh-primary" : ""}" data-act="${act}" data-key="btn-${key}" data-lm-suppress-shortcuts="true"` +
    `${words.attrs}${disabled ? ` aria-disabled="true" tabindex="-1"` : ""}>${words.html}</button>`
  );
}

/**
 * What the cell under the pointer (or the keyboard focus) means for the
 * current selection: may the selected tile go there and, if not, which rule
 * forbids it, in plain words. `hover`: {act: "spot" | "placed", x, y}.
 * Null when there is nothing to say.
 */
export function hoverText(view, ui, hover = ui.hover) {
  const legal = view.legal;
  if (!hover || !legal) return null;
  const { x, y } = hover;
  const sel = ui.sel;
  const pointed = pointedRefusal(view, { ...ui, hover });
  // (where the engine's refusal says where -- the side, the hole, the tiles cut off -- its words,
  // as a click on the cell gives them; else the rule's line)
  const why = (key, fallback, p, tileId = null) => {
    const rule = pointed?.[2] ?? fallback;
    const words = refusalWords(view, pointed, tileId);
    if (words) return t("ui.hover.refused", { rule, words });   // (the words say where: the spot, the side ...)
    return t(key, { ...p, rule, text: ruleText(view, rule) || rule });
  };
  if (sel?.kind === "tile") {
    const entry = tileChoice(view, sel.id);
    if (!entry) return null;
    const p = { tile: tileName(view, sel.id), x, y };
    if (hover.act === "spot") {
      if (hasCell(entry.spots, x, y)) return t(entry.from === "reserve" ? "ui.hover.build_ok" : "ui.hover.place_ok", p);
      return why("ui.hover.spot_no", hover.rule ?? "P2", p, sel.id);
    }
    if (entry.from !== "reserve") return t("ui.hover.no_swap_bought", p);
    if (hasCell(entry.swaps || [], x, y)) return t("ui.hover.swap_ok", p);
    return why("ui.hover.swap_no", "P6", p, sel.id);
  }
  if (hover.act === "placed" && view.phase === "action") {
    if (hasCell(legal.remove, x, y)) return t("ui.hover.remove_ok", { x, y, button: t("ui.btn.to_reserve") });
    return why("ui.hover.remove_no", "P6", { x, y });
  }
  if (hover.act === "spot") return t("ui.hover.choose_first", { x, y });
  return null;
}

/**
 * The refused cell under the pointer or the focus whose refusal the board marks (its side, a hole,
 * the tiles a removal would cut off: js/view/alhambra.js), as the help line says it in words; null
 * where the words are the rule's line alone.
 */
function pointedMark(view, ui) {
  const cell = pointedRefusal(view, ui);
  return cell && cell.length >= 5 && refusalWords(view, cell) ? cell : null;
}

/**
 * The refused cell whose refusal the board marks: the one pointed at (pointedMark), else, in a
 * lesson, that of the last try the engine refused (the lesson's feedback: the kernel refuses a
 * lesson's tries, js/input.js) while the view still refuses that cell so (not after an undo).
 */
export function boardMark(view, ui) {
  const pointed = pointedMark(view, ui);
  if (pointed) return pointed;
  const fb = view.lesson?.feedback;
  const cell = fb && fb.kind === "refused" ? fb.cell : null;
  return cell && cell.length >= 5 && view.legal && stillRefused(view.legal, cell) && refusalWords(view, cell) ? cell : null;
}

/** Is `cell` ([x, y, rule, key, detail]) one of the legal choices' refused cells, as it is? */
function stillRefused(legal, cell) {
  const same = JSON.stringify(cell);
  const lists = [legal.no_remove || [], ...legal.tiles.flatMap((e) => [e.why_not, e.no_swap || []])];
  return lists.some((cells) => cells.some((c) => c[0] === cell[0] && c[1] === cell[1] && JSON.stringify(c) === same));
}

/**
 * The help line under the focus board: what the cell under the pointer (or
 * the focus) means for the selection (see hoverText); with a tile selected
 * and no cell pointed at, how to find out. Below the board, so that its
 * changing text never moves the board under the pointer. Its box keeps two
 * lines' room; while a cell is pointed at, words longer than that (a refusal
 * in the engine's words, in a narrow column or a long language) are read
 * whole over what lies below (the replay control), up to six lines
 * (js/widget.js marks it so: alh-help-over).
 */
export function boardHelpHtml(view, ui) {
  let text = hoverText(view, ui);
  if (!text && view.legal && ui.sel?.kind === "tile" && tileChoice(view, ui.sel.id)) text = t("ui.hover.point_at");
  const cls = text && ui.hover && text !== t("ui.hover.point_at") ? " alh-help-on" : "";
  // (not a live region: the cell in focus tells a screen reader the same by its name and description)
  return `<div class="alh-board-help-box"><p class="alh-board-help${cls}"${text ? ` title="${esc(text)}"` : ""}>${esc(text || "")}</p></div>`;
}

/** The sentence about the current selection (or what to do next). */
export function selectionText(view, ui) {
  const legal = view.legal;
  if (!legal) {
    if (view.replay !== null && view.replay !== undefined) {
      // before a move the review marked: that move and its grade, in words (the marks on the table show the rest)
      const reviewed = reviewedMove(view);
      return reviewed ? reviewed.text : t("ui.sel.replay", { at: view.replay, n: view.live_moves });
    }
    if (view.phase === "over") return t("ui.sel.over");
    // in a lesson nobody else moves: not "waiting for Ben", but what to press
    if (view.lesson?.labels?.others) return view.lesson.labels.others;
    return t("ui.sel.waiting", { name: view.players[view.current].name });
  }
  const name = view.players[legal.player].name;
  const s = summarize(ui, view);
  if (s.kind === "take") {
    const sum = s.values.join(" + ") + (s.several ? ` = ${s.sum}` : "");
    if (s.ok) return t(s.several ? "ui.sel.take_several" : "ui.sel.take", { sum });
    return t("ui.sel.take_too_much", { sum });
  }
  if (s.kind === "buy") {
    const p = { slot: s.slot, tile: describeTile(s.tile), price: s.price, currency: currencyName(s.currency) };
    const what = t("ui.sel.buy_what", p);
    if (!s.cards.length) return t("ui.sel.buy_choose", { ...p, what });
    const sum = s.cards.map((c) => c.split(" ")[1]).join(" + ") + (s.cards.length > 1 ? ` = ${s.sum}` : "");
    if (s.sum < s.price) return t("ui.sel.buy_short", { what, sum, missing: s.price - s.sum });
    if (s.sum === s.price) return t("ui.sel.buy_exact", { what, sum });
    return t(s.ok ? "ui.sel.buy_over" : "ui.sel.buy_over_leave_out", { what, sum, over: s.sum - s.price });
  }
  if (s.kind === "placed") return t("ui.sel.placed", { x: s.x, y: s.y, button: t("ui.btn.to_reserve") });
  if (s.kind === "tile") {
    const tile = describeTile(findTile(view, s.id), false);
    if (s.from === "reserve") return t("ui.sel.reserve_tile", { tile });
    return t(s.dirk && dirkShown(view) ? "ui.sel.pending_tile_dirk" : "ui.sel.pending_tile", { tile });
  }
  if (view.phase === "place") return t(view.final ? "ui.sel.place_awarded" : "ui.sel.place_bought", { name });
  if (legal.pass) return t("ui.sel.pass", { name });
  const hints = [];
  if (legal.kinds.includes("take")) hints.push(t("ui.sel.hint_take"));
  if (legal.kinds.includes("buy")) hints.push(t("ui.sel.hint_buy"));
  if (legal.kinds.includes("redesign")) hints.push(t("ui.sel.hint_redesign"));
  if (legal.end) hints.push(t("ui.sel.hint_end"));
  return t(view.extra ? "ui.sel.hints_extra" : "ui.sel.hints", { name, hints: hints.join(t("list.sep")) });
}

/**
 * The message line: a local note (why not ...) or the kernel's last message,
 * in three lines' room or the lines it needs (eight at most: the text is cut
 * there, the whole of it in the tooltip), its dismiss button at the end of the line.
 *
 * A part whose box stays when the message changes (js/patch.js keeps an element
 * whose tag stays and changes its attributes and children): a live region a
 * screen reader reads each new message from must be there before its words
 * change -- one drawn anew with its words in it is not reliably read.
 */
export function messagePart(message, note, view = null) {
  const m = note || (message && message.text ? message : null);
  if (!m) return box("message", `<div class="alh-message" role="status" aria-live="polite">`, [], `</div>`);
  // (a move told by the kernel gives its room to hints asked for after it: js/style.js)
  const kind = m.kind === "error" ? "alh-error" : m.kind === "why" ? "alh-why" : m === note ? "alh-info-msg" : "alh-info-msg alh-told";
  const text = m.kind === "error" ? t("ui.msg.refused", { text: m.text }) : m.text;
  // No title inside the live region: a screen reader (Orca) reads an element's tooltip before its
  // words, so the message would be read twice. The rule's mark keeps its tooltip (the rule's
  // text) for the mouse and is hidden from screen readers, which hear "Rule T2." instead, unless
  // the words name the rule already; the words get their tooltip only when they are cut (fitMessage).
  const tip = m.rule ? t("ui.msg.rule_title", { rule: m.rule, text: ruleText(view, m.rule) }) : "";
  const named = m.rule && new RegExp(`\\b${m.rule}\\b`).test(text);
  // (a no-break space: a space after the hidden words would be collapsed, "Rule T4.Refused")
  const said = m.rule && !named ? `<span class="alh-sr">${esc(t("ui.msg.rule_said", { rule: m.rule }))}\u00a0</span>` : "";
  const rule = m.rule ? `<span class="alh-rule" aria-hidden="true" title="${esc(tip)}">${esc(m.rule)}</span> ${said}` : "";
  // the kernel's info messages (a move, an undo) are read by the table's voice, in order with
  // whose turn it is (js/announce.js); this line reads refusals and notes
  const live = m.kind === "info" ? "off" : "polite";
  return box("message", `<div class="alh-message ${kind}" role="status" aria-live="${live}" data-rule="${esc(m.rule ?? "")}">`, [
    leaf("text", `<span class="alh-message-text" data-text="${esc(text)}">${rule}${esc(text)}</span>`),
    leaf("dismiss", `<button type="button" class="alh-btn alh-small" data-act="dismiss" data-key="btn-dismiss" data-lm-suppress-shortcuts="true" aria-label="${esc(t("ui.msg.dismiss"))}">\u00d7</button>`),
  ], `</div>`);
}

/** The message line's HTML (see messagePart). */
export function messageHtml(message, note, view = null) {
  return partHtml(messagePart(message, note, view));
}

/**
 * The action bar: what is selected and the buttons that send an intent. Every
 * button of the game is always there, disabled when it cannot be used now,
 * so that nothing moves under the mouse while a turn is played. (Undo and
 * Redo are with the replay control under the board; at the end of the game,
 * here.) Replaying, only Play from here, where the viewer may play on from
 * the position shown.
 */
export function controlsHtml(view, ui) {
  const legal = view.legal;
  const s = legal ? summarize(ui, view) : { kind: null };
  const over = view.phase === "over";
  let out = `<div class="alh-controls" role="toolbar" aria-label="${esc(t("ui.controls.aria"))}">`;
  const said = esc(selectionText(view, ui));
  // replaying to a move the review marked: its sentence in full (the buttons are all off then), after the grade's mark
  const reviewed = legal ? null : reviewedMove(view);
  const key = reviewed ? reviewKeyHtml(reviewed.grade) : "";
  // read out when it answers a choice (what the cards chosen take, what a tile chosen may do) or
  // tells a reviewed move; not what to do at a new turn, which would come before the move and the
  // turn the table's voice tells (a screen reader reads polite regions in the order they change)
  const live = s.kind !== null || reviewed ? "polite" : "off";
  out += `<p class="alh-selection${reviewed ? " alh-reviewed" : ""}" aria-live="${live}" title="${said}">${key}${said}</p>`;
  if (view.replay !== null && view.replay !== undefined) {
    // replaying: the game's buttons are off; where the viewer may take the later moves back, play on
    // from here; and a hint: what was best in the position shown
    const from = view.can_play_from ? button("play-from", t("ui.table.play_from_aria"), { text: t("ui.table.play_from") }) : "";
    return out + `<div class="alh-replay-actions">${from}${hintButtonHtml(view)}</div></div>`;
  }
  out += `<div class="alh-buttons">`;
  if (!over) {
    const act = !!legal && view.phase === "action";
    const place = !!legal && view.phase === "place";
    const exact = s.kind === "buy" && s.exact;
    out += button("take", t("ui.btn.take_aria"), { text: t("ui.btn.take"), disabled: !(act && s.kind === "take" && s.intent), primary: s.kind === "take" && s.ok });
    out += button("buy", t("ui.btn.buy_aria"), { text: t(exact ? "ui.btn.buy_exact" : "ui.btn.buy"), disabled: !(act && s.kind === "buy" && s.intent), primary: s.kind === "buy" && s.ok });
    if (place) out += button("to-reserve", t("ui.btn.reserve_tile_aria"), { text: t("ui.btn.to_reserve"), disabled: !(s.kind === "tile" && s.toReserve) });
    else out += button("to-reserve", t("ui.btn.to_reserve_aria"), { text: t("ui.btn.to_reserve"), disabled: !(act && s.kind === "placed" && s.intent) });
    if (view.n === 2 && dirkShown(view)) out += button("dirk", t("ui.btn.dirk_aria"), { text: t("ui.btn.dirk"), disabled: !(place && !view.final && s.kind === "tile" && s.dirk) });
    out += button("end", t("ui.btn.end_aria"), { text: t("ui.btn.end"), disabled: !(act && legal.end) });
    if (legal && legal.pass) out += button("pass", t("ui.btn.pass_aria"), { text: t("ui.btn.pass"), primary: true });
    out += button("clear", t("ui.btn.clear_aria"), { text: t("ui.btn.clear"), disabled: !(legal && ui.sel) });
    out += hintButtonHtml(view);
  } else {
    // the game is over: play again (the same players, a new deal), take back, or review
    if (!view.lesson) out += button("new_game", t("ui.new_game.aria"), { text: t("ui.new_game.button"), primary: true });
    out += undoRedoHtml(view);
    if (!view.lesson) out += reviewButtonHtml(view);
  }
  return out + `</div></div>`;
}

/** The Hint button (none in a lesson). */
function hintButtonHtml(view) {
  if (view.lesson) return "";
  return button("hint", t("ui.bots.hint_aria"), { text: view.hinting ? t("ui.bots.hinting") : t("ui.bots.hint"), disabled: !canHint(view) || !!view.hinting });
}

/**
 * The players of the next game, under the New game button at the end of a
 * game: a fold (its summary says the line-up in words) with the number of
 * players and, per seat, a person (with a name to type) or a bot (Random,
 * Greedy, MCTS; or the bot that plays there now). New game sends the line-up
 * when it was changed.
 * Folded, only its summary is drawn. With `start`, before the first move of a
 * game: the players of this game, and a button of its own that deals a game
 * for them.
 */
export function lineupHtml(view, ui, open = false, { start = false } = {}) {
  const kinds = lineupOf(view, ui);
  const names = lineupNamesOf(view, ui);
  const bots = view.bots || {};
  const word = (kind, i) => (kind === "same" ? t("ui.lineup.same", { bot: bots[String(i)] }) : t(`ui.lineup.kind.${kind}`));
  const who = (kind, i) => (kind === "person" && names[i].trim() ? names[i].trim() : word(kind, i));
  const select = (act, key, label, options, chosen, data = "") =>
    `<label class="alh-lineup-field"><span>${esc(label)}</span> <select class="alh-lineup-select" data-act="${act}" data-key="${key}"${data} data-lm-suppress-shortcuts="true">` +
    options.map(([value, text]) => `<option value="${esc(value)}"${value === chosen ? " selected" : ""}>${esc(text)}</option>`).join("") +
    `</select></label>`;
  let out = `<details class="alh-lineup"${open ? " open data-drawn-open" : ""}>`;
  const said = t(start ? "ui.lineup.summary_start" : "ui.lineup.summary", { players: kinds.map(who).join(t("list.sep")) });
  out += `<summary class="alh-fold-summary alh-lineup-summary" data-key="lineup" data-lm-suppress-shortcuts="true">${esc(said)}</summary>`;
  if (!open) return out + `</details>`;   // (drawn once unfolded, as the other folds)
  out += `<div class="alh-lineup-body">`;
  const counts = [2, 3, 4, 5, 6].map((n) => [String(n), String(n)]);
  out += select("lineup-n", "lineup-n", t("ui.lineup.count"), counts, String(kinds.length));
  kinds.forEach((kind, i) => {
    const options = LINEUP_KINDS.filter((k) => k !== "same" || String(i) in bots).map((k) => [k, word(k, i)]);
    out += `<span class="alh-lineup-seat">`;
    out += select("lineup-seat", `lineup-${i}`, t("ui.lineup.seat", { n: i + 1 }), options, kind, ` data-i="${i}"`);
    if (kind === "person") {
      // (a name is sent on change: when the field is left, or with Enter)
      out += ` <input type="text" class="alh-lineup-name" data-act="lineup-name" data-key="lineup-name-${i}" data-i="${i}" value="${esc(names[i])}"` +
        ` placeholder="${esc(t("ui.lineup.name_hint"))}" aria-label="${esc(t("ui.lineup.name", { n: i + 1 }))}" autocomplete="off" spellcheck="false" data-lm-suppress-shortcuts="true">`;
    }
    out += `</span>`;
  });
  out += `<p class="alh-lineup-note alh-muted">${esc(t("ui.lineup.note"))}</p>`;
  if (start) out += button("new_game", t("ui.lineup.start_aria"), { text: t("ui.lineup.start") });
  return out + `</div></details>`;
}

/**
 * The Review button at the end of the game (the kernel grades every move:
 * AlhambraWidget.review); "Reviewing… 12/120" while it runs (the moves
 * graded so far), "Reviewed ✓" (disabled) once done. The view's `review` (the widget's
 * graded trait): null, {running: true, done, total} or {moves, counts}, with `partial`
 * when it holds on the moves kept after an undo or Play from here only (Review grades the
 * game as it is now).
 */
export function reviewButtonHtml(view) {
  // (a review that holds on the moves kept only -- after an undo or Play from here -- is not this game's)
  const r = view.review && !view.review.partial ? view.review : null;
  const running = !!(r && r.running);
  const text = !r ? t("ui.review.button") : !running ? t("ui.review.done") : r.total ? t("ui.review.progress", { done: r.done || 0, total: r.total }) : t("ui.review.running");
  // while it runs: a way to stop it (the moves graded so far are dropped)
  const stop = running ? button("review-stop", t("ui.review.stop_aria"), { text: t("ui.review.stop") }) : "";
  // done: it says so, and where the marks are
  const label = r && !running ? t("ui.review.done_aria") : t("ui.review.aria");
  return button("review", label, { text, disabled: !!r }) + stop;
}

/** The grades the replay control marks (as alhambra_widget/widget.py REVIEW_MARKED). */
export const REVIEW_MARKED = ["inaccuracy", "mistake", "blunder"];

/**
 * The review's marks along the replay slider: one per inaccuracy, mistake and
 * blunder, where the slider shows the position before that move (a click
 * goes there, and the board marks the better move). Each is titled, in the
 * widget's language, "move 57: mistake — better: …" (the kernel's words).
 */
export function reviewMarksHtml(view, n) {
  const moves = view.review && view.review.moves;
  if (!moves || !n) return "";
  const marks = Object.entries(moves)
    .map(([k, m]) => [Number(k), m])
    .filter(([k, m]) => k >= 1 && k <= n && REVIEW_MARKED.includes(m.grade))
    .sort((a, b) => a[0] - b[0]);
  if (!marks.length) return "";
  let out = `<span class="alh-review-marks" role="group" aria-label="${esc(t("ui.review.marks"))}">`;
  for (const [k, m] of marks) {
    // the thumb's centre: half a thumb in from each end of the track
    const left = `calc(7px + (100% - 14px) * ${((k - 1) / n).toFixed(4)})`;
    out +=
      `<button type="button" class="alh-review-mark alh-review-${esc(m.grade)}" data-act="replay" data-index="${k - 1}" data-key="review-${k}" ` +
      `data-lm-suppress-shortcuts="true" style="left: ${left}" title="${esc(m.title)}" aria-label="${esc(m.title)}"></button>`;
  }
  return out + `</span>`;
}

/**
 * A grade's mark as the replay slider draws it (an inaccuracy a dot, a
 * mistake a square, a blunder a tall bar), inline: a key in the review's
 * table and beside a move's words. With a `label` it is a picture named so
 * (and titled); without one, hidden from screen readers (words say it beside it).
 */
export function reviewKeyHtml(grade, label = null) {
  const named = label ? ` role="img" aria-label="${esc(label)}" title="${esc(label)}"` : ` aria-hidden="true"`;
  return `<span class="alh-review-key alh-review-${esc(grade)}"${named}></span>`;
}

/** The review's marked move that follows the position replayed (the one its hint is for), or null. */
export function reviewedMove(view) {
  const moves = view.review && view.review.moves;
  if (!moves || view.replay === null || view.replay === undefined) return null;
  return moves[String(view.replay + 1)] || null;
}

/**
 * The review's table at the end of the game: per player how many moves got
 * each grade (the marked ones with the marks of the replay slider) and the
 * win chance a move lost on average (Intl's percent, in the table's language).
 */
export function reviewSummaryHtml(view) {
  const r = view.review;
  if (!r || !r.players || !r.grades) return "";
  const grades = Object.keys(r.grades); // (in the kernel's order: best to blunder)
  const pct = (x) => formatNumber(x, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const caption = esc(t("ui.review.summary"));
  let out = `<table class="alh-round alh-review-sum"><caption>${caption}</caption><thead><tr><th scope="col">${esc(t("ui.scoring.player"))}</th>`;
  out += `<th scope="col">${esc(t("ui.review.moves"))}</th>`;
  for (const g of grades) {
    const mark = REVIEW_MARKED.includes(g) ? reviewKeyHtml(g) : "";
    const word = r.grades[g];   // (a word of a sentence: a heading starts with a capital)
    out += `<th scope="col">${mark}${esc(word.charAt(0).toLocaleUpperCase(language()) + word.slice(1))}</th>`;
  }
  const lossTitle = esc(t("ui.review.loss_title"));
  out += `<th scope="col" title="${lossTitle}">${esc(t("ui.review.loss"))}</th></tr></thead><tbody>`;
  r.players.forEach((p, i) => {
    const name = view.players[i] ? view.players[i].name : String(i + 1);
    out += `<tr><th scope="row">${seatDot(i)}${nameHtml(name)}</th><td>${p.moves}</td>`;
    for (const g of grades) out += `<td>${p[g] ? p[g] : "\u2013"}</td>`;
    out += `<td title="${lossTitle}">${p.moves ? esc(pct(p.loss || 0)) : "\u2013"}</td></tr>`;   // (no moves: no loss to tell)
  });
  return out + `</tbody></table>`;
}

/**
 * The review's graph behind the replay slider: every player's estimated win
 * chance after each move reviewed, a line per player in the seat's colour,
 * from an even share at the start (`view.review.chances`: [move, % of seat
 * 0, % of seat 1, ...]). A picture of the game's turns at a glance; the
 * words are in the marks and the log.
 */
export function reviewGraphHtml(view, n) {
  const chances = view.review && view.review.chances;
  if (!Array.isArray(chances) || !chances.length || !n) return "";
  const seats = chances[0].length - 1;
  if (seats < 1) return "";
  const even = 100 / seats;
  let lines = "";
  for (let s = 0; s < seats; s++) {
    let pts = `0,${(100 - even).toFixed(1)}`;
    for (const c of chances) if (c[0] >= 1 && c[0] <= n) pts += ` ${c[0]},${100 - Number(c[s + 1])}`;
    lines += `<polyline points="${pts}" fill="none" stroke="${seatColor(s)}" stroke-width="1.5" vector-effect="non-scaling-stroke" stroke-linejoin="round"/>`;
  }
  const label = esc(t("ui.review.chances"));
  return `<svg class="alh-review-graph" viewBox="0 0 ${n} 100" preserveAspectRatio="none" role="img" aria-label="${label}"><title>${label}</title>${lines}</svg>`;
}

/** Undo and Redo (beside the replay control under the board; in the action bar at the end of the game). */
export function undoRedoHtml(view) {
  return (
    button("undo", t("ui.btn.undo_aria"), { text: t("ui.btn.undo"), before: "\u21b6", disabled: !view.can_undo }) +
    button("redo", t("ui.btn.redo_aria"), { text: t("ui.btn.redo"), after: "\u21b7", disabled: !view.can_redo })
  );
}

/**
 * The history under the board: Undo, Redo and the replay slider (0 = the
 * start, live_moves = now), the position shown, and the way back to the live game.
 */
export function replayHtml(view) {
  return partHtml(replayPart(view));
}

/** The replay slider's name and value in words, at move `at` of `n` (also set as its thumb moves, js/input.js). */
export function sliderWords(at, n) {
  return { label: t("ui.replay.aria", { at, n }), value: t("ui.replay.valuetext", { at, n }) };
}

/**
 * The replay control as parts: the slider a part of its own, so that moving it keeps its element
 * (js/patch.js keeps a part whose own attributes alone changed) -- the focus stays on it and a
 * screen reader tells the new position, not the whole control again.
 */
export function replayPart(view) {
  const n = view.live_moves ?? view.moves;
  const at = view.replay ?? n;
  const live = view.replay === null || view.replay === undefined;
  const over = view.phase === "over";
  const kids = [];
  if (!over) kids.push(leaf("history", `<span class="alh-history">${undoRedoHtml(view)}</span>`));
  // the slider, the position and Live in one group: where the row wraps, they go below Undo and Redo together
  const graph = reviewGraphHtml(view, n); // behind the slider
  const words = sliderWords(at, n);
  const range = leaf("range", `<input type="range" class="alh-range${graph ? " alh-range-graphed" : ""}" data-act="replay" data-key="replay" data-lm-suppress-shortcuts="true" min="0" max="${n}" step="1" value="${at}" aria-label="${esc(words.label)}" aria-valuetext="${esc(words.value)}"${n ? "" : " disabled"}>`);
  const marks = reviewMarksHtml(view, n);
  const slider = graph || marks
    ? box("track", `<span class="alh-replay-track">`, [graph ? leaf("graph", graph) : null, range, marks ? leaf("marks", marks) : null].filter(Boolean), `</span>`)
    : range;
  const main = [
    box("label", `<label class="alh-replay-label">`, [leaf("title", `<span class="alh-label">${esc(t("ui.replay.title"))}</span>`), slider], `</label>`),
    leaf("pos", `<span class="alh-replay-pos">${esc(live ? tn("ui.replay.live_pos", n) : t("ui.replay.pos", { at, n }))}</span>`),
    leaf("live", button("live", t("ui.replay.live_aria"), { text: t("ui.replay.live"), disabled: live })),
  ];
  // after Play from here: back to the game as it was played (the moves tried since are dropped)
  if (typeof view.played_moves === "number") {
    main.push(leaf("back", button("back-to-game", t("ui.replay.back_aria", { n: view.played_moves }), { text: t("ui.replay.back"), before: "\u21a9" })));
  }
  kids.push(box("main", `<span class="alh-replay-main">`, main, `</span>`));
  return box("replay", `<div class="alh-replay${live ? "" : " alh-replay-on"}" role="group" aria-label="${esc(t("ui.replay.title"))}">`, kids, `</div>`);
}

/** The banner's words: which position is shown, after which move (in words, js/describe.js) and by whom. */
export function replayBannerText(view) {
  const n = view.live_moves ?? view.moves;
  const at = view.replay ?? n;
  const last = view.log && view.log.length ? view.log[view.log.length - 1] : null;
  const move = last && last.n === at ? describeEntry(last, view) : "";
  return at === 0 ? tn("ui.table.replay_start", n) : move ? t("ui.table.replay_banner", { at, n, move }) : t("ui.sel.replay", { at, n });
}

/**
 * The banner of replay mode, in place of the status line: which position is
 * shown (after which move, by whom) and the way back to the live game.
 */
export function replayBannerHtml(view) {
  const text = replayBannerText(view);
  const info = t("ui.status.info", { deck: view.deck, discard: view.discard, bag: view.bag, moves: view.moves });
  return (
    `<div class="alh-status alh-replay-banner"><strong class="alh-status-text" title="${esc(text)}">${esc(text)}</strong>` +
    button("live", t("ui.replay.live_aria"), { text: t("ui.table.back_to_live"), primary: true, key: "live-banner" }) +
    `<span class="alh-info" title="${esc(info)}"><span class="alh-info-text">${esc(info)}</span></span></div>`
  );
}

/**
 * The language switch: a labelled <select> of the languages, each in its own
 * name. Changing it sends a language intent; the kernel validates it and
 * sends the new strings (the `strings` trait) and view.
 * @param {string} lang        the widget's language
 * @param {object} languages   {code: own name}, in the order to list them
 */
export function languageHtml(lang, languages) {
  // a globe, drawn (an emoji needs an emoji font, which many systems lack)
  const globe =
    `<svg class="alh-lang-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="1.2" ` +
    `d="M1.6 8a6.4 6.4 0 1 0 12.8 0a6.4 6.4 0 1 0-12.8 0M5.2 8a2.8 6.4 0 1 0 5.6 0a2.8 6.4 0 1 0-5.6 0M1.6 8h12.8M2.6 4.6h10.8M2.6 11.4h10.8"/></svg>`;
  let out = `<div class="alh-lang"><label class="alh-lang-label">${globe}`;
  out += `<span class="alh-label">${esc(t("ui.lang.label"))}</span>`;
  out += `<select class="alh-lang-select" data-act="lang" data-key="lang" data-lm-suppress-shortcuts="true" aria-label="${esc(t("ui.lang.aria"))}">`;
  for (const [code, name] of Object.entries(languages)) {
    out += `<option value="${esc(code)}" lang="${esc(code)}"${code === lang ? " selected" : ""}>${esc(name)}</option>`;
  }
  return out + `</select></label></div>`;
}
