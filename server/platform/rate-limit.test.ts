// The platform's rate limits (issue #17): atomic under concurrency, in memory
// and in Redis, and never holding a request when Redis stops answering.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRateLimits, createRedisRateLimits, toAddressKey, type RateLimits } from './rate-limit.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;
const logger = pino({ level: 'silent' });

describe('toAddressKey', () => {
  it('counts an IPv6 /64 as one address and an IPv4-mapped address as IPv4', () => {
    expect(toAddressKey('2001:db8:1:2:aaaa::1')).toBe(toAddressKey('2001:db8:1:2:bbbb::9'));
    expect(toAddressKey('2001:db8:1:2::1')).not.toBe(toAddressKey('2001:db8:1:3::1'));
    expect(toAddressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  it('counts a /64 as one address however its addresses are written (zero runs shortened with ::)', () => {
    // 2001:db8::/64 is 2001:db8:0:0: every address in it, whatever follows, is one key.
    const key = toAddressKey('2001:db8::1');
    for (const other of ['2001:db8::2', '2001:db8::abcd:1', '2001:db8:0:0:1:2:3:4', '2001:DB8:0000::9', '2001:db8::'])
      expect(toAddressKey(other), other).toBe(key);
    expect(toAddressKey('2001:db8:1::5')).toBe(toAddressKey('2001:db8:1:0:5:6:7:8'));
    expect(toAddressKey('2001:db8:1::5')).not.toBe(toAddressKey('2001:db8:1:1::5'));
    expect(toAddressKey('::1')).toBe(toAddressKey('::2'));
    expect(toAddressKey('::ffff:c000:207')).toBe('192.0.2.7');
    expect(toAddressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(toAddressKey('unknown')).toBe('unknown');
  });
});

const stores: Array<[string, () => RateLimits]> = [['memory', () => createMemoryRateLimits()]];
if (REDIS_URL) {
  stores.push([
    'redis',
    () =>
      createRedisRateLimits(REDIS_URL, logger, {
        prefix: `scoreline-test:${randomBytes(6).toString('hex')}`,
        commandTimeoutMs: 5000,
      }),
  ]);
}

describe.each(stores)('rate limits in %s', (_name, create) => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets exactly `points` of 50 simultaneous attempts through, and says when to retry', async () => {
    const limits = create();
    expect(await limits.ready()).toBe(true);
    try {
      const limit = limits.create('burst', { points: 5, durationSeconds: 60 });
      const outcomes = await Promise.all(Array.from({ length: 50 }, () => limit.consume('key')));
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(5);
      const refused = outcomes.find((outcome) => !outcome.ok);
      expect(refused && !refused.ok && refused.retryAfterSeconds).toBeGreaterThan(55);
      // Other keys and other limits are counted apart.
      expect((await limit.consume('other')).ok).toBe(true);
      expect((await limits.create('another', { points: 1, durationSeconds: 60 }).consume('key')).ok).toBe(true);
    } finally {
      await limits.close();
    }
  });

  it('a steady rate with a burst: five at once, then one per interval (retry told in the interval, not the burst window)', async () => {
    const limits = create();
    expect(await limits.ready()).toBe(true);
    try {
      const limit = limits.create('steady', {
        points: 1,
        durationSeconds: 2,
        burst: { points: 4, durationSeconds: 10 },
      });
      const outcomes = await Promise.all(Array.from({ length: 20 }, () => limit.consume('key')));
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(5);
      const refused = outcomes.find((outcome) => !outcome.ok);
      expect(refused && !refused.ok && refused.retryAfterSeconds).toBeLessThanOrEqual(2);
      await limit.reset('key');
      expect((await limit.consume('key')).ok).toBe(true);
    } finally {
      await limits.close();
    }
  });

  it('gives points back and forgets a key', async () => {
    const limits = create();
    expect(await limits.ready()).toBe(true);
    try {
      const limit = limits.create('reward', { points: 2, durationSeconds: 60 });
      await limit.consume('key');
      await limit.consume('key');
      expect((await limit.consume('key')).ok).toBe(false);
      await limit.reset('key');
      expect((await limit.consume('key')).ok).toBe(true);
      await limit.consume('key');
      await limit.reward('key');
      expect((await limit.consume('key')).ok).toBe(true);
    } finally {
      await limits.close();
    }
  });
});

describe('rate limits in memory', () => {
  it('forget a window once it has passed', async () => {
    const limits = createMemoryRateLimits();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const limit = limits.create('window', { points: 1, durationSeconds: 60 });
      expect((await limit.consume('key')).ok).toBe(true);
      expect((await limit.consume('key')).ok).toBe(false);
      vi.setSystemTime(Date.now() + 61_000);
      expect((await limit.consume('key')).ok).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.skipIf(!REDIS_URL)('rate limits when Redis fails', () => {
  it('answer from memory within a second when Redis stops answering, and still limit', async () => {
    const target = new URL(REDIS_URL ?? 'redis://127.0.0.1:6379');
    // A proxy in front of Redis that can go silent: the connection stays open, nothing comes back.
    let silent = false;
    const sockets = new Set<net.Socket>();
    const proxy = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      sockets.add(client).add(upstream);
      client.on('data', (chunk) => {
        if (!silent) upstream.write(chunk);
      });
      upstream.on('data', (chunk) => {
        if (!silent) client.write(chunk);
      });
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as net.AddressInfo;
    const limits = createRedisRateLimits(`redis://127.0.0.1:${port}`, logger, {
      prefix: `scoreline-test:${randomBytes(6).toString('hex')}`,
    });
    try {
      const limit = limits.create('silent', { points: 2, durationSeconds: 60 });
      await vi.waitFor(async () => expect((await limit.consume('warm-up')).ok).toBe(true), { timeout: 5000 });
      silent = true;
      const started = performance.now();
      const outcomes = [await limit.consume('key'), await limit.consume('key'), await limit.consume('key')];
      expect(performance.now() - started).toBeLessThan(3 * 1000);
      expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true, false]);
    } finally {
      await limits.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('answer from memory when Redis cannot be reached at all', async () => {
    const limits = createRedisRateLimits('redis://127.0.0.1:1', logger);
    try {
      expect(await limits.ready(300)).toBe(false);
      const limit = limits.create('unreachable', { points: 1, durationSeconds: 60 });
      expect((await limit.consume('key')).ok).toBe(true);
      expect((await limit.consume('key')).ok).toBe(false);
    } finally {
      await limits.close();
    }
  });
});

describe('a steady rate with a burst, over time (memory: its windows follow Date)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('after the burst, one more every interval, not five more at the next window', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T12:00:00Z') });
    const limits = createMemoryRateLimits();
    const limit = limits.create('steady-time', {
      points: 1,
      durationSeconds: 2,
      burst: { points: 4, durationSeconds: 10 },
    });
    for (let sent = 0; sent < 5; sent++) expect((await limit.consume('key')).ok).toBe(true);
    expect((await limit.consume('key')).ok).toBe(false);
    vi.advanceTimersByTime(2_100);
    expect((await limit.consume('key')).ok).toBe(true);
    expect((await limit.consume('key')).ok).toBe(false);
    vi.advanceTimersByTime(2_100);
    expect((await limit.consume('key')).ok).toBe(true);
    expect((await limit.consume('key')).ok).toBe(false);
  });
});
