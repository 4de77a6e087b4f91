// PRICING_OVERLAY_WEB_DOMAIN_NAME (spec §9, issue #21): the one other site allowed to show /pricing and
// /pricing-sport in a frame. Those two pages name it in frame-ancestors (and drop X-Frame-Options, which
// cannot); every other page, API answer included, keeps refusing to be framed; a bad value stops startup.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/helpers/test-app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { securityHeaders } from './security.ts';

function frameAncestorsOf(csp: string | null): string | undefined {
  return (csp ?? '')
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('frame-ancestors'));
}

describe('PRICING_OVERLAY_WEB_DOMAIN_NAME', () => {
  it('accepts a bare domain name (lower-cased) and refuses anything else with a clear message', () => {
    expect(loadConfig({ PRICING_OVERLAY_WEB_DOMAIN_NAME: 'WWW.Partner.example' }).PRICING_OVERLAY_WEB_DOMAIN_NAME).toBe(
      'www.partner.example',
    );
    expect(
      loadConfig({ PRICING_OVERLAY_WEB_DOMAIN_NAME: 'partner.example:8443' }).PRICING_OVERLAY_WEB_DOMAIN_NAME,
    ).toBe('partner.example:8443');
    expect(loadConfig({ PRICING_OVERLAY_WEB_DOMAIN_NAME: '' }).PRICING_OVERLAY_WEB_DOMAIN_NAME).toBeUndefined();
    for (const bad of [
      'https://partner.example',
      'partner.example/pricing',
      "partner.example; script-src 'unsafe-inline'",
      'partner.example *',
      '*.partner.example',
      'localhost',
      "'self'",
      '-partner.example',
    ]) {
      let caught: unknown;
      try {
        loadConfig({ PRICING_OVERLAY_WEB_DOMAIN_NAME: bad });
      } catch (error) {
        caught = error;
      }
      expect(caught, bad).toBeInstanceOf(ConfigError);
      expect((caught as ConfigError).message).toContain(
        'PRICING_OVERLAY_WEB_DOMAIN_NAME: must be a bare domain name such as www.partner.example',
      );
    }
  });

  it('stops `npm start` at once with the message when the value is bad', () => {
    const run = spawnSync('npx', ['tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PRICING_OVERLAY_WEB_DOMAIN_NAME: 'https://partner.example/x',
        DATABASE_URL: 'file:/nonexistent/x.db',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PRICING_OVERLAY_WEB_DOMAIN_NAME: must be a bare domain name');
  });

  it('lets only the pricing pages be framed, and only by that site over https', () => {
    const config = loadConfig({ PRICING_OVERLAY_WEB_DOMAIN_NAME: 'partner.example' });
    for (const path of ['/pricing', '/pricing-sport', '/pricing/']) {
      const headers = securityHeaders(config, 'nonce', false, path);
      expect(frameAncestorsOf(headers['Content-Security-Policy'] ?? null), path).toBe(
        "frame-ancestors 'self' https://partner.example",
      );
      expect(headers['X-Frame-Options'], path).toBeUndefined();
    }
    for (const path of [
      '/',
      '/account',
      '/payment/copy-link',
      '/pricing/extra',
      '/pricing-sport.data',
      '/api/plans',
      null,
    ]) {
      const headers = securityHeaders(config, 'nonce', false, path);
      expect(frameAncestorsOf(headers['Content-Security-Policy'] ?? null), String(path)).toBe("frame-ancestors 'none'");
      expect(headers['X-Frame-Options'], String(path)).toBe('DENY');
    }
    // Vite's dev server gets no full policy, but the framing rule still holds.
    expect(securityHeaders(config, null, false, '/pricing')['Content-Security-Policy']).toBe(
      "frame-ancestors 'self' https://partner.example",
    );
    expect(securityHeaders(config, null, false, '/')['X-Frame-Options']).toBe('DENY');
  });

  it('leaves every page unframeable when unset', () => {
    const config = loadConfig({});
    const headers = securityHeaders(config, 'nonce', false, '/pricing');
    expect(frameAncestorsOf(headers['Content-Security-Policy'] ?? null)).toBe("frame-ancestors 'none'");
    expect(headers['X-Frame-Options']).toBe('DENY');
  });
});

describe('the framing headers through the app', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { PRICING_OVERLAY_WEB_DOMAIN_NAME: 'overlay.partner.example' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends frame-ancestors with the overlay site on /pricing and /pricing-sport only', async () => {
    for (const path of ['/pricing', '/pricing-sport']) {
      const response = await t.app.request(`http://localhost:3000${path}`);
      expect(frameAncestorsOf(response.headers.get('content-security-policy')), path).toBe(
        "frame-ancestors 'self' https://overlay.partner.example",
      );
      expect(response.headers.get('x-frame-options'), path).toBeNull();
    }
    for (const path of ['/', '/api/plans', '/account']) {
      const response = await t.app.request(`http://localhost:3000${path}`);
      expect(frameAncestorsOf(response.headers.get('content-security-policy')), path).toBe("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });
});
