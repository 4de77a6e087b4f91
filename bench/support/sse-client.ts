// The raw-socket SSE clients of the live, resume and chat benchmarks: a client
// process holds thousands of streams (GET /api/live?topics=…) over node:net
// sockets — no http.Agent, no fetch — decodes HTTP/1.1 chunked framing and the
// SSE fields, and behaves like EventSource: when the server ends a stream it
// reconnects after a delay with Last-Event-ID.
//
// Built to cost the measured servers as little CPU as possible on the machine
// they share (at 5,000 clients and 20 chat messages a second that is 100,000
// events a second in one or two processes):
// - every socket reads into one shared buffer (`onread`): no Buffer, string or
//   stream 'data' event per read;
// - frames are decoded by scanning bytes: the id's digits, the event name
//   matched against the names the bench tells apart, and the data line skipped
//   with a native search unless the bench reads that event's data, in which
//   case it gets the bytes where they lie (copied only when a message spans two
//   reads or two chunks);
// - nothing is allocated per event.
// The receipt time of an event is the time its read began (one clock read per
// read), as before.
import net from 'node:net';
import { pool } from './client-process.ts';
import { wallNow } from './stats.ts';

const HOST = '127.0.0.1';
/** EventSource's reconnection delay the benches use (the server's `retry:` is not followed). */
export const RETRY_MS = 2000;

const LF = 10;
const CR = 13;
const COLON = 58;
const SPACE = 32;

/** Where a stream's HTTP decoding is. */
const Http = { Head: 0, Size: 1, SizeTail: 2, Data: 3, Crlf: 4, Done: 5 } as const;
/** Where the SSE decoding of a line is. */
const Line = { Start: 0, Name: 1, ValueStart: 2, Value: 3, Skip: 4 } as const;
/** The fields a bench reads; any other is skipped. */
const Field = { Other: 0, Id: 1, Event: 2, Data: 3 } as const;
const FIELD_NAMES: ReadonlyArray<readonly [number, Uint8Array]> = [
  [Field.Id, Buffer.from('id')],
  [Field.Event, Buffer.from('event')],
  [Field.Data, Buffer.from('data')],
];

/** One stream's state: counters and positions only, so a decoder keeps no strings. */
export class SseClient {
  socket: net.Socket | null = null;
  /** The last `id:` seen: what Last-Event-ID resumes from. */
  lastId = 0;
  /** Has its 200 head now. */
  open = false;
  /** Has had a stream (got 200) at least once. */
  everOpen = false;
  /** Set while this process closes the socket on purpose (storm, shutdown). */
  leaving = false;

  // HTTP
  http: number = Http.Head;
  headBytes = 0;
  /** How much of CR LF CR LF ends the head so far. */
  headEnd = 0;
  status = 0;
  remaining = 0;
  crlfLeft = 0;
  // SSE: the line being read
  line: number = Line.Start;
  field: number = Field.Other;
  /** Field name: the names still possible (bit per FIELD_NAMES entry) and how many bytes were matched. */
  nameMask = 0;
  namePos = 0;
  // SSE: the message being read
  hasId = false;
  id = 0;
  idValid = true;
  /** Event name: the bench's kinds still possible (bit per kind), bytes matched, the kind once the line ended (-1: another name, -2: no event line). */
  kindMask = 0;
  kindPos = 0;
  kind = -2;
  /** The data of a kind the bench reads: in the shared read buffer at [dataStart, dataEnd) while `dataInPlace`, else in `carry`. */
  hasData = false;
  dataInPlace = false;
  dataStart = 0;
  dataEnd = 0;
  carry: Buffer | null = null;
  carryLength = 0;

  constructor(
    readonly index: number,
    public port: number,
  ) {}
}

