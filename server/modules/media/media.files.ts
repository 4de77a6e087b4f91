// Serving stored videos' files under MEDIA_DIR (issue #22; docs/media.md "Files"): `/media/v/<id>/<path>`
// looks only inside that video's folder (and at its captions' own file). A free video's files are public. A premium video's poster is
// public; every other file of it needs `?token=` signed for this video (media.tokens.ts), unexpired, and,
// when the request carries a session, signed for that session's user. Every playlist request asks the
// payments module again whether the token's user still has `premium_media`, so a lapsed plan stops at the
// next playlist; the playlist is rewritten so each URI in it carries the token. Files other than
// playlists answer Range requests (an MP4 seeks with them).
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import type { Clock } from '../../platform/clock.ts';
import { errorBody } from '../../platform/http-errors.ts';
import { insideFolder, MEDIA_ROUTE, videoFolder, type MediaService } from './media.service.ts';
import { verifyMediaToken } from './media.tokens.ts';

export const MEDIA_CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.m4a': 'audio/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

export interface MediaFilesOptions {
  media: MediaService;
  mediaDir: string;
  tokenKey: Uint8Array;
  clock: Clock;
  /** The user of the request's session (Bearer or access cookie), read-only; null when none. */
  sessionUser: (request: Request) => Promise<number | null>;
  /** IMAGE_HOST: a free video's segments are referenced from it in the playlists served here. */
  imageHost: string | null;
}

const forbidden = (c: Context, message: string) => c.json(errorBody('forbidden', message), 403);
const notFound = (c: Context) => c.json(errorBody('not_found', 'No such media file'), 404);

/**
 * The file `relative` names inside `folder` (both under `root`), or null when it would step outside it:
 * `..`, `.`, empty or hidden segments, backslashes and NUL are refused before the path is resolved, and the
 * resolved path must still start with the folder.
 */
export function resolveInside(root: string, folder: string, relative: string): string | null {
  const segments = relative.split('/');
  if (
    segments.length === 0 ||
    segments.some((segment) => segment === '' || segment.startsWith('.') || /[\\\0]/.test(segment))
  ) {
    return null;
  }
  const base = path.resolve(root, folder);
  if (base !== path.resolve(root) && !base.startsWith(path.resolve(root) + path.sep)) return null;
  const file = path.resolve(base, ...segments);
  return file.startsWith(base + path.sep) ? file : null;
}

/** Rewrites a playlist's URIs (lines and URI="…" attributes); absolute URIs are left as they are. */
export function rewritePlaylist(text: string, map: (uri: string) => string): string {
  const rewrite = (uri: string) => (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith('/') ? uri : map(uri));
  return text
    .split(/\r?\n/)
    .map((line) => {
      const trimmed = line.trim();
      if (trimmed === '') return line;
      if (trimmed.startsWith('#'))
        return line.replace(/URI="([^"]+)"/g, (_all, uri: string) => `URI="${rewrite(uri)}"`);
      return rewrite(trimmed);
    })
    .join('\n');
}

