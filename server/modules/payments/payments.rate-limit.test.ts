// Order creation is rate limited per user and per client address (issue #21): over a limit the API
// answers 429 with Retry-After and a clear message, and no order is made; the limit holds when many
// requests arrive at once (the counters are atomic), and Redis shares it between nodes.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/helpers/test-app.ts';
import { TEST_ENGINES } from '../../../tests/helpers/test-database.ts';
import { createRedisRateLimits } from '../../platform/rate-limit.ts';
import { createServices } from '../../services.ts';
import { createHttpApp } from '../../http.ts';
import { createMetrics } from '../../platform/metrics.ts';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple';

type Built = Awaited<ReturnType<typeof createTestApp>>;

async function register(t: Built, email: string, ip: string): Promise<string> {
  const result = await t.services.accounts.register({ email, password: PASSWORD }, { ip, userAgent: 'vitest' });
  if (!result.ok) throw new Error(result.message);
  return result.session.token.access_token;
}

function orderRequest(app: { request: Built['app']['request'] }, token: string, ip: string, planId: number) {
  return app.request(`${ORIGIN}/api/payments/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'X-Forwarded-For': ip },
    body: JSON.stringify({ planId, provider: 'sandbox' }),
  });
}

async function orderCount(t: Built): Promise<number> {
  const row = await t.database.handle.db
    .selectFrom('payment_order')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(TEST_ENGINES)('order rate limits on %s', (engine) => {
  let t: Built;
  let planId = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      BASE_URL: ORIGIN,
      TRUST_PROXY: '1',
      PAYMENT_ORDERS_PER_USER: '3',
      PAYMENT_ORDERS_PER_ADDRESS: '5',
    });
    planId = (await t.services.payments.listPlans()).plans.find((plan) => plan.code === 'premium-monthly')!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a user’s fourth checkout in an hour with 429 and Retry-After, and makes no order', async () => {
    const token = await register(t, 'limit-user@example.com', '198.51.100.1');
    for (let index = 0; index < 3; index += 1) {
      expect((await orderRequest(t.app, token, '203.0.113.1', planId)).status).toBe(201);
    }
    const before = await orderCount(t);
    const refused = await orderRequest(t.app, token, '203.0.113.2', planId);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await refused.json()).toMatchObject({
      error: {
        code: 'rate_limited',
        message: expect.stringMatching(/^Too many checkouts started in the last hour: try again in \d+ minutes?\.$/),
      },
    });
    expect(await orderCount(t)).toBe(before);
  });

  it('refuses a sixth checkout from one address across users', async () => {
    const ip = '203.0.113.50';
    const tokens = [
      await register(t, 'limit-a@example.com', '198.51.100.2'),
      await register(t, 'limit-b@example.com', '198.51.100.3'),
    ];
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      statuses.push((await orderRequest(t.app, tokens[index % 2]!, ip, planId)).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    // The address's refusal did not use up the user's own allowance: from elsewhere, it still works.
    expect((await orderRequest(t.app, tokens[1]!, '203.0.113.51', planId)).status).toBe(201);
  });

  it('lets exactly the limit through when requests arrive at once', async () => {
    const token = await register(t, 'limit-burst@example.com', '198.51.100.4');
    const before = await orderCount(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => orderRequest(t.app, token, `203.0.113.${100 + index}`, planId)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429, 429, 429]);
    expect(await orderCount(t)).toBe(before + 3);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('order rate limits shared through Redis', () => {
  it('counts a user’s checkouts on two nodes together', async () => {
    const [engine] = TEST_ENGINES;
    const first = await createTestApp(engine!, { BASE_URL: ORIGIN, PAYMENT_ORDERS_PER_USER: '2' });
    const prefix = `test:rl:orders:${Date.now()}:${Math.random()}`;
    const logger = pino({ level: 'silent' });
    // A loaded CI machine must not turn a slow answer into each node's own memory count.
    const limitsA = createRedisRateLimits(process.env.TEST_REDIS_URL!, logger, { prefix, commandTimeoutMs: 5000 });
    const limitsB = createRedisRateLimits(process.env.TEST_REDIS_URL!, logger, { prefix, commandTimeoutMs: 5000 });
    const node = (rateLimits: typeof limitsA) => {
      const services = createServices({
        config: first.services.config,
        logger,
        database: first.database.handle,
        sessionSecret: first.services.sessionSecret,
        rateLimits,
      });
      return createHttpApp({ services, metrics: createMetrics({ collectDefaults: false }) });
    };
    try {
      // Before Redis answers, each node counts in its own memory (and would let 2 + 2 through).
      expect(await limitsA.ready()).toBe(true);
      expect(await limitsB.ready()).toBe(true);
      const a = node(limitsA);
      const b = node(limitsB);
      const token = await register(first, 'limit-redis@example.com', '198.51.100.9');
      const planId = (await first.services.payments.listPlans()).plans.find(
        (plan) => plan.code === 'premium-monthly',
      )!.id;
      expect((await orderRequest(a, token, '203.0.113.9', planId)).status).toBe(201);
      expect((await orderRequest(b, token, '203.0.113.9', planId)).status).toBe(201);
      expect((await orderRequest(a, token, '203.0.113.9', planId)).status).toBe(429);
      expect((await orderRequest(b, token, '203.0.113.9', planId)).status).toBe(429);
    } finally {
      await limitsA.close();
      await limitsB.close();
      await first.close();
    }
  });
});
