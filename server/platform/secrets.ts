import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';

const SECRET_FILE = path.resolve('var', 'session-secret');

/**
 * SESSION_SECRET when set; otherwise one generated on first start and kept in
 * var/session-secret (mode 600), so a fresh clone is secure without setup and
 * sessions survive restarts. Several nodes must share SESSION_SECRET.
 */
export function ensureSessionSecret(config: Pick<Config, 'SESSION_SECRET'>): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  if (existsSync(SECRET_FILE)) {
    const stored = readFileSync(SECRET_FILE, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(path.dirname(SECRET_FILE), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(SECRET_FILE, `${secret}\n`, { mode: 0o600 });
  return secret;
}