export interface SseClientsOptions<C extends SseClient> {
  /** The source address (127.0.0.x) the sockets bind to, so several processes do not share one range of ephemeral ports. */
  localAddress: string;
  /** The request target, e.g. `/api/live?topics=scores`. */
  path: (client: C) => string;
  /** The event names the bench tells apart: an event's kind is its index here, -1 for another name, -2 without an event line. */
  kinds: readonly string[];
  /** Kinds whose data the bench reads (every other event's data is skipped). */
  dataKinds?: readonly number[];
  /**
   * A complete message that had an `id:` line. For a kind in `dataKinds`, its data is
   * `data[start, end)` (valid during the call only; empty when the message had no data line).
   * `at` is when the read that completed it began.
   */
  onEvent: (client: C, id: number, kind: number, data: Buffer, start: number, end: number, at: number) => void;
  /** The stream's 200 head arrived. */
  onOpen?: (client: C, at: number) => void;
}

/** Every stream of one client process, with the counters a report needs. */
export class SseClients<C extends SseClient> {
  readonly clients: C[] = [];
  statusCounts: Record<string, number> = {};
  /** Connects that failed (since the caller last reset it). */
  failedConnects = 0;
  /** Streams the server ended (slow-client drops, shutdown), each reconnected with Last-Event-ID. */
  serverClosed = 0;

  private readonly kindBytes: Uint8Array[];
  private readonly dataMask: number;
  private readonly settling = new Map<C, (ok: boolean) => void>();
  /** Every socket reads into this: the decoder is done with a read before the next one. */
  private readonly readBuffer = Buffer.allocUnsafe(64 * 1024);
  /** Clients whose in-place data must be copied before the read buffer is reused. */
  private readonly pendingCopy: C[] = [];

  constructor(private readonly options: SseClientsOptions<C>) {
    if (options.kinds.length > 30) throw new Error('at most 30 event kinds');
    this.kindBytes = options.kinds.map((kind) => Buffer.from(kind));
    this.dataMask = (options.dataKinds ?? []).reduce((mask, kind) => mask | (1 << kind), 0);
  }

  add(client: C): C {
    this.clients.push(client);
    return client;
  }

  openCount(): number {
    let count = 0;
    for (const client of this.clients) if (client.open) count += 1;
    return count;
  }

  /** Opens the stream; resolves true once the 200 head arrived. `resume` sends Last-Event-ID. */
  open(client: C, resume: boolean): Promise<boolean> {
    return new Promise((resolve) => {
      this.settling.set(client, resolve);
      resetStream(client);
      client.open = false;
      client.leaving = false;
      const socket = net.connect({
        host: HOST,
        port: client.port,
        localAddress: this.options.localAddress,
        onread: {
          buffer: this.readBuffer,
          callback: (bytes: number, buffer: Uint8Array) => {
            this.feed(client, buffer as Buffer, 0, bytes, wallNow());
            return true;
          },
        },
      });
      client.socket = socket;
      socket.setNoDelay(true);
      socket.on('connect', () => {
        const resumeHeader = resume ? `Last-Event-ID: ${client.lastId}\r\n` : '';
        socket.write(
          `GET ${this.options.path(client)} HTTP/1.1\r\nHost: ${HOST}:${client.port}\r\nAccept: text/event-stream\r\nCache-Control: no-cache\r\n${resumeHeader}\r\n`,
        );
      });
      socket.on('error', () => {
        // 'close' follows
      });
      socket.on('close', () => {
        // A socket this process replaced (storm) closes late: it no longer speaks for the client.
        if (client.socket !== socket) return;
        const wasOpen = client.open;
        client.open = false;
        client.socket = null;
        if (this.settling.has(client)) {
          this.failedConnects += 1;
          this.settle(client, false);
          return;
        }
        if (client.leaving || !wasOpen) return;
        // The server ended the stream (dropped as too slow, or shutting down): reconnect like EventSource.
        this.serverClosed += 1;
        setTimeout(() => void this.open(client, true), RETRY_MS).unref();
      });
    });
  }

