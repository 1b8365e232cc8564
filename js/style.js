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
  /* the board's grid: a shade of the board towards the text colour (JupyterLab Light's
     --jp-border-color3 is its panel colour: a grid drawn in it could not be seen) */
  --alh-grid: color-mix(in srgb, var(--alh-fg) 14%, var(--alh-panel));
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
  --alh-remove: ${T.remove};
  --alh-swap: ${T.swap};
  /* text in a theme colour: half that colour, half the text colour (>= 5:1 on --alh-bg and --alh-panel) */
  --alh-current-ink: color-mix(in srgb, var(--alh-current) 50%, var(--alh-fg));
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
   (vscode-light/-dark, and its high-contrast themes: vscode-high-contrast is the dark one,
   vscode-high-contrast-light the light one), marimo (a "light" or "dark" class on the body and on
   the wrapper inside each widget's shadow root); elsewhere the system's colour scheme */
body[data-jp-theme-light="true"] .alh-root, body.vscode-light .alh-root, body.vscode-high-contrast-light .alh-root, .light .alh-root { color-scheme: light; --alh-wall: ${T.wall_light}; }
body[data-jp-theme-light="false"] .alh-root, body.vscode-dark .alh-root, body.vscode-high-contrast:not(.vscode-high-contrast-light) .alh-root, .dark .alh-root { color-scheme: dark; --alh-wall: ${T.wall_dark}; }
/* a saved copy with no kernel behind it (js/static-copy.js) */
.alh-static-note { margin: 6px 2px 0; padding: 4px 10px; border-radius: 4px; border-left: 4px solid var(--alh-accent); background: var(--alh-info-bg); color: var(--alh-fg); }
/* the picture a widget's display carries in an output of its own after the table, for pages
   without widget JavaScript (AlhambraWidget._ipython_display_): hidden where the table is drawn */
.jp-OutputArea-child:has(.alh-root) + .jp-OutputArea-child:has(.alh-picture),
.output_area:has(.alh-root) + .output_area:has(.alh-picture) { display: none; }
.alh-root * { box-sizing: border-box; }
/* the widget's root is the container its layout asks about: the wide table (a main column and a
   column of players) from 840 px on (a notebook beside JupyterLab's file browser on a 1280 x 720
   screen), stacked below; the acting player's section stacks below 700 px */
.alh-root { container: alh / inline-size; }
.alh-sr { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.alh-app { position: relative; display: grid; grid-template-columns: minmax(0, 1fr); gap: 10px; padding: 4px 2px; max-width: 1560px; overflow-wrap: break-word;
  --alh-side-w: clamp(260px, 31cqi, 410px); --alh-board-h: clamp(240px, 64cqi, 440px); --alh-pic-h: 100px; }
.alh-app[data-players="4"] { --alh-pic-h: 92px; }
.alh-app[data-players="5"] { --alh-pic-h: 80px; }
.alh-app[data-players="6"] { --alh-pic-h: 74px; }
.alh-main { display: flex; flex-direction: column; gap: 8px; min-width: 0; }
.alh-side { display: flex; flex-direction: column; gap: 6px; min-width: 0; }
.alh-bottom { min-width: 0; }
.alh-top { display: flex; align-items: center; gap: 8px; height: 32px; min-width: 0; }
.alh-lang { flex: none; display: flex; }
.alh-lang-label { display: inline-flex; align-items: center; gap: 2px; }
.alh-lang .alh-label { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.alh-lang-select { font: inherit; padding: 1px 4px; border-radius: 4px; border: 1px solid var(--alh-border); background: var(--alh-bg); color: var(--alh-fg); max-width: 100%; }
.alh-lang-select:focus-visible { outline: 3px solid var(--alh-focus); outline-offset: 1px; }
.alh-root h3 { margin: 0 0 4px; font-size: 1em; color: var(--alh-muted); font-weight: 600; }
.alh-muted { color: var(--alh-muted); fill: var(--alh-muted); }
.alh-label { color: var(--alh-muted); font-weight: 600; margin-right: 6px; }
/* the status line: one line, cut (its whole text in the tooltip), never wrapped */
.alh-status { flex: 1 1 auto; min-width: 0; height: 32px; display: flex; flex-wrap: nowrap; align-items: center; gap: 4px 12px; padding: 0 10px; overflow: hidden; white-space: nowrap;
  border-left: 4px solid var(--alh-current); background: var(--alh-panel); border-radius: 4px; }
.alh-status.alh-over { border-left-color: var(--alh-winner); }
/* where the line is too short, the counts give way first, then the actions left: the sentence (whose turn)
   is what matters. The shrink factors lie far apart, so that the sentence loses not a fraction of a pixel,
   and so no letter to an ellipsis, while the others can still give. */
.alh-status-text { font-size: 1.1em; min-width: 6em; overflow: hidden; text-overflow: ellipsis; flex: 0 1 auto; }
/* the actions left show whole or not at all ("1 tile to p…" told nothing): after a first item of no
   width, a text that does not fit wraps to a second line, out of sight */
.alh-turn { color: var(--alh-current-ink); font-weight: 600; flex: 0 1000000 auto; min-width: 0; overflow: hidden;
  display: flex; flex-wrap: wrap; height: 1.5em; line-height: 1.5em; }
.alh-turn::before { content: ""; flex: none; height: 1.5em; }
.alh-turn-text { flex: none; white-space: nowrap; }
.alh-saved { flex: none; color: var(--alh-muted); }
.alh-info { color: var(--alh-muted); margin-left: auto; flex: 0 1e12 auto; min-width: 0; overflow: hidden;
  display: flex; flex-wrap: wrap; height: 1.5em; line-height: 1.5em; }
/* the counts show whole, or cut with an ellipsis while a few words fit, or not at all: after a first
   item of no width, text that would show less than 3em wraps to a second line, out of sight */
.alh-info::before { content: ""; flex: none; height: 1.5em; }
.alh-info-text { flex: 1 1 3em; min-width: 3em; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
/* replay mode: the banner in place of the status line, the table tinted */
.alh-replay-banner { border-left-color: var(--alh-accent); background: var(--alh-info-bg); }
.alh-replay-banner .alh-btn { flex: none; padding: 2px 10px; }
.alh-replaying .alh-focus, .alh-replaying .alh-markets { opacity: .9; }
.alh-replaying .alh-focus { border-color: var(--alh-accent); border-style: dashed; }
/* an earlier position acts on nothing: its action buttons give their room to what is said of it */
.alh-replaying .alh-hold .alh-buttons, .alh-replaying .alh-hold .alh-message:empty { display: none; }
/* ... but Play from here, where the viewer may take the later moves back */
.alh-replay-actions { display: flex; flex-wrap: wrap; gap: 5px; align-items: center; }
.alh-replay-actions:empty { display: none; }
.alh-seat-dot { display: inline-block; flex: none; width: .75em; height: .75em; border-radius: 50%; background: var(--alh-seat); box-shadow: 0 0 0 1.5px var(--alh-bg); vertical-align: baseline; }
/* the message line: a block of its own size in the action bar, three lines; beside the board, as
   many more (up to eight) as a longer message needs and the room under it holds (--alh-msg-lines,
   see fitMessage), so that nothing above it moves */
.alh-message { display: flex; align-items: flex-start; gap: 6px; height: calc(3 * 1.35em + 8px); padding: 4px 4px 4px 8px; border-radius: 4px; color: var(--alh-fg); overflow: hidden; flex: none; }
.alh-message-text { flex: 1 1 auto; min-width: 0; overflow: hidden; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 3; }
.alh-message .alh-btn.alh-small { flex: none; margin: 0; white-space: nowrap; }
.alh-message.alh-error { background: var(--alh-error-bg); border-left: 4px solid var(--alh-error); }
.alh-message.alh-why { background: var(--alh-error-bg); border-left: 4px solid var(--alh-current); }
.alh-message.alh-info-msg { background: var(--alh-info-bg); border-left: 4px solid var(--alh-accent); }
.alh-rule { display: inline-block; font-weight: 700; padding: 0 6px; border-radius: 8px; background: var(--alh-rule-bg); color: ${T.on_rule}; }
/* the markets: one row as wide as the main column (down to a main column of 560 px, the narrowest
   wide table's), each picture at most a quarter above its natural size */
.alh-markets { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: flex-start; }
.alh-markets > .alh-building { flex: 408 1 260px; min-width: 0; }
.alh-markets .alh-svg { max-height: 112px; }
.alh-markets > .alh-money-section { flex: 372 1 250px; min-width: 0; }
.alh-section h3.alh-sr { margin: -1px; }
.alh-extras { display: flex; flex-wrap: wrap; gap: 8px 24px; align-items: center; }
.alh-pending-row, .alh-dirk { display: flex; align-items: center; gap: 4px 6px; flex-wrap: nowrap; min-width: 0; }
.alh-pending { display: flex; flex-direction: column; gap: 2px; min-width: 0; }
.alh-svg { display: block; width: 100%; height: auto; overflow: visible; }
.alh-svg text:not([fill]) { fill: var(--alh-fg); }
.alh-tiles-row, .alh-reserve, .alh-pending-tiles, .alh-dirk-tiles { display: inline-block; width: auto; max-height: 56px; min-width: 0; max-width: 100%; }
.alh-row-empty { font-size: .9em; padding: 0 4px; }
.alh-hand { max-height: 70px; }
.alh-hand.alh-hidden { max-height: 50px; width: 140px; }
/* the boards */
.alh-board-bg { fill: var(--alh-panel); stroke: var(--alh-border); stroke-width: 3; }
.alh-grid { fill: none; stroke: var(--alh-grid); stroke-width: 2; }
.alh-coords { color: var(--alh-muted); }
.alh-wall { fill: none; stroke: var(--alh-wall); stroke-linecap: square; }
.alh-longest { fill: none; stroke: var(--alh-longest); stroke-width: 7; stroke-linecap: round; stroke-linejoin: round; opacity: .9; }
/* legal spots: green, solid, a plus; refused cells: a faint red dotted outline; removable tiles: a
   dashed teal ring and an arrow up; swappable ones: a violet ring and two arrows; hints: yellow and
   numbered; the selected tile: a ring and a check mark above its walls */
.alh-spot { fill: var(--alh-spot); fill-opacity: .2; stroke: var(--alh-spot); stroke-width: 5; cursor: pointer; }
.alh-spot:hover, .alh-spot:focus-visible { fill-opacity: .42; }
.alh-spot-plus { fill: var(--alh-spot); opacity: .85; }
.alh-cell-no { fill: var(--alh-error); fill-opacity: 0; stroke: var(--alh-error); stroke-opacity: .5; stroke-width: 3; stroke-dasharray: 1 9; stroke-linecap: round; cursor: help; }
.alh-cell-no:hover, .alh-cell-no:focus-visible { fill-opacity: .08; stroke-opacity: .8; }
/* what a refusal names: the side that meets the wrong neighbour (thick), a hole's or cut-off tiles' cells (dashed) */
.alh-refusal-mark { fill: none; stroke: var(--alh-error); stroke-linecap: round; }
.alh-refusal-side { stroke-width: 9; }
.alh-refusal-cells { stroke-width: 4; stroke-dasharray: 10 6; }
.alh-remove-ring .alh-ring { fill: none; stroke: var(--alh-remove); stroke-width: 5; stroke-dasharray: 14 7; }
.alh-swap-ring .alh-ring { fill: none; stroke: var(--alh-swap); stroke-width: 6; }
.alh-ring-mark { stroke: var(--alh-bg); stroke-width: 10; paint-order: stroke; stroke-linejoin: round; }
.alh-remove-ring .alh-ring-mark { fill: var(--alh-remove); }
.alh-swap-ring .alh-ring-mark { fill: var(--alh-swap); }
.alh-sel-halo { fill: none; stroke: var(--alh-bg); }
.alh-sel-ring { fill: none; stroke: var(--alh-focus); }
.alh-sel-disc { fill: var(--alh-focus); stroke: var(--alh-bg); }
.alh-sel-check { fill: var(--alh-accent-ink); }
.alh-slot-bg { fill: var(--alh-panel); stroke-width: 2; }
.alh-empty { fill: none; stroke: var(--alh-border); stroke-width: 2; stroke-dasharray: 6 5; }
.alh-slot.alh-buyable .alh-slot-bg { stroke-width: 4; }
.alh-slot.alh-selected .alh-slot-bg, .alh-selected > .alh-card-face { stroke: var(--alh-focus); stroke-width: 4; }
.alh-dim { opacity: .4; }
.alh-choosable { cursor: pointer; }
.alh-root [role="button"] { cursor: pointer; }
.alh-root [role="button"][aria-disabled="true"] { cursor: default; }
.alh-root [role="button"]:focus { outline: none; }
.alh-root [role="button"]:focus-visible { outline: 3px solid var(--alh-focus); outline-offset: 2px; }
.alh-root g[role="button"]:focus-visible > rect:first-of-type, .alh-root rect[role="button"]:focus-visible { stroke: var(--alh-focus); stroke-width: 8; }
/* the acting player's section: the board (a size container: the board fills it) with the help line
   and the history under it; beside it the hand, the tiles to place, the reserve, Dirk, the action
   bar and the message line, each block of a fixed size */
.alh-focus { border: 2px solid var(--alh-border); border-radius: 8px; padding: 6px; display: grid; grid-template-columns: minmax(0, 1fr); gap: 8px 10px; min-width: 0; }
.alh-play { display: grid; grid-template-rows: minmax(0, 1fr) auto auto; gap: 4px; min-width: 0; min-height: 0; }
.alh-focus-board { position: relative; min-height: 0; height: var(--alh-board-h); }
.alh-focus-board:focus { outline: none; }
.alh-focus-board:focus-visible { outline: 3px solid var(--alh-focus); outline-offset: -3px; border-radius: 6px; }
/* a size container only while a callout needs its size (a container costs the first frame a pass of its own) */
.alh-focus-board.alh-has-callout { container-type: size; }
.alh-focus-board > .alh-svg { position: absolute; inset: 0; width: 100%; height: 100%; }
/* (a scroll bar, never a cut, where a short window and long words need more than its height: the
   message line is last, and a refusal must be readable) */
.alh-hold { display: flex; flex-direction: column; gap: 4px; min-width: 0; min-height: 0; overflow: hidden auto; }
.alh-focus-title { display: flex; align-items: center; gap: 6px; margin: 0; height: 22px; white-space: nowrap; overflow: hidden; flex: none; }
.alh-focus-name { min-width: 0; overflow: hidden; text-overflow: ellipsis; color: var(--alh-fg); font-weight: 700; }
.alh-focus-score { margin-left: auto; color: var(--alh-fg); }
.alh-focus-hand { height: 62px; flex: none; display: flex; align-items: center; min-width: 0; }
.alh-focus-hand .alh-svg { height: 60px; width: auto; max-width: 100%; }
.alh-focus-hand .alh-hand.alh-hidden { height: 46px; }
.alh-focus-hand .alh-row-empty { padding: 0; }
.alh-focus-pending, .alh-focus-reserve { height: 48px; flex: none; display: flex; align-items: center; min-width: 0; overflow: hidden; }
.alh-side-dirk { border: 1.5px solid var(--alh-border); border-radius: 8px; padding: 4px 8px; background: var(--alh-bg); flex: none; min-width: 0; overflow: hidden; }
/* rows of loose tiles, cards and chips: as tall as their block, as wide as their pictures (at most the block) */
.alh-focus-pending .alh-pending-tiles, .alh-focus-reserve .alh-reserve { height: 46px; width: auto; max-height: none; flex: 0 1 auto; min-width: 0; }
/* Dirk's row, beside the board in play and under the scoring at the end: the counts at one size, the label on one line */
.alh-dirk .alh-dirk-tiles { height: 22px; width: auto; max-height: none; flex: 0 1 auto; min-width: 0; }
.alh-dirk > .alh-label { white-space: nowrap; flex: none; }
.alh-hold .alh-label { flex: none; min-width: 5.6em; max-width: 42%; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
/* another player's tiles to place ("Ben — to place:"): on two lines where one is too short, the name whole first */
.alh-hold .alh-label.alh-label-other { white-space: normal; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; line-height: 1.2; max-width: 50%; }
.alh-focus-pending .alh-pending, .alh-focus-pending .alh-pending-row { min-width: 0; flex: 1 1 auto; }
/* the hints: the room left under the message line, and no more, so that the hand, the buttons and
   the board stay in view (the column scrolled to hints of their whole height, the hand out of
   sight); but never less than the title and the best hint (where the column is too short for
   that, it scrolls just so far, revealHints). The title on one line, each hint on two lines at
   most (whole in its tooltip), the list scrolling on its own where they need more. A move told
   in the message line gives its room to the hints asked for after it (it is in the log too);
   a refusal or a note keeps its room, the hints taking what is left. */
.alh-focus-hints { min-height: 0; flex: 1 1 auto; display: flex; flex-direction: column; font-size: .92em; line-height: 1.3; }
.alh-hold .alh-focus-hints:has(> *) { min-height: calc(3 * 1.3em + 6px); }
.alh-hold:has(> .alh-focus-hints > *) > .alh-message:is(:empty, .alh-told) { display: none; }
.alh-focus-hints .alh-hints { flex: 0 1 auto; flex-direction: column; flex-wrap: nowrap; align-items: stretch; gap: 2px; min-height: 0; }
.alh-hold .alh-hints > .alh-label { max-width: none; flex: none; }   /* (the list's title on one line, whole in its tooltip) */
.alh-focus-hints .alh-hint-list { flex: 0 1 auto; min-height: 0; overflow-y: auto; overscroll-behavior: contain; }
/* ... a shade at its edge where more hints lie beyond it (where scroll bars show only while scrolling):
   the shades stay at the list's edges, the covers in the page's colour move with the hints and hide
   them at the first and the last */
.alh-focus-hints .alh-hint-list {
  --alh-shade: color-mix(in srgb, var(--alh-fg) 35%, transparent);
  background: linear-gradient(var(--alh-bg) 40%, transparent) top / 100% 14px no-repeat local,
    linear-gradient(transparent, var(--alh-bg) 60%) bottom / 100% 14px no-repeat local,
    radial-gradient(farthest-side at 50% 0, var(--alh-shade), transparent) top / 100% 6px no-repeat scroll,
    radial-gradient(farthest-side at 50% 100%, var(--alh-shade), transparent) bottom / 100% 6px no-repeat scroll; }
.alh-hint-list:focus-visible { outline: 3px solid var(--alh-focus); outline-offset: -3px; }
/* two lines' room, the text cut with an ellipsis (the whole of it in its tooltip); while a cell is
   pointed at, up to six lines, over what lies below (alh-help-over where it goes past its room:
   its rule and padding below the six lines, not taken from them) */
.alh-board-help-box { position: relative; height: calc(2 * 1.35em); }
.alh-board-help { position: absolute; top: 0; left: 0; right: 0; margin: 0; max-height: calc(2 * 1.35em); overflow: hidden; color: var(--alh-fg); display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; }
.alh-board-help.alh-help-on { font-weight: 600; max-height: calc(6 * 1.35em); -webkit-line-clamp: 6; z-index: 4; background: var(--alh-bg); }
.alh-board-help.alh-help-over { box-sizing: content-box; padding-bottom: 4px; border-bottom: 1px solid var(--alh-border); box-shadow: 0 6px 8px -6px color-mix(in srgb, var(--alh-fg) 45%, transparent); }
/* the callout at a refused cell: placed by the cell's position in the board's view box (--dx, --dy,
   --vw, --vh: see calloutPlace) and the board frame's size (container query units); the board is
   centred across the frame and drawn from its top */
.alh-callout { position: absolute; z-index: 3; pointer-events: none; width: max-content; max-width: min(280px, 80cqw); padding: 4px 8px; border-radius: 6px;
  background: var(--alh-bg); color: var(--alh-fg); border: 2px solid var(--alh-error); font-size: .95em; line-height: 1.3;
  --alh-k: min(100cqw / var(--vw), 100cqh / var(--vh));
  left: calc(50cqw + var(--dx) * var(--alh-k)); top: calc((var(--vh) / 2 + var(--dy)) * var(--alh-k)); }
.alh-callout-center { translate: -50% 0; }
.alh-callout-left { translate: calc(50 * var(--alh-k) - 100%) 0; }
.alh-callout-right { translate: calc(-50 * var(--alh-k)) 0; }
.alh-callout-below { margin-top: calc(50 * var(--alh-k) + 6px); }
.alh-callout-above { transform: translateY(-100%); margin-top: calc(-50 * var(--alh-k) - 6px); }
/* the action bar */
.alh-controls { display: flex; flex-direction: column; gap: 4px; padding: 6px 8px; background: var(--alh-panel); border-radius: 6px; flex: none; }
.alh-selection { margin: 0; height: calc(3 * 1.35em); overflow: hidden; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 3; }
/* beside the board: three lines, or as many as the column has room for (--alh-sel-lines, see fitSelection) */
.alh-hold .alh-selection { height: calc(var(--alh-sel-lines, 3) * 1.35em); -webkit-line-clamp: var(--alh-sel-lines, 3); }
.alh-buttons { display: flex; flex-wrap: wrap; gap: 5px; align-items: center; min-height: calc(2 * 1.9em + 5px); align-content: flex-start; }
.alh-spacer { flex: 1 1 auto; }
.alh-btn { font: inherit; max-width: 100%; overflow-wrap: break-word; hyphens: auto; padding: 3px 9px; border-radius: 4px; border: 1px solid var(--alh-border); background: var(--alh-bg); color: var(--alh-fg); cursor: pointer; }
.alh-btn:hover:not(:disabled):not([aria-disabled="true"]) { border-color: var(--alh-accent); }
.alh-btn:disabled, .alh-btn[aria-disabled="true"] { opacity: .45; cursor: default; }
.alh-btn:focus-visible { outline: 3px solid var(--alh-focus); outline-offset: 1px; }
.alh-btn.alh-primary { background: var(--alh-accent); color: var(--alh-accent-ink); border-color: transparent; font-weight: 600; }
.alh-btn.alh-small { padding: 0 6px; margin-left: 6px; }
.alh-lang-icon { width: 1.1em; height: 1.1em; color: var(--alh-muted); flex: none; }
/* the history under the board: Undo, Redo, the replay slider (96 px at least: a move in a long game, and the review's graph, must stay findable), the way back to live */
/* (a row where it fits; where it does not -- long words, a narrow column -- the slider with its
   label, position and Live wraps below Undo and Redo as one group, and within it the position and
   Live go to a line of their own only when the group is wider than the whole row) */
.alh-replay { display: flex; align-items: center; gap: 4px 6px; flex-wrap: wrap; min-width: 0; min-height: 30px; }
.alh-history { display: flex; gap: 4px; flex: none; }
.alh-replay-main { display: flex; align-items: center; gap: 4px 6px; flex-wrap: wrap; flex: 1 1 auto; min-width: 0; }
.alh-history .alh-btn { padding: 2px 8px; }
.alh-replay-label { flex: 1 1 0; display: flex; align-items: center; min-width: min-content; }
.alh-replay-label .alh-label { flex: none; white-space: nowrap; }   /* (a Japanese word would break anywhere: the label would count as one character wide) */
.alh-range { flex: 1 1 auto; width: 0; min-width: 96px; accent-color: var(--alh-accent); }
.alh-replay-pos { flex: none; white-space: nowrap; color: var(--alh-muted); }
.alh-replay-main > .alh-btn { flex: none; padding: 2px 8px; }
.alh-replay-on .alh-replay-pos { color: var(--alh-fg); font-weight: 700; }
/* the review's marks under the slider: inaccuracy a dot, mistake a square, blunder a tall bar */
.alh-replay-track { position: relative; flex: 1 1 auto; display: flex; align-items: center; min-width: 96px; }
.alh-review-graph { position: absolute; left: 7px; top: 1px; width: calc(100% - 14px); height: calc(100% - 2px); pointer-events: none; overflow: visible; opacity: .8; }
.alh-replay-track .alh-range { position: relative; background: transparent; }
/* with the graph: a thin track, so the lines show through; the thumb on top, 14 px as the marks assume */
.alh-range-graphed { -webkit-appearance: none; appearance: none; height: 24px; margin: 0; }
.alh-range-graphed::-webkit-slider-runnable-track { height: 2px; background: color-mix(in srgb, var(--alh-muted) 45%, transparent); border-radius: 1px; }
.alh-range-graphed::-moz-range-track { height: 2px; background: color-mix(in srgb, var(--alh-muted) 45%, transparent); border-radius: 1px; }
.alh-range-graphed::-webkit-slider-thumb { -webkit-appearance: none; appearance: none; width: 14px; height: 14px; margin-top: -6px; border-radius: 50%; background: var(--alh-accent); border: 2px solid var(--alh-panel); box-sizing: border-box; }
.alh-range-graphed::-moz-range-thumb { width: 14px; height: 14px; border-radius: 50%; background: var(--alh-accent); border: 2px solid var(--alh-panel); box-sizing: border-box; }
.alh-range-graphed:focus-visible { outline: 2px solid var(--alh-focus); outline-offset: 2px; }
.alh-review-marks { position: absolute; left: 0; right: 0; bottom: -3px; height: 0; }
.alh-review-mark { position: absolute; bottom: 0; box-sizing: border-box; width: 8px; height: 8px; margin: 0 0 0 -4px; padding: 0; border: 1px solid ${palette.review.ring}; cursor: pointer; }
.alh-review-mark:focus-visible { outline: 2px solid var(--alh-focus); outline-offset: 1px; }
.alh-review-inaccuracy { background: ${palette.review.inaccuracy}; border-radius: 50%; }
.alh-review-mistake { background: ${palette.review.mistake}; border-radius: 1px; }
.alh-review-blunder { background: ${palette.review.blunder}; height: 12px; width: 6px; margin-left: -3px; border-radius: 1px; }
/* the review's table at the end of the game: the grades' marks as a key in its head */
.alh-review-box { overflow-x: auto; }
.alh-review-sum { margin: 6px 0 4px; }
.alh-review-sum thead th { font-weight: 600; }
.alh-review-key { display: inline-block; vertical-align: middle; box-sizing: border-box; width: 8px; height: 8px; margin: 0 4px 0 0; border: 1px solid ${palette.review.ring}; }
.alh-review-key.alh-review-blunder { margin-left: 0; }
/* the column of players */
.alh-players { display: flex; flex-direction: column; gap: 5px; }
@container alh (max-width: 839.98px) {
  .alh-players { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 8px; }
  .alh-log { max-height: 290px; overflow-y: auto; }
}
.alh-player { border: 1.5px solid var(--alh-border); border-left: 6px solid var(--alh-seat, var(--alh-border)); border-radius: 8px; padding: 3px 8px 4px 8px; display: flex; flex-direction: column; gap: 2px; background: var(--alh-bg); min-width: 0; }
.alh-player.alh-current { border-color: var(--alh-current); border-left-color: var(--alh-seat); box-shadow: inset 0 0 0 1.5px var(--alh-current); }
.alh-player.alh-winner { border-color: var(--alh-winner); border-left-color: var(--alh-seat); box-shadow: inset 0 0 0 1.5px var(--alh-winner); }
.alh-player-head { display: flex; flex-wrap: nowrap; align-items: center; gap: 5px; min-width: 0; height: 20px; overflow: hidden; white-space: nowrap; }
.alh-player .alh-panel-picture { height: var(--alh-pic-h); width: 100%; }
/* a long name is cut (its tooltip has it whole) before the score: the name shrinks, the tag beside
   it first (flex-shrink factors of 1 and more: below 1 in all, a flex line gives up only that share
   of what it lacks, and a name alone, with no tag, pushed the score out of the panel) */
.alh-name { font-weight: 700; font-size: 1.05em; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-width: 2em; flex: 0 1 auto; }
/* a player's name opens their Alhambra big (js/view/look.js): a button that reads as the name */
.alh-name-btn { background: none; border: 0; padding: 0; margin: 0; font-family: inherit; line-height: inherit; letter-spacing: inherit; color: inherit; text-align: left; cursor: pointer; }
.alh-name-btn:hover { text-decoration: underline dotted; }
.alh-name-btn:focus-visible { outline: 3px solid var(--alh-focus); outline-offset: 1px; }
.alh-player .alh-panel-picture { cursor: zoom-in; }
.alh-score { margin-left: auto; font-weight: 700; font-size: 1.05em; white-space: nowrap; flex: none; }
.alh-tag { white-space: nowrap; font-size: .8em; padding: 0 6px; border-radius: 8px; background: var(--alh-muted); color: var(--alh-bg); font-weight: 600; flex: none; }
/* in a player's head the name keeps its room: the tags give way first (cut, their text in the tooltip) */
.alh-player-head .alh-tag { flex: 0 1000 auto; min-width: 2.2em; overflow: hidden; text-overflow: ellipsis; }
/* ... but "to act" and "winner", the words the panel is looked at for, stay whole: a long name is cut
   before them (it was cut to "t…" beside a name of forty letters) */
.alh-player-head .alh-tag-turn, .alh-player-head .alh-tag-winner { flex: none; }
.alh-tag-turn { background: var(--alh-current); color: ${TABLE.ink}; }
.alh-tag-winner { background: var(--alh-winner); color: ${TABLE.ink}; }
.alh-tag-scoring { background: var(--alh-longest); color: ${TABLE.ink}; }
.alh-tag-bot { background: var(--alh-accent); color: var(--alh-accent-ink); }
.alh-tag-thinking { display: inline-flex; align-items: center; gap: 4px; background: var(--alh-info-bg); color: var(--alh-fg); }
.alh-tag-thinking > .alh-tag-text { min-width: 0; overflow: hidden; text-overflow: ellipsis; }
.alh-thinking { display: inline-flex; align-items: center; gap: 6px; color: var(--alh-fg); font-weight: 600; flex: none; }
.alh-spinner { width: .9em; height: .9em; border-radius: 50%; border: 2px solid currentColor; border-right-color: transparent; animation: alh-spin 0.9s linear infinite; }
@keyframes alh-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .alh-spinner { animation: none; border-right-color: currentColor; opacity: .6; } }
.alh-hints { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 10px; }
.alh-hint-list { margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: 2px; }
/* a hint: its number, then its words on two lines at most */
.alh-hint-list > li, .alh-hint-play { display: flex; align-items: flex-start; gap: 5px; min-width: 0; }
.alh-hint-text { min-width: 0; overflow: hidden; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; }
.alh-hint-badge { flex: none; }
/* a hint that plays with a click: its words as they were, a button by its hover and focus */
.alh-hint-play { font: inherit; line-height: inherit; color: inherit; background: none; border: 0; margin: 0; padding: 0 2px; width: 100%; text-align: start; cursor: pointer; border-radius: 4px; }
.alh-hint-play:hover:not(:disabled) { background: var(--alh-info-bg); text-decoration: underline; }
.alh-hint-play:disabled { cursor: default; }   /* (a saved copy: no kernel to play it) */
.alh-hint-play:focus-visible { outline: 3px solid var(--alh-focus); outline-offset: 1px; }
.alh-hint-badge { display: inline-block; min-width: 1.4em; padding: 0 4px; border-radius: 0.7em; text-align: center; font-weight: 700; background: var(--alh-hint); color: ${T.on_hint}; }
.alh-hint-mark rect { fill: var(--alh-hint); stroke: ${T.on_hint}; stroke-width: 1.5; }
.alh-hint-mark text { fill: ${T.on_hint}; font-weight: 700; }
.alh-hint-cell { fill: var(--alh-hint); fill-opacity: .18; stroke: var(--alh-hint); stroke-width: 7; }
/* the move played, beside the review's better move: the same mark in the text's colour, a cross, the cell dashed */
.alh-hint-badge.alh-hint-played { background: var(--alh-fg); color: var(--alh-bg); }
.alh-hint-mark.alh-hint-played rect { fill: var(--alh-fg); stroke: var(--alh-bg); }
.alh-hint-mark.alh-hint-played text { fill: var(--alh-bg); }
.alh-hint-cell.alh-hint-played { fill: var(--alh-fg); fill-opacity: .08; stroke: var(--alh-fg); stroke-width: 4; stroke-dasharray: 10 7; }
.alh-board-grid { fill: none; stroke: var(--alh-grid); stroke-width: 1; }
.alh-mini-bg { stroke-width: 1; }
.alh-longest-thin { stroke-width: 3; }
/* the last moves, under the players */
.alh-side-log > .alh-log { border-radius: 6px; }
/* the result at the end of the game: the scores wide, the folded moves with the players */
.alh-result { display: flex; flex-direction: column; gap: 8px; min-width: 0; }
/* the Alhambras at the end: side by side, wrapping; each headed by its player */
/* (each board's share of the row and its widest in its style: finals.js) */
.alh-finals-list { display: flex; flex-wrap: wrap; gap: 10px 12px; list-style: none; margin: 4px 0 0; padding: 0; }
.alh-final-board { display: flex; flex-direction: column; gap: 2px; min-width: min(7em, 100%); }
.alh-final-head, .alh-final-sub { display: flex; align-items: center; gap: 5px; min-width: 0; }
.alh-final-name { font-weight: 700; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-width: 2em; }
.alh-final-sub { font-size: .9em; }
/* (a tag too long for a narrow board's column cut short: its title says it whole) */
.alh-final-sub .alh-tag { flex: 0 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; }
.alh-bar { display: flex; flex-direction: column; gap: 6px; }
/* at the end nothing more is played: the bar and the message line take only what they show */
.alh-bar .alh-selection { height: auto; }
.alh-selection.alh-reviewed { height: auto; min-height: calc(3 * 1.35em); -webkit-line-clamp: 6; }
.alh-bar .alh-buttons { min-height: 0; }
.alh-bar .alh-message { height: auto; max-height: calc(3 * 1.35em + 8px); }
.alh-hold > .alh-message { height: calc(var(--alh-msg-lines, 3) * 1.35em + 8px); }
.alh-hold > .alh-message > .alh-message-text { -webkit-line-clamp: var(--alh-msg-lines, 3); }
.alh-bar .alh-message:empty { display: none; }
/* the players of the next game, under New game: the seats in columns as wide as a seat needs, so
   their labels, kinds and names line up; the number of players, the note and the button a row each */
.alh-lineup-body { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 25em), 1fr)); gap: 6px 14px; align-items: center; padding: 4px 0 0; }
.alh-lineup-body > :not(.alh-lineup-seat) { grid-column: 1 / -1; justify-self: start; }
.alh-lineup-field { display: inline-flex; align-items: center; gap: 4px; }
.alh-lineup-select { font: inherit; padding: 1px 4px; border-radius: 4px; border: 1px solid var(--alh-border); background: var(--alh-bg); color: var(--alh-fg); }
.alh-lineup-select:focus-visible, .alh-lineup-name:focus-visible { outline: 3px solid var(--alh-focus); outline-offset: 1px; }
.alh-lineup-seat { display: flex; align-items: center; gap: 4px; flex-wrap: wrap; min-width: 0; }
.alh-lineup-body .alh-lineup-field > span { min-width: 4.6em; }
.alh-lineup-seat .alh-lineup-select { min-width: 10.5em; max-width: 100%; }
.alh-lineup-name { font: inherit; width: 9em; padding: 1px 4px; border-radius: 4px; border: 1px solid var(--alh-border); background: var(--alh-bg); color: var(--alh-fg); }
.alh-lineup-note { margin: 0; font-size: 0.92em; }
.alh-scoring, .alh-log { background: var(--alh-panel); border-radius: 6px; padding: 6px 10px; overflow-x: auto; }
.alh-round { border-collapse: collapse; margin: 4px 0 8px; font-size: .95em; }
.alh-round caption { text-align: left; font-weight: 700; padding: 2px 0; }
.alh-round.alh-latest caption[data-just]::after { content: "  \\2190  " attr(data-just); color: var(--alh-current-ink); }
.alh-round-box { margin: 0 0 8px; }
.alh-narration { margin: 2px 0 6px; padding-left: 1.4em; list-style: disc outside; }
.alh-narration li { margin: 1px 0; }
.alh-round th, .alh-round td { padding: 1px 4px; text-align: center; white-space: nowrap; border-bottom: 1px solid var(--alh-border); }
.alh-round th[scope="row"] { text-align: left; }
/* a player's name in a table or caption (nameHtml): a long one cut, whole in its tooltip */
.alh-cut-name { display: inline-block; max-width: 14em; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; vertical-align: bottom; }
.alh-round th[scope="row"] .alh-seat-dot { margin-right: 5px; }
.alh-round td.alh-scored { font-weight: 700; }
.alh-round small { color: var(--alh-muted); font-weight: 400; }
.alh-earlier, .alh-why, .alh-latest-round, .alh-preview { margin: 2px 0 6px; }
.alh-round-show { margin: 0 0 6px; }
.alh-round-show .alh-btn.alh-small { margin-left: 0; padding: 1px 8px; }
.alh-log-summary { color: var(--alh-muted); }
.alh-fold-summary { cursor: pointer; color: var(--alh-muted); font-weight: 600; padding: 2px 0; }
.alh-fold-summary:focus-visible { outline: 3px solid var(--alh-focus); outline-offset: 1px; }
.alh-round-points { color: var(--alh-spot-ink); font-weight: 700; }
.alh-final { font-weight: 700; color: var(--alh-fg); }
/* the games played at this table one after the other: a row of the players, a row of their wins */
.alh-tally { border-collapse: collapse; margin: 0 0 8px; font-size: .95em; }
.alh-tally caption { text-align: left; font-weight: 600; padding-bottom: 2px; caption-side: top; }
.alh-tally th, .alh-tally td { padding: 1px 8px; text-align: center; white-space: nowrap; border-bottom: 1px solid var(--alh-border); }
.alh-tally th[scope="row"] { text-align: left; padding-left: 0; }
/* (list markers set here: some hosts' style sheets, marimo's among them, take them away) */
.alh-log-list { margin: 0; padding-left: 2.6em; list-style: decimal outside; }
.alh-log:focus-visible { outline: 3px solid var(--alh-focus); outline-offset: 1px; }
/* a scoring round as an event: a panel over the table, until dismissed */
.alh-pop { position: absolute; inset: 0; z-index: 5; display: flex; align-items: flex-start; justify-content: center; padding: 48px 12px 12px;
  background: color-mix(in srgb, var(--alh-bg) 55%, transparent); }
.alh-pop-card { background: var(--alh-bg); color: var(--alh-fg); border: 3px solid var(--alh-longest); border-radius: 10px; padding: 10px 16px 12px; max-width: min(960px, 100%); max-height: 100%; overflow: auto; }
.alh-pop-head { display: flex; align-items: center; gap: 16px; }
.alh-root .alh-pop-title { margin: 0; font-size: 1.25em; font-weight: 700; color: var(--alh-fg); }
.alh-pop-head .alh-btn { margin-left: auto; }
.alh-pop-table { font-size: 1.05em; }
.alh-pop-table th, .alh-pop-table td { padding: 3px 8px; }
.alh-pop-boards { display: flex; flex-wrap: wrap; gap: 8px 14px; margin: 4px 0; }
.alh-pop-board { margin: 0; display: flex; flex-direction: column; gap: 2px; align-items: flex-start; }
.alh-pop-board figcaption { display: flex; align-items: center; gap: 5px; font-weight: 600; }
.alh-pop-board .alh-svg { width: 150px; height: 110px; }
/* a player looked at (js/view/look.js): the Alhambra big, their numbers beside it (under it where narrow) */
.alh-look .alh-pop-card { border-color: var(--alh-border); }
.alh-look-body { display: flex; flex-wrap: wrap; gap: 10px 20px; align-items: flex-start; margin-top: 8px; }
.alh-look-board { flex: 0 1 auto; max-width: 100%; }
.alh-look-board .alh-svg { max-width: 100%; height: auto; }
.alh-look-words { flex: 1 1 220px; min-width: 0; }
.alh-look-table { border-collapse: collapse; margin-bottom: 6px; }
.alh-look-table caption { text-align: left; font-weight: 600; padding-bottom: 2px; caption-side: top; }
.alh-look-table th, .alh-look-table td { padding: 2px 8px; border-bottom: 1px solid var(--alh-border); white-space: nowrap; }
.alh-look-table th[scope="row"] { text-align: left; font-weight: 400; padding-left: 0; }
.alh-look-table td { text-align: right; font-variant-numeric: tabular-nums; }
.alh-look-table .alh-look-total th, .alh-look-table .alh-look-total td { font-weight: 700; border-bottom: 0; }
.alh-look-swatch { display: inline-block; width: .8em; height: .8em; border-radius: 2px; margin-right: 6px; vertical-align: -1px; border: 1px solid var(--alh-border); }
.alh-look-line { margin: 4px 0; overflow-wrap: anywhere; }
/* Windows' high-contrast themes (forced colours): the browser paints the page's text, backgrounds
   and borders in the system's few colours, and drops shadows. The pictures (SVG) keep the game's
   colours; what they draw in the theme's colours (the board, its grid, text, selection rings) takes
   the system's, so that they match the page around them, whatever the host's theme says (hence
   !important). Where a colour in the page says something it is kept, framed in the text colour: the
   seats' colours (dots, and a bar over each player's panel's edge), the review's marks by grade,
   the swatches of a player looked at. The player to act and the winner are framed in Highlight,
   as is the focus; tags and rule badges get a frame in place of their colour. */
@media (forced-colors: active) {
  .alh-root {
    --alh-fg: CanvasText !important; --alh-muted: CanvasText !important; --alh-bg: Canvas !important;
    --alh-panel: Canvas !important; --alh-border: CanvasText !important; --alh-wall: CanvasText !important;
    --alh-grid: color-mix(in srgb, CanvasText 45%, Canvas) !important;
    --alh-focus: Highlight !important; --alh-accent: Highlight !important; --alh-accent-ink: HighlightText !important;
    --alh-current: Highlight !important; --alh-winner: Highlight !important;
    --alh-error-bg: Canvas !important; --alh-info-bg: Canvas !important;
  }
  .alh-seat-dot, .alh-review-mark, .alh-review-key, .alh-look-swatch { forced-color-adjust: none; }
  .alh-seat-dot { box-shadow: 0 0 0 1.5px CanvasText; }
  .alh-review-mark, .alh-review-key { border-color: CanvasText; }
  .alh-player { position: relative; }
  .alh-player::before { content: ""; position: absolute; left: -6px; top: -1.5px; bottom: -1.5px; width: 6px;
    border-radius: 8px 0 0 8px; background: var(--alh-seat, CanvasText); forced-color-adjust: none; }
  .alh-player.alh-current, .alh-player.alh-winner { border-color: Highlight; outline: 2px solid Highlight; outline-offset: 1px; }
  /* (text on a colour of the theme: the browser would paint the text in the system's text colour,
     on a background the variables above make a system colour -- so these name both) */
  .alh-tag, .alh-rule, .alh-hint-badge { background: Canvas; color: CanvasText; border: 1px solid CanvasText; }
  .alh-btn.alh-primary { background: ButtonFace; color: ButtonText; border: 2px solid ButtonText; }
  .alh-hint-badge.alh-hint-played { forced-color-adjust: none; background: CanvasText; color: Canvas; }
  .alh-tag-turn, .alh-tag-winner { forced-color-adjust: none; background: Highlight; color: HighlightText; border-color: Highlight; }
  .alh-message.alh-error, .alh-message.alh-why { border-left-width: 6px; }
}
/* panels are replaced one by one on a redraw: keep their layout to themselves
   (not paint containment: focus rings may stick out of a panel) */
.alh-section, .alh-focus, .alh-player, .alh-scoring, .alh-log, .alh-hold, .alh-play { contain: layout style; }
/* a narrow output: the status line keeps its sentence (the counts are under the deck and the bag) */
@container alh (max-width: 699.98px) {
  .alh-status .alh-info { display: none; }
  /* and on two lines where one is too short (a phone): whose turn and what to do, whole */
  .alh-top { height: auto; min-height: 32px; }
  .alh-status { height: auto; min-height: 32px; padding: 3px 10px; }
  .alh-status-text { white-space: normal; }
}
/* the wide table and the side by side acting section: last, so that they override the stacked defaults */
@container alh (min-width: 700px) {
  .alh-focus { grid-template-columns: minmax(0, 1fr) clamp(250px, 38%, 330px); }
}
@container alh (min-width: 840px) {
  .alh-app { grid-template-columns: minmax(0, 1fr) var(--alh-side-w); align-items: stretch; }
  .alh-app > .alh-lesson, .alh-app > .alh-bottom { grid-column: 1 / -1; }
  /* the acting player's section fills the window's height left under the markets (JupyterLab's
     menus and toolbars take ~120 px of it), so that the table fits the screen */
  .alh-focus { height: clamp(380px, calc(100vh - 290px), 720px); }
  .alh-tutorial .alh-focus { height: clamp(430px, calc(100vh - 420px), 640px); }
  .alh-focus-board { height: auto; }
  /* the last moves fill the column of players down to the main column's end, and scroll */
  .alh-side-log { flex: 1 1 auto; position: relative; min-height: 90px; }
  .alh-side-log > .alh-log { position: absolute; inset: 0; max-height: none; overflow-y: auto; }
  /* at the end of the game the moves are folded: a closed fold takes its line only */
  .alh-side-log:has(> .alh-log > details:not([open])) { flex: none; min-height: 0; }
  .alh-side-log:has(> .alh-log > details:not([open])) > .alh-log { position: static; }
  /* unfolded, they take room enough to read a few moves, down past the result if need be */
  .alh-side-log:has(> .alh-log > details[open]) { min-height: 260px; }
}
`;
