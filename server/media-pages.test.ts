// The media pages (issue #22) through the real app and the production build: /movies (rails, grid, search,
// the free/premium filter, a 400 for a filter the form never sends), a film's page for a guest, a free
// member (poster, trailer, the "Premium" offer to /pricing, no film player) and a Premium member (the
// film's player), /match-highlight/{id} and the highlights page's video list.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdOrderSchema, plansSchema } from '../domain/payments-contracts.ts';
import { ensureCompetition, ensureSeason } from '../db/seed/seed-kit.ts';
import { insertTeam } from '../db/teams.ts';
import { findCompetitionDefinition } from '../domain/competitions.ts';
import { insertMatch } from '../tests/helpers/insert-match.ts';
import { createPageApp } from '../tests/helpers/page-app.ts';
import type { NewVideo } from './modules/media/media.queries.ts';
import { signatureHeader } from './modules/payments/payments.sandbox.ts';
import { frameSources } from './platform/security.ts';

const ORIGIN = 'http://scoreline.test';
const SECRET = 'webhook-secret-webhook-secret-0123456789';
const HOUR = 3_600_000;

/** The page's visible text (the serialized loader data after it left out). */
const textOf = (html: string) =>
  html
    .slice(0, html.includes('window.__reactRouterContext') ? html.indexOf('window.__reactRouterContext') : undefined)
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

function video(slug: string, values: Partial<NewVideo> = {}): NewVideo {
  return {
    slug,
    title: slug,
    description: '',
    kind: 'movie',
    category: null,
    durationSeconds: 95,
    poster: `${slug}/poster.jpg`,
    sourceType: 'hls',
    source: `${slug}/master.m3u8`,
    captions: null,
    access: 'free',
    trailerId: null,
    matchId: null,
    competitionId: null,
    teamIds: [],
    publishedAt: new Date(Date.now() - HOUR),
    unpublishAt: null,
    demo: false,
    ...values,
  };
}

