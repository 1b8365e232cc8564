// Scoring rounds as they happen: per player, the points for each building
// type (with the number of tiles that earned them) and for the longest wall
// (C2-C4); Dirk's majorities in two-player games (D3); the winners at the end.
// The latest round is shown; the earlier ones are folded under it.

import { buildingName, joinAnd, t, tn } from "../i18n.js";
import { BUILDING_LABEL_COLORS, OPEN, buildingShort, buttonWords, dirkShown, esc, nameHtml, num } from "./common.js";
import { alhambraSvg } from "./alhambra.js";
import { box, leaf, partHtml } from "./parts.js";
import { seatDot } from "./players.js";

function roundTable(view, r, latest, { whyOpen = false, lazy = false, story: withStory = true, cls = "", caption = null, captionSr = false, key = "" } = {}) {
  const names = view.players.map((p) => p.name);
  const just = latest ? ` data-just="${esc(t("ui.scoring.just_scored"))}"` : "";
  let out = `<table class="alh-round${latest ? " alh-latest" : ""}${cls ? " " + cls : ""}" data-round="${r.round}">`;
  // (a caption for a screen reader only where a heading over the table says it already: the pop's)
  out += `<caption${just}${captionSr ? ` class="alh-sr"` : ""}>${esc(caption ?? t(r.round === 3 ? "ui.scoring.round_final" : "ui.scoring.round", { round: r.round }))}</caption>`;
  out += `<thead><tr><th scope="col">${esc(t("ui.scoring.player"))}</th>`;
  view.buildings.forEach((b) => {
    const [bg, ink] = BUILDING_LABEL_COLORS[b];
    const name = esc(buildingName(b));
    out += `<th scope="col" class="alh-${b}" style="background:${bg};color:${ink}" title="${name}" aria-label="${name}">${esc(buildingShort(b))}</th>`;
  });
  out += `<th scope="col">${esc(t("ui.scoring.wall"))}</th><th scope="col">${esc(t("ui.scoring.round_points"))}</th><th scope="col">${esc(t("ui.scoring.total"))}</th></tr></thead><tbody>`;
  names.forEach((name, i) => {
    out += `<tr data-player="${i}"><th scope="row">${seatDot(i)}${nameHtml(name)}</th>`;
    view.buildings.forEach((b, k) => {
      const pts = r.buildings[i][k];
      const cnt = r.counts[i][k];
      const title = tn("ui.scoring.cell_title", pts, { name, count: cnt, building: buildingName(b) });
      out += `<td${pts ? ` class="alh-scored"` : ""} title="${esc(title)}">${pts || (cnt ? "0" : "\u2013")}${cnt ? `\u00a0(${cnt})` : ""}</td>`;
    });
    out += `<td title="${esc(t("ui.longest_wall"))}">${r.walls[i]}</td><td class="alh-round-points">+${r.points[i]}</td><td>${r.scores[i]}</td></tr>`;
  });
  if (r.dirk && dirkShown(view)) {
    out += `<tr class="alh-dirk-row"><th scope="row">${esc(t("ui.dirk.name"))}</th>`;
    view.buildings.forEach((b, k) => {
      const cnt = r.counts[names.length][k];
      out += `<td title="${esc(t("ui.scoring.dirk_cell", { count: cnt, building: buildingName(b) }))}">${r.dirk[k] || (cnt ? "0" : "\u2013")}${cnt ? `\u00a0(${cnt})` : ""}</td>`;
    });
    out += `<td>\u2013</td><td colspan="2"><small>${esc(t("ui.scoring.not_a_player"))}</small></td></tr>`;
  }
  out += `</tbody></table>`;
  // why each player got their points (made by Python in the widget's language),
  // folded under the table: while folded and `lazy`, the lines are left out
  // (the widget draws them when the summary is clicked; a 6-player round is
  // ~1,700 characters of text, more to lay out than the table itself)
  const story = withStory && Array.isArray(r.narration) ? r.narration : [];
  if (story.length) {
    const why = esc(t("ui.scoring.narration", { round: r.round }));
    let det = `<details class="alh-why"${whyOpen ? OPEN : ""}><summary class="alh-why-summary alh-fold-summary" data-key="${key}why-${r.round}" data-lm-suppress-shortcuts="true">${why}</summary>`;
    if (whyOpen || !lazy) {
      det += `<ul class="alh-narration" aria-label="${why}">`;
      for (const line of story) det += `<li>${esc(line)}</li>`;
      det += `</ul>`;
    }
    out = `<div class="alh-round-box" data-round="${r.round}">${out}${det}</details></div>`;
  }
  return out;
}

