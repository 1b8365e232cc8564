// The widget's style sheet (injected into each view's root). Every class is
// prefixed alh-; colours come from JupyterLab's --jp-* variables, with system
// colours as fallbacks, so light and dark themes (and pages outside
// JupyterLab) both read well. Building and currency colours are the game's.
// Every colour not taken from the theme comes from alhambra_widget/palette.json
// (its "theme" and "table" parts), which render.py reads too.
//
// Contrast: text is drawn in --alh-fg, --alh-muted or an *-ink colour, never in
// a raw theme colour such as --jp-warn-color1 (orange on light grey is 2.3:1).
// The *-ink colours are the theme colour mixed half and half with the text
// colour, and tinted backgrounds (messages) are the theme colour mixed into
// the page background, so both stay >= 4.5:1 (WCAG AA) in JupyterLab Light and
// Dark; tests/e2e/test_lab_widget.py measures them in a real JupyterLab.
//
// Languages: the root carries lang="<code>"; Japanese text asks for a CJK font
// first (Noto Sans CJK JP, as Debian's fonts-noto-cjk installs it, then the
// usual Japanese system fonts), so Han characters take their Japanese forms.
// Long words (German, Finnish compounds) may break inside buttons, labels
// and panels rather than stick out of them.
//
// Speed: the 6-player table is ~900 elements; the rules are kept to classes
// (no universal pseudo-element rules, no filters or shadows), and the panels
// are layout containers (contain: layout style) so that a redraw of one panel
// does not lay out its neighbours again.

import palette from "../alhambra_widget/palette.json";

const T = palette.theme;
const TABLE = palette.table;

