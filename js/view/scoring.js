// Scoring rounds as they happen: per player, the points for each building
// type (with the number of tiles that earned them) and for the longest wall
// (C2-C4); Dirk's majorities in two-player games (D3); the winners at the end.
// The latest round is shown; the earlier ones are folded under it.

import { BUILDING_LABEL_COLORS, LETTER, esc } from "./common.js";
import { box, leaf, partHtml } from "./parts.js";

function roundTable(view, r, latest) {
  const names = view.players.map((p) => p.name);
  let out = `<table class="alh-round${latest ? " alh-latest" : ""}" data-round="${r.round}">`;
  out += `<caption>Scoring round ${r.round}${r.round === 3 ? " (end of the game)" : ""}</caption>`;
  out += `<thead><tr><th scope="col">Player</th>`;
  view.buildings.forEach((b) => {
    const [bg, ink] = BUILDING_LABEL_COLORS[b];
    out += `<th scope="col" class="alh-${b}" style="background:${bg};color:${ink}" title="${b}" aria-label="${b}">${LETTER[b]}</th>`;
  });
  out += `<th scope="col">Wall</th><th scope="col">Round</th><th scope="col">Total</th></tr></thead><tbody>`;
  names.forEach((name, i) => {
    out += `<tr data-player="${i}"><th scope="row">${esc(name)}</th>`;
    view.buildings.forEach((b, k) => {
      const pts = r.buildings[i][k];
      const cnt = r.counts[i][k];
      out += `<td${pts ? ` class="alh-scored"` : ""} title="${esc(`${name}: ${cnt} ${b}, ${pts} points`)}">${pts || (cnt ? "0" : "\u2013")}${cnt ? `<small> (${cnt})</small>` : ""}</td>`;
    });
    out += `<td title="longest wall">${r.walls[i]}</td><td class="alh-round-points">+${r.points[i]}</td><td>${r.scores[i]}</td></tr>`;
  });
  if (r.dirk) {
    out += `<tr class="alh-dirk-row"><th scope="row">Dirk</th>`;
    view.buildings.forEach((b, k) => {
      const cnt = r.counts[names.length][k];
      out += `<td title="${esc(`Dirk: ${cnt} ${b}`)}">${r.dirk[k] || (cnt ? "0" : "\u2013")}${cnt ? `<small> (${cnt})</small>` : ""}</td>`;
    });
    out += `<td>\u2013</td><td colspan="2"><small>not a player</small></td></tr>`;
  }
  return out + `</tbody></table>`;
}

/**
 * The scoring rounds as a part: a box of the heading, the winners, the latest
 * round's table, the earlier rounds (folded: a <details>, `earlierOpen` opens
 * it; `lazyEarlier`: while folded, their tables are left out -- the widget
 * draws them when the summary is clicked) and the legend.
 */
export function scoringPart(view, { earlierOpen = false, lazyEarlier = false } = {}) {
  const rounds = view.rounds || [];
  const kids = [leaf("h", `<h4>Scoring</h4>`)];
  if (view.phase === "over") {
    const w = view.winners.map((i) => view.players[i].name);
    const best = view.winners.length ? view.players[view.winners[0]].score : 0;
    kids.push(leaf("final", `<p class="alh-final">\u2605 ${esc(w.join(" and "))} ${w.length > 1 ? "share the victory" : "wins"} with ${best} points.</p>`));
  }
  if (!rounds.length) {
    kids.push(leaf("none", `<p class="alh-muted">No scoring round yet: they come with the two scoring cards in the money deck and at the end.</p>`));
  } else {
    const last = view.log?.length ? view.log[view.log.length - 1] : null;
    const fresh = last && last.rounds && last.rounds.length ? Math.max(...last.rounds) : null;
    const latest = rounds[rounds.length - 1];
    kids.push(leaf(`round-${latest.round}`, roundTable(view, latest, latest.round === fresh)));
    if (rounds.length > 1) {
      // earlier rounds, newest first, folded: the latest table carries the totals,
      // and closed, they cost no layout (a 6-player table is ~100 elements)
      const older = rounds.slice(0, -1).reverse();
      let det = `<details class="alh-earlier"${earlierOpen ? " open" : ""}>`;
      det += `<summary class="alh-earlier-summary" data-key="earlier" data-lm-suppress-shortcuts="true">Earlier scoring ${older.length > 1 ? "rounds" : "round"} ${older.map((r) => r.round).join(" and ")}</summary>`;
      if (earlierOpen || !lazyEarlier) for (const r of older) det += roundTable(view, r, r.round === fresh);
      kids.push(leaf("earlier", det + `</details>`));
    }
    kids.push(leaf("legend", `<p class="alh-muted alh-legend">Points per building type (tiles in the Alhambra); the counted longest wall is drawn in amber on each board.</p>`));
  }
  return box("scoring", `<section class="alh-scoring" aria-label="scoring rounds">`, kids, `</section>`);
}

export function scoringHtml(view, o = {}) {
  return partHtml(scoringPart(view, o));
}