  /**
   * Opens `fresh` streams, at most `maxInFlight` connects at once; `ready` waits for whatever else
   * must hold before answering. Gives the numbers of a `connected` answer (statuses of these connects).
   */
  async connect(
    fresh: readonly C[],
    maxInFlight: number,
    ready?: () => Promise<void>,
  ): Promise<{ open: number; failed: number; ms: number; statuses: Record<string, number> }> {
    this.statusCounts = {};
    const started = performance.now();
    const result = await pool(fresh, maxInFlight, (client) => this.open(client, false));
    await ready?.();
    return {
      open: this.openCount(),
      failed: result.failed,
      ms: performance.now() - started,
      statuses: this.statusCounts,
    };
  }

  /** Closes a stream on purpose (no reconnect). */
  leave(client: C): void {
    client.leaving = true;
    client.socket?.destroy();
    client.socket = null;
    client.open = false;
  }

  /** Closes every stream on purpose; the process exits shortly after (time for its last IPC answer). */
  shutdown(): void {
    for (const client of this.clients) {
      client.leaving = true;
      client.socket?.destroy();
    }
    setTimeout(() => process.exit(0), 50);
  }

  private settle(client: C, ok: boolean) {
    const resolve = this.settling.get(client);
    if (!resolve) return;
    this.settling.delete(client);
    resolve(ok);
  }

  /**
   * Decodes `buffer[start, end)`, the next bytes of the client's response; sockets call it from
   * their read callback with the shared read buffer (the self-check calls it with any split).
   */
  feed(client: C, buffer: Buffer, start: number, end: number, at: number): void {
    let i = start;
    read: while (i < end) {
      switch (client.http) {
        case Http.Head: {
          for (; i < end; i += 1) {
            const byte = buffer[i] as number;
            // "HTTP/1.1 200 …": the status is bytes 9–11.
            if (client.headBytes >= 9 && client.headBytes < 12) client.status = client.status * 10 + (byte - 48);
            client.headBytes += 1;
            client.headEnd = byte === (client.headEnd % 2 === 0 ? CR : LF) ? client.headEnd + 1 : byte === CR ? 1 : 0;
            if (client.headEnd === 4) break;
          }
          if (client.headEnd !== 4) break read;
          i += 1;
          const status = String(client.status);
          this.statusCounts[status] = (this.statusCounts[status] ?? 0) + 1;
          if (client.status !== 200) {
            client.http = Http.Done;
            client.socket?.destroy();
            break read;
          }
          client.open = true;
          client.everOpen = true;
          this.options.onOpen?.(client, at);
          this.settle(client, true);
          client.http = Http.Size;
          client.remaining = 0;
          break;
        }
        case Http.Size: {
          for (; i < end; i += 1) {
            const byte = buffer[i] as number;
            const digit =
              byte >= 48 && byte <= 57
                ? byte - 48
                : byte >= 97 && byte <= 102
                  ? byte - 87
                  : byte >= 65 && byte <= 70
                    ? byte - 55
                    : -1;
            if (digit < 0) break;
            client.remaining = client.remaining * 16 + digit;
          }
          if (i < end) client.http = Http.SizeTail;
          break;
        }
        case Http.SizeTail: {
          // A chunk extension, then CR LF.
          const newline = buffer.indexOf(LF, i);
          if (newline < 0 || newline >= end) break read;
          i = newline + 1;
          client.http = client.remaining === 0 ? Http.Done : Http.Data;
          break;
        }
        case Http.Data: {
          const take = Math.min(client.remaining, end - i);
          this.sse(client, buffer, i, i + take, at);
          i += take;
          client.remaining -= take;
          if (client.remaining === 0) {
            client.http = Http.Crlf;
            client.crlfLeft = 2;
          }
          break;
        }
        case Http.Crlf: {
          const skip = Math.min(client.crlfLeft, end - i);
          i += skip;
          client.crlfLeft -= skip;
          if (client.crlfLeft === 0) {
            client.http = Http.Size;
            client.remaining = 0;
          }
          break;
        }
        default:
          break read;
      }
    }
    // Data of a message that is not complete yet is copied out before the read buffer is reused.
    if (this.pendingCopy.length > 0) {
      for (const pending of this.pendingCopy)
        if (pending.dataInPlace) {
          pending.carryLength = 0;
          appendCarry(pending, buffer, pending.dataStart, pending.dataEnd);
          pending.dataInPlace = false;
        }
      this.pendingCopy.length = 0;
    }
  }

