import { describe, expect, it } from 'vitest';
import { checkWebVtt, WEBVTT_MESSAGES } from './webvtt.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('checkWebVtt', () => {
  it('accepts a WebVTT file with cues, a byte-order mark, a header text, hours and cue settings', () => {
    expect(checkWebVtt(bytes('WEBVTT\n\n00:00.000 --> 00:02.000\nKick-off\n'))).toEqual({
      ok: true,
      text: 'WEBVTT\n\n00:00.000 --> 00:02.000\nKick-off\n',
      cues: 1,
    });
    const long =
      '\uFEFFWEBVTT - the final\r\n\r\n1\r\n01:02:03.000 --> 01:02:05.500 align:start\r\nGoal!\r\n\r\n01:02:06.000 --> 01:02:07.000\r\nVAR\r\n';
    const checked = checkWebVtt(bytes(long));
    expect(checked.ok && checked.cues).toBe(2);
    expect(checked.ok && checked.text.startsWith('WEBVTT')).toBe(true);
  });

  it('refuses an empty file, a file without the header, without cues, or not UTF-8 text', () => {
    expect(checkWebVtt(new Uint8Array())).toEqual({ ok: false, message: WEBVTT_MESSAGES.empty });
    for (const text of [
      '1\n00:00:01,000 --> 00:00:02,000\nAn SRT file\n',
      'WEBVTTX\n\n00:01.000 --> 00:02.000\nx',
      ' WEBVTT\n',
    ])
      expect(checkWebVtt(bytes(text))).toEqual({ ok: false, message: WEBVTT_MESSAGES.header });
    expect(checkWebVtt(bytes('WEBVTT\n\nNOTE nothing here\n'))).toEqual({ ok: false, message: WEBVTT_MESSAGES.noCues });
    expect(checkWebVtt(bytes('WEBVTT\n\n00:01,000 --> 00:02,000\ncomma\n'))).toEqual({
      ok: false,
      message: WEBVTT_MESSAGES.noCues,
    });
    expect(checkWebVtt(new Uint8Array([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xff, 0xfe]))).toEqual({
      ok: false,
      message: WEBVTT_MESSAGES.notText,
    });
    expect(checkWebVtt(bytes('WEBVTT\n\n00:01.000 --> 00:02.000\n\u0000'))).toEqual({
      ok: false,
      message: WEBVTT_MESSAGES.notText,
    });
  });
});