describe('the media pages', () => {
  let t: Awaited<ReturnType<typeof createPageApp>>;
  let mediaDir = '';
  const ids = {
    embed: 0,
    embedMatch: 0,
    trailer: 0,
    premium: 0,
    free: 0,
    highlight: 0,
    match: 0,
    bare: 0,
    portugal: 0,
    france: 0,
  };
  const cookies = { free: '', premium: '' };

  const get = async (target: string, as?: keyof typeof cookies) =>
    await t.app.request(`${ORIGIN}${target}`, { headers: as ? { Cookie: cookies[as] } : {} });
  const page = async (target: string, as?: keyof typeof cookies) => {
    const response = await get(target, as);
    expect(response.status, target).toBe(200);
    return await response.text();
  };

  beforeAll(async () => {
    mediaDir = mkdtempSync(path.join(tmpdir(), 'scoreline-media-pages-'));
    t = await createPageApp({ env: { PAYMENT_WEBHOOK_SECRET: SECRET, MEDIA_DIR: mediaDir } });
    const tokens: Record<string, string> = {};
    for (const [index, name] of (['free', 'premium'] as const).entries()) {
      const result = await t.services.accounts.register(
        { email: `${name}-media@example.com`, password: 'a long walk on the pitch' },
        { ip: `198.51.100.${index + 60}`, userAgent: 'vitest' },
      );
      if (!result.ok) throw new Error(result.message);
      tokens[name] = result.session.token.access_token;
      cookies[name] = `scoreline_access=${result.session.token.access_token}`;
    }
    // The Premium member pays for a plan (sandbox order + its signed webhook).
    const plans = plansSchema.parse(await (await t.app.request(`${ORIGIN}/api/plans`)).json()).plans;
    const planId = plans.find((plan) => plan.code === 'premium-monthly')!.id;
    const ordered = await t.app.request(`${ORIGIN}/api/payments/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokens.premium}`, Origin: ORIGIN },
      body: JSON.stringify({ planId, provider: 'sandbox' }),
    });
    expect(ordered.status).toBe(201);
    const { order } = createdOrderSchema.parse(await ordered.json());
    const raw = JSON.stringify({
      id: `evt-${order.id}`,
      type: 'payment.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { orderId: order.id, amount: order.amountMinor, currency: order.currency },
    });
    const at = Math.floor(Date.now() / 1000);
    const hook = await t.services.payments.receiveWebhook(
      'sandbox',
      raw,
      new Headers({ 'Scoreline-Signature': signatureHeader(SECRET, at, raw) }),
    );
    expect(hook.ok).toBe(true);

    // The final of Euro 2016, with a highlight video, and a semi-final without one.
    const db = t.database.handle.db;
    const competitionId = await ensureCompetition(db, findCompetitionDefinition('euro')!);
    const seasonId = await ensureSeason(db, {
      competitionId,
      code: '2016',
      name: 'Euro 2016',
      startDate: '2016-06-10',
      endDate: '2016-07-10',
      complete: true,
    });
    ids.portugal = await insertTeam(db, { name: 'Portugal', kind: 'national' });
    ids.france = await insertTeam(db, { name: 'France', kind: 'national' });
    const final = { season_id: seasonId, home_team_id: ids.portugal, away_team_id: ids.france, status: 'finished' };
    ids.match = await insertMatch(db, {
      ...final,
      kickoff_at: '2016-07-10T19:00:00.000Z',
      home_score: 1,
      away_score: 0,
    });
    ids.bare = await insertMatch(db, {
      ...final,
      kickoff_at: '2016-07-06T19:00:00.000Z',
      home_score: 2,
      away_score: 0,
    });

    ids.embedMatch = await insertMatch(db, {
      ...final,
      kickoff_at: '2016-07-07T19:00:00.000Z',
      home_score: 0,
      away_score: 2,
    });

    const add = (value: NewVideo) => t.services.media.add(value);
    ids.trailer = await add(video('trailer', { kind: 'clip', title: 'Pressing: the trailer', durationSeconds: 8 }));
    ids.premium = await add(
      video('premium-film', {
        title: 'The Art of Pressing',
        description: 'How a team wins the ball back high up the pitch.',
        access: 'premium',
        category: 'Training ground',
        trailerId: ids.trailer,
        durationSeconds: 3725,
      }),
    );
    ids.embed = await add(
      video('embed', {
        kind: 'clip',
        title: 'A platform clip',
        sourceType: 'embed',
        source: 'https://www.youtube-nocookie.com/embed/abc123',
        poster: null,
      }),
    );
    await add(
      video('embed-highlight', {
        kind: 'highlight',
        title: 'Semi-final highlights on a platform',
        sourceType: 'embed',
        source: 'https://www.youtube-nocookie.com/embed/semi12345',
        poster: null,
        matchId: ids.embedMatch,
      }),
    );
    ids.free = await add(video('free-doc', { title: 'The Groundsman', kind: 'documentary', category: 'Legends' }));
    ids.highlight = await add(
      video('highlight', {
        kind: 'highlight',
        title: 'Highlights: Portugal 1–0 France',
        matchId: ids.match,
        competitionId,
        teamIds: [ids.portugal, ids.france],
      }),
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('/movies shows rails by category and a grid of cards with poster, duration and the Premium badge', async () => {
    const html = await page('/movies');
    const text = textOf(html);
    expect(text).toContain('Training ground');
    expect(text).toContain('Legends');
    expect(text).toContain('All films');
    const grid = textOf(html.slice(html.indexOf('data-testid="film-grid"')));
    expect(grid).toContain('Duration 1:02:05 Premium The Art of Pressing');
    expect(grid).toContain('Duration 1:35 The Groundsman');
    // Trailers and highlights are not films.
    expect(grid).not.toContain('Pressing: the trailer');
    expect(grid).not.toContain('Highlights: Portugal 1–0 France');
    expect(html).toContain(`href="/movies/${ids.premium}"`);
    expect(html).toContain('src="/media/v/');
  });

  it('/movies searches and filters free or premium; a filter the form never sends is a 400', async () => {
    const free = textOf(await page('/movies?access=free'));
    expect(free).toContain('Search results');
    expect(free).toContain('The Groundsman');
    expect(free).not.toContain('The Art of Pressing');
    const premium = textOf(await page('/movies?access=premium'));
    expect(premium).toContain('The Art of Pressing');
    expect(premium).not.toContain('The Groundsman');
    const search = textOf(await page('/movies?q=ball+back'));
    expect(search).toContain('The Art of Pressing');
    expect(search).not.toContain('The Groundsman');
    expect(textOf(await page('/movies?q=nothing-like-this'))).toContain('No film matches this search.');
    expect((await get('/movies?access=gold')).status).toBe(400);
  });

  it('a guest and a free member see the poster, the trailer and the Premium offer, never the film’s player', async () => {
    for (const as of [undefined, 'free'] as const) {
      const html = await page(`/movies/${ids.premium}`, as);
      const text = textOf(html);
      expect(text).toContain('Watch the full film with Premium');
      expect(html).toContain('href="/pricing"');
      expect(html).toContain(`alt="Poster of The Art of Pressing"`);
      expect(text).toContain('Trailer (free, 0:08)');
      expect(text).toContain('How a team wins the ball back high up the pitch.');
      // One player only: the trailer's.
      expect(html.match(/data-testid="video-player"/g)).toHaveLength(1);
      expect(html).toContain('aria-label="Video player: Pressing: the trailer"');
      expect(text.includes('Already premium? Sign in')).toBe(as === undefined);
    }
  });

  it('a Premium member gets the film’s player and no offer', async () => {
    const html = await page(`/movies/${ids.premium}`, 'premium');
    expect(html).toContain('aria-label="Video player: The Art of Pressing"');
    expect(html).toContain('aria-label="Video player: Pressing: the trailer"');
    expect(html).not.toContain('data-testid="premium-offer"');
    expect(html).toContain('aria-label="Play"');
    expect(html).toContain('aria-label="Full screen"');
  });

  it('a free film plays for anyone; unknown films are 404', async () => {
    expect(await page(`/movies/${ids.free}`)).toContain('aria-label="Video player: The Groundsman"');
    expect((await get('/movies/999999')).status).toBe(404);
    expect((await get('/movies/not-a-film')).status).toBe(404);
  });

  it('/match-highlight/{match id} shows the highlight’s player with the score and links; the lists show it', async () => {
    const html = await page(`/match-highlight/${ids.match}`);
    expect(html).toContain('aria-label="Video player: Highlights: Portugal 1–0 France"');
    expect(textOf(html)).toContain('Portugal 1–0 France');
    for (const href of [
      `/match/${ids.match}`,
      `/team/${ids.portugal}`,
      `/team/${ids.france}`,
      `/match/${ids.match}/highlight`,
    ])
      expect(html).toContain(`href="${href}"`);
    const bare = textOf(await page(`/match-highlight/${ids.bare}`));
    expect(bare).toContain('There is no highlight video of this match yet.');
    expect((await get('/match-highlight/999999')).status).toBe(404);
    expect(await page('/match-highlight')).toContain(`href="/match-highlight/${ids.match}"`);
    const highlights = await page('/sport/football-1/highlights');
    expect(textOf(highlights)).toContain('Highlight videos');
    expect(textOf(highlights)).toContain('Euro');
    expect(highlights).toContain(`href="/match-highlight/${ids.match}"`);
  });

  it('the match page’s Highlight tab shows the video above the key-moment replay', async () => {
    const html = await page(`/match/${ids.match}/highlight`);
    const text = textOf(html);
    expect(text).toContain('Highlight video');
    expect(text.indexOf('Highlight video')).toBeLessThan(text.indexOf('Key moments'));
    expect(html).toContain('aria-label="Video player: Highlights: Portugal 1–0 France"');
    expect(await page(`/match/${ids.bare}/highlight`)).not.toContain('data-testid="video-player"');
  });

  it('a page with an embed allows that platform in frames, on that page only', async () => {
    const embed = await get(`/movies/${ids.embed}`);
    expect(embed.status).toBe(200);
    const policy = embed.headers.get('content-security-policy') ?? '';
    expect(policy).toContain('frame-src https://www.youtube-nocookie.com');
    expect(embed.headers.get('x-scoreline-frame-src')).toBeNull();
    for (const other of [`/movies/${ids.free}`, '/movies', `/match-highlight/${ids.match}`]) {
      const response = await get(other);
      expect(response.headers.get('content-security-policy'), other).not.toContain('frame-src');
    }
    const tab = await get(`/match/${ids.embedMatch}/highlight`);
    expect(tab.status).toBe(200);
    expect(tab.headers.get('content-security-policy')).toContain('frame-src https://www.youtube-nocookie.com');
    expect(tab.headers.get('x-scoreline-frame-src')).toBeNull();
    // The click-to-load embed from the first byte: its button, no frame and no <video> yet.
    const tabHtml = await tab.text();
    expect(textOf(tabHtml)).toContain('Play “Semi-final highlights on a platform” (loads the video platform)');
    expect(tabHtml).toContain('data-testid="embed-player"');
    expect(tabHtml).not.toContain('<iframe');
    expect(tabHtml).not.toContain('youtube-nocookie.com/embed');
    expect((await get(`/match/${ids.match}/highlight`)).headers.get('content-security-policy')).not.toContain(
      'frame-src',
    );
    // The tab keeps the match page's own headers (its caching among them).
    const centre = await get(`/match/${ids.embedMatch}`);
    expect(tab.headers.get('cache-control')).toBe(centre.headers.get('cache-control'));
    expect(
      frameSources('https://www.youtube-nocookie.com, http://evil.example, javascript:alert(1), https://a.b/path'),
    ).toEqual(['https://www.youtube-nocookie.com']);
  });
});

describe('spoiler-safe highlights', () => {
  let t: Awaited<ReturnType<typeof createPageApp>>;
  let mediaDir = '';
  const ids = { match: 0, portugal: 0, france: 0, wales: 0, video: 0, loose: 0 };
  const TITLE = 'Highlights: Portugal 1–0 France';
  const NEUTRAL = 'Portugal v France — highlights';
  const request = async (target: string, cookie = '') => {
    const response = await t.app.request(`${ORIGIN}${target}`, { headers: cookie ? { Cookie: cookie } : {} });
    expect(response.status, target).toBe(200);
    return await response.text();
  };

  beforeAll(async () => {
    mediaDir = mkdtempSync(path.join(tmpdir(), 'scoreline-media-spoiler-'));
    t = await createPageApp({ env: { MEDIA_DIR: mediaDir } });
    const db = t.database.handle.db;
    const competitionId = await ensureCompetition(db, findCompetitionDefinition('euro')!);
    const seasonId = await ensureSeason(db, {
      competitionId,
      code: '2016',
      name: 'Euro 2016',
      startDate: '2016-06-10',
      endDate: '2016-07-10',
      complete: true,
    });
    ids.portugal = await insertTeam(db, { name: 'Portugal', kind: 'national' });
    ids.france = await insertTeam(db, { name: 'France', kind: 'national' });
    ids.wales = await insertTeam(db, { name: 'Wales', kind: 'national' });
    ids.match = await insertMatch(db, {
      season_id: seasonId,
      home_team_id: ids.portugal,
      away_team_id: ids.france,
      status: 'finished',
      kickoff_at: '2016-07-10T19:00:00.000Z',
      home_score: 1,
      away_score: 0,
    });
    ids.video = await t.services.media.add(
      video('final-highlights', {
        kind: 'highlight',
        title: TITLE,
        description: 'Eder scores in extra time: Portugal 1–0 France.',
        matchId: ids.match,
        competitionId,
        teamIds: [ids.portugal, ids.france],
      }),
    );
    ids.loose = await t.services.media.add(
      video('loose-highlights', { kind: 'highlight', title: 'Highlights: Wales 3–1 Belgium' }),
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('without the setting the real title and score show', async () => {
    expect(textOf(await request('/sport/football-1/highlights'))).toContain(TITLE);
    const page = textOf(await request(`/match-highlight/${ids.match}`));
    expect(page).toContain(TITLE);
    expect(page).toContain('Portugal 1–0 France');
  });

  it('with "Hide scores" on, no page tells the score: neutral titles, no description, the score hidden', async () => {
    for (const cookie of ['spoiler-safe=1', `spoiler-teams=${ids.wales}-${ids.france}`]) {
      for (const target of [
        '/sport/football-1/highlights',
        '/match-highlight',
        `/match-highlight/${ids.match}`,
        `/match/${ids.match}/highlight`,
        `/movies/${ids.video}`,
      ]) {
        const html = await request(target, cookie);
        // Not in the text, the <title>, the meta description nor the page's data (the titles and descriptions).
        expect(html, `${target} ${cookie}`).not.toContain('1–0');
        expect(html, `${target} ${cookie}`).not.toContain('Eder scores');
        if (target !== `/match/${ids.match}/highlight`) expect(textOf(html), target).toContain(NEUTRAL);
      }
    }
    const page = await request(`/match-highlight/${ids.match}`, 'spoiler-safe=1');
    expect(page).toContain(`<title>${NEUTRAL}`);
    expect(textOf(page)).toContain('Score hidden');
    expect(page).toContain(`href="/match-highlight/${ids.match}?reveal=1"`);
    expect(page).toContain(`aria-label="Video player: ${NEUTRAL}"`);
    // The match page covers its Highlight tab and its video's title.
    expect(await request(`/match/${ids.match}/highlight`, 'spoiler-safe=1')).toContain('data-testid="spoiler-cover"');
  });

  it('a highlight of no match is neutral only when every score is hidden; another team’s setting hides nothing', async () => {
    expect(textOf(await request(`/movies/${ids.loose}`, 'spoiler-safe=1'))).toContain('Match highlights');
    expect(await request(`/movies/${ids.loose}`, 'spoiler-safe=1')).not.toContain('3–1');
    expect(textOf(await request(`/movies/${ids.loose}`, `spoiler-teams=${ids.wales}`))).toContain(
      'Highlights: Wales 3–1 Belgium',
    );
    expect(textOf(await request('/sport/football-1/highlights', `spoiler-teams=${ids.wales}`))).toContain(TITLE);
  });

  it('the match page reveals on the tab the fan is on: the Highlight tab’s cover reveals the tab, with its video’s title', async () => {
    const tab = await request(`/match/${ids.match}/highlight`, 'spoiler-safe=1');
    expect(tab).toContain(`href="/match/${ids.match}/highlight?reveal=1"`);
    expect(tab).not.toContain(`href="/match/${ids.match}?reveal=1"`);
    expect(await request(`/match/${ids.match}`, 'spoiler-safe=1')).toContain(`href="/match/${ids.match}?reveal=1"`);
    const revealed = await request(`/match/${ids.match}/highlight?reveal=1`, 'spoiler-safe=1');
    expect(revealed).not.toContain('data-testid="spoiler-cover"');
    expect(revealed).toContain(`aria-label="Video player: ${TITLE}"`);
  });

  it('revealing (?reveal=1) shows the score and the real title for that page view', async () => {
    const text = textOf(await request(`/match-highlight/${ids.match}?reveal=1`, 'spoiler-safe=1'));
    expect(text).toContain(TITLE);
    expect(text).toContain('Portugal 1–0 France');
    expect(text).not.toContain('Score hidden');
  });
});
