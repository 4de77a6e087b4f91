// The file server's guards on their own (issue #22): path confinement (the HTTP test cannot send every
// path, as the URL parser resolves dot segments first), byte ranges and playlist rewriting.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRange, resolveInside, rewritePlaylist } from './media.files.ts';
import { verifyMediaToken, signMediaToken } from './media.tokens.ts';

describe('resolveInside', () => {
  const root = '/srv/media';
  it('finds files inside the video’s folder', () => {
    expect(resolveInside(root, 'demo/film', '360p/seg000.m4s')).toBe('/srv/media/demo/film/360p/seg000.m4s');
    expect(resolveInside(root, 'demo/film', 'master.m3u8')).toBe(path.join(root, 'demo/film/master.m3u8'));
  });
  it('refuses anything that steps outside it, or a hidden, empty or odd segment', () => {
    for (const relative of [
      '../other/seg.m4s',
      '360p/../../other/seg.m4s',
      '..',
      '.',
      './master.m3u8',
      '360p//seg.m4s',
      '',
      '.hidden',
      '..\\..\\secret.txt',
      'seg\0.m4s',
      '/etc/passwd',
    ]) {
      expect(resolveInside(root, 'demo/film', relative), relative).toBeNull();
    }
  });
  it('refuses a video folder that itself points outside the media folder', () => {
    expect(resolveInside(root, '../elsewhere', 'master.m3u8')).toBeNull();
  });
});

describe('parseRange', () => {
  it('reads one range, open or from the end, and says when it cannot be met', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-5', 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-3', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
    expect(parseRange(undefined, 100)).toBeNull();
  });
});

describe('rewritePlaylist', () => {
  it('rewrites relative URIs and URI attributes, leaves comments, tags and absolute URIs', () => {
    const text = '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:2.0,\nseg0.m4s\nhttps://cdn.example/x.m4s\n';
    expect(rewritePlaylist(text, (uri) => `${uri}?t=1`)).toBe(
      '#EXTM3U\n#EXT-X-MAP:URI="init.mp4?t=1"\n#EXTINF:2.0,\nseg0.m4s?t=1\nhttps://cdn.example/x.m4s\n',
    );
  });
});

describe('media tokens', () => {
  const key = new Uint8Array(32).fill(7);
  const now = new Date('2026-11-27T10:00:00Z');
  const later = new Date('2026-11-27T10:05:00Z');
  it('prove the video, the user and the expiry', () => {
    const token = signMediaToken(key, 5, 9, later);
    expect(verifyMediaToken(key, token, now, 5)).toEqual({ ok: true, videoId: 5, userId: 9, expiresAt: later });
    expect(verifyMediaToken(key, token, later, 5)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyMediaToken(key, token, now, 6)).toEqual({ ok: false, reason: 'other_video' });
    expect(verifyMediaToken(key, token.replace('5.9.', '5.8.'), now, 5)).toEqual({ ok: false, reason: 'tampered' });
    expect(verifyMediaToken(new Uint8Array(32), token, now, 5)).toEqual({ ok: false, reason: 'tampered' });
    expect(verifyMediaToken(key, 'nonsense', now, 5)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyMediaToken(key, null, now, 5)).toEqual({ ok: false, reason: 'missing' });
  });
});
