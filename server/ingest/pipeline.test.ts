// The ingest pipeline on real databases (issue #4): idempotency, stale
// snapshots, corrections, malformed payloads — and the SSE stream resuming
// over the event log the pipeline writes, with no gap and no duplicate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCompetition, ensureSeason } from '../../db/seed/seed-kit.ts';
import { findCompetitionDefinition } from '../../domain/competitions.ts';
import type { ProviderMatchSnapshot, SnapshotEvent } from '../../domain/live-contracts.ts';
import type { MatchChanged } from '../../domain/match-changes.ts';
import { createTestApp } from '../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../tests/helpers/test-database.ts';
import { ProviderPayloadError } from './provider.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const KICKOFF = '2026-11-22T15:00:00.000Z';

function goal(key: string, minute: number, side: 'home' | 'away', scorer: string): SnapshotEvent {
  return { key, type: 'goal', period: minute <= 45 ? '1H' : '2H', minute, addedMinute: null, side, player: { externalId: `p-${scorer}`, name: scorer }, relatedPlayer: null, detail: null };
}

function snapshot(observedAt: string, score: [number, number], events: SnapshotEvent[], status: ProviderMatchSnapshot['status'] = 'live'): ProviderMatchSnapshot {
  return {
    provider: 'test-provider',
    externalId: 'm-1',
    observedAt,
    competitionCode: 'en.1',
    season: '2026-27',
    stage: 'Regular season',
    round: 'Matchday 12',
    group: null,
    kickoffAt: KICKOFF,
    home: { externalId: 't-1', name: 'Testford United' },
    away: { externalId: 't-2', name: 'Sampleton Rovers' },
    status,
    clock: status === 'finished' ? { phase: 'FT', phaseStartedAt: null, rate: 1 } : { phase: '2H', phaseStartedAt: '2026-11-22T16:00:00.000Z', rate: 1 },
    score: { home: score[0], away: score[1], halfTime: null, extraTime: null, penalties: null },
    events,
    teamStats: null,
  };
}

/** Reads SSE messages from a streamed response until `count` arrived or the time is up. */
async function readMessages(response: Response, count: number, timeoutMs = 5000) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const messages: Array<{ id: number | null; event: string; data: Record<string, unknown> }> = [];
  const deadline = Date.now() + timeoutMs;
  while (messages.length < count && Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(1, deadline - Date.now())))]);
    if (chunk === null || chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = Object.fromEntries(block.split('\n').filter((line) => line && !line.startsWith(':')).map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]));
      if (fields.event) messages.push({ id: fields.id === undefined ? null : Number(fields.id), event: fields.event, data: JSON.parse(fields.data ?? '{}') as Record<string, unknown> });
    }
  }
  await reader.cancel();
  return messages;
}

