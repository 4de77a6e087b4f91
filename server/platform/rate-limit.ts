// Rate limits (issue #17, DESIGN.md §3 platform): atomic counters from
// rate-limiter-flexible, kept in this process's memory by default and in Redis
// when REDIS_URL is set, so several web nodes share them. "Atomic" is the point:
// a check followed by a separate insert let 20 simultaneous wrong passwords
// through a limit of 5 (11 were checked); consuming a point and reading the
// count back is one step here (one Lua script in Redis).
//
// Keys are hashed before they are stored: callers key limits by email
// addresses and client addresses, which have no business sitting in Redis.
//
// Windows run on the real clock (Date.now() in memory, Redis's own in Redis),
// not the injectable Clock of server/platform/clock.ts: tests that need a
// window to pass move Date with Vitest's fake timers.
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import {
  BurstyRateLimiter,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

export interface LimitSpec {
  /** How many points a key may spend in one window. */
  points: number;
  /** The window, in seconds: it starts at a key's first point and the count is forgotten when it ends. */
  durationSeconds: number;
  /**
   * Extra points a key may spend on top of the steady rate, over a longer
   * window: `{ points: 1, durationSeconds: 2, burst: { points: 4, durationSeconds: 10 } }`
   * is "one every 2 s, with a burst of 5" (rate-limiter-flexible's
   * BurstyRateLimiter: the steady limit first, the burst allowance when it is spent).
   */
  burst?: { points: number; durationSeconds: number };
}

export type LimitOutcome = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

export interface RateLimit {
  /** Spends points for `key`; refused (and told when to retry) once the window's points are spent. */
  consume(key: string, points?: number): Promise<LimitOutcome>;
  /** Gives points back: an attempt that was counted but turned out to be honest. */
  reward(key: string, points?: number): Promise<void>;
  /** Forgets a key's count. */
  reset(key: string): Promise<void>;
}

export interface RateLimits {
  /** One named limit; the name keeps keys of different limits apart. */
  create(name: string, spec: LimitSpec): RateLimit;
  /**
   * Resolves true once the shared store answers (at once in memory), or false after `timeoutMs`.
   * Until then each process counts in its own memory, so two nodes would each allow the full limit:
   * a node waits for this before it listens, and a test of sharing before its first request.
   */
  ready(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** An IPv6 address as its eight 16-bit groups (`::` expanded, a trailing dotted IPv4 as two); null: not one. */
function ipv6Groups(address: string): number[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string | undefined): number[] | null => {
    if (!part) return [];
    const groups: number[] = [];
    const pieces = part.split(':');
    for (const [index, piece] of pieces.entries()) {
      if (index === pieces.length - 1 && piece.includes('.')) {
        const octets = piece.split('.');
        if (octets.length !== 4 || octets.some((octet) => !/^\d{1,3}$/.test(octet) || Number(octet) > 255)) return null;
        const [a = 0, b = 0, c = 0, d = 0] = octets.map(Number);
        groups.push(a * 256 + b, c * 256 + d);
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) groups.push(parseInt(piece, 16));
      else return null;
    }
    return groups;
  };
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null;
}

/**
 * The part of a client address that a limit counts: one key for a whole IPv6 /64, which one host usually
 * holds, however the address is written ("2001:db8::1" and "2001:db8:0:0:1::" are one /64); an
 * IPv4-mapped address counts as its IPv4 address. Anything else is its own key.
 */
export function toAddressKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  const groups = ipv6Groups(ip.replace(/%.*$/, ''));
  if (!groups) return ip;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

function hashedKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 32);
}

function retryAfterSeconds(msBeforeNext: number): number {
  return Math.max(1, Math.ceil(msBeforeNext / 1000));
}

/** One limit's counters: the steady one, and the burst allowance beside it when the spec has one. */
function wrap(
  limiter: RateLimiterAbstract,
  logger: Logger | undefined,
  name: string,
  burst?: RateLimiterAbstract,
): RateLimit {
  const consumer = burst ? new BurstyRateLimiter(limiter, burst) : limiter;
  return {
    async consume(key, points = 1) {
      try {
        const result = await consumer.consume(hashedKey(key), points);
        return { ok: true, remaining: result.remainingPoints };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes)
          return { ok: false, retryAfterSeconds: retryAfterSeconds(rejection.msBeforeNext) };
        // A store error with no insurance left: let the request through rather than fail it, and say so.
        logger?.error({ err: rejection, limit: name }, 'rate limit: the store failed; the request was let through');
        return { ok: true, remaining: 0 };
      }
    },
    async reward(key, points = 1) {
      try {
        await limiter.reward(hashedKey(key), points);
      } catch (error) {
        logger?.warn({ err: error, limit: name }, 'rate limit: could not give a point back');
      }
    },
    async reset(key) {
      try {
        await limiter.delete(hashedKey(key));
        await burst?.delete(hashedKey(key));
      } catch (error) {
        logger?.warn({ err: error, limit: name }, 'rate limit: could not reset a key');
      }
    },
  };
}

export function createMemoryRateLimits(): RateLimits {
  return {
    create(name, spec) {
      const memory = (keyPrefix: string, limit: { points: number; durationSeconds: number }) =>
        new RateLimiterMemory({ keyPrefix, points: limit.points, duration: limit.durationSeconds });
      return wrap(memory(name, spec), undefined, name, spec.burst && memory(`${name}:burst`, spec.burst));
    },
    async ready() {
      return true;
    },
    async close() {},
  };
}

/**
 * Limits shared through Redis. While Redis cannot be reached each process
 * falls back to its own memory limits (rate-limiter-flexible's insurance
 * limiter): looser across nodes for a while, never a failed request.
 */
export function createRedisRateLimits(
  url: string,
  logger: Logger,
  options: { prefix?: string; commandTimeoutMs?: number } = {},
): RateLimits {
  // A Redis that stops answering must not hold requests: a command that takes longer than half a second
  // fails, and the memory limiter answers instead.
  const client = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: options.commandTimeoutMs ?? 500,
    connectTimeout: 2000,
  });
  client.on('error', (error: Error) =>
    logger.warn({ err: error.message }, 'rate limits: Redis error (memory limits meanwhile)'),
  );
  const prefix = options.prefix ?? 'scoreline:rl';
  return {
    create(name, spec) {
      const shared = (keyPrefix: string, limit: { points: number; durationSeconds: number }) =>
        new RateLimiterRedis({
          storeClient: client,
          keyPrefix: `${prefix}:${keyPrefix}`,
          points: limit.points,
          duration: limit.durationSeconds,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory({
            keyPrefix,
            points: limit.points,
            duration: limit.durationSeconds,
          }),
        });
      return wrap(shared(name, spec), logger, name, spec.burst && shared(`${name}:burst`, spec.burst));
    },
    ready(timeoutMs = 5000) {
      if (client.status === 'ready') return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const done = (outcome: boolean) => {
          clearTimeout(timer);
          client.off('ready', onReady);
          resolve(outcome);
        };
        const onReady = () => done(true);
        const timer = setTimeout(() => done(false), timeoutMs);
        client.on('ready', onReady);
      });
    },
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

export function createRateLimits(redisUrl: string | undefined, logger: Logger): RateLimits {
  return redisUrl ? createRedisRateLimits(redisUrl, logger) : createMemoryRateLimits();
}