  /** SSE bytes `buffer[start, end)` of one HTTP chunk. */
  private sse(client: C, buffer: Buffer, start: number, end: number, at: number) {
    let i = start;
    chunk: while (i < end) {
      switch (client.line) {
        case Line.Start: {
          const byte = buffer[i] as number;
          if (byte === LF) {
            this.dispatch(client, buffer, at);
            i += 1;
          } else if (byte === COLON) {
            client.line = Line.Skip; // a comment (the heartbeat)
          } else {
            client.line = Line.Name;
            client.nameMask = (1 << FIELD_NAMES.length) - 1;
            client.namePos = 0;
          }
          break;
        }
        case Line.Name: {
          for (; i < end; i += 1) {
            const byte = buffer[i] as number;
            if (byte === COLON || byte === LF) break;
            let mask = client.nameMask;
            for (let f = 0; f < FIELD_NAMES.length; f += 1)
              if (mask & (1 << f) && (FIELD_NAMES[f] as readonly [number, Uint8Array])[1][client.namePos] !== byte)
                mask &= ~(1 << f);
            client.nameMask = mask;
            client.namePos += 1;
          }
          if (i === end) break chunk;
          let field: number = Field.Other;
          for (let f = 0; f < FIELD_NAMES.length; f += 1) {
            const [kind, name] = FIELD_NAMES[f] as readonly [number, Uint8Array];
            if (client.nameMask & (1 << f) && name.length === client.namePos) field = kind;
          }
          client.field = field;
          if (buffer[i] === LF) {
            // A field name alone: an empty value.
            this.beginValue(client, buffer, i);
            this.endValue(client, buffer, i);
            client.line = Line.Start;
          } else client.line = Line.ValueStart;
          i += 1;
          break;
        }
        case Line.ValueStart: {
          // One space after the colon is not part of the value.
          if (buffer[i] === SPACE) i += 1;
          this.beginValue(client, buffer, i);
          client.line = client.field === Field.Other ? Line.Skip : Line.Value;
          break;
        }
        case Line.Value: {
          if (client.field === Field.Data) {
            const newline = buffer.indexOf(LF, i);
            const lineEnd = newline < 0 || newline >= end ? end : newline;
            if (client.hasData && !client.dataInPlace) appendCarry(client, buffer, i, lineEnd);
            i = lineEnd;
            if (i === end) break chunk;
            this.endValue(client, buffer, i);
            client.line = Line.Start;
            i += 1;
            break;
          }
          for (; i < end; i += 1) {
            const byte = buffer[i] as number;
            if (byte === LF) break;
            if (byte === CR) continue;
            if (client.field === Field.Id) {
              if (byte >= 48 && byte <= 57) client.id = client.id * 10 + (byte - 48);
              else client.idValid = false;
            } else {
              let mask = client.kindMask;
              for (let k = 0; mask !== 0 && k < this.kindBytes.length; k += 1)
                if (mask & (1 << k) && (this.kindBytes[k] as Uint8Array)[client.kindPos] !== byte) mask &= ~(1 << k);
              client.kindMask = mask;
              client.kindPos += 1;
            }
          }
          if (i === end) break chunk;
          this.endValue(client, buffer, i);
          client.line = Line.Start;
          i += 1;
          break;
        }
        default: {
          // Skip to the end of the line.
          const newline = buffer.indexOf(LF, i);
          if (newline < 0 || newline >= end) break chunk;
          client.line = Line.Start;
          i = newline + 1;
        }
      }
    }
    // A data line that goes on in the next chunk or read: keep what is here.
    if (client.line === Line.Value && client.field === Field.Data && client.dataInPlace) {
      client.carryLength = 0;
      appendCarry(client, buffer, client.dataStart, end);
      client.dataInPlace = false;
    }
  }