export const CSS = `
.alh-root {
  color-scheme: light dark;
  --alh-fg: var(--jp-ui-font-color1, CanvasText);
  /* --jp-ui-font-color2 alone is 4.2-4.4:1 on the panel colour: nudged towards the text colour */
  --alh-muted: color-mix(in srgb, var(--jp-ui-font-color2, GrayText) 80%, var(--alh-fg));
  --alh-bg: var(--jp-layout-color1, Canvas);
  --alh-panel: var(--jp-layout-color2, color-mix(in srgb, CanvasText 6%, Canvas));
  --alh-border: var(--jp-border-color2, color-mix(in srgb, CanvasText 18%, Canvas));
  --alh-grid: var(--jp-border-color3, color-mix(in srgb, CanvasText 10%, Canvas));
  --alh-accent: var(--jp-brand-color1, ${T.accent});
  --alh-accent-ink: var(--jp-ui-inverse-font-color1, ${T.on_accent});
  --alh-current: var(--jp-warn-color1, ${TABLE.current});
  --alh-error: var(--jp-error-color1, ${T.error});
  /* not --jp-error-color3 / --jp-info-color3: JupyterLab Dark keeps them light (pink, cyan)
     under its near-white text (1.35:1); a tint of the page background works in both themes */
  --alh-error-bg: color-mix(in srgb, var(--alh-error) 14%, var(--alh-bg));
  --alh-info-bg: color-mix(in srgb, var(--alh-accent) 12%, var(--alh-bg));
  --alh-rule-bg: var(--jp-error-color0, ${T.rule});
  --alh-spot: var(--jp-success-color1, ${TABLE.spot});
  --alh-winner: ${TABLE.winner};
  --alh-longest: ${TABLE.longest};
  --alh-hint: ${T.hint};
  --alh-wall: ${T.wall_light};
  --alh-wall: light-dark(${T.wall_light}, ${T.wall_dark});
  --alh-focus: var(--jp-brand-color1, ${T.accent});
  /* text in a theme colour: half that colour, half the text colour (>= 5:1 on --alh-bg and --alh-panel) */
  --alh-current-ink: color-mix(in srgb, var(--alh-current) 50%, var(--alh-fg));
  --alh-winner-ink: color-mix(in srgb, var(--alh-winner) 50%, var(--alh-fg));
  --alh-spot-ink: color-mix(in srgb, var(--alh-spot) 50%, var(--alh-fg));
  font-family: var(--jp-ui-font-family, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif), "Noto Sans CJK JP", "Noto Sans JP", "Hiragino Sans", "Yu Gothic UI", Meiryo, sans-serif;
  font-size: var(--jp-ui-font-size1, 13px);
  color: var(--alh-fg);
  background: var(--alh-bg);
  line-height: 1.35;
  outline: none;
}
.alh-root:lang(ja) { font-family: "Noto Sans CJK JP", "Noto Sans JP", "Hiragino Sans", "Yu Gothic UI", Meiryo, var(--jp-ui-font-family, system-ui, sans-serif), sans-serif; line-break: strict; }
/* the host's theme where it says which: JupyterLab (data-jp-theme-light on the body), VS Code
   (vscode-light/-dark), marimo (a "light" or "dark" class on the body and on the wrapper inside
   each widget's shadow root); elsewhere the system's colour scheme */
body[data-jp-theme-light="true"] .alh-root, body.vscode-light .alh-root, .light .alh-root { color-scheme: light; --alh-wall: ${T.wall_light}; }
body[data-jp-theme-light="false"] .alh-root, body.vscode-dark .alh-root, .dark .alh-root { color-scheme: dark; --alh-wall: ${T.wall_dark}; }
/* a saved copy with no kernel behind it (js/static-copy.js) */
.alh-static-note { margin: 6px 2px 0; padding: 4px 10px; border-radius: 4px; border-left: 4px solid var(--alh-accent); background: var(--alh-info-bg); color: var(--alh-fg); }
/* the picture a widget's display carries in an output of its own after the table, for pages
   without widget JavaScript (AlhambraWidget._ipython_display_): hidden where the table is drawn */
.jp-OutputArea-child:has(.alh-root) + .jp-OutputArea-child:has(.alh-picture),
.output_area:has(.alh-root) + .output_area:has(.alh-picture) { display: none; }
.alh-root * { box-sizing: border-box; }
.alh-app { display: flex; flex-direction: column; gap: 10px; padding: 6px 2px; max-width: 1200px; overflow-wrap: break-word; }
.alh-lang { display: flex; justify-content: flex-end; margin-bottom: -6px; }
.alh-lang-label { display: inline-flex; align-items: center; gap: 2px; }
.alh-lang-select { font: inherit; padding: 1px 4px; border-radius: 4px; border: 1px solid var(--alh-border); background: var(--alh-bg); color: var(--alh-fg); max-width: 100%; }
.alh-lang-select:focus-visible { outline: 3px solid var(--alh-focus); outline-offset: 1px; }
.alh-root h4 { margin: 0 0 4px; font-size: 1em; color: var(--alh-muted); font-weight: 600; }
.alh-muted { color: var(--alh-muted); fill: var(--alh-muted); }
.alh-label { color: var(--alh-muted); font-weight: 600; margin-right: 6px; }
.alh-status { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 14px; padding: 6px 10px;
  border-left: 4px solid var(--alh-current); background: var(--alh-panel); border-radius: 4px; }
.alh-status.alh-over { border-left-color: var(--alh-winner); }
.alh-status-text { font-size: 1.15em; }
.alh-turn { color: var(--alh-current-ink); font-weight: 600; }
.alh-winners { color: var(--alh-winner-ink); font-weight: 700; }
.alh-info { color: var(--alh-muted); margin-left: auto; }
.alh-message { min-height: 1.6em; padding: 2px 8px; border-radius: 4px; color: var(--alh-fg); }
.alh-message:empty { padding: 0; min-height: 0; }
.alh-message.alh-error { background: var(--alh-error-bg); border-left: 4px solid var(--alh-error); }
.alh-message.alh-why { background: var(--alh-error-bg); border-left: 4px solid var(--alh-current); }
.alh-message.alh-info-msg { background: var(--alh-info-bg); border-left: 4px solid var(--alh-accent); }
.alh-rule { display: inline-block; font-weight: 700; padding: 0 6px; border-radius: 8px; background: var(--alh-rule-bg); color: ${T.on_rule}; }
.alh-markets { display: flex; flex-wrap: wrap; gap: 12px; }
.alh-markets > .alh-section { flex: 1 1 330px; min-width: 0; }
.alh-extras { display: flex; flex-wrap: wrap; gap: 8px 24px; align-items: center; }
.alh-pending-row, .alh-dirk { display: flex; align-items: center; gap: 6px; flex-wrap: wrap; }
.alh-svg { display: block; width: 100%; height: auto; overflow: visible; }
.alh-svg text:not([fill]) { fill: var(--alh-fg); }
.alh-tiles-row, .alh-reserve, .alh-pending-tiles, .alh-dirk-tiles { display: inline-block; width: auto; max-height: 70px; min-width: 120px; }
.alh-row-empty { font-size: .9em; padding: 0 4px; }
.alh-hand { max-height: 80px; }
.alh-hand.alh-hidden { max-height: 50px; width: 140px; }
.alh-board-bg { fill: var(--alh-panel); stroke: var(--alh-border); stroke-width: 3; }
.alh-grid { fill: none; stroke: var(--alh-grid); stroke-width: 2; }
.alh-coords { color: var(--alh-muted); }
.alh-wall { fill: none; stroke: var(--alh-wall); stroke-linecap: square; }
.alh-longest { fill: none; stroke: var(--alh-longest); stroke-width: 7; stroke-linecap: round; stroke-linejoin: round; opacity: .9; }
.alh-spot { fill: var(--alh-spot); fill-opacity: .18; stroke: var(--alh-spot); stroke-width: 5; stroke-dasharray: 12 8; cursor: pointer; }
.alh-spot:hover { fill-opacity: .35; }
.alh-cell-no { fill: var(--alh-error); fill-opacity: 0.04; stroke: var(--alh-error); stroke-opacity: .35; stroke-width: 2; stroke-dasharray: 4 6; cursor: help; }
.alh-selection { stroke: var(--alh-focus); stroke-width: 7; fill: none; }
.alh-slot-bg { fill: var(--alh-panel); stroke-width: 2; }
.alh-empty { fill: none; stroke: var(--alh-border); stroke-width: 2; stroke-dasharray: 6 5; }
.alh-slot.alh-buyable .alh-slot-bg { stroke-width: 4; }
.alh-slot.alh-selected .alh-slot-bg, .alh-selected > .alh-tile-face, .alh-selected > .alh-card-face { stroke: var(--alh-focus); stroke-width: 6; }
.alh-removable > .alh-tile-face { stroke: var(--alh-spot); stroke-width: 5; stroke-dasharray: 10 6; }
.alh-swappable > .alh-tile-face { stroke: var(--alh-accent); stroke-width: 6; stroke-dasharray: 10 6; }
.alh-dim { opacity: .4; }
.alh-choosable { cursor: pointer; }
.alh-root [role="button"] { cursor: pointer; }
.alh-root [role="button"][aria-disabled="true"] { cursor: default; }
.alh-root [role="button"]:focus { outline: none; }
.alh-root [role="button"]:focus-visible { outline: 3px solid var(--alh-focus); outline-offset: 2px; }
.alh-root g[role="button"]:focus-visible > rect:first-of-type, .alh-root rect[role="button"]:focus-visible { stroke: var(--alh-focus); stroke-width: 8; }
.alh-controls { display: flex; flex-direction: column; gap: 6px; padding: 8px 10px; background: var(--alh-panel); border-radius: 6px; position: sticky; top: 0; z-index: 1; }
.alh-selection { margin: 0; min-height: 1.3em; }
.alh-buttons { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.alh-spacer { flex: 1 1 auto; }
.alh-btn { font: inherit; max-width: 100%; overflow-wrap: break-word; hyphens: auto; padding: 4px 12px; border-radius: 4px; border: 1px solid var(--alh-border); background: var(--alh-bg); color: var(--alh-fg); cursor: pointer; }
.alh-btn:hover:not(:disabled) { border-color: var(--alh-accent); }
.alh-btn:disabled { opacity: .45; cursor: default; }
.alh-btn:focus-visible { outline: 3px solid var(--alh-focus); outline-offset: 1px; }
.alh-btn.alh-primary { background: var(--alh-accent); color: var(--alh-accent-ink); border-color: transparent; font-weight: 600; }
.alh-btn.alh-small { padding: 0 6px; margin-left: 6px; }
.alh-focus { border: 2px solid var(--alh-border); border-radius: 8px; padding: 8px; display: grid; gap: 6px; }
.alh-focus-board .alh-svg { margin: 0 auto; }
.alh-focus-reserve { display: flex; align-items: center; flex-wrap: wrap; }
.alh-lang-icon { width: 1.1em; height: 1.1em; color: var(--alh-muted); flex: none; }
.alh-players-title { margin-top: 4px; }
.alh-players { display: grid; grid-template-columns: repeat(auto-fill, minmax(230px, 1fr)); gap: 10px; }
.alh-player { border: 1.5px solid var(--alh-border); border-radius: 8px; padding: 6px 8px; display: flex; flex-direction: column; gap: 4px; background: var(--alh-bg); }
.alh-player.alh-current { border: 3px solid var(--alh-current); }
.alh-player.alh-winner { border: 3px solid var(--alh-winner); }
.alh-player header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 6px; }
.alh-name { font-weight: 700; font-size: 1.1em; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.alh-score { margin-left: auto; font-weight: 700; font-size: 1.1em; white-space: nowrap; }
.alh-tag { white-space: nowrap; font-size: .8em; padding: 0 6px; border-radius: 8px; background: var(--alh-muted); color: var(--alh-bg); font-weight: 600; }
.alh-tag-turn { background: var(--alh-current); color: ${TABLE.ink}; }
.alh-tag-winner { background: var(--alh-winner); color: ${TABLE.ink}; }
.alh-tag-scoring { background: var(--alh-longest); color: ${TABLE.ink}; }
.alh-tag-bot { background: var(--alh-accent); color: var(--alh-accent-ink); }
.alh-thinking { display: inline-flex; align-items: center; gap: 6px; color: var(--alh-accent); font-weight: 600; }
.alh-spinner { width: .9em; height: .9em; border-radius: 50%; border: 2px solid currentColor; border-right-color: transparent; animation: alh-spin 0.9s linear infinite; }
@keyframes alh-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .alh-spinner { animation: none; border-right-color: currentColor; opacity: .6; } }
.alh-hints { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 10px; }
.alh-hint-list { margin: 0; padding: 0; list-style: none; display: flex; flex-wrap: wrap; gap: 4px 16px; }
.alh-hint-badge { display: inline-block; min-width: 1.4em; padding: 0 4px; border-radius: 0.7em; text-align: center; font-weight: 700; background: var(--alh-hint); color: ${T.on_hint}; }
.alh-hint-mark rect { fill: var(--alh-hint); stroke: ${T.on_hint}; stroke-width: 1.5; }
.alh-hint-mark text { fill: ${T.on_hint}; font-weight: 700; }
.alh-hint-cell { fill: var(--alh-hint); fill-opacity: .25; stroke: var(--alh-hint); stroke-width: 5; stroke-dasharray: 4 4; }
.alh-board-grid { fill: var(--alh-panel); stroke: var(--alh-grid); stroke-width: 1; }
.alh-longest-thin { stroke-width: 3.5; }
.alh-bottom { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 12px; align-items: start; }
/* the result at the end of the game: the scores wide, the folded moves beside them */
.alh-bottom.alh-result { display: flex; flex-wrap: wrap; align-items: flex-start; }
.alh-result > .alh-scoring { flex: 3 1 420px; min-width: 0; }
.alh-result > .alh-log { flex: 1 1 200px; }
.alh-scoring, .alh-log { background: var(--alh-panel); border-radius: 6px; padding: 6px 10px; overflow-x: auto; }
.alh-round { border-collapse: collapse; margin: 4px 0 8px; font-size: .95em; }
.alh-round caption { text-align: left; font-weight: 700; padding: 2px 0; }
.alh-round.alh-latest caption[data-just]::after { content: "  \\2190  " attr(data-just); color: var(--alh-current-ink); }
.alh-round-box { margin: 0 0 8px; }
.alh-narration { margin: 2px 0 6px; padding-left: 1.4em; }
.alh-narration li { margin: 1px 0; }
.alh-board-help { margin: 0; min-height: 1.35em; color: var(--alh-fg); }
.alh-board-help.alh-help-on { font-weight: 600; }
.alh-round th, .alh-round td { padding: 1px 4px; text-align: center; white-space: nowrap; border-bottom: 1px solid var(--alh-border); }
.alh-round th[scope="row"] { text-align: left; }
.alh-round td.alh-scored { font-weight: 700; }
.alh-round small { color: var(--alh-muted); font-weight: 400; }
.alh-earlier, .alh-why, .alh-latest-round { margin: 2px 0 6px; }
.alh-log-summary { color: var(--alh-muted); }
.alh-fold-summary { cursor: pointer; color: var(--alh-muted); font-weight: 600; padding: 2px 0; }
.alh-fold-summary:focus-visible { outline: 3px solid var(--alh-focus); outline-offset: 1px; }
.alh-round-points { color: var(--alh-spot-ink); font-weight: 700; }
.alh-final { font-weight: 700; color: var(--alh-fg); }
.alh-log-list { margin: 0; padding-left: 2.6em; max-height: 260px; overflow-y: auto; }
.alh-replay { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.alh-replay-label { flex: 1 1 240px; display: flex; align-items: center; }
.alh-range { flex: 1 1 200px; accent-color: var(--alh-accent); }
.alh-replaying .alh-status { border-left-color: var(--alh-accent); }
.alh-replaying .alh-focus, .alh-replaying .alh-markets { opacity: .92; }
/* panels are replaced one by one on a redraw: keep their layout to themselves
   (not paint containment: focus rings may stick out of a panel) */
.alh-section, .alh-focus, .alh-player, .alh-scoring, .alh-log { contain: layout style; }
`;
