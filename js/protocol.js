// The widget's protocol, declared once in alhambra_widget/protocol.json and
// read here as in Python (alhambra_widget/protocol.py): every message kind the
// page may send the kernel, with its fields. `message()` builds a message for
// an intent from that declaration, so the page never sends a kind or a field
// the kernel does not know.
import PROTOCOL from "../alhambra_widget/protocol.json";

export { PROTOCOL };
export const MESSAGES = PROTOCOL.messages;

/** The fields a message of `kind` may carry (required and optional). */
export function fieldsOf(kind) {
  const m = MESSAGES[kind];
  if (!m) throw new Error(`unknown message kind ${kind}`);
  return { ...m.required, ...m.optional };
}

/**
 * The message to send for an intent made on `view`: the intent's own fields,
 * then `seat` and `stamp` where the kind takes them (a language switch and a
 * replay do not depend on the position: no stamp).
 */
export function message(intent, view) {
  const kind = intent.type;
  const fields = fieldsOf(kind);
  const msg = { type: kind };
  for (const [k, v] of Object.entries(intent)) if (k !== "type" && k in fields) msg[k] = v;
  if ("seat" in fields) msg.seat = view && view.seat !== undefined ? view.seat : null;
  const positional = kind !== "language" && kind !== "replay";
  if ("stamp" in fields && positional && view && typeof view.stamp === "number") msg.stamp = view.stamp;
  return msg;
}

/** Why `msg` does not follow the declaration, or null. */
export function problem(msg) {
  if (!msg || typeof msg !== "object" || !(msg.type in MESSAGES)) return "unknown kind";
  const m = MESSAGES[msg.type];
  const fields = fieldsOf(msg.type);
  for (const k of Object.keys(msg)) if (k !== "type" && !(k in fields)) return `unknown field ${k}`;
  for (const k of Object.keys(m.required)) if (!(k in msg)) return `missing ${k}`;
  return null;
}