/**
 * A round's points in a line, "Ana +8, Ben +5 and Chi +3"; with `dirk`, Dirk's
 * points after the players' (his places score too, D3).
 */
function pointsLine(view, r, { dirk = false } = {}) {
  const items = view.players.map((p, i) => `${p.name} +${r.points[i]}`);
  if (dirk && r.dirk) items.push(`${t("ui.dirk.name")} +${r.dirk.reduce((a, b) => a + b, 0)}`);
  return joinAnd(items);
}

/**
 * The scoring rounds as a part: a box of the heading, the winners, the latest
 * round's table (in play, under a fold that is open while the round is recent:
 * `latestOpen` true or false overrides that), the earlier rounds (folded: a <details>, `earlierOpen` opens
 * it; `lazyEarlier`: while folded, their tables are left out -- the widget
 * draws them when the summary is clicked) and the legend.
 */
export function scoringPart(view, { earlierOpen = false, lazyEarlier = false, whyOpen = false, latestOpen = undefined, previewOpen = false } = {}) {
  const fold = { whyOpen, lazy: lazyEarlier };
  const rounds = view.rounds || [];
  const kids = [leaf("h", `<h3>${esc(t("ui.scoring.title"))}</h3>`)];
  const preview = view.phase !== "over" ? view.preview : null;
  if (preview) {
    // the next round as it would be scored now: a line of each player's points,
    // unfolded the same table as a round scored (drawn only once unfolded)
    const label = t("ui.scoring.preview", { round: preview.round });
    const points = pointsLine(view, preview, { dirk: dirkShown(view) });
    let det = `<details class="alh-preview"${previewOpen ? OPEN : ""}><summary class="alh-fold-summary alh-preview-summary" data-key="preview" data-lm-suppress-shortcuts="true">`;
    det += `${esc(t("ui.label_count", { label, count: points }))}</summary>`;
    if (previewOpen || !lazyEarlier) det += roundTable(view, preview, false, { story: false, cls: "alh-preview-table", caption: label });
    kids.push(leaf("preview", det + `</details>`));
  }
  if (view.phase === "over") {
    const w = view.winners.map((i) => view.players[i].name);
    const best = view.winners.length ? view.players[view.winners[0]].score : 0;
    const text = t(w.length > 1 ? "ui.scoring.final_shared" : "ui.scoring.final_wins", { names: joinAnd(w), points: best });
    kids.push(leaf("final", `<p class="alh-final">\u2605 ${esc(text)}</p>`));
    if (view.tally && view.tally.games > 1) kids.push(leaf("tally", tallyHtml(view.tally)));
  }
  if (!rounds.length) {
    kids.push(leaf("none", `<p class="alh-muted">${esc(t("ui.scoring.none"))}</p>`));
  } else {
    const last = view.log?.length ? view.log[view.log.length - 1] : null;
    const fresh = last && last.rounds && last.rounds.length ? Math.max(...last.rounds) : null;
    const latest = rounds[rounds.length - 1];
    const table = () => roundTable(view, latest, latest.round === fresh, fold);
    if (view.phase === "over") {
      kids.push(leaf(`round-${latest.round}`, table()));
    } else {
      // in play: open while the round is recent (scored within the last moves,
      // about one turn of every player) or when unfolded; else folded to a
      // line of each player's points (the totals are in the players' panels)
      const recent = (view.log || []).slice(-Math.max(1, view.n || 1)).some((e) => (e.rounds || []).includes(latest.round));
      const open = latestOpen ?? recent;
      const title = t(latest.round === 3 ? "ui.scoring.round_final" : "ui.scoring.round", { round: latest.round });
      const points = pointsLine(view, latest);
      let det = `<details class="alh-latest-round"${open ? OPEN : ""}><summary class="alh-fold-summary" data-key="latest" data-lm-suppress-shortcuts="true">`;
      det += `${esc(t("ui.label_count", { label: title, count: points }))}</summary>`;
      if (open || !lazyEarlier) det += table();
      kids.push(leaf(`round-${latest.round}`, det + `</details>`));
    }
    // the round's panel over the table again (a round just scored shows there by itself)
    const show = buttonWords(t("ui.table.scoring_show"), t("ui.table.scoring_show_aria", { round: latest.round }));
    kids.push(leaf("show", `<p class="alh-round-show"><button type="button" class="alh-btn alh-small" data-act="scoring-round" data-round="${latest.round}" ` +
      `data-key="round-show" data-lm-suppress-shortcuts="true"${show.attrs}>${show.html}</button></p>`));
    if (rounds.length > 1) {
      // earlier rounds, newest first, folded: the latest table carries the totals,
      // and closed, they cost no layout (a 6-player table is ~100 elements)
      const older = rounds.slice(0, -1).reverse();
      let det = `<details class="alh-earlier"${earlierOpen ? OPEN : ""}>`;
      const summary = tn("ui.scoring.earlier", older.length, { rounds: joinAnd(older.map((r) => r.round)) });
      det += `<summary class="alh-earlier-summary alh-fold-summary" data-key="earlier" data-lm-suppress-shortcuts="true">${esc(summary)}</summary>`;
      if (earlierOpen || !lazyEarlier) for (const r of older) det += roundTable(view, r, r.round === fresh, fold);
      kids.push(leaf("earlier", det + `</details>`));
    }
    kids.push(leaf("legend", `<p class="alh-muted alh-legend">${esc(t("ui.scoring.legend"))}</p>`));
  }
  return box("scoring", `<section class="alh-scoring" aria-label="${esc(t("ui.scoring.aria"))}">`, kids, `</section>`);
}

