import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';

/** Structured JSON logs. Never log tokens, passwords or full query strings. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    base: { service: 'scoreline' },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'], remove: true },
  });
}
