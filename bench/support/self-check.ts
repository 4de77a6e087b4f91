// Checks the bench harness's decoders against plain reference decoding (the
// benches' figures are only as good as these): an SSE response in HTTP/1.1
// chunked framing fed to SseClients in every two-way split and many random
// splits must give the same events (id, kind, data) as splitting the whole text
// on blank lines; jsonIntegerAt must agree with JSON.parse. Run:
//   npm run bench:check
// Exits 1 on the first disagreement. (Vitest does not collect bench/.)
import assert from 'node:assert/strict';
import { jsonIntegerAt, jsonPath } from './json-scan.ts';
import { SseClient, SseClients } from './sse-client.ts';
import { seededRandom } from './stats.ts';

const KINDS = ['chat.message', 'score', 'resync', 'ready'];

interface Seen {
  id: number;
  kind: number;
  data: string;
}

/** The events in `text` as a reader that splits on blank lines sees them. */
function reference(messages: string[]): Seen[] {
  const seen: Seen[] = [];
  for (const message of messages) {
    let id: number | null = null;
    let kind = -2;
    const data: string[] = [];
    for (const line of message.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const name = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (name === 'id') id = Number(value);
      else if (name === 'event') kind = KINDS.indexOf(value);
      else if (name === 'data' && kind === 0) data.push(value);
    }
    if (id !== null) seen.push({ id, kind, data: data.join('\n') });
  }
  return seen;
}

/** A response head and body (chunks of 1–3 messages, some messages split over two chunks). */
function response(messages: string[], random: () => number): Buffer {
  const body = messages.map((message) => `${message}\n\n`).join('');
  const bytes = Buffer.from(body);
  const parts: Buffer[] = [Buffer.from('HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n\r\n')];
  for (let at = 0; at < bytes.length;) {
    const size = Math.min(bytes.length - at, 1 + Math.floor(random() * 300));
    parts.push(Buffer.from(`${size.toString(16)}${random() < 0.2 ? ';ext=1' : ''}\r\n`));
    parts.push(bytes.subarray(at, at + size), Buffer.from('\r\n'));
    at += size;
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}

function decode(bytes: Buffer, cuts: number[]): Seen[] {
  const seen: Seen[] = [];
  const streams = new SseClients<SseClient>({
    localAddress: '127.0.0.1',
    path: () => '/',
    kinds: KINDS,
    dataKinds: [0],
    onEvent(_client, id, kind, data, start, end) {
      seen.push({ id, kind, data: data.toString('utf8', start, end) });
    },
  });
  const client = streams.add(new SseClient(0, 0));
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    // Each read lands in a reused buffer, as the sockets' shared read buffer: stale bytes after it.
    const read = Buffer.alloc(cut - from + 64, 10);
    bytes.copy(read, 0, from, cut);
    streams.feed(client, read, 0, cut - from, 0);
    read.fill(0x78);
    from = cut;
  }
  assert.equal(streams.statusCounts['200'], 1);
  return seen;
}

const random = seededRandom(23);
const chat = (id: number, messageId: number, text: string) =>
  `id: ${id}\nevent: chat.message\ndata: ${JSON.stringify({
    matchId: 7,
    message: {
      id: messageId,
      matchId: 7,
      text,
      user: { id: 99, displayName: 'Fan "id": 3' },
      createdAt: '2026-11-27T14:00:00.000Z',
    },
  })}`;
const messages = [
  'retry: 2000',
  'id: 41\nevent: ready\ndata: {"position":41}',
  ':',
  chat(42, 1001, 'what a game ⚽ {"message":{"id":5}}'),
  'id: 43\nevent: score\ndata: {"matchId":1,"home":2,"away":1}',
  ':',
  chat(44, 1002, 'a "quoted" \\ text'),
  'id: 45\nevent: chat.deleted\ndata: {"matchId":7,"messageId":1001}',
  'id: 46\nevent: resync\ndata: {"reason":"gap","position":46}',
  'id: 47\nevent: chat.message\ndata: {"matchId":7,\ndata: "message":{"id":1003}}',
  'id: 48\nevent: chat.message',
  'id: 49\nevent: scores\ndata: {}',
  chat(50, 1004, 'x'.repeat(700)),
];
const expected = reference(messages);
const bytes = response(messages, random);

let runs = 0;
for (let cut = 1; cut < bytes.length; cut += 1) {
  assert.deepEqual(decode(bytes, [cut]), expected, `split at byte ${cut}`);
  runs += 1;
}
for (let n = 0; n < 2000; n += 1) {
  const cuts = [
    ...new Set(
      Array.from({ length: 1 + Math.floor(random() * 12) }, () => 1 + Math.floor(random() * (bytes.length - 1))),
    ),
  ].sort((a, b) => a - b);
  assert.deepEqual(decode(bytes, cuts), expected, `splits at ${cuts.join(',')}`);
  runs += 1;
}

// A refused stream: counted by status, no events.
{
  const streams = new SseClients<SseClient>({
    localAddress: '127.0.0.1',
    path: () => '/',
    kinds: KINDS,
    onEvent: () => assert.fail(),
  });
  const client = streams.add(new SseClient(0, 0));
  const refusal = Buffer.from('HTTP/1.1 429 Too Many Requests\r\ncontent-length: 0\r\n\r\n');
  streams.feed(client, refusal, 0, refusal.length, 0);
  assert.deepEqual(streams.statusCounts, { '429': 1 });
  assert.equal(client.everOpen, false);
}

// The message id out of chat.message data, against JSON.parse.
const MESSAGE_ID = jsonPath('message', 'id');
const documents = [
  ...messages.filter((message) => message.includes('chat.message')).map((message) => message.split('data: ')[1] ?? ''),
  '{"message":{"user":{"id":3},"id":12}}',
  '{"text":"\\"message\\":{\\"id\\":1}","message":{"id":-4}}',
  '{ "message" : { "replyTo": {"id": 8}, "id" : 77 } }',
  '{"message":{"id":1.5}}',
  '{"message":{"id":"12"}}',
  '{"message":[{"id":1}]}',
  '{"other":{"message":{"id":1}}}',
  '{"message":{}}',
  'not json',
  '',
];
for (const document of documents) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(document);
  } catch {
    parsed = null;
  }
  const id = (parsed as { message?: { id?: unknown } } | null)?.message?.id;
  const want = typeof id === 'number' && Number.isInteger(id) ? id : NaN;
  const bytesOf = Buffer.from(`xx${document}yy`);
  assert.deepEqual(jsonIntegerAt(bytesOf, 2, bytesOf.length - 2, MESSAGE_ID), want, document);
  runs += 1;
}

process.stdout.write(`bench harness self-check: ${runs} cases agree\n`);