type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/** One `bytes=` range of a file of `size` bytes; null: serve it whole (no header, several ranges or another unit). */
export function parseRange(header: string | undefined, size: number): ByteRange {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return 'unsatisfiable';
  if (from === '') {
    const length = Number(to);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export function mediaFilesRoutes(options: MediaFilesOptions) {
  const { media, tokenKey, clock } = options;
  const root = path.resolve(options.mediaDir);
  const imageBase = options.imageHost ? options.imageHost.replace(/\/+$/, '') : '';
  const app = new Hono();

  app.get(`${MEDIA_ROUTE}/:id/*`, async (c) => {
    const id = Number(c.req.param('id'));
    if (!Number.isSafeInteger(id) || id <= 0) return notFound(c);
    // The path after /media/v/<id>/, each segment decoded (an encoded `/` or `..` is refused as well).
    const rawRest = new URL(c.req.url).pathname.slice(`${MEDIA_ROUTE}/${c.req.param('id')}/`.length);
    let relative: string;
    try {
      relative = rawRest
        .split('/')
        .map((segment) => {
          const decoded = decodeURIComponent(segment);
          if (decoded.includes('/')) throw new Error('slash in a segment');
          return decoded;
        })
        .join('/');
    } catch {
      return notFound(c);
    }
    const row = await media.publishedRow(id);
    if (!row) return notFound(c);
    // Captions uploaded in the CMS live outside the video's folder (captions/<slug>/…; a video with an
    // external source has no folder here at all): they are served at the path its play answer names.
    const captions = row.captions && !/^https?:\/\//i.test(row.captions) ? row.captions : null;
    let file: string | null;
    if (captions !== null && relative === insideFolder(row, captions)) {
      file = resolveInside(root, path.posix.dirname(captions), path.posix.basename(captions));
    } else {
      if (/^https?:\/\//i.test(row.source)) return notFound(c);
      file = resolveInside(root, videoFolder(row), relative);
    }
    if (!file) return notFound(c);
    const extension = path.extname(file).toLowerCase();
    const contentType = MEDIA_CONTENT_TYPES[extension];
    if (!contentType) return notFound(c);
    const isPlaylist = extension === '.m3u8';
    const isPoster = row.poster !== null && path.resolve(root, row.poster) === file;

    let token: string | null = null;
    if (row.access !== 'free' && !isPoster) {
      token = c.req.query('token') ?? null;
      const check = verifyMediaToken(tokenKey, token, clock.now(), id);
      if (!check.ok) {
        const messages = {
          missing: 'This premium video needs a signed URL: ask POST /api/media/{id}/play',
          malformed: 'This media URL is not valid',
          tampered: 'This media URL is not valid',
          other_video: 'This media URL is for another video',
          expired: 'This media URL has expired: ask POST /api/media/{id}/play again',
        } as const;
        return forbidden(c, messages[check.reason]);
      }
      const sessionUser = await options.sessionUser(c.req.raw);
      if (sessionUser !== null && sessionUser !== check.userId) {
        return forbidden(c, 'This media URL was made for another user');
      }
      if (isPlaylist && !(await media.mayPlayPremium(check.userId))) {
        return forbidden(c, 'Premium media is not part of this account’s plan now: see /pricing');
      }
    }

    let info;
    try {
      info = await stat(file);
    } catch {
      return notFound(c);
    }
    if (!info.isFile()) return notFound(c);
    c.header('Cache-Control', row.access === 'free' || isPoster ? 'public, max-age=3600' : 'private, no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    // Players on IMAGE_HOST or another origin may read these (premium ones stay behind their token).
    c.header('Access-Control-Allow-Origin', '*');

    if (isPlaylist) {
      const text = await readFile(file, 'utf8');
      const here = path.posix.dirname(relative);
      const body = rewritePlaylist(text, (uri) => {
        const [uriPath = ''] = uri.split(/[?#]/);
        if (token) return `${uriPath}?token=${encodeURIComponent(token)}`;
        // A free video's segments (not its playlists) are referenced from IMAGE_HOST when set.
        if (imageBase && !uriPath.toLowerCase().endsWith('.m3u8')) {
          const target = path.posix.normalize(path.posix.join(here, uriPath));
          return `${imageBase}${MEDIA_ROUTE}/${id}/${target}`;
        }
        return uriPath;
      });
      c.header('Content-Type', contentType);
      return c.body(body, 200);
    }

    c.header('Content-Type', contentType);
    c.header('Accept-Ranges', 'bytes');
    const range = parseRange(c.req.header('range'), info.size);
    if (range === 'unsatisfiable') {
      c.header('Content-Range', `bytes */${info.size}`);
      return c.body(null, 416);
    }
    const start = range?.start ?? 0;
    const end = range?.end ?? info.size - 1;
    c.header('Content-Length', String(Math.max(0, end - start + 1)));
    if (range) c.header('Content-Range', `bytes ${start}-${end}/${info.size}`);
    if (info.size === 0) return c.body(null, 200);
    const stream = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
    return c.body(stream, range ? 206 : 200);
  });

  app.all(`${MEDIA_ROUTE}/*`, (c) => notFound(c));
  return app;
}
