// The limit bench/ssr.bench.ts compares against: a bare node:http server that
// answers each path with the exact response (status, headers, body bytes) the
// real server gave for it, doing no other work. Run by the bench as a child
// process: `tsx bench/ssr-bare-server.ts <port> <responses.json>`.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { z } from 'zod';

const recordedSchema = z.array(
  z.object({
    path: z.string(),
    status: z.number().int(),
    headers: z.record(z.string(), z.string()),
    bodyBase64: z.string(),
  }),
);

const [portArg, file] = process.argv.slice(2);
if (!portArg || !file) throw new Error('usage: ssr-bare-server.ts <port> <responses.json>');
const responses = new Map(
  recordedSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).map((recorded) => {
    const body = Buffer.from(recorded.bodyBase64, 'base64');
    return [
      recorded.path,
      { status: recorded.status, headers: { ...recorded.headers, 'content-length': String(body.length) }, body },
    ] as const;
  }),
);

createServer((request, response) => {
  const found = responses.get((request.url ?? '/').split('?')[0] ?? '/');
  if (!found) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(found.status, found.headers).end(found.body);
}).listen(Number(portArg), '127.0.0.1', () => process.stdout.write('listening\n'));
