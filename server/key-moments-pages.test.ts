// The match page's highlight tab (issue #22) through the real page (needs the
// production build): a Wyscout match's key moments are rendered by the server
// in match order with minutes, scorers and the score, the replay's pitch is
// drawn whole, ?moment= opens on a chosen moment, and a match without event
// data says so honestly.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeed } from '../db/seed/run-seed.ts';
import { createWyscoutStep } from '../db/seed/wyscout/wyscout-step.ts';
import { createPageApp } from '../tests/helpers/page-app.ts';

const DATA_DIR = process.env.DATA_DIR ?? path.resolve('../shared/data');
const hasData = existsSync(path.join(DATA_DIR, 'wyscout'));

/** The page's text with tags dropped and entities read, as a reader sees it. */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe.skipIf(!hasData)('the highlight tab’s key-moment replay', () => {
  let t: Awaited<ReturnType<typeof createPageApp>>;
  let matchId = 0;
  let bare = 0;

  beforeAll(async () => {
    t = await createPageApp();
    const db = t.database.handle.db;
    await runSeed(t.database.handle, [createWyscoutStep({ competitions: ['euro-2016'] })], { dataDir: DATA_DIR });
    const row = await db
      .selectFrom('match as m')
      .innerJoin('team as h', 'h.id', 'm.home_team_id')
      .innerJoin('team as a', 'a.id', 'm.away_team_id')
      .selectAll('m')
      .where('h.name', '=', 'Hungary')
      .where('a.name', '=', 'Portugal')
      .executeTakeFirstOrThrow();
    matchId = Number(row.id);
    // The same fixture without any event data, a year later.
    const { id: _id, ...values } = row;
    const inserted = await db
      .insertInto('match')
      .values({ ...values, source: 'test', kickoff_at: '2017-06-22T16:00:00.000Z', has_events: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    bare = Number(inserted.id);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const page = async (url: string) => {
    const response = await t.app.request(url);
    expect(response.status, url).toBe(200);
    return response.text();
  };

  it('lists the goals in order with minutes, scorers and the score, and draws the first moment', async () => {
    const html = await page(`/match/${matchId}/highlight`);
    const text = textOf(html);
    expect(text).toContain('Key moments');
    expect(text).toContain('A big chance is a shot that was not a goal');
    const list = textOf(html.slice(html.indexOf('data-testid="key-moment-list"')));
    const goals = [...list.matchAll(/(\d+)' Goal: ([^0-9]+?) (\d)–(\d)/g)].map(
      (m) => `${m[1]} ${m[2]} ${m[3]}-${m[4]}`,
    );
    expect(goals).toEqual([
      '19 Z. Gera 1-0',
      '42 Nani 1-1',
      '47 B. Dzsudzsák 2-1',
      '50 Cristiano Ronaldo 2-2',
      '55 B. Dzsudzsák 3-2',
      '62 Cristiano Ronaldo 3-3',
    ]);
    // The first moment, drawn whole by the server: its actions on the pitch and in words.
    expect(html).toContain('role="img" aria-label="8&#x27; Big chance: Pepe (Portugal), saved. Hungary 0–0 Portugal.');
    expect(html).toContain('data-step="shot"');
    expect(text).toMatch(/What led to it João Moutinho set piece Pepe shot · saved/);
    expect(text).toContain('Moment 1 of 8');
    expect(text).toContain('Wyscout, licensed CC BY 4.0');
    // The video's slot stays above the replay; nothing says "coming soon" any more.
    expect(text).not.toContain('When a highlight video is available');
  });

  it('opens on the moment a link names (?moment=), which also works without JavaScript', async () => {
    const first = (await page(`/match/${matchId}/highlight`)).replace(/<!-- -->/g, '');
    const link = /href="\?moment=(\d+)"[^>]*>(?:(?!<\/a>).)*Goal: Nani/s.exec(first);
    expect(link).not.toBeNull();
    const html = await page(`/match/${matchId}/highlight?moment=${link?.[1]}`);
    expect(textOf(html)).toContain("42' Goal: Nani (Portugal) · Hungary 1–1 Portugal");
    expect(textOf(html)).toContain('Moment 4 of 8');
    // An unknown moment falls back to the first.
    expect(textOf(await page(`/match/${matchId}/highlight?moment=1`))).toContain('Moment 1 of 8');
  });

  it('says honestly when a match has no event data', async () => {
    const text = textOf(await page(`/match/${bare}/highlight`));
    expect(text).toContain('There is no event data for this match, so there is no key-moment replay.');
    expect(text).not.toContain('Moment 1 of');
    expect(text).not.toContain('Wyscout, licensed');
  });

  it('is a 404 for a match that does not exist', async () => {
    expect((await t.app.request('/match/99999999/highlight')).status).toBe(404);
  });
});
