// The generated demo catalogue (issue #22): skipped cleanly without ffmpeg; with Debian's ffmpeg, every
// clip's files exist and its master playlist is a valid two-rendition HLS of H.264/AAC, highlights link
// to real finished matches, films are premium with a free trailer, all labelled demo; a second run makes
// nothing new. Runs on SQLite only: what is under test is ffmpeg and the files, not the engine.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { seedBusyDay } from '../../../tests/helpers/busy-day.ts';
import { ensureDemoCatalogue } from './media.demo.ts';

const FFMPEG = '/usr/bin/ffmpeg';
type Built = Awaited<ReturnType<typeof createTestApp>>;

describe('the demo catalogue', () => {
  let t: Built;
  let mediaDir = '';
  let finished: number[] = [];
  beforeAll(async () => {
    mediaDir = mkdtempSync(path.join(tmpdir(), 'scoreline-demo-'));
    t = await createTestApp('sqlite', { MEDIA_DIR: mediaDir });
    await seedBusyDay(t.database.handle.db, '2026-11-21');
    const rows = await t.database.handle.db.selectFrom('match').select('id').where('status', '=', 'finished').execute();
    finished = rows.map((row) => Number(row.id));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const ensure = (ffmpegPath: string) =>
    ensureDemoCatalogue({
      db: t.database.handle.db,
      mediaDir,
      ffmpegPath,
      now: new Date(Date.now() - 1000),
      add: (video) => t.services.media.add(video),
    });

  it('is skipped, with nothing made, when ffmpeg is absent', async () => {
    const outcome = await ensure(path.join(mediaDir, 'no-ffmpeg-here'));
    expect(outcome).toMatchObject({ status: 'skipped', encoded: 0, added: 0 });
    expect(await t.services.media.list({ limit: 100 })).toEqual([]);
    expect(existsSync(path.join(mediaDir, 'demo'))).toBe(false);
  });

  it.skipIf(!existsSync(FFMPEG))(
    'is made with ffmpeg in a few seconds: valid HLS, posters, links, labels',
    { timeout: 60_000 },
    async () => {
      const started = performance.now();
      const outcome = await ensure(FFMPEG);
      const seconds = (performance.now() - started) / 1000;
      expect(outcome.status).toBe('made');
      expect(outcome.added).toBe(13);
      expect(seconds).toBeLessThan(30);

      const items = await t.services.media.list({ limit: 100 });
      expect(items).toHaveLength(13);
      expect(items.every((item) => item.demo && /demo content/i.test(item.description))).toBe(true);
      const highlights = items.filter((item) => item.kind === 'highlight');
      expect(highlights).toHaveLength(4);
      for (const highlight of highlights) {
        expect(finished).toContain(highlight.links.matchId);
        expect(highlight.links.teamIds).toHaveLength(2);
        expect(highlight.links.competitionId).not.toBeNull();
        expect(highlight.access).toBe('free');
      }
      const films = items.filter((item) => item.kind === 'movie');
      expect(films).toHaveLength(4);
      expect(new Set(films.map((film) => film.category))).toEqual(new Set(['Training ground', 'Legends']));
      for (const film of films) {
        expect(film.access).toBe('premium');
        const trailer = items.find((item) => item.id === film.trailerId);
        expect(trailer).toMatchObject({ access: 'free', trailerOf: film.id, category: film.category });
      }

      const rows = await t.database.handle.db.selectFrom('media_video').select(['source', 'poster']).execute();
      for (const row of rows) {
        const master = readFileSync(path.join(mediaDir, row.source), 'utf8');
        expect(master.startsWith('#EXTM3U')).toBe(true);
        const variants = master.split('\n').filter((line) => line.endsWith('.m3u8'));
        expect(variants).toEqual(['360p/index.m3u8', '180p/index.m3u8']);
        expect(master).toMatch(/CODECS="avc1\.[0-9a-f]+,mp4a\.40\.2"/);
        const folder = path.dirname(path.join(mediaDir, row.source));
        for (const variant of variants) {
          const text = readFileSync(path.join(folder, variant), 'utf8');
          expect(text).toContain('#EXT-X-ENDLIST');
          const map = /#EXT-X-MAP:URI="([^"]+)"/.exec(text)?.[1];
          expect(map).toBeDefined();
          const files = [map!, ...text.split('\n').filter((line) => line.endsWith('.m4s'))];
          expect(files.length).toBeGreaterThanOrEqual(2);
          for (const file of files) expect(existsSync(path.join(folder, path.dirname(variant), file))).toBe(true);
        }
        const poster = readFileSync(path.join(mediaDir, row.poster!));
        expect(poster.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
      }
      // No temporary folder is left behind.
      expect(readdirSync(path.join(mediaDir, 'demo')).filter((name) => name.startsWith('.'))).toEqual([]);

      // Served by the site: a free highlight's playlist plays without a token.
      const highlight = highlights[0]!;
      const played = await t.services.media.play(highlight.id, null);
      expect(played.ok).toBe(true);
      const response = await t.app.request(`http://localhost:3000${played.ok ? played.answer.url : ''}`);
      expect(response.status).toBe(200);

      expect(await ensure(FFMPEG)).toMatchObject({ status: 'present', encoded: 0, added: 0 });
    },
  );
});
