// /api/cms/media (issue #22, scope cms:media) through the real app on SQLite and PostgreSQL: who may call
// it (editor, admin yes; moderator, member 403; guest 401), a video added with each kind of source, bad
// input refused field by field with nothing stored, edits and unpublish audited, and an upload: a file that
// is not a video refused (415), a tiny generated MP4 transcoded in the background to a two-rendition HLS
// with a poster, progress reaching 100, then public and playable; a job interrupted mid-way is queued again
// at the next start and ends complete.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../domain/account-contracts.ts';
import { cmsVideoSchema, embedUrlOf } from '../../../domain/media-cms.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { auditPageSchema } from './cms.schemas.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple';
const FFMPEG = '/usr/bin/ffmpeg';
const hasFfmpeg = existsSync(FFMPEG) && existsSync('/usr/bin/ffprobe');

type Built = Awaited<ReturnType<typeof createTestApp>>;
type Who = 'admin' | 'editor' | 'moderator' | 'member';

function call(
  t: Built,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
  raw?: { type: string; bytes: Uint8Array<ArrayBuffer> },
) {
  return t.app.request(`${ORIGIN}/api${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(raw ? { 'Content-Type': raw.type } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(raw ? { body: raw.bytes } : {}),
  });
}

async function dataOf(response: Response): Promise<unknown> {
  return ((await response.json()) as { data: unknown }).data;
}

const videoOf = async (response: Response) =>
  cmsVideoSchema.parse(((await dataOf(response)) as { video: unknown }).video);

/** A 2-second MP4 (testsrc + tone), made with ffmpeg's test sources. */
function tinyMp4(folder: string): Uint8Array<ArrayBuffer> {
  const file = path.join(folder, 'tiny.mp4');
  execFileSync(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=s=320x240:r=25:d=2'],
    ...[
      '-f',
      'lavfi',
      '-i',
      'sine=f=440:d=2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      file,
    ],
  ]);
  return new Uint8Array(readFileSync(file));
}

const BASE = {
  title: 'Training ground: the press',
  description: 'Uploaded in a test',
  kind: 'clip',
  access: 'free',
  sourceType: 'upload',
};

describe('embed URLs', () => {
  it('turns known platforms into privacy-enhanced embeds and refuses the rest', () => {
    expect(embedUrlOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(embedUrlOf('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(embedUrlOf('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871?dnt=1');
    expect(embedUrlOf('https://evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(embedUrlOf('http://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(embedUrlOf('https://youtube.com.evil.example/embed/dQw4w9WgXcQ')).toBeNull();
  });
});

describe.each(TEST_ENGINES)('the CMS media API on %s', (engine) => {
  let t: Built;
  let mediaDir: string;
  const tokens: Record<Who, string> = { admin: '', editor: '', moderator: '', member: '' };

  beforeAll(async () => {
    mediaDir = mkdtempSync(path.join(tmpdir(), 'cms-media-'));
    t = await createTestApp(engine, {
      BASE_URL: ORIGIN,
      MEDIA_DIR: mediaDir,
      MEDIA_UPLOAD_MAX_MB: '1',
      MEDIA_CAPTIONS_MAX_KB: '2',
    });
    for (const role of ['admin', 'editor', 'moderator'] as StaffRole[]) {
      const result = await t.services.accounts.createStaffUser({
        email: `${role}@example.com`,
        password: PASSWORD,
        displayName: `The ${role}`,
        role,
      });
      if (!result.ok) throw new Error(result.message);
    }
    expect(
      (await call(t, 'POST', '/auth/register', undefined, { email: 'member@example.com', password: PASSWORD })).status,
    ).toBe(201);
    for (const who of ['admin', 'editor', 'moderator', 'member'] as const) {
      const response = await call(t, 'POST', '/auth/login', undefined, {
        email: `${who}@example.com`,
        password: PASSWORD,
      });
      tokens[who] = ((await response.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
    }
  });
  afterAll(async () => {
    await t?.services.media.transcoder.stop();
    await t?.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  async function auditActions() {
    const page = auditPageSchema.parse(await dataOf(await call(t, 'GET', '/cms/audit?kind=media', tokens.admin)));
    return page.entries.map((entry) => entry.action);
  }

  const endpoints = [
    { method: 'GET', path: '/cms/media', allowed: 200 },
    { method: 'GET', path: '/cms/media/999999', allowed: 404 },
    { method: 'POST', path: '/cms/media', body: { title: '' }, allowed: 400 },
    { method: 'PUT', path: '/cms/media/999999', body: BASE, allowed: 404 },
    { method: 'POST', path: '/cms/media/999999/unpublish', allowed: 404 },
    { method: 'POST', path: '/cms/media/999999/retry', allowed: 404 },
    { method: 'DELETE', path: '/cms/media/999999/captions', allowed: 404 },
  ];

  it.each(endpoints)(
    '$method $path: 401 for a guest, 403 without cms:media, its own answer for editors and admins',
    async (endpoint) => {
      const guest = await call(t, endpoint.method, endpoint.path, undefined, endpoint.body);
      expect(guest.status).toBe(401);
      expect(await guest.json()).toMatchObject({ error: { code: 'unauthenticated' } });
      for (const who of ['moderator', 'member'] as const) {
        const refused = await call(t, endpoint.method, endpoint.path, tokens[who], endpoint.body);
        expect(refused.status).toBe(403);
        expect(await refused.json()).toMatchObject({ error: { code: 'forbidden' } });
      }
      for (const who of ['editor', 'admin'] as const) {
        expect((await call(t, endpoint.method, endpoint.path, tokens[who], endpoint.body)).status).toBe(
          endpoint.allowed,
        );
      }
    },
  );

  it('an upload is refused to a guest and a moderator before anything is read', async () => {
    const bytes = new TextEncoder().encode('not a video');
    expect(
      (await call(t, 'PUT', '/cms/media/1/upload', undefined, undefined, { type: 'video/mp4', bytes })).status,
    ).toBe(401);
    expect(
      (await call(t, 'PUT', '/cms/media/1/upload', tokens.moderator, undefined, { type: 'video/mp4', bytes })).status,
    ).toBe(403);
  });

  it('refuses bad input field by field and stores nothing', async () => {
    const before = ((await dataOf(await call(t, 'GET', '/cms/media', tokens.editor))) as { videos: unknown[] }).videos
      .length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...BASE, title: '' }, 'title'],
      [{ ...BASE, kind: 'trailer' }, 'kind'],
      [{ ...BASE, access: 'gold' }, 'access'],
      [{ ...BASE, sourceType: 'embed', sourceUrl: 'https://evil.example/watch?v=abcdefgh' }, 'sourceUrl'],
      [{ ...BASE, sourceType: 'hls_url', sourceUrl: 'http://cdn.example.org/a.m3u8' }, 'sourceUrl'],
      [{ ...BASE, sourceType: 'mp4', sourceUrl: 'https://cdn.example.org/a.mov' }, 'sourceUrl'],
      [{ ...BASE, sourceType: 'mp4' }, 'sourceUrl'],
      [{ ...BASE, publishedAt: '2026-12-01T10:00:00Z', unpublishAt: '2026-11-01T10:00:00Z' }, 'unpublishAt'],
      [{ ...BASE, trailerId: 999_999 }, 'trailerId'],
      [{ ...BASE, publishedAt: 'tomorrow' }, 'publishedAt'],
    ];
    for (const [input, field] of cases) {
      const response = await call(t, 'POST', '/cms/media', tokens.editor, input);
      expect(response.status, JSON.stringify(input)).toBe(400);
      const answer = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(answer.error.code).toBe('invalid_input');
      expect(Object.keys(answer.error.fields)).toContain(field);
    }
    expect(
      ((await dataOf(await call(t, 'GET', '/cms/media', tokens.editor))) as { videos: unknown[] }).videos.length,
    ).toBe(before);
  });

  it('adds an embed and an external HLS video, edits and unpublishes one — each audited — and the public API follows', async () => {
    const embed = await call(t, 'POST', '/cms/media', tokens.editor, {
      ...BASE,
      title: 'Goal of the month',
      kind: 'highlight',
      sourceType: 'embed',
      sourceUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      teamIds: '3, 4',
    });
    expect(embed.status).toBe(201);
    const video = await videoOf(embed);
    expect(video).toMatchObject({
      sourceType: 'embed',
      source: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      state: 'published',
      teamIds: [3, 4],
    });
    const hls = await call(t, 'POST', '/cms/media', tokens.admin, {
      ...BASE,
      title: 'Stream',
      sourceType: 'hls_url',
      sourceUrl: 'https://cdn.example.org/live/master.m3u8',
      access: 'premium',
      trailerId: video.id,
    });
    expect(hls.status).toBe(201);
    const film = await videoOf(hls);
    expect(film).toMatchObject({ trailerId: video.id, access: 'premium' });

    const changed = await call(t, 'PUT', `/cms/media/${film.id}`, tokens.editor, {
      ...BASE,
      title: 'Stream, renamed',
      sourceType: 'mp4',
      sourceUrl: 'https://cdn.example.org/film.mp4',
      durationSeconds: 90,
    });
    expect(changed.status).toBe(200);
    expect(await videoOf(changed)).toMatchObject({ title: 'Stream, renamed', sourceType: 'mp4', durationSeconds: 90 });

    const search = (await dataOf(await call(t, 'GET', '/cms/media?q=renamed', tokens.editor))) as {
      videos: Array<{ id: number }>;
    };
    expect(search.videos.map((item) => item.id)).toEqual([film.id]);

    expect((await t.app.request(`${ORIGIN}/api/media/${video.id}`)).status).toBe(200);
    const unpublished = await call(t, 'POST', `/cms/media/${video.id}/unpublish`, tokens.editor);
    expect(unpublished.status).toBe(200);
    expect((await videoOf(unpublished)).state).toBe('unpublished');
    expect((await t.app.request(`${ORIGIN}/api/media/${video.id}`)).status).toBe(404);

    const actions = await auditActions();
    for (const action of ['media.create', 'media.update', 'media.unpublish']) expect(actions).toContain(action);
  });

  it.skipIf(!hasFfmpeg)(
    'refuses an upload that is not a video (415), or too large (413), and transcodes a real MP4 to HLS with progress to 100',
    async () => {
      const created = await videoOf(
        await call(t, 'POST', '/cms/media', tokens.editor, { ...BASE, title: 'Uploaded clip' }),
      );
      expect(created).toMatchObject({ state: 'processing', job: { status: 'awaiting_upload' } });
      // Not public while it has no files.
      expect((await t.app.request(`${ORIGIN}/api/media/${created.id}`)).status).toBe(404);

      const text = new TextEncoder().encode('This is a text file, not a video at all.');
      const refused = await call(t, 'PUT', `/cms/media/${created.id}/upload`, tokens.editor, undefined, {
        type: 'video/mp4',
        bytes: text,
      });
      expect(refused.status).toBe(415);
      expect(await refused.json()).toMatchObject({ error: { code: 'unsupported_media' } });
      // An MP4 header with nothing behind it: the content check passes the first bytes, ffprobe does not.
      const fake = new Uint8Array(64);
      fake.set(new TextEncoder().encode('\0\0\0\x18ftypisom'), 0);
      expect(
        (
          await call(t, 'PUT', `/cms/media/${created.id}/upload`, tokens.editor, undefined, {
            type: 'video/mp4',
            bytes: fake,
          })
        ).status,
      ).toBe(415);
      const huge = new Uint8Array(1_048_576 + 10);
      expect(
        (
          await call(t, 'PUT', `/cms/media/${created.id}/upload`, tokens.editor, undefined, {
            type: 'video/mp4',
            bytes: huge,
          })
        ).status,
      ).toBe(413);
      const incoming = path.join(mediaDir, 'uploads', '.incoming');
      expect(existsSync(incoming) ? readdirSync(incoming) : []).toEqual([]);

      const progress: number[] = [];
      await t.services.media.transcoder.start();
      const accepted = await call(t, 'PUT', `/cms/media/${created.id}/upload`, tokens.editor, undefined, {
        type: 'video/mp4',
        bytes: tinyMp4(mediaDir),
      });
      expect(accepted.status).toBe(202);
      for (let i = 0; i < 200; i += 1) {
        const video = await videoOf(await call(t, 'GET', `/cms/media/${created.id}`, tokens.editor));
        if (video.job) progress.push(video.job.progress);
        if (video.job?.status === 'done' || video.job?.status === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const done = await videoOf(await call(t, 'GET', `/cms/media/${created.id}`, tokens.editor));
      expect(done.job).toMatchObject({ status: 'done', progress: 100, error: null });
      expect(done).toMatchObject({ state: 'published', sourceType: 'hls', durationSeconds: 2 });
      expect(progress.at(-1)).toBe(100);

      const folder = path.join(mediaDir, path.dirname(done.source));
      const master = readFileSync(path.join(folder, 'master.m3u8'), 'utf8');
      expect(master.match(/#EXT-X-STREAM-INF/g)?.length).toBe(2);
      expect(master).toContain('avc1');
      for (const rendition of ['360p', '180p']) {
        expect(existsSync(path.join(folder, rendition, 'index.m3u8'))).toBe(true);
        const files = readdirSync(path.join(folder, rendition));
        expect(files.some((name) => /^init_\d+\.mp4$/.test(name))).toBe(true);
        expect(files.some((name) => name.endsWith('.m4s'))).toBe(true);
      }
      expect([...readFileSync(path.join(folder, 'poster.jpg')).subarray(0, 2)]).toEqual([0xff, 0xd8]);
      // No temporary folder or incoming file left behind.
      expect(readdirSync(path.join(mediaDir, 'uploads')).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
      expect(readdirSync(incoming)).toEqual([]);

      const play = await t.app.request(`${ORIGIN}/api/media/${created.id}/play`, { method: 'POST' });
      expect(play.status).toBe(200);
      const answer = (await play.json()) as { url: string };
      const playlist = await t.app.request(`${ORIGIN}${answer.url}`);
      expect(playlist.status).toBe(200);
      expect(await auditActions()).toContain('media.upload');
    },
  );

  it.skipIf(!hasFfmpeg)(
    'a job interrupted mid-way is queued again at the next start and completes; a failed one shows its error and can be retried',
    async () => {
      const created = await videoOf(
        await call(t, 'POST', '/cms/media', tokens.editor, { ...BASE, title: 'Interrupted clip' }),
      );
      const transcoder = t.services.media.transcoder;
      await transcoder.stop();
      expect(
        (
          await call(t, 'PUT', `/cms/media/${created.id}/upload`, tokens.editor, undefined, {
            type: 'video/mp4',
            bytes: tinyMp4(mediaDir),
          })
        ).status,
      ).toBe(202);
      // A job a crash left "running", with half-written output in a temporary folder.
      const db = t.database.handle.db;
      await db
        .updateTable('media_transcode_job')
        .set({ status: 'running', progress: 40, updated_at: '2020-01-01T00:00:00.000Z' })
        .where('video_id', '=', created.id)
        .execute();
      const leftover = path.join(mediaDir, 'uploads', `.tmp-${path.basename(path.dirname(created.source))}-1-1`);
      execFileSync('mkdir', ['-p', leftover]);
      expect((await videoOf(await call(t, 'GET', `/cms/media/${created.id}`, tokens.editor))).job?.status).toBe(
        'running',
      );

      await transcoder.start();
      await transcoder.idle();
      const done = await videoOf(await call(t, 'GET', `/cms/media/${created.id}`, tokens.editor));
      expect(done.job).toMatchObject({ status: 'done', progress: 100, attempts: 1 });
      expect(existsSync(leftover)).toBe(false);

      // A failed transcode (its input went missing) shows the error; retry queues it again.
      const job = await db
        .selectFrom('media_transcode_job')
        .select(['id'])
        .where('video_id', '=', created.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('media_transcode_job')
        .set({ status: 'failed', error: 'ffmpeg exited with 1: broken' })
        .where('id', '=', job.id)
        .execute();
      const failed = await videoOf(await call(t, 'GET', `/cms/media/${created.id}`, tokens.editor));
      expect(failed.job).toMatchObject({ status: 'failed', error: 'ffmpeg exited with 1: broken' });
      const retried = await call(t, 'POST', `/cms/media/${created.id}/retry`, tokens.editor);
      expect(retried.status).toBe(200);
      await transcoder.idle();
      // The input was removed after the first success, so this attempt fails with a clear message.
      const again = await videoOf(await call(t, 'GET', `/cms/media/${created.id}`, tokens.editor));
      expect(again.job?.status).toBe('failed');
      expect(again.job?.error).toMatch(/upload it again/);
      expect((await call(t, 'POST', `/cms/media/${created.id}/retry`, tokens.editor)).status).toBe(200);
      expect(await auditActions()).toContain('media.retry');
    },
  );

  it('stores WebVTT captions for a video, checked, served with it, replaced, removed — each audited', async () => {
    const vtt = (text: string) => ({ type: 'text/vtt', bytes: new TextEncoder().encode(text) });
    const CAPTIONS = 'WEBVTT\n\n00:00.000 --> 00:02.000\nKick-off at the Stade de France\n';
    const created = await videoOf(
      await call(t, 'POST', '/cms/media', tokens.editor, {
        ...BASE,
        title: 'Captioned clip',
        sourceType: 'hls_url',
        sourceUrl: 'https://cdn.example.org/clip/master.m3u8',
      }),
    );
    expect(created.hasCaptions).toBe(false);
    const put = (body: { type: string; bytes: Uint8Array<ArrayBuffer> }, who: Who | null = 'editor') =>
      call(t, 'PUT', `/cms/media/${created.id}/captions`, who ? tokens[who] : undefined, undefined, body);
    const folder = path.join(mediaDir, 'captions', created.slug);
    const files = () => (existsSync(folder) ? readdirSync(folder) : []);
    const play = async () =>
      (await (await call(t, 'POST', `/media/${created.id}/play`)).json()) as { captionsUrl: string | null };

    // Who may: 401 for a guest, 403 without the scope, before the body is read.
    expect((await put(vtt(CAPTIONS), null)).status).toBe(401);
    expect((await put(vtt(CAPTIONS), 'moderator')).status).toBe(403);
    // What is refused: 400 with the reason (no header, no cue, not text, empty), 413 past the cap; nothing kept.
    for (const [body, message] of [
      ['1\n00:00:01,000 --> 00:00:02,000\nAn SRT file\n', /starts with the line “WEBVTT”/],
      ['WEBVTT\n\nNOTE no cue at all\n', /has no cues/],
      ['', /is empty/],
    ] as const) {
      const refused = await put(vtt(body));
      expect(refused.status, body).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { code: 'invalid_captions', message } });
    }
    const binary = await put({ type: 'text/vtt', bytes: new Uint8Array([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0xff]) });
    expect(binary.status).toBe(400);
    const large = await put(
      vtt(`${CAPTIONS}${'\n00:03.000 --> 00:04.000\nA long line of captions text.\n'.repeat(80)}`),
    );
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ error: { code: 'payload_too_large', message: /larger than 2 kB/ } });
    expect(files()).toEqual([]);
    expect((await videoOf(await call(t, 'GET', `/cms/media/${created.id}`, tokens.editor))).hasCaptions).toBe(false);
    expect((await play()).captionsUrl).toBeNull();

    // Stored, then served with the video: the play answer names it, the file server gives it as text/vtt.
    const stored = await put(vtt(`\uFEFF${CAPTIONS}`));
    expect(stored.status).toBe(200);
    const answer = (await dataOf(stored)) as { cues: number };
    expect(answer.cues).toBe(1);
    expect((await videoOf(await call(t, 'GET', `/cms/media/${created.id}`, tokens.editor))).hasCaptions).toBe(true);
    expect(files()).toHaveLength(1);
    const { captionsUrl } = await play();
    expect(captionsUrl).toMatch(new RegExp(`^/media/v/${created.id}/captions/${created.slug}/[\\w-]+\\.vtt$`));
    const served = await t.app.request(`${ORIGIN}${captionsUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await served.text()).toBe(CAPTIONS);
    expect((await t.services.media.get(created.id))?.hasCaptions).toBe(true);
    expect(await auditActions()).toContain('media.captions');

    // Replaced: the new file is served, the old one is gone (its URL too).
    const replaced = await put(vtt(CAPTIONS.replace('Kick-off', 'Half-time')));
    expect(replaced.status).toBe(200);
    expect(files()).toHaveLength(1);
    const second = (await play()).captionsUrl!;
    expect(second).not.toBe(captionsUrl);
    expect(await (await t.app.request(`${ORIGIN}${second}`)).text()).toContain('Half-time');
    expect((await t.app.request(`${ORIGIN}${captionsUrl}`)).status).toBe(404);

    // Two uploads at once: both succeed, one of them is kept, no file is left behind.
    const [a, b] = await Promise.all([
      put(vtt(CAPTIONS.replace('Kick-off', 'First'))),
      put(vtt(CAPTIONS.replace('Kick-off', 'Second'))),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(files()).toHaveLength(1);
    expect(await (await t.app.request(`${ORIGIN}${(await play()).captionsUrl}`)).text()).toMatch(/First|Second/);

    // A premium video's captions need the signed URL, like its other files.
    const premiumPath = (await play()).captionsUrl!;
    expect(
      (
        await call(t, 'PUT', `/cms/media/${created.id}`, tokens.editor, {
          ...BASE,
          title: 'Captioned clip',
          access: 'premium',
          sourceType: 'hls_url',
          sourceUrl: 'https://cdn.example.org/clip/master.m3u8',
        })
      ).status,
    ).toBe(200);
    expect((await t.app.request(`${ORIGIN}${premiumPath}`)).status).toBe(403);

    // Removed: no captions in the answer, the file gone, audited.
    const removed = await call(t, 'DELETE', `/cms/media/${created.id}/captions`, tokens.editor);
    expect(removed.status).toBe(200);
    expect((await videoOf(removed)).hasCaptions).toBe(false);
    expect(files()).toEqual([]);
    expect(await auditActions()).toContain('media.captions_remove');

    // An embed's captions come from its platform; an unknown video is a 404.
    const embed = await videoOf(
      await call(t, 'POST', '/cms/media', tokens.editor, {
        ...BASE,
        title: 'Platform clip',
        sourceType: 'embed',
        sourceUrl: 'https://youtu.be/dQw4w9WgXcQ',
      }),
    );
    const conflict = await call(t, 'PUT', `/cms/media/${embed.id}/captions`, tokens.editor, undefined, vtt(CAPTIONS));
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ error: { code: 'conflict' } });
    expect((await call(t, 'PUT', '/cms/media/999999/captions', tokens.editor, undefined, vtt(CAPTIONS))).status).toBe(
      404,
    );
  });

  it('describes the routes in /api/openapi.json with the scope', async () => {
    const spec = (await (await t.app.request(`${ORIGIN}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { summary: string }>>;
    };
    for (const [route, method] of [
      ['/cms/media', 'get'],
      ['/cms/media', 'post'],
      ['/cms/media/{id}', 'put'],
      ['/cms/media/{id}/upload', 'put'],
      ['/cms/media/{id}/unpublish', 'post'],
      ['/cms/media/{id}/retry', 'post'],
      ['/cms/media/{id}/captions', 'put'],
      ['/cms/media/{id}/captions', 'delete'],
    ] as const) {
      expect(spec.paths[route]?.[method]?.summary, `${method} ${route}`).toMatch(/\(scope cms:media\)$/);
    }
  });
});
