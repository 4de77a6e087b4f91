// What a chat message's text may be (issue #23): plain text, 1–500 characters
// counted in code points (an emoji counts once), read by the server before it
// stores a message and by the chat box before it sends one, so both count alike.
// No zod here: the chat box loads this with its own code.
//
// Removed without a word (they only hide, reorder or garble what others see):
// bidirectional overrides and isolates (U+202A–202E, U+2066–2069) — "moc.elgoog"
// shown as "google.com" — and zero-width characters (U+200B, U+200C, U+200E,
// U+200F, U+2060, U+FEFF, U+180E). A zero-width joiner (U+200D) stays only
// between emoji, where it makes one picture of several (👩‍💻); elsewhere it goes.
// Refused: control characters other than a line break (a pasted CR LF is one).
import { CHAT_MESSAGE_MAX_LENGTH } from './chat-contracts.ts';

const INVISIBLE = /[\u202A-\u202E\u2066-\u2069\u200B\u200C\u200E\u200F\u2060\uFEFF\u180E]/gu;
/** A joiner not between two emoji (the first may end in a variation selector or a skin tone). */
const STRAY_JOINER =
  /(?<!\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u{FE0F})\u200D|\u200D(?!\p{Extended_Pictographic})/gu;
/** Half of a character (JSON can carry one); String.prototype.isWellFormed is newer than the browsers we serve. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LINE_FEED = 0x0a;

/** C0 and C1 controls and DEL, once line breaks are plain newlines. */
function hasControl(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if ((unit < 0x20 && unit !== LINE_FEED) || (unit >= 0x7f && unit <= 0x9f)) return true;
  }
  return false;
}

export type ChatTextResult = { ok: true; text: string } | { ok: false; message: string };

/** The number of characters a person sees counted: code points. */
export function chatTextLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** The text as it is stored and shown, or why it cannot be sent. */
export function normaliseChatText(raw: string): ChatTextResult {
  if (LONE_SURROGATE.test(raw)) return { ok: false, message: 'The message contains broken characters' };
  const text = raw
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(INVISIBLE, '')
    .replace(STRAY_JOINER, '')
    .normalize('NFC')
    // At most one empty line in a row: a wall of blank lines is not a message.
    .replace(/\n(?: *\n){2,}/g, '\n\n')
    .trim();
  if (hasControl(text))
    return { ok: false, message: 'The message contains control characters (only line breaks are allowed)' };
  const length = chatTextLength(text);
  if (length === 0) return { ok: false, message: 'Write a message first' };
  if (length > CHAT_MESSAGE_MAX_LENGTH)
    return {
      ok: false,
      message: `A message is at most ${CHAT_MESSAGE_MAX_LENGTH} characters (this one has ${length})`,
    };
  return { ok: true, text };
}
