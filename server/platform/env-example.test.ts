// .env.example documents every key and works as it is (STYLE.md §5).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configSchema, loadConfig } from './config.ts';

function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1] as string] = match[2] as string;
  }
  return env;
}

describe('.env.example', () => {
  const env = parseEnvFile(readFileSync(new URL('../../.env.example', import.meta.url), 'utf8'));

  it('documents exactly the keys the config reads', () => {
    expect(Object.keys(env).sort()).toEqual(Object.keys(configSchema.shape).sort());
  });

  it('is a valid configuration as it is', () => {
    expect(() => loadConfig(env)).not.toThrow();
  });
});
