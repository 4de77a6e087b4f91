// One live connection per browser tab (issue #4, DESIGN.md §5). Components
// subscribe to topics; the connection follows the union of them over a single
// EventSource on /api/live. It resumes from the last event it saw (or, on a
// first connect, from the position the server-rendered page was read at), so
// nothing between render and connect is lost; it backs off when refused,
// pauses while the browser is offline, and asks pages to reload their data
// when the server says the gap can no longer be replayed (resync).
// Pages reach it through app/lib/live/live-client.ts, which loads this module when
// the first subscription comes (not with the page's first-load JavaScript).
import type * as LiveContractsModule from '../../../domain/live-stream.ts';
import type { LiveEvent, LiveEventType } from '../../../domain/live-stream.ts';
import { DelayQueue } from './delay-queue.ts';
import { liveDelayMs, subscribeLiveDelay } from './live-delay.ts';
import { nextTask } from '../loading/next-task.ts';

type LiveContracts = typeof LiveContractsModule;

// The event schemas, and zod with them (≈ 23 kB gzip), load when the first stream opens rather than
// with the page: first-load JavaScript has a budget (issue #5, server/page-budgets.test.ts).
let contracts: Promise<LiveContracts> | null = null;

/**
 * zod, the shapes of events and stats, then the stream's own schemas, each evaluated in a task of its
 * own: imported together they were one task of 35-95 ms here (four times that on a phone) right after
 * the page hydrated. The two small files after zod are fetched as their step starts.
 */
function loadContracts(): Promise<LiveContracts> {
  contracts ??= (async () => {
    await import('./zod-runtime.ts');
    await nextTask();
    await import('../../../domain/match-schemas.ts');
    await nextTask();
    return import('../../../domain/live-stream.ts');
  })().catch((error: unknown) => {
    contracts = null; // a failed chunk download is tried again on the next attempt
    throw error;
  });
  return contracts;
}

type Listener = (event: LiveEvent) => void;

export interface Subscription {
  topics: readonly string[];
  onEvent: Listener;
  onResync?: () => void;
}

interface Subscriber extends Subscription {
  /** The last position this subscriber has (its page data, then each event it got): older events are not for it. */
  seenUpTo: number;
}

export type LiveState = 'idle' | 'connecting' | 'open' | 'offline' | 'retrying';

const MAX_BACKOFF_MS = 30_000;

class LiveConnection {
  private subscriptions = new Set<Subscriber>();
  /** Where the next connection starts: the oldest position a new subscriber still needs. */
  private resumeFrom: number | null = null;
  private source: EventSource | null = null;
  private topicsKey = '';
  private lastEventId: number | null = null;
  private backoffMs = 1000;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private reconcileTimer: ReturnType<typeof setTimeout> | null = null;
  private stateListeners = new Set<(state: LiveState) => void>();
  /** Bumped by close(): a stream whose schemas arrive after it was called off never opens. */
  private attempt = 0;
  private schemas: LiveContracts['liveEventDataSchemas'] | null = null;
  state: LiveState = 'idle';
  private listening = false;
  /** "Delay live updates by N seconds" (app/lib/live/live-delay.ts): every update and resync waits here first. */
  private held = new DelayQueue<() => void>((deliver) => deliver());

  /** Subscribes to `topics`; `position` is where the page's data was read, so events after it reach the page. */
  subscribe(subscription: Subscription, position: number | null): () => void {
    const subscriber: Subscriber = { ...subscription, seenUpTo: position ?? this.lastEventId ?? 0 };
    if (position !== null) {
      const known = this.lastEventId ?? position;
      this.resumeFrom = Math.min(this.resumeFrom ?? known, known, position);
      if (this.lastEventId === null) this.lastEventId = position;
    }
    this.subscriptions.add(subscriber);
    this.listenToNetwork();
    this.scheduleReconcile();
    return () => {
      this.subscriptions.delete(subscriber);
      this.scheduleReconcile();
    };
  }

