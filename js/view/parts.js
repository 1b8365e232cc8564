// The table as a tree of parts, so that a redraw can replace only what
// changed (js/patch.js). A part is either a leaf -- {key, html}: the HTML of
// exactly one element -- or a box -- {key, open, close, kids}: an element whose
// opening tag is `open`, whose children are exactly the kids' elements (nothing
// in between), closed by `close`. Keys are unique among siblings. partHtml()
// gives the whole HTML, so tableHtml() is the same string either way.

/** A leaf part: `html` is one element. */
export function leaf(key, html) {
  return { key, html };
}

/** A box part: an element (`open` ... `close`) whose children are the kids. */
export function box(key, open, kids, close) {
  return { key, open, kids: kids.filter(Boolean), close };
}

/** The HTML of a part and everything in it. */
export function partHtml(part) {
  if (part.kids === undefined) return part.html;
  let out = part.open;
  for (const k of part.kids) out += partHtml(k);
  return out + part.close;
}
