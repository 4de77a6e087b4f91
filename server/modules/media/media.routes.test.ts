// The media API and its files (issue #22) through the real app on SQLite and PostgreSQL: the catalogue's
// filters and publication window; play for a guest, a free member, a Premium member and one whose plan
// was refunded; premium playlists and segments refused (403) without a token, with an expired, tampered,
// other-user or other-video token, and after the plan lapsed; path traversal; Range on an MP4; positions.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mediaItemSchema,
  mediaListSchema,
  playAnswerSchema,
  playbackPositionSchema,
  type PlayAnswer,
} from '../../../domain/media-contracts.ts';
import { createdOrderSchema, plansSchema } from '../../../domain/payments-contracts.ts';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { signatureHeader } from '../payments/payments.sandbox.ts';
import { signMediaToken } from './media.tokens.ts';
import type { NewVideo } from './media.queries.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple';
const SECRET = 'webhook-secret-webhook-secret-0123456789';
const HOUR = 3_600_000;

type Built = Awaited<ReturnType<typeof createTestApp>>;

const MASTER = '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360\n360p/index.m3u8\n';
const VARIANT =
  '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:2\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:2.0,\nseg000.m4s\n#EXT-X-ENDLIST\n';
const MP4 = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 256));

/** A stored HLS video's files: master, one rendition, poster, captions. */
function writeHls(root: string, folder: string) {
  mkdirSync(path.join(root, folder, '360p'), { recursive: true });
  writeFileSync(path.join(root, folder, 'master.m3u8'), MASTER);
  writeFileSync(path.join(root, folder, '360p', 'index.m3u8'), VARIANT);
  writeFileSync(path.join(root, folder, '360p', 'init.mp4'), 'init');
  writeFileSync(path.join(root, folder, '360p', 'seg000.m4s'), 'segment-bytes');
  writeFileSync(path.join(root, folder, '360p', 'seg001.ts'), 'transport-stream');
  writeFileSync(path.join(root, folder, 'poster.jpg'), 'jpeg');
  writeFileSync(path.join(root, folder, 'captions.vtt'), 'WEBVTT\n');
}

