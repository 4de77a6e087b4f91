// Two real Scoreline processes sharing PostgreSQL and Redis (issue #4): one
// ingest leader at a time (advisory lock), every event written once reaching
// SSE clients on both nodes, and — when the leader is killed — the other node
// taking over while a client that fails over with Last-Event-ID loses nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeed } from '../../../db/seed/run-seed.ts';
import { createWyscoutStep } from '../../../db/seed/wyscout/wyscout-step.ts';
import { createTestDatabase, TEST_POSTGRES_URL, type TestDatabase } from '../../../tests/helpers/test-database.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;
const DATA_DIR = process.env.DATA_DIR ?? path.resolve('../shared/data');
const canRun = Boolean(TEST_POSTGRES_URL && REDIS_URL && existsSync(path.join(DATA_DIR, 'wyscout')));

interface Node {
  name: string;
  child: ChildProcess;
  port: number;
}

interface Message {
  id: number;
  event: string;
  data: string;
}

/** An SSE client that records every message, and can be pointed at another node with its last id. */
class StreamClient {
  messages: Message[] = [];
  lastId = 0;
  private controller: AbortController | null = null;

  async connect(port: number, topics: string) {
    this.controller = new AbortController();
    const headers = { 'Last-Event-ID': String(this.lastId) };
    const response = await fetch(`http://127.0.0.1:${port}/api/live?topics=${topics}`, { headers, signal: this.controller.signal });
    if (response.status !== 200) throw new Error(`stream refused: ${response.status}`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = Object.fromEntries(
              block
                .split('\n')
                .filter((line) => line !== '' && !line.startsWith(':'))
                .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
            );
            if (fields.id !== undefined) this.lastId = Number(fields.id);
            if (fields.event && fields.event !== 'ready') this.messages.push({ id: Number(fields.id), event: fields.event, data: fields.data ?? '' });
          }
        }
      } catch {
        // aborted, or the node died: the test reconnects elsewhere
      }
    })();
  }

  close() {
    this.controller?.abort();
  }
}

async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function health(node: Node): Promise<{ ingest: string } | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${node.port}/api/health`);
    return (await response.json()) as { ingest: string };
  } catch {
    return undefined;
  }
}

describe.skipIf(!canRun)('two nodes sharing PostgreSQL and Redis', () => {
  let database: TestDatabase;
  const nodes: Node[] = [];
  let finalId = 0;

  function startNode(name: string): Promise<Node> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/live-node.ts'], {
      // Not process.env: Vitest adds variables (BASE_URL=/ …) that are not ours.
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        REDIS_URL,
        PORT: '0',
        ROLE: 'all',
        REPLAY_MODE: 'off',
        LOG_LEVEL: 'warn',
        INGEST_LEADER_RETRY_SECONDS: '2',
        AUTO_SEED: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    return new Promise((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`${name} exited early (${code})`)));
      child.stdout?.on('data', (chunk: Buffer) => {
        const match = /listening (\d+)/.exec(chunk.toString());
        if (match) {
          const node = { name, child, port: Number(match[1]) };
          nodes.push(node);
          resolve(node);
        }
      });
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await runSeed(database.handle, [createWyscoutStep({ competitions: ['euro-2016'] })], { dataDir: DATA_DIR });
  }, 180_000);

  afterAll(async () => {
    for (const node of nodes) node.child.kill('SIGKILL');
    await database?.destroy();
  });

  it('keeps one leader, fails over within 30 s, and delivers every event to clients on both nodes', async () => {
    const [a, b] = await Promise.all([startNode('a'), startNode('b')]);
    const roles = await waitFor(
      'one leader',
      async () => {
        const states = await Promise.all([health(a), health(b)]);
        const ingest = states.map((state) => state?.ingest);
        return ingest.filter((role) => role === 'leader').length === 1 && ingest.includes('standby') ? ingest : undefined;
      },
      30_000,
    );
    const [leader, standby] = roles[0] === 'leader' ? [a, b] : [b, a];

    const original = await database.handle.db
      .selectFrom('match as m')
      .innerJoin('team as h', 'h.id', 'm.home_team_id')
      .select(['m.id', 'm.home_score_et', 'm.away_score_et'])
      .where('h.name', '=', 'Portugal')
      .where('m.stage', '=', 'Final')
      .executeTakeFirstOrThrow();

    // A replay at 600× (about seventeen seconds), started through the standby: any node may accept it.
    const created = await fetch(`http://127.0.0.1:${standby.port}/api/replays`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ matchId: Number(original.id), speed: 600 }),
    });
    expect(created.status).toBe(201);
    const replayId = ((await created.json()) as { match: { id: number } }).match.id;
    const topics = `scores,match:${replayId}`;
    // Both clients start from the beginning of the log (Last-Event-ID 0), one on each node.
    const onLeader = new StreamClient();
    const onStandby = new StreamClient();
    await onLeader.connect(leader.port, topics);
    await onStandby.connect(standby.port, topics);

    // Events flow from the leader to both nodes; then the leader dies mid-match.
    await waitFor('first events on both nodes', () => (onLeader.messages.length > 3 && onStandby.messages.length > 3 ? true : undefined), 20_000);
    leader.child.kill('SIGKILL');
    const tookOver = Date.now();
    await waitFor('the standby to take over', async () => ((await health(standby))?.ingest === 'leader' ? true : undefined), 30_000);
    expect(Date.now() - tookOver).toBeLessThan(30_000);

    // The leader's client fails over to the surviving node with its Last-Event-ID.
    await onLeader.connect(standby.port, topics);

    const finished = await waitFor(
      'the replay to finish',
      async () => {
        const row = await database.handle.db.selectFrom('match').select(['status', 'home_score_et', 'away_score_et']).where('id', '=', replayId).executeTakeFirst();
        return row?.status === 'finished' ? row : undefined;
      },
      60_000,
    );
    expect([finished.home_score_et, finished.away_score_et]).toEqual([original.home_score_et, original.away_score_et]);

    const stored = await database.handle.db.selectFrom('live_event').select('id').where('topic', '=', `match:${replayId}`).orderBy('id').execute();
    const expected = stored.map((row) => Number(row.id));
    finalId = expected.at(-1) ?? 0;
    await waitFor('both clients to catch up', () => (onLeader.lastId === finalId && onStandby.lastId === finalId ? true : undefined), 15_000);
    onLeader.close();
    onStandby.close();

    for (const client of [onLeader, onStandby]) {
      const ids = client.messages.filter((message) => message.id > 0 && message.event !== 'resync').map((message) => message.id);
      const forReplay = ids.filter((id) => expected.includes(id));
      expect(new Set(ids).size, 'no duplicates').toBe(ids.length);
      expect(forReplay, 'every event of the replay, in order').toEqual(expected);
    }
  }, 180_000);
});
