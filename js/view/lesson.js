// The lesson panel of the tutorial (AlhambraWidget.tutorial()): where the
// learner is ("Lesson 3 of 10", a progress bar, the step), the lesson's title,
// what the rule is, the task, the feedback on the last try (with the rule id
// of a refusal) and the Back / Replay / Next buttons (plus any button the step
// offers, e.g. "Try it turned").
//
// The view carries `lesson` only in tutorial mode (alhambra_widget/tutorial):
//   {index, count, step, steps, title, text, task, rules, reading, done,
//    finished, position, total, completed, can_back, can_next,
//    feedback: null | {kind: "ok"|"refused"|"info", text, rule, detail, id, cell},
//      (cell: the refused cell of a try on the board whose refusal says where, or null; the
//      board marks it, js/view/controls.js boardMark)
//    ops: [{op, label, name}], labels: {progress, step, bar, task, back, ...}}
// Every text arrives rendered in the lesson's language. A button sends
// {type: "lesson", op} (js/input.js); the kernel checks the op.

import { buttonWords, esc } from "./common.js";
import { box, leaf, partHtml } from "./parts.js";

/** A lesson button: `text` is what it shows and its name, `name` what it does in full (its tooltip and description). */
function button(op, text, name, { disabled = false, primary = false, before = "", after = "" } = {}) {
  const words = buttonWords(text, name, { before, after });
  return (
    `<button type="button" class="alh-btn${primary ? " alh-primary" : ""}" data-act="lesson" data-op="${esc(op)}" ` +
    `data-key="btn-lesson-${esc(op)}" data-lm-suppress-shortcuts="true"${words.attrs}` +
    `${disabled ? " disabled" : ""}>${words.html}</button>`
  );
}

/**
 * The feedback line: a live region, empty until the first try -- a part whose
 * box stays while its words change (js/patch.js), so that a screen reader reads
 * each new feedback (one drawn anew with its words in it is not reliably read).
 */
export function lessonFeedbackPart(lesson) {
  const fb = lesson && lesson.feedback;
  const labels = (lesson && lesson.labels) || {};
  if (!fb || !fb.text) return box("feedback", `<div class="alh-lesson-feedback" role="status" aria-live="polite">`, [], `</div>`);
  const kind = fb.kind === "ok" || fb.kind === "refused" ? fb.kind : "info";
  // a refusal's text starts with "Refused by rule P3": no label before it
  // (a span, not <strong>: a screen reader would read the label once alone, then with the words)
  const head = labels[kind] && kind !== "refused" ? `<span class="alh-lesson-kind">${esc(labels[kind])}</span> ` : "";
  // the rule's mark: its tooltip for the mouse; hidden from screen readers, as the words say
  // "Refused by rule P1" (Orca read "Rule P1 P1", then "P1 Refused by rule P1 ...")
  const rule = fb.rule
    ? `<span class="alh-rule" aria-hidden="true" title="${esc(`${labels.rule || "Rule"} ${fb.rule}`)}">${esc(fb.rule)}</span> `
    : "";
  // the detail, a line of its own, after a no-break space: read as two sentences, not "printed.Tower"
  // (a plain space before a block is collapsed, in the accessible text too)
  const detail = fb.detail ? `\u00a0<span class="alh-lesson-detail">${esc(fb.detail)}</span>` : "";
  return box("feedback", `<div class="alh-lesson-feedback alh-lesson-${kind}" role="status" aria-live="polite" data-kind="${kind}" data-rule="${esc(fb.rule ?? "")}">`, [
    leaf("words", `<span class="alh-lesson-words">${head}${rule}<span class="alh-lesson-fbtext">${esc(fb.text)}</span>${detail}</span>`),
  ], `</div>`);
}

/** The feedback line's HTML (see lessonFeedbackPart). */
export function lessonFeedbackHtml(lesson) {
  return partHtml(lessonFeedbackPart(lesson));
}

/**
 * The lesson panel as a part (js/view/parts.js), or null when the view carries
 * no lesson. Its boxes stay from one step to the next, so the feedback line in
 * it stays a live region.
 * @param {object|null|undefined} lesson  the view's `lesson`
 */
