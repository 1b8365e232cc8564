// Scoring rounds as they happen: per player, the points for each building
// type (with the number of tiles that earned them) and for the longest wall
// (C2-C4); Dirk's majorities in two-player games (D3); the winners at the end.

import { BUILDING_COLORS, LETTER, esc } from "./common.js";

function roundTable(view, r, latest) {
  const names = view.players.map((p) => p.name);
  let out = `<table class="alh-round${latest ? " alh-latest" : ""}" data-round="${r.round}">`;
  out += `<caption>Scoring round ${r.round}${r.round === 3 ? " (end of the game)" : ""}</caption>`;
  out += `<thead><tr><th scope="col">Player</th>`;
  view.buildings.forEach((b) => {
    const [fill, , ink] = BUILDING_COLORS[b];
    out += `<th scope="col" class="alh-${b}" style="background:${fill};color:${ink}" title="${b}"><abbr title="${b}">${LETTER[b]}</abbr></th>`;
  });
  out += `<th scope="col">Wall</th><th scope="col">Round</th><th scope="col">Total</th></tr></thead><tbody>`;
  names.forEach((name, i) => {
    out += `<tr data-player="${i}"><th scope="row">${esc(name)}</th>`;
    view.buildings.forEach((b, k) => {
      const pts = r.buildings[i][k];
      const cnt = r.counts[i][k];
      out += `<td class="${pts ? "alh-scored" : ""}" title="${esc(`${name}: ${cnt} ${b}, ${pts} points`)}">${pts || (cnt ? "0" : "\u2013")}<small>${cnt ? ` (${cnt})` : ""}</small></td>`;
    });
    out += `<td title="longest wall">${r.walls[i]}</td><td class="alh-round-points">+${r.points[i]}</td><td>${r.scores[i]}</td></tr>`;
  });
  if (r.dirk) {
    out += `<tr class="alh-dirk-row"><th scope="row">Dirk</th>`;
    view.buildings.forEach((b, k) => {
      const cnt = r.counts[names.length][k];
      out += `<td title="${esc(`Dirk: ${cnt} ${b}`)}">${r.dirk[k] || (cnt ? "0" : "\u2013")}<small>${cnt ? ` (${cnt})` : ""}</small></td>`;
    });
    out += `<td>\u2013</td><td colspan="2"><small>not a player</small></td></tr>`;
  }
  return out + `</tbody></table>`;
}

export function scoringHtml(view) {
  const rounds = view.rounds || [];
  let out = `<section class="alh-scoring" aria-label="scoring rounds"><h4>Scoring</h4>`;
  if (view.phase === "over") {
    const w = view.winners.map((i) => view.players[i].name);
    const best = view.winners.length ? view.players[view.winners[0]].score : 0;
    out += `<p class="alh-final">\u2605 ${esc(w.join(" and "))} ${w.length > 1 ? "share the victory" : "wins"} with ${best} points.</p>`;
  }
  if (!rounds.length) return out + `<p class="alh-muted">No scoring round yet: they come with the two scoring cards in the money deck and at the end.</p></section>`;
  const last = view.log?.length ? view.log[view.log.length - 1] : null;
  const fresh = last && last.rounds && last.rounds.length ? Math.max(...last.rounds) : null;
  for (let k = rounds.length - 1; k >= 0; k--) out += roundTable(view, rounds[k], rounds[k].round === fresh);
  out += `<p class="alh-muted alh-legend">Points per building type (tiles in the Alhambra); the counted longest wall is drawn in amber on each board.</p>`;
  return out + `</section>`;
}
