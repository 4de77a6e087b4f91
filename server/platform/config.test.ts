import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicConfig } from './config.ts';

describe('loadConfig', () => {
  it('works with no settings at all, with safe local defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBe('file:var/scoreline.db');
    expect(config.SITE_NAME).toBe('Scoreline');
    expect(config.ROLE).toBe('all');
    expect(config.ENABLE_TEST_ROUTES).toBe(false);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('names every bad key in one error', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', BASE_URL: 'not a url', ROLE: 'boss', ANALYTICS_GTM_ID: 'UA-1', SESSION_SECRET: 'short' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    for (const key of ['PORT', 'DATABASE_URL', 'BASE_URL', 'ROLE', 'ANALYTICS_GTM_ID', 'SESSION_SECRET']) {
      expect(message).toContain(`${key}:`);
    }
    expect((caught as ConfigError).issues).toHaveLength(6);
  });

  it('accepts PostgreSQL and SQLite URLs and treats empty optional values as unset', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' }).DATABASE_URL).toMatch(/^postgres:/);
    expect(loadConfig({ DATABASE_URL: 'file:/tmp/x.db', REDIS_URL: '' }).REDIS_URL).toBeUndefined();
  });
});

describe('the data refresh settings (issue #19)', () => {
  it('refresh daily by default, never under NODE_ENV=test unless asked, and never with 0', () => {
    expect(loadConfig({}).DATA_REFRESH_INTERVAL_HOURS).toBe(24);
    expect(loadConfig({ DATA_REFRESH_INTERVAL_HOURS: '' }).DATA_REFRESH_INTERVAL_HOURS).toBe(24);
    expect(loadConfig({ NODE_ENV: 'test' }).DATA_REFRESH_INTERVAL_HOURS).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', DATA_REFRESH_INTERVAL_HOURS: '0.5' }).DATA_REFRESH_INTERVAL_HOURS).toBe(0.5);
    expect(loadConfig({ DATA_REFRESH_INTERVAL_HOURS: '0' }).DATA_REFRESH_INTERVAL_HOURS).toBe(0);
    expect(loadConfig({}).DATA_REFRESH_URL).toBe('https://raw.githubusercontent.com/openfootball');
  });

  it('refuses an interval that is not a number of hours, and a host that is not a URL', () => {
    expect(() => loadConfig({ DATA_REFRESH_INTERVAL_HOURS: 'daily' })).toThrow(/DATA_REFRESH_INTERVAL_HOURS/);
    expect(() => loadConfig({ DATA_REFRESH_INTERVAL_HOURS: '-1' })).toThrow(/DATA_REFRESH_INTERVAL_HOURS/);
    expect(() => loadConfig({ DATA_REFRESH_URL: 'mirror' })).toThrow(/DATA_REFRESH_URL/);
  });
});

describe('publicConfig', () => {
  it('passes only the allow-listed keys to the browser', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://user:hunter2@db/scoreline',
      REDIS_URL: 'redis://:secret@cache:6379',
      SESSION_SECRET: 'x'.repeat(40),
      SOCIAL_TWITTER_URL: 'https://twitter.com/example',
    });
    const exposed = JSON.stringify(publicConfig(config));
    expect(exposed).not.toContain('hunter2');
    expect(exposed).not.toContain('secret');
    expect(exposed).not.toContain('x'.repeat(40));
    expect(publicConfig(config).social.twitter).toBe('https://twitter.com/example');
  });
});
