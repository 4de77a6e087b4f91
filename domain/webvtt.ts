// WebVTT captions a staff member uploads for a video (issue #22; docs/media.md "Captions"): the checks a file
// must pass before it is stored — UTF-8 text, the "WEBVTT" header line, at least one cue. Pure, so the API and
// its tests share it.

/** A cue's timing line: `00:01.000 --> 00:04.000` or `01:02:03.000 --> 01:02:05.500`, settings allowed after. */
const CUE_TIMING = /^(?:\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3}[ \t]+-->[ \t]+(?:\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3}(?:[ \t].*)?$/;

export type WebVttCheck = { ok: true; text: string; cues: number } | { ok: false; message: string };

export const WEBVTT_MESSAGES = {
  empty: 'The captions file is empty',
  notText: 'A WebVTT captions file is UTF-8 text: this file is not',
  header: 'A WebVTT captions file starts with the line “WEBVTT”: this file does not',
  noCues: 'This WebVTT file has no cues (a cue starts with a line like “00:00:01.000 --> 00:00:04.000”)',
} as const;

/** Checks an uploaded captions file; its text (without a byte-order mark) and number of cues when it is one. */
export function checkWebVtt(bytes: Uint8Array): WebVttCheck {
  if (bytes.length === 0) return { ok: false, message: WEBVTT_MESSAGES.empty };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, message: WEBVTT_MESSAGES.notText };
  }
  // NUL and other control characters (tab, line breaks and form feed aside) are not text.
  const control = [...text].some((char) => {
    const code = char.charCodeAt(0);
    return (code < 0x20 && char !== '\t' && char !== '\n' && char !== '\r' && char !== '\f') || code === 0x7f;
  });
  if (control) return { ok: false, message: WEBVTT_MESSAGES.notText };
  const lines = text.split(/\r\n|\r|\n/);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) return { ok: false, message: WEBVTT_MESSAGES.header };
  const cues = lines.filter((line) => CUE_TIMING.test(line.trim())).length;
  if (cues === 0) return { ok: false, message: WEBVTT_MESSAGES.noCues };
  return { ok: true, text, cues };
}
