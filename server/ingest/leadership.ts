// Exactly one ingest process at a time (issue #4, DESIGN.md §1): on PostgreSQL
// the leader holds a session advisory lock on its own connection. When that
// process dies, PostgreSQL ends its session and frees the lock; the others try
// every few seconds and one takes over. SQLite is one process: it always leads.
import pg from 'pg';
import type { Logger } from 'pino';

/** Arbitrary constant naming the ingest lock. */
const INGEST_LOCK = 7_240_002;

export interface Leadership {
  /** Starts campaigning; `onLead` runs when this process becomes the leader, `onLose` if it stops being one. */
  start(): void;
  isLeader(): boolean;
  stop(): Promise<void>;
}

export function createLeadership(options: {
  databaseUrl: string;
  logger: Logger;
  retryMs: number;
  onLead: () => void;
  onLose: () => Promise<void> | void;
}): Leadership {
  const { databaseUrl, logger } = options;
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    let leading = false;
    return {
      start() {
        leading = true;
        options.onLead();
      },
      isLeader: () => leading,
      async stop() {
        if (leading) await options.onLose();
        leading = false;
      },
    };
  }

  let client: pg.Client | null = null;
  let leading = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  async function lose(reason: string) {
    if (!leading) return;
    leading = false;
    logger.warn({ reason }, 'ingest: lost leadership');
    await options.onLose();
  }

  async function attempt() {
    timer = null;
    if (stopped) return;
    try {
      if (!client) {
        const fresh = new pg.Client({ connectionString: databaseUrl, application_name: 'scoreline-ingest-lock' });
        fresh.on('error', (error) => {
          logger.warn({ err: error.message }, 'ingest: lock connection failed');
          if (client === fresh) client = null;
          void lose('lock connection failed').finally(schedule);
        });
        await fresh.connect();
        client = fresh;
      }
      if (!leading) {
        const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [INGEST_LOCK]);
        if (result.rows[0]?.locked) {
          leading = true;
          logger.info('ingest: this process is the leader');
          options.onLead();
        }
      } else {
        await client.query('select 1');
      }
    } catch (error) {
      logger.warn({ err: error }, 'ingest: leadership check failed');
      const broken = client;
      client = null;
      await broken?.end().catch(() => undefined);
      await lose('leadership check failed');
    }
    schedule();
  }

  function schedule() {
    if (stopped || timer) return;
    timer = setTimeout(() => void attempt(), options.retryMs);
    timer.unref();
  }

  return {
    start() {
      void attempt();
    },
    isLeader: () => leading,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await lose('stopping');
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