export function scoringHtml(view, o = {}) {
  return partHtml(scoringPart(view, o));
}

/**
 * A scoring round as an event: a panel over the table with each player's
 * points per building type and for the wall, the round's points and the
 * totals; with `boards`, each player's Alhambra with the counted longest wall
 * drawn on it (the boards as they were scored: only for the round just
 * scored). It stays until the player dismisses it (js/widget.js closes it
 * by itself after a few seconds when every seat is a bot's). A modal dialog:
 * it covers the table, so while it shows the keyboard stays in it (Tab), and
 * Escape or a click beside its card closes it (js/input.js); js/widget.js
 * moves the focus in and back out.
 * @param {object} view    the JSON view
 * @param {number} round   the round's number (1-3)
 * @param {object} [o]
 * @param {boolean} [o.boards]  draw the boards with their counted walls
 */
export function scoringPopHtml(view, round, { boards = false } = {}) {
  const r = (view.rounds || []).find((x) => x.round === round);
  if (!r) return `<div class="alh-pop-none" hidden></div>`;
  const title = t(r.round === 3 ? "ui.scoring.round_final" : "ui.scoring.round", { round: r.round });
  let out = `<div class="alh-pop" role="dialog" aria-modal="true" aria-label="${esc(title)}" data-round="${r.round}"><div class="alh-pop-card">`;
  out += `<div class="alh-pop-head"><h3 class="alh-pop-title">${esc(title)}</h3>`;
  const close = buttonWords(t("ui.table.scoring_close"), t("ui.table.scoring_close_aria"));
  out += `<button type="button" class="alh-btn alh-primary" data-act="pop-close" data-key="btn-pop-close" data-lm-suppress-shortcuts="true"${close.attrs}>${close.html}</button></div>`;
  // the round's table, why each got their points (folded, as under the table), and the buildings' letters
  out += roundTable(view, r, false, { cls: "alh-pop-table", captionSr: true, key: "pop-", whyOpen: false });
  if (boards) {
    out += `<div class="alh-pop-boards">`;
    view.players.forEach((p, i) => {
      out += `<figure class="alh-pop-board" data-player="${i}"><figcaption>${seatDot(i)}${nameHtml(p.name)} \u00b7 ${esc(t("ui.scoring.wall"))} ${r.walls[i]}</figcaption>`;
      out += alhambraSvg(p, { compact: true, coords: false, detail: false, maxWidth: 150, cellPx: 24 }) + `</figure>`;
    });
    out += `</div>`;
  }
  const letters = view.buildings.map((b) => `${buildingShort(b)} ${buildingName(b)}`).join(" \u00b7 ");
  out += `<p class="alh-muted alh-legend">${esc(letters)}. ${esc(t("ui.scoring.legend"))}</p>`;
  return out + `</div></div>`;
}

/** The games played at this table one after the other (New game), at the end of every game after the
 * first: a row of the players and a row of their wins. */
export function tallyHtml(tally) {
  const caption = tn("ui.tally.caption", tally.games);
  let out = `<table class="alh-tally"><caption>${esc(caption)}</caption><tr><th scope="row">${esc(t("ui.scoring.player"))}</th>`;
  for (const [name] of tally.wins) out += `<th scope="col">${nameHtml(name)}</th>`;
  out += `</tr><tr><th scope="row">${esc(t("ui.tally.wins"))}</th>`;
  for (const [, wins] of tally.wins) out += `<td>${esc(num(wins))}</td>`;
  return out + `</tr></table>`;
}
