// Text people type (names, messages), checked where it comes in. Stored as
// typed, except for what no person types: control characters. NUL cannot be
// in a PostgreSQL text value at all (the insert fails: a 500 for a contact
// message or a display name holding one, found by server/fuzz.test.ts), while
// SQLite stores it; the other C0 controls and DEL are invisible, and in a name
// they only hide or garble what is shown. A message keeps its tabs and line breaks.

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** C0 controls (U+0000–U+001F) and DEL (U+007F), except those `allowed`. */
function hasControl(value: string, allowed: readonly number[]): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    if ((unit < 0x20 || unit === 0x7f) && !allowed.includes(unit)) return true;
  }
  return false;
}

/** True for one line of text without control characters (a name). */
export function isPlainLine(value: string): boolean {
  return !hasControl(value, []);
}

/** True for text whose only control characters are tabs and line breaks (a message). */
export function isPlainText(value: string): boolean {
  return !hasControl(value, [TAB, LINE_FEED, CARRIAGE_RETURN]);
}