describe.each(TEST_ENGINES)('ingest pipeline and live stream on %s', (engine) => {
  let t: TestApp;
  let matchId = 0;
  const count = async (table: 'live_event' | 'match_event' | 'match_commentary' | 'match') =>
    Number((await t.database.handle.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await createTestApp(engine, { LIVE_MAX_CONNECTIONS_PER_IP: '5' });
    const db = t.database.handle.db;
    const definition = findCompetitionDefinition('en.1');
    if (!definition) throw new Error('en.1 missing');
    const competitionId = await ensureCompetition(db, definition);
    await ensureSeason(db, { competitionId, code: '2026-27', name: 'Premier League 2026/27', startDate: '2026-08-15', endDate: '2027-05-23', complete: false });
    await t.services.live.start();
  });
  afterAll(async () => {
    await t.services.live.stop();
    await t.close();
  });

  it('creates the match from a first snapshot and writes its events, score and commentary', async () => {
    const result = await t.services.ingest.pipeline.apply(snapshot('2026-11-22T16:10:00Z', [1, 0], [goal('g1', 23, 'home', 'Ann Striker')]));
    expect(result.outcome).toBe('created');
    matchId = result.matchId;
    expect(result.events.map((event) => event.type)).toEqual(['match-event', 'score', 'commentary']);
    const response = await t.app.request(`/api/matches/${matchId}`);
    const match = (await response.json()) as { status: string; score: { home: number; away: number }; home: { name: string } };
    expect([match.status, match.score.home, match.score.away, match.home.name]).toEqual(['live', 1, 0, 'Testford United']);
    const line = await t.database.handle.db.selectFrom('match_commentary').select('text').where('match_id', '=', matchId).executeTakeFirstOrThrow();
    expect(line.text).toContain('Ann Striker');
    expect(line.text).toContain('Testford United 1–0 Sampleton Rovers');
  });

  it('writes nothing for the same snapshot twice', async () => {
    const before = await Promise.all([count('live_event'), count('match_event'), count('match_commentary')]);
    const again = await t.services.ingest.pipeline.apply(snapshot('2026-11-22T16:10:00Z', [1, 0], [goal('g1', 23, 'home', 'Ann Striker')]));
    expect(again).toMatchObject({ outcome: 'unchanged', events: [] });
    expect(await Promise.all([count('live_event'), count('match_event'), count('match_commentary')])).toEqual(before);
  });

  it('never moves a score backwards for an older snapshot', async () => {
    await t.services.ingest.pipeline.apply(snapshot('2026-11-22T16:20:00Z', [2, 0], [goal('g1', 23, 'home', 'Ann Striker'), goal('g2', 70, 'home', 'Ann Striker')]));
    const stale = await t.services.ingest.pipeline.apply(snapshot('2026-11-22T16:15:00Z', [1, 0], [goal('g1', 23, 'home', 'Ann Striker')]));
    expect(stale.outcome).toBe('stale');
    const row = await t.database.handle.db.selectFrom('match').select(['home_score', 'away_score']).where('id', '=', matchId).executeTakeFirstOrThrow();
    expect([row.home_score, row.away_score]).toEqual([2, 0]);
    expect(await t.database.handle.db.selectFrom('match_event').select('source_key').where('match_id', '=', matchId).execute()).toHaveLength(2);
  });

  it('turns a goal taken back and a changed scorer into explicit corrections', async () => {
    const result = await t.services.ingest.pipeline.apply(snapshot('2026-11-22T16:25:00Z', [1, 0], [goal('g1', 23, 'home', 'Bea Winger')]));
    const corrections = result.events.filter((event) => event.type === 'correction');
    expect(corrections).toHaveLength(2);
    const [changed, removed] = corrections.map((event) => (event.type === 'correction' ? event.data : null));
    expect(changed?.before.player?.name).toBe('Ann Striker');
    expect(changed?.after?.player?.name).toBe('Bea Winger');
    expect(removed?.before.minute).toBe(70);
    expect(removed?.after).toBeNull();
    const score = result.events.find((event) => event.type === 'score');
    expect(score?.type === 'score' && [score.data.home, score.data.away]).toEqual([1, 0]);
    const texts = (await t.database.handle.db.selectFrom('match_commentary').select('text').where('match_id', '=', matchId).execute()).map((row) => row.text);
    expect(texts.some((text) => text.startsWith("Correction: the goal credited to Ann Striker (Testford United, 70')"))).toBe(true);
  });

  it('rejects a malformed snapshot and changes nothing', async () => {
    const before = await Promise.all([count('live_event'), count('match_event'), count('match')]);
    const broken = { ...snapshot('2026-11-22T16:30:00Z', [5, 5], []), score: { home: -1, away: 'two' } };
    await expect(t.services.ingest.pipeline.apply(broken)).rejects.toBeInstanceOf(ProviderPayloadError);
    await expect(t.services.ingest.pipeline.apply({ nonsense: true })).rejects.toBeInstanceOf(ProviderPayloadError);
    expect(await Promise.all([count('live_event'), count('match_event'), count('match')])).toEqual(before);
  });

  it('streams updates and resumes after Last-Event-ID with no gap and no duplicate', async () => {
    const topics = `scores,match:${matchId}`;
    // The hub reads the log asynchronously: once it has caught up, a new client's position is the log's end.
    await t.services.live.hub.pump();
    const first = await t.app.request(`/api/live?topics=${topics}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain('text/event-stream');
    const apply = (minute: number, score: [number, number], observed: string) =>
      t.services.ingest.pipeline.apply(snapshot(observed, score, [goal('g1', 23, 'home', 'Bea Winger'), ...(score[1] > 0 ? [goal('g3', minute, 'away', 'Cy Forward')] : [])]));
    const received = readMessages(first, 4);
    const applied = await apply(75, [1, 1], '2026-11-22T16:35:00Z');
    await t.services.live.hub.pump();
    const live = await received;
    expect(live[0]?.event).toBe('ready');
    expect(live.slice(1).map((message) => message.id)).toEqual(applied.events.map((event) => event.id));

    // Disconnected: three more changes happen, then the client comes back with its last id.
    const lastSeen = live.at(-1)?.id as number;
    const missed = [
      ...(await t.services.ingest.pipeline.apply(snapshot('2026-11-22T16:40:00Z', [1, 1], [goal('g1', 23, 'home', 'Bea Winger'), goal('g3', 75, 'away', 'Cy Forward')], 'half-time'))).events,
      ...(await apply(75, [1, 1], '2026-11-22T16:50:00Z')).events,
    ];
    expect(missed.length).toBeGreaterThan(0);
    const resumed = await t.app.request(`/api/live?topics=${topics}`, { headers: { 'Last-Event-ID': String(lastSeen) } });
    const messages = await readMessages(resumed, missed.length, 3000);
    expect(messages.map((message) => message.id)).toEqual(missed.map((event) => event.id));
    expect(new Set(messages.map((message) => message.id)).size).toBe(messages.length);
  });

  it('tells match-change subscribers what changed, after the commit, once per changing snapshot (issue #18)', async () => {
    const heard: Array<{ change: MatchChanged; committedGoals: number }> = [];
    const stop = t.services.ingest.pipeline.onMatchChanged((change) => {
      // Runs after the commit: a read through the database already sees the snapshot's rows.
      void count('match_event').then((committedGoals) => heard.push({ change, committedGoals }));
    });
    const failing = t.services.ingest.pipeline.onMatchChanged(() => {
      throw new Error('a subscriber that fails must not undo or fail the apply');
    });
    try {
      const goals = [goal('g1', 23, 'home', 'Bea Winger'), goal('g3', 75, 'away', 'Cy Forward'), goal('g4', 88, 'away', 'Cy Forward')];
      const applied = await t.services.ingest.pipeline.apply(snapshot('2026-11-22T17:00:00Z', [1, 2], goals));
      expect(applied.outcome).toBe('updated');
      const unchanged = await t.services.ingest.pipeline.apply(snapshot('2026-11-22T17:00:00Z', [1, 2], goals));
      expect(unchanged.outcome).toBe('unchanged');
      const stale = await t.services.ingest.pipeline.apply(snapshot('2026-11-22T16:00:00Z', [0, 0], []));
      expect(stale.outcome).toBe('stale');
      await expect.poll(() => heard.length).toBe(1);
      const [{ change, committedGoals } = { change: null, committedGoals: 0 }] = heard;
      expect(change).toMatchObject({
        matchId,
        outcome: 'updated',
        before: { status: 'live', home: 1, away: 1 },
        after: { status: 'live', home: 1, away: 2, minute: expect.any(Number) },
      });
      expect(change?.events.map((event) => event.id)).toEqual(applied.events.map((event) => event.id));
      expect(committedGoals).toBeGreaterThan(0);
    } finally {
      stop();
      failing();
    }
  });

  // Resync when the gap is kept neither in the log nor in the node's memory: server/modules/live/live-hub.test.ts.
  it('refuses bad input', async () => {
    const bad = await t.app.request('/api/live?topics=scores,weather');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields.topics).toContain("unknown topic 'weather'");
    const badId = await t.app.request('/api/live?topics=scores', { headers: { 'Last-Event-ID': 'abc' } });
    expect(badId.status).toBe(400);
  });

  it('caps live connections per address', async () => {
    const open: Response[] = [];
    for (let index = 0; index < 5; index += 1) open.push(await t.app.request('/api/live?topics=scores'));
    const refused = await t.app.request('/api/live?topics=scores');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    for (const response of open) await response.body?.cancel();
    const again = await t.app.request('/api/live?topics=scores');
    expect(again.status).toBe(200);
    await again.body?.cancel();
  });
});