  onState(listener: (state: LiveState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  private setState(state: LiveState) {
    this.state = state;
    for (const listener of this.stateListeners) listener(state);
  }

  private listenToNetwork() {
    if (this.listening || typeof window === 'undefined') return;
    this.listening = true;
    this.held.setDelay(liveDelayMs());
    subscribeLiveDelay(() => this.held.setDelay(liveDelayMs()));
    window.addEventListener('offline', () => {
      this.close();
      this.setState('offline');
    });
    window.addEventListener('online', () => {
      this.backoffMs = 1000;
      this.reconcile();
    });
  }

  /** Topic changes in one render settle into one reconnect. */
  private scheduleReconcile() {
    if (this.reconcileTimer !== null) return;
    this.reconcileTimer = setTimeout(() => {
      this.reconcileTimer = null;
      this.reconcile();
    }, 0);
  }

  private wantedTopics(): string[] {
    const topics = new Set<string>();
    for (const subscription of this.subscriptions) for (const topic of subscription.topics) topics.add(topic);
    return [...topics].sort();
  }

  private reconcile() {
    const topics = this.wantedTopics();
    const key = topics.join(',');
    if (topics.length === 0) {
      this.close();
      this.topicsKey = '';
      this.setState('idle');
      return;
    }
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      this.setState('offline');
      return;
    }
    if (this.source && key === this.topicsKey && this.resumeFrom === null) return;
    this.close();
    this.topicsKey = key;
    this.open();
  }

  private open() {
    const attempt = this.attempt;
    this.setState('connecting');
    loadContracts().then(
      (loaded) => {
        if (attempt !== this.attempt) return;
        this.schemas = loaded.liveEventDataSchemas;
        this.connect(loaded.LIVE_EVENT_TYPES);
      },
      () => {
        if (attempt === this.attempt) this.retryLater();
      },
    );
  }

  private connect(types: readonly LiveEventType[]) {
    const params = new URLSearchParams({ topics: this.topicsKey });
    const from = this.resumeFrom ?? this.lastEventId;
    this.resumeFrom = null;
    if (from !== null) params.set('lastEventId', String(from));
    const source = new EventSource(`/api/live?${params.toString()}`);
    this.source = source;
    source.onopen = () => {
      this.backoffMs = 1000;
      this.setState('open');
    };
    source.onerror = () => {
      // The browser retries by itself (sending Last-Event-ID) unless the server refused outright.
      if (source.readyState === EventSource.CLOSED) {
        this.source = null;
        this.retryLater();
      } else {
        this.setState('retrying');
      }
    };
    const remember = (message: MessageEvent) => {
      const id = Number(message.lastEventId);
      if (Number.isSafeInteger(id) && message.lastEventId !== '') this.lastEventId = Math.max(this.lastEventId ?? 0, id);
    };
    source.addEventListener('ready', remember);
    source.addEventListener('resync', (message) => {
      remember(message as MessageEvent);
      this.held.push(() => {
        for (const subscription of this.subscriptions) subscription.onResync?.();
      });
    });
    for (const type of types) {
      source.addEventListener(type, (message) => this.dispatch(type, message as MessageEvent<string>));
    }
  }

  private dispatch(type: LiveEventType, message: MessageEvent<string>) {
    const id = Number(message.lastEventId);
    if (!Number.isSafeInteger(id)) return;
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    const parsed = this.schemas?.[type].safeParse(data);
    if (!parsed?.success) return;
    this.lastEventId = Math.max(this.lastEventId ?? 0, id);
    const event = { id, topic: '', type, data: parsed.data } as LiveEvent;
    this.held.push(() => this.deliver(event));
  }

  private deliver(event: LiveEvent) {
    const { id } = event;
    for (const subscriber of this.subscriptions) {
      if (id <= subscriber.seenUpTo) continue; // already in its data, or already delivered
      subscriber.seenUpTo = id;
      subscriber.onEvent(event);
    }
  }

  private retryLater() {
    if (this.retryTimer !== null) return;
    this.setState('retrying');
    const wait = this.backoffMs * (0.75 + Math.random() * 0.5);
    this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.topicsKey = '';
      this.reconcile();
    }, wait);
  }

  private close() {
    this.attempt += 1;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.source?.close();
    this.source = null;
  }
}

let connection: LiveConnection | null = null;

/** The tab's one connection (created on first use, in the browser only). */
export function liveConnection(): LiveConnection {
  connection ??= new LiveConnection();
  return connection;
}