  private beginValue(client: C, buffer: Buffer, i: number) {
    if (client.field === Field.Id) {
      client.hasId = true;
      client.id = 0;
      client.idValid = true;
    } else if (client.field === Field.Event) {
      client.kindMask = (1 << this.kindBytes.length) - 1;
      client.kindPos = 0;
    } else if (client.field === Field.Data) {
      const wanted = client.kind >= 0 && (this.dataMask & (1 << client.kind)) !== 0;
      if (!wanted) return;
      if (!client.hasData) {
        // The first data line: read where it lies, unless the message already needed a copy.
        client.hasData = true;
        client.dataInPlace = true;
        client.dataStart = i;
        client.dataEnd = i;
        client.carryLength = 0;
      } else {
        // Another data line: the value is the lines joined by LF.
        if (client.dataInPlace) {
          client.carryLength = 0;
          appendCarry(client, buffer, client.dataStart, client.dataEnd);
          client.dataInPlace = false;
        }
        appendByte(client, LF);
      }
    }
  }

  private endValue(client: C, buffer: Buffer, i: number) {
    if (client.field === Field.Event) {
      let kind = -1;
      for (let k = 0; k < this.kindBytes.length; k += 1)
        if (client.kindMask & (1 << k) && (this.kindBytes[k] as Uint8Array).length === client.kindPos) kind = k;
      client.kind = kind;
    } else if (client.field === Field.Data && client.dataInPlace) {
      client.dataEnd = i > client.dataStart && buffer[i - 1] === CR ? i - 1 : i;
      this.pendingCopy.push(client);
    }
  }

  /** A blank line: the message is complete. */
  private dispatch(client: C, buffer: Buffer, at: number) {
    if (client.hasId && client.idValid) {
      client.lastId = client.id;
      if (client.hasData)
        this.options.onEvent(
          client,
          client.id,
          client.kind,
          client.dataInPlace ? buffer : (client.carry as Buffer),
          client.dataInPlace ? client.dataStart : 0,
          client.dataInPlace ? client.dataEnd : client.carryLength,
          at,
        );
      else this.options.onEvent(client, client.id, client.kind, buffer, 0, 0, at);
    }
    client.hasId = false;
    client.kind = -2;
    client.hasData = false;
    client.dataInPlace = false;
    client.carryLength = 0;
  }
}

function resetStream(client: SseClient) {
  client.http = Http.Head;
  client.headBytes = 0;
  client.headEnd = 0;
  client.status = 0;
  client.remaining = 0;
  client.crlfLeft = 0;
  client.line = Line.Start;
  client.hasId = false;
  client.kind = -2;
  client.hasData = false;
  client.dataInPlace = false;
  client.carryLength = 0;
}

function appendCarry(client: SseClient, buffer: Uint8Array, start: number, end: number) {
  const length = end - start;
  if (length <= 0) return;
  const needed = client.carryLength + length;
  if (client.carry === null || client.carry.length < needed) {
    const next = Buffer.allocUnsafe(Math.max(256, needed * 2));
    if (client.carry !== null) client.carry.copy(next, 0, 0, client.carryLength);
    client.carry = next;
  }
  client.carry.set(buffer.subarray(start, end), client.carryLength);
  client.carryLength = needed;
}

function appendByte(client: SseClient, byte: number) {
  const one = new Uint8Array(1);
  one[0] = byte;
  appendCarry(client, one, 0, 1);
}