export function lessonPart(lesson) {
  if (!lesson || !lesson.count) return null;
  const L = lesson.labels || {};
  const done = !!lesson.done;
  const ident = `data-lesson="${esc(lesson.index)}" data-step="${esc(lesson.step)}" data-done="${done}"`;
  let head = `<div class="alh-lesson-head">`;
  head += `<span class="alh-lesson-count">${esc(L.progress)}</span>`;
  head += `<span class="alh-lesson-step">${esc(L.step)}</span>`;
  const total = Math.max(1, Number(lesson.total) || 1);
  const at = Math.min(total, Math.max(0, Number(lesson.position) || 0));
  head += `<progress class="alh-lesson-bar" max="${total}" value="${at}" aria-label="${esc(L.progress)}" aria-valuetext="${esc(`${L.progress}, ${L.step}`)}"></progress>`;
  if (done && !lesson.reading) head += `<span class="alh-lesson-done" data-done="true">\u2713 ${esc(L.done)}</span>`;
  head += `</div>`;
  // what to read (the title and the rule in words), then what to do (the task,
  // the rules cited, the feedback and the buttons): side by side on a wide table
  const read = `<div class="alh-lesson-read"><h3 class="alh-lesson-title">${esc(lesson.title)}</h3><p class="alh-lesson-text">${esc(lesson.text)}</p></div>`;
  const rules = lesson.rules && lesson.rules.length
    ? leaf("rules", `<p class="alh-lesson-rules"><span class="alh-label">${esc(L.rules)}</span>` +
      lesson.rules.map((r) => {
        // the rule in words, on hover and to a screen reader (the chip alone says only its id)
        const said = lesson.rule_texts?.[r];
        return said
          ? `<span class="alh-rule alh-rule-quiet" title="${esc(`${L.rule || "Rule"} ${r}: ${said}`)}">${esc(r)}<span class="alh-sr">: ${esc(said)}</span></span>`
          : `<span class="alh-rule alh-rule-quiet">${esc(r)}</span>`;
      }).join(" ") + `</p>`)
    : null;
  let buttons = `<div class="alh-lesson-buttons" role="toolbar" aria-label="${esc(L.region || "Lesson")}">`;
  buttons += button("back", L.back, L.back_name, { before: "\u2190", disabled: !lesson.can_back });
  buttons += button("replay", L.replay, L.replay_name, { before: "\u21ba" });
  for (const o of lesson.ops || []) buttons += button(o.op, o.label, o.name);
  buttons += button("next", L.next, L.next_name, { after: "\u2192", disabled: !lesson.can_next, primary: done && lesson.can_next });
  buttons += `</div>`;
  return box("lesson", `<section class="alh-lesson" ${ident} aria-label="${esc(`${L.region || "Lesson"}: ${lesson.title}`)}">`, [
    leaf("head", head),
    box("body", `<div class="alh-lesson-body">`, [
      leaf("read", read),
      box("do", `<div class="alh-lesson-do">`, [
        leaf("task", `<p class="alh-lesson-task"><strong>${esc(L.task)}:</strong> ${esc(lesson.task)}</p>`),
        rules,
        lessonFeedbackPart(lesson),
        lesson.finished && !lesson.can_next ? leaf("finished", `<p class="alh-lesson-finished" role="status">${esc(L.finished)}</p>`) : null,
        leaf("buttons", buttons),
      ], `</div>`),
    ], `</div>`),
  ], `</section>`);
}

/**
 * The lesson panel as HTML, or "" when the view carries no lesson.
 * @param {object|null|undefined} lesson  the view's `lesson`
 */
export function lessonHtml(lesson) {
  const part = lessonPart(lesson);
  return part ? partHtml(part) : "";
}

/** The panel's style (added to the widget's style sheet). */
export const LESSON_CSS = `
.alh-lesson { border: 2px solid var(--alh-accent); border-radius: 8px; padding: 8px 12px; background: var(--alh-panel); display: flex; flex-direction: column; gap: 6px; contain: layout style; }
.alh-lesson-head { display: flex; flex-wrap: wrap; align-items: center; gap: 10px; color: var(--alh-muted); font-weight: 600; }
.alh-lesson-bar { flex: 1 1 120px; min-width: 80px; max-width: 320px; height: 10px; accent-color: var(--alh-accent); }
.alh-lesson-done { color: var(--alh-spot-ink); }
.alh-root .alh-lesson-title { margin: 0; font-size: 1.15em; font-weight: 700; color: var(--alh-fg); }
.alh-lesson-text, .alh-lesson-task, .alh-lesson-rules, .alh-lesson-finished { margin: 0; max-width: 75ch; }
.alh-lesson-task { padding: 4px 8px; border-left: 4px solid var(--alh-accent); background: var(--alh-info-bg); }
.alh-lesson-rules { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
.alh-rule-quiet { opacity: 0.85; }
.alh-lesson-feedback:empty { display: none; }
.alh-lesson-feedback { padding: 5px 8px; border-radius: 6px; max-width: 80ch; }
.alh-lesson-ok { background: color-mix(in srgb, var(--alh-spot) 14%, var(--alh-bg)); border-left: 4px solid var(--alh-spot); }
.alh-lesson-refused { background: var(--alh-error-bg); border-left: 4px solid var(--alh-error); }
.alh-lesson-info { background: var(--alh-info-bg); border-left: 4px solid var(--alh-accent); }
.alh-lesson-words { display: block; }
.alh-lesson-kind { font-weight: 700; }
.alh-lesson-detail { display: block; margin-top: 2px; color: var(--alh-muted); font-size: 0.92em; }
.alh-lesson-finished { font-weight: 600; color: var(--alh-spot-ink); }
.alh-lesson-buttons { display: flex; flex-wrap: wrap; gap: 6px; }
.alh-lesson-body, .alh-lesson-read, .alh-lesson-do { display: flex; flex-direction: column; gap: 6px; min-width: 0; }
@container alh (min-width: 960px) {
  .alh-lesson-body { flex-direction: row; align-items: flex-start; gap: 18px; }
  .alh-lesson-read { flex: 3 1 0; max-width: 75ch; }
  .alh-lesson-do { flex: 2 1 0; }
}
`;
