// A small local stand-in for Stripe's HTTP API (issue #21), so the Stripe
// provider is tested through the official SDK with no internet: node:http on
// 127.0.0.1 at a random port, serving POST /v1/checkout/sessions and POST
// /v1/refunds as Stripe does (form-encoded requests, JSON answers, idempotency
// keys replayed, a key reused with other parameters refused). It records every
// request, and builds the events Stripe would then send to the webhook, signed
// with stripe.webhooks.generateTestHeaderString.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface RecordedRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | null;
  authorization: string | null;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
  url: string | null;
  livemode: false;
  created: number;
  expires_at: number;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The nested keys Stripe's form encoding flattens (metadata[order_id]) read back into an object. */
function metadataOf(form: URLSearchParams, prefix: string): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    if (key.startsWith(`${prefix}[`) && key.endsWith(']')) metadata[key.slice(prefix.length + 1, -1)] = value;
  }
  return metadata;
}

function stripeError(response: ServerResponse, status: number, type: string, message: string, code?: string) {
  response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
  response.end(JSON.stringify({ error: { type, message, ...(code ? { code } : {}) } }));
}

export async function startFakeStripe() {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  /** Payment intents of paid sessions: what a refund may name. */
  const paymentIntents = new Map<string, { amount: number; currency: string; metadata: Record<string, string> }>();
  const idempotent = new Map<string, { body: string; status: number; form: string }>();
  let failWith: number | null = null;

  function checkoutSession(form: URLSearchParams): [number, unknown] {
    const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
    const currency = form.get('line_items[0][price_data][currency]');
    if (form.get('mode') !== 'payment' || !Number.isInteger(amount) || !currency) {
      return [400, { error: { type: 'invalid_request_error', message: 'Missing required param: line_items.' } }];
    }
    const sessionId = id('cs');
    const session: FakeSession = {
      id: sessionId,
      object: 'checkout.session',
      amount_total: amount * Number(form.get('line_items[0][quantity]') ?? '1'),
      currency,
      client_reference_id: form.get('client_reference_id'),
      metadata: metadataOf(form, 'metadata'),
      mode: 'payment',
      // Since API version 2022-08-01 the payment intent is made when the buyer pays.
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: form.get('success_url') ?? '',
      cancel_url: form.get('cancel_url') ?? '',
      url: `https://checkout.stripe.test/c/pay/${sessionId}`,
      livemode: false,
      created: nowSeconds(),
      expires_at: nowSeconds() + 24 * 60 * 60,
    };
    sessions.set(sessionId, session);
    // Remember what payment_intent_data.metadata asked for, for when it is paid.
    paymentIntentMetadata.set(sessionId, metadataOf(form, 'payment_intent_data[metadata]'));
    return [200, session];
  }
  const paymentIntentMetadata = new Map<string, Record<string, string>>();

  function refund(form: URLSearchParams): [number, unknown] {
    const paymentIntent = form.get('payment_intent') ?? '';
    const paid = paymentIntents.get(paymentIntent);
    if (!paid) {
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such payment_intent: '${paymentIntent}'`,
          },
        },
      ];
    }
    return [
      200,
      {
        id: id('re'),
        object: 'refund',
        amount: paid.amount,
        currency: paid.currency,
        payment_intent: paymentIntent,
        metadata: metadataOf(form, 'metadata'),
        status: 'succeeded',
        created: nowSeconds(),
      },
    ];
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const form = new URLSearchParams(raw);
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const idempotencyKey = request.headers['idempotency-key'];
    const authorization = request.headers.authorization ?? null;
    requests.push({
      method: request.method ?? 'GET',
      path,
      form,
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : null,
      authorization,
    });
    if (failWith !== null) {
      return stripeError(response, failWith, 'api_error', 'Something went wrong on Stripe’s end.');
    }
    if (!authorization?.startsWith('Bearer sk_')) {
      return stripeError(response, 401, 'invalid_request_error', 'Invalid API Key provided.');
    }
    const key = typeof idempotencyKey === 'string' ? `${path} ${idempotencyKey}` : null;
    const replay = key ? idempotent.get(key) : undefined;
    if (replay) {
      if (replay.form !== raw) {
        return stripeError(
          response,
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      response.writeHead(replay.status, { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' });
      return response.end(replay.body);
    }
    let answer: [number, unknown];
    if (request.method === 'POST' && path === '/v1/checkout/sessions') answer = checkoutSession(form);
    else if (request.method === 'POST' && path === '/v1/refunds') answer = refund(form);
    else return stripeError(response, 404, 'invalid_request_error', `Unrecognized request URL (${path}).`);
    const body = JSON.stringify(answer[1]);
    if (key) idempotent.set(key, { body, status: answer[0], form: raw });
    response.writeHead(answer[0], { 'Content-Type': 'application/json', 'Request-Id': id('req') });
    response.end(body);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** The session the buyer paid, as Stripe then holds it: complete, with its payment intent. */
  function pay(sessionId: string, paymentStatus: FakeSession['payment_status'] = 'paid'): FakeSession {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const paymentIntent = session.payment_intent ?? id('pi');
    const paid: FakeSession = {
      ...session,
      status: 'complete',
      payment_status: paymentStatus,
      payment_intent: paymentIntent,
    };
    sessions.set(sessionId, paid);
    paymentIntents.set(paymentIntent, {
      amount: session.amount_total,
      currency: session.currency,
      metadata: paymentIntentMetadata.get(sessionId) ?? {},
    });
    return paid;
  }

  /** The charge of a paid session's payment intent, refunded (in full unless `amountRefunded`). */
  function refundedCharge(session: FakeSession, amountRefunded = session.amount_total) {
    const paymentIntent = session.payment_intent;
    const paid = paymentIntent ? paymentIntents.get(paymentIntent) : undefined;
    if (!paymentIntent || !paid) throw new Error('the session is not paid');
    return {
      id: id('ch'),
      object: 'charge',
      amount: paid.amount,
      amount_captured: paid.amount,
      amount_refunded: amountRefunded,
      currency: paid.currency,
      // Stripe copies the payment intent's metadata onto its charge.
      metadata: paid.metadata,
      paid: true,
      payment_intent: paymentIntent,
      refunded: amountRefunded === paid.amount,
      status: 'succeeded',
      livemode: false,
      created: nowSeconds(),
    };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    pay,
    refundedCharge,
    /** Every answer is this error status until called again with null (Stripe down). */
    failWith(status: number | null) {
      failWith = status;
    },
    /** The session whose client_reference_id is `orderId`. */
    sessionOf(orderId: string): FakeSession {
      const session = [...sessions.values()].find((item) => item.client_reference_id === orderId);
      if (!session) throw new Error(`no session for ${orderId}`);
      return session;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** A Stripe event around `object`, as the webhook receives it: raw body and signed headers. */
export function signedStripeEvent(
  secret: string,
  type: string,
  object: unknown,
  options: { eventId?: string; timestamp?: number; created?: number } = {},
) {
  const created = options.created ?? nowSeconds();
  const event = {
    id: options.eventId ?? id('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
  const rawBody = JSON.stringify(event);
  return { eventId: event.id, rawBody, headers: signedHeaders(secret, rawBody, options.timestamp) };
}

/** Content-Type and Stripe-Signature for `rawBody`, signed at `timestamp` (unix seconds; default now). */
export function signedHeaders(secret: string, rawBody: string, timestamp = nowSeconds()): Record<string, string> {
  return {
    'Content-Type': 'application/json; charset=utf-8',
    'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload: rawBody, secret, timestamp }),
  };
}

/** An address where nothing listens: Stripe unreachable. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