function video(slug: string, values: Partial<NewVideo> = {}): NewVideo {
  return {
    slug,
    title: slug,
    description: '',
    kind: 'movie',
    category: null,
    durationSeconds: 10,
    poster: `${slug}/poster.jpg`,
    sourceType: 'hls',
    source: `${slug}/master.m3u8`,
    captions: `${slug}/captions.vtt`,
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

describe.each(TEST_ENGINES)('the media API on %s', (engine) => {
  let t: Built;
  let mediaDir = '';
  let offset = 0;
  const tokens: Record<'alice' | 'bob' | 'carol', string> = { alice: '', bob: '', carol: '' };
  const userIds: Record<'alice' | 'bob' | 'carol', number> = { alice: 0, bob: 0, carol: 0 };
  const ids = { trailer: 0, premium: 0, other: 0, highlight: 0, mp4: 0, future: 0, ended: 0, embed: 0 };
  let carolOrder = '';

  async function call(
    method: string,
    target: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    return await t.app.request(`${ORIGIN}${target}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
        Origin: ORIGIN,
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
  }

  async function webhook(type: string, orderId: string, amount: number, currency: string) {
    const raw = JSON.stringify({
      id: `evt-${type}-${orderId}`,
      type,
      created: Math.floor(Date.now() / 1000),
      data: { orderId, amount, currency },
    });
    const at = Math.floor(Date.now() / 1000);
    const result = await t.services.payments.receiveWebhook(
      'sandbox',
      raw,
      new Headers({ 'Scoreline-Signature': signatureHeader(SECRET, at, raw) }),
    );
    expect(result.ok).toBe(true);
  }

  /** A paid Premium order for the user: its order id and amount. */
  async function buyPremium(token: string) {
    const plans = plansSchema.parse(await (await call('GET', '/api/plans')).json()).plans;
    const planId = plans.find((plan) => plan.code === 'premium-monthly')!.id;
    const response = await call('POST', '/api/payments/orders', { token, body: { planId, provider: 'sandbox' } });
    expect(response.status).toBe(201);
    const { order } = createdOrderSchema.parse(await response.json());
    await webhook('payment.succeeded', order.id, order.amountMinor, order.currency);
    return order;
  }

  async function play(id: number, token?: string): Promise<PlayAnswer> {
    const response = await call('POST', `/api/media/${id}/play`, token ? { token } : {});
    expect(response.status).toBe(200);
    return playAnswerSchema.parse(await response.json());
  }

  beforeAll(async () => {
    mediaDir = mkdtempSync(path.join(tmpdir(), 'scoreline-media-'));
    t = await createTestApp(
      engine,
      { BASE_URL: ORIGIN, PAYMENT_WEBHOOK_SECRET: SECRET, MEDIA_DIR: mediaDir, MEDIA_URL_TTL_SECONDS: '300' },
      { clock: { now: () => new Date(Date.now() + offset) } },
    );
    for (const [index, name] of (['alice', 'bob', 'carol'] as const).entries()) {
      const result = await t.services.accounts.register(
        { email: `${name}@example.com`, password: PASSWORD },
        { ip: `198.51.100.${index + 30}`, userAgent: 'vitest' },
      );
      if (!result.ok) throw new Error(result.message);
      tokens[name] = result.session.token.access_token;
      userIds[name] = result.session.user.id;
    }
    for (const slug of ['premium-film', 'other-film', 'free-highlight', 'trailer']) writeHls(mediaDir, slug);
    mkdirSync(path.join(mediaDir, 'mp4-film'));
    writeFileSync(path.join(mediaDir, 'mp4-film', 'film.mp4'), MP4);
    writeFileSync(path.join(mediaDir, 'secret.txt'), 'not media');
    writeFileSync(path.join(mediaDir, 'premium-film', '360p', 'secret.txt'), 'no such type');

    const add = (value: NewVideo) => t.services.media.add(value);
    ids.trailer = await add(
      video('trailer', { kind: 'clip', title: 'Pressing: the trailer', category: 'Training ground' }),
    );
    ids.premium = await add(
      video('premium-film', {
        title: 'The Art of Pressing',
        description: 'How a team wins the ball back',
        access: 'premium',
        category: 'Training ground',
        trailerId: ids.trailer,
      }),
    );
    ids.other = await add(video('other-film', { title: 'Legends', access: 'premium', category: 'Legends' }));
    ids.highlight = await add(
      video('free-highlight', {
        kind: 'highlight',
        title: 'Highlights: A 2–1 B',
        matchId: 4242,
        competitionId: 7,
        teamIds: [11, 12],
        captions: null,
      }),
    );
    ids.mp4 = await add(
      video('mp4-film', {
        source: 'mp4-film/film.mp4',
        sourceType: 'mp4',
        access: 'premium',
        poster: null,
        captions: null,
      }),
    );
    ids.future = await add(video('future', { publishedAt: new Date(Date.now() + 24 * HOUR), kind: 'highlight' }));
    ids.ended = await add(
      video('ended', { publishedAt: new Date(Date.now() - 48 * HOUR), unpublishAt: new Date(Date.now() - HOUR) }),
    );
    ids.embed = await add(
      video('embed', {
        kind: 'clip',
        sourceType: 'embed',
        source: 'https://www.youtube-nocookie.com/embed/abc',
        poster: null,
        captions: null,
      }),
    );

    await buyPremium(tokens.alice);
    carolOrder = (await buyPremium(tokens.carol)).id;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('lists the published catalogue, newest first, filtered by kind, match, access, category and words', async () => {
    const all = mediaListSchema.parse(await (await call('GET', '/api/media')).json()).items;
    const listed = all.map((item) => item.id);
    expect(listed).not.toContain(ids.future);
    expect(listed).not.toContain(ids.ended);
    expect(listed).toHaveLength(6);

    const list = async (query: string) =>
      mediaListSchema.parse(await (await call('GET', `/api/media?${query}`)).json()).items.map((item) => item.id);
    expect(await list('kind=highlight')).toEqual([ids.highlight]);
    expect(await list('matchId=4242')).toEqual([ids.highlight]);
    expect((await list('access=premium')).sort()).toEqual([ids.premium, ids.other, ids.mp4].sort());
    expect((await list('category=Training%20ground')).sort()).toEqual([ids.premium, ids.trailer].sort());
    expect(await list('q=wins%20BALL')).toEqual([ids.premium]);
    expect(await list('q=%25')).toEqual([]);

    const highlight = all.find((item) => item.id === ids.highlight)!;
    expect(highlight.links).toEqual({ matchId: 4242, teamIds: [11, 12], competitionId: 7 });
    expect(highlight.posterUrl).toBe(`/media/v/${ids.highlight}/poster.jpg`);
    const premium = all.find((item) => item.id === ids.premium)!;
    expect(premium).toMatchObject({ access: 'premium', trailerId: ids.trailer, hasCaptions: true });
    expect(all.find((item) => item.id === ids.trailer)!.trailerOf).toBe(ids.premium);
  });

  it('answers 400 for a bad filter and 404 for unknown or unpublished videos', async () => {
    expect((await call('GET', '/api/media?kind=cartoon')).status).toBe(400);
    expect((await call('GET', '/api/media?matchId=abc')).status).toBe(400);
    for (const id of [ids.future, ids.ended, 999_999]) {
      const response = await call('GET', `/api/media/${id}`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found');
      expect((await call('POST', `/api/media/${id}/play`)).status).toBe(404);
    }
    const one = await call('GET', `/api/media/${ids.premium}`);
    expect(mediaItemSchema.parse(((await one.json()) as { item: unknown }).item).title).toBe('The Art of Pressing');
  });

  it('plays a free video for a guest with plain URLs, and an embed as its URL', async () => {
    const answer = await play(ids.highlight);
    expect(answer).toEqual({
      url: `/media/v/${ids.highlight}/master.m3u8`,
      sourceType: 'hls',
      expiresAt: null,
      captionsUrl: null,
    });
    const master = await call('GET', answer.url);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(await master.text()).toContain('\n360p/index.m3u8');
    const transport = await call('GET', `/media/v/${ids.highlight}/360p/seg001.ts`);
    expect(transport.status).toBe(200);
    expect(transport.headers.get('content-type')).toBe('video/mp2t');
    const segment = await call('GET', `/media/v/${ids.highlight}/360p/seg000.m4s`);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/iso.segment');
    expect((await play(ids.embed)).url).toBe('https://www.youtube-nocookie.com/embed/abc');
  });

  it('refuses a premium video to a guest (401) and to a member without Premium (403), with the JSON error body', async () => {
    const guest = await call('POST', `/api/media/${ids.premium}/play`);
    expect(guest.status).toBe(401);
    expect(((await guest.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
    const free = await call('POST', `/api/media/${ids.premium}/play`, { token: tokens.bob });
    expect(free.status).toBe(403);
    expect(((await free.json()) as { error: { code: string } }).error.code).toBe('premium_required');
    // The poster is public all the same: the offer shows it.
    const poster = await call('GET', `/media/v/${ids.premium}/poster.jpg`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    // A direct request for the playlist or a segment gets 403.
    for (const file of ['master.m3u8', '360p/index.m3u8', '360p/seg000.m4s', 'captions.vtt']) {
      const response = await call('GET', `/media/v/${ids.premium}/${file}`, { token: tokens.bob });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    }
  });

  it('gives a Premium member a signed URL whose playlists carry the token to every URI', async () => {
    const answer = await play(ids.premium, tokens.alice);
    expect(answer.url).toMatch(new RegExp(`^/media/v/${ids.premium}/master\\.m3u8\\?token=`));
    expect(Date.parse(answer.expiresAt!) - Date.now()).toBeGreaterThan(250_000);
    expect(Date.parse(answer.expiresAt!) - Date.now()).toBeLessThanOrEqual(301_000);
    expect(answer.captionsUrl).toMatch(/captions\.vtt\?token=/);
    const token = new URL(answer.url, ORIGIN).searchParams.get('token')!;

    const master = await call('GET', answer.url);
    expect(master.status).toBe(200);
    expect(master.headers.get('cache-control')).toBe('private, no-store');
    expect(await master.text()).toContain(`\n360p/index.m3u8?token=${encodeURIComponent(token)}`);
    const variant = await call('GET', `/media/v/${ids.premium}/360p/index.m3u8?token=${token}`, {
      token: tokens.alice,
    });
    const text = await variant.text();
    expect(text).toContain(`#EXT-X-MAP:URI="init.mp4?token=${encodeURIComponent(token)}"`);
    expect(text).toContain(`\nseg000.m4s?token=${encodeURIComponent(token)}`);
    const segment = await call('GET', `/media/v/${ids.premium}/360p/seg000.m4s?token=${token}`);
    expect(segment.status).toBe(200);
    expect(await segment.text()).toBe('segment-bytes');
    const captions = await call('GET', answer.captionsUrl!);
    expect(captions.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
  });

  it('refuses expired, tampered, other-user and other-video tokens on playlists and segments (403)', async () => {
    const key = t.services.mediaTokenKey;
    const soon = new Date(Date.now() + 60_000);
    const good = signMediaToken(key, ids.premium, userIds.alice, soon);
    const cases: Record<string, { token: string; headers?: Record<string, string> }> = {
      expired: { token: signMediaToken(key, ids.premium, userIds.alice, new Date(Date.now() - 1000)) },
      tampered: { token: good.replace(`${ids.premium}.${userIds.alice}.`, `${ids.premium}.${userIds.bob}.`) },
      'altered signature': { token: `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}` },
      'other video': { token: signMediaToken(key, ids.other, userIds.alice, soon) },
      'other user': { token: good, headers: { Authorization: `Bearer ${tokens.bob}` } },
      'signed with another key': { token: signMediaToken(new Uint8Array(32), ids.premium, userIds.alice, soon) },
    };
    for (const [name, { token, headers }] of Object.entries(cases)) {
      for (const file of ['master.m3u8', '360p/index.m3u8', '360p/seg000.m4s']) {
        const response = await call('GET', `/media/v/${ids.premium}/${file}?token=${encodeURIComponent(token)}`, {
          ...(headers ? { headers } : {}),
        });
        expect(response.status, `${name}: ${file}`).toBe(403);
      }
    }
    // The same good token works for its own user, session or not.
    expect(
      (await call('GET', `/media/v/${ids.premium}/master.m3u8?token=${good}`, { token: tokens.alice })).status,
    ).toBe(200);
    expect((await call('GET', `/media/v/${ids.premium}/360p/seg000.m4s?token=${good}`)).status).toBe(200);
  });

  it('stops a copied URL after its expiry', async () => {
    const answer = await play(ids.premium, tokens.alice);
    expect((await call('GET', answer.url)).status).toBe(200);
    offset = 301_000;
    try {
      expect((await call('GET', answer.url)).status).toBe(403);
      expect((await call('GET', answer.url.replace('master.m3u8', '360p/seg000.m4s'))).status).toBe(403);
    } finally {
      offset = 0;
    }
  });

  it('stops a member whose plan lapsed at the next playlist request', async () => {
    const answer = await play(ids.premium, tokens.carol);
    const token = new URL(answer.url, ORIGIN).searchParams.get('token')!;
    expect((await call('GET', answer.url)).status).toBe(200);
    const order = await t.services.payments.getOrder(userIds.carol, carolOrder);
    await webhook('refund.succeeded', carolOrder, order!.amountMinor, order!.currency);
    expect((await call('GET', answer.url)).status).toBe(403);
    expect((await call('GET', `/media/v/${ids.premium}/360p/index.m3u8?token=${token}`)).status).toBe(403);
    expect((await call('POST', `/api/media/${ids.premium}/play`, { token: tokens.carol })).status).toBe(403);
  });

  it('never serves a file outside the video’s folder, nor a type it does not serve', async () => {
    const answer = await play(ids.premium, tokens.alice);
    const token = new URL(answer.url, ORIGIN).searchParams.get('token')!;
    const attempts = [
      `/media/v/${ids.highlight}/../premium-film/360p/seg000.m4s`,
      `/media/v/${ids.highlight}/%2e%2e/premium-film/360p/seg000.m4s`,
      `/media/v/${ids.highlight}/..%2fpremium-film%2f360p%2fseg000.m4s`,
      `/media/v/${ids.highlight}/%2e%2e%2f%2e%2e%2fsecret.txt`,
      `/media/v/${ids.highlight}/..%5c..%5csecret.txt`,
      `/media/v/${ids.highlight}/.%00/poster.jpg`,
      `/media/v/${ids.premium}/360p/secret.txt?token=${token}`,
      `/media/v/${ids.premium}/%2e%2e/free-highlight/poster.jpg?token=${token}`,
      `/media/v/${ids.embed}/anything.m3u8`,
      `/media/v/abc/master.m3u8`,
    ];
    for (const attempt of attempts) {
      const response = await call('GET', attempt);
      expect([403, 404], attempt).toContain(response.status);
      expect(await response.text(), attempt).not.toContain('segment-bytes');
    }
    // Through the real URL parser the dot segments are resolved before routing: still nothing outside.
    expect((await call('GET', `/media/v/${ids.highlight}/../../secret.txt`)).status).toBe(404);
  });

  it('answers Range requests on an MP4, signed for Premium', async () => {
    const answer = await play(ids.mp4, tokens.alice);
    expect(answer.sourceType).toBe('mp4');
    const whole = await call('GET', answer.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(MP4)).toBe(true);

    const part = await call('GET', answer.url, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(Buffer.from(await part.arrayBuffer()).equals(MP4.subarray(100, 200))).toBe(true);
    const tail = await call('GET', answer.url, { headers: { Range: 'bytes=-10' } });
    expect(tail.headers.get('content-range')).toBe('bytes 990-999/1000');
    expect((await tail.arrayBuffer()).byteLength).toBe(10);
    const open = await call('GET', answer.url, { headers: { Range: 'bytes=995-' } });
    expect(open.headers.get('content-range')).toBe('bytes 995-999/1000');
    const beyond = await call('GET', answer.url, { headers: { Range: 'bytes=5000-6000' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */1000');
    // Without its token, not a byte.
    expect((await call('GET', `/media/v/${ids.mp4}/film.mp4`, { headers: { Range: 'bytes=0-9' } })).status).toBe(403);
  });

  it('remembers where a signed-in user stopped, per video', async () => {
    expect((await call('GET', `/api/media/${ids.premium}/position`)).status).toBe(401);
    const first = playbackPositionSchema.parse(
      await (await call('GET', `/api/media/${ids.premium}/position`, { token: tokens.bob })).json(),
    );
    expect(first).toEqual({ videoId: ids.premium, positionSeconds: 0, updatedAt: null });
    const saved = await call('PUT', `/api/media/${ids.premium}/position`, {
      token: tokens.bob,
      body: { positionSeconds: 42.5 },
    });
    expect(saved.status).toBe(200);
    await call('PUT', `/api/media/${ids.premium}/position`, { token: tokens.bob, body: { positionSeconds: 61 } });
    const read = playbackPositionSchema.parse(
      await (await call('GET', `/api/media/${ids.premium}/position`, { token: tokens.bob })).json(),
    );
    expect(read.positionSeconds).toBe(61);
    const alice = playbackPositionSchema.parse(
      await (await call('GET', `/api/media/${ids.premium}/position`, { token: tokens.alice })).json(),
    );
    expect(alice.positionSeconds).toBe(0);
    expect(
      (await call('PUT', `/api/media/${ids.premium}/position`, { token: tokens.bob, body: { positionSeconds: -1 } }))
        .status,
    ).toBe(400);
    expect(
      (await call('PUT', `/api/media/${ids.future}/position`, { token: tokens.bob, body: { positionSeconds: 1 } }))
        .status,
    ).toBe(404);
    expect((await call('PUT', `/api/media/${ids.premium}/position`, { body: { positionSeconds: 1 } })).status).toBe(
      401,
    );
    const rows = await t.database.handle.db.selectFrom('media_position').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await (await call('GET', '/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/media', '/media/{id}', '/media/{id}/play', '/media/{id}/position']),
    );
  });
});

describe('IMAGE_HOST', () => {
  it('references posters and a free video’s segments from it, and premium files never', async () => {
    const mediaDir = mkdtempSync(path.join(tmpdir(), 'scoreline-media-'));
    const t = await createTestApp('sqlite', { MEDIA_DIR: mediaDir, IMAGE_HOST: 'https://img.example.org' });
    try {
      writeHls(mediaDir, 'free');
      writeHls(mediaDir, 'paid');
      const free = await t.services.media.add(video('free', { kind: 'highlight' }));
      const paid = await t.services.media.add(video('paid', { access: 'premium' }));
      const item = await t.services.media.get(free);
      expect(item?.posterUrl).toBe(`https://img.example.org/media/v/${free}/poster.jpg`);
      expect((await t.services.media.get(paid))?.posterUrl).toBe(`https://img.example.org/media/v/${paid}/poster.jpg`);
      const answer = await t.services.media.play(free, null);
      expect(answer.ok && answer.answer.url).toBe(`/media/v/${free}/master.m3u8`);
      const variant = await (await t.app.request(`http://localhost:3000/media/v/${free}/360p/index.m3u8`)).text();
      expect(variant).toContain(`\nhttps://img.example.org/media/v/${free}/360p/seg000.m4s`);
      expect(variant).toContain(`URI="https://img.example.org/media/v/${free}/360p/init.mp4"`);
    } finally {
      await t.close();
      rmSync(mediaDir, { recursive: true, force: true });
    }
  });
});
