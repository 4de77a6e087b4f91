// The services loaders, actions and API routes use, built once per process.
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/client.ts';
import { createSessionService, type SessionService } from './modules/auth/auth.service.ts';
import { createFootballService, type FootballService } from './modules/football/football.service.ts';
import { createContactService, type ContactService } from './modules/site/contact.service.ts';
import { createPagesService, type PagesService } from './modules/site/pages.service.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { publicConfig, type Config, type PublicConfig } from './platform/config.ts';

export interface AppServices {
  config: Config;
  publicConfig: PublicConfig;
  logger: Logger;
  database: DatabaseHandle;
  /** Signs session tokens (accounts, issue #6) and payment links. */
  sessionSecret: string;
  clock: Clock;
  sessions: SessionService;
  contact: ContactService;
  pages: PagesService;
  football: FootballService;
}

export function createServices(options: {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  sessionSecret: string;
  clock?: Clock;
}): AppServices {
  const clock = options.clock ?? systemClock;
  const { db } = options.database;
  return {
    config: options.config,
    publicConfig: publicConfig(options.config),
    logger: options.logger,
    database: options.database,
    sessionSecret: options.sessionSecret,
    clock,
    sessions: createSessionService(),
    contact: createContactService(db, clock),
    pages: createPagesService(db),
    football: createFootballService(db),
  };
}
