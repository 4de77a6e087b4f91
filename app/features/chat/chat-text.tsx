// How a chat message's text reaches the screen (issue #23): React text nodes
// only — never HTML, never markdown. A web address written as http:// or
// https:// becomes a link that opens in a new tab and passes no reputation
// (rel="nofollow ugc noopener"); anything else that looks like a link
// (javascript:, data:, www.…) stays text. Bidirectional overrides and
// zero-width characters are made visible rather than obeyed, so a message
// cannot reorder or hide what it shows (the server strips them too).
import type { ReactNode } from 'react';

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// Up to the first space, quote or angle bracket; trailing punctuation is left out of the link.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/giu;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/u;
// U+202A–202E and U+2066–2069 (bidi embeddings, overrides and isolates), U+200B–200F (zero-width and
// direction marks), U+2060 (word joiner), U+FEFF (zero-width no-break space).
const INVISIBLE_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200B-\u200F\u2060\uFEFF]/gu;

/** The text with invisible direction and zero-width characters replaced by U+FFFD (shown, not obeyed). */
export function neutraliseControls(text: string): string {
  return text.replace(INVISIBLE_CONTROLS, '\uFFFD');
}

/** Only absolute http(s) addresses whose parsed form keeps that scheme. */
export function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Splits a message into plain text and http(s) links. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const found of text.matchAll(URL_PATTERN)) {
    const raw = found[0].replace(TRAILING_PUNCTUATION, '');
    const href = safeHref(raw);
    if (!href || raw.length <= 'https://'.length) continue;
    if (found.index > last) parts.push({ kind: 'text', text: text.slice(last, found.index) });
    parts.push({ kind: 'link', text: raw, href });
    last = found.index + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** A message's text as React nodes: strings and safe anchors, nothing else. */
export function ChatText({ text }: { text: string }): ReactNode {
  return splitLinks(neutraliseControls(text)).map((part, index) =>
    part.kind === 'text' ? (
      part.text
    ) : (
      <a
        key={index}
        href={part.href}
        rel="nofollow ugc noopener"
        target="_blank"
        className="break-all text-sky-800 underline dark:text-sky-300"
      >
        {part.text}
      </a>
    ),
  );
}
