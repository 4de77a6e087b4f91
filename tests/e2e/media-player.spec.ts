// The player's parts no other spec drives, in Debian's Chromium (issue #22; docs/media.md "The player"): the
// quality menu (a rendition chosen mid-play, the video goes on in that rendition), the click-to-load embed on
// the match page's Highlight tab (nothing from the platform before the click, that tab's CSP frame-src names
// it, then an iframe with the privacy-enhanced URL), and "Hide scores" turning the highlight cards' titles
// neutral without a reload. Screenshots media-player-*.png in E2E_DIR.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createStaffAccount, signInToCms, uniqueStaffEmail } from './staff-support.ts';
import { prepareContext, waitForHydration } from './support.ts';

const SHOTS = process.env.E2E_DIR ?? 'var/e2e';

interface Item {
  id: number;
  title: string;
  kind: string;
  demo: boolean;
  links: { matchId: number | null };
}

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

/** The demo catalogue's highlights of the seeded matches (made at the server's start, in the background). */
async function demoHighlights(page: Page): Promise<Item[]> {
  let items: Item[] = [];
  await expect
    .poll(
      async () => {
        items = await page.evaluate(
          async () => ((await (await fetch('/api/media?kind=highlight')).json()) as { items: Item[] }).items,
        );
        return items.filter((item) => item.demo && item.links.matchId !== null).length;
      },
      { timeout: 45_000 },
    )
    .toBeGreaterThan(0);
  return items.filter((item) => item.demo && item.links.matchId !== null);
}

async function axe(page: Page, label: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.help}`),
      `${label} in ${colorScheme}`,
    ).toEqual([]);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${label} at ${width}`,
      ).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${SHOTS}/media-player-${label}-${colorScheme}-${width}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the quality menu: choosing a rendition mid-play goes on playing in it, and Auto goes back', async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  const [highlight] = await demoHighlights(page);
  await page.goto(`/match-highlight/${highlight!.links.matchId}`);
  await waitForHydration(page);
  const player = page.getByRole('group', { name: `Video player: ${highlight!.title}`, exact: true });
  const video = player.locator('video');
  const state = () =>
    video.evaluate((media: HTMLVideoElement) => ({
      time: media.currentTime,
      height: media.videoHeight,
      paused: media.paused,
      src: media.currentSrc,
    }));
  // The menu lists Auto and the demo's two renditions.
  const quality = player.getByLabel('Quality');
  await expect(quality.locator('option')).toHaveText(['Auto', '360p', '180p']);
  await player.getByRole('button', { name: 'Mute' }).click();
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(async () => (await state()).time, { timeout: 15_000 }).toBeGreaterThan(0.3);

  const renditionRequests: string[] = [];
  page.on('request', (request) => renditionRequests.push(request.url()));
  /** Chooses `label` while playing (a little in, so the 4-second clip has time left) and checks it goes on. */
  async function choose(label: '360p' | '180p', height: number, value: string) {
    await video.evaluate((media: HTMLVideoElement) => {
      media.currentTime = 0.5;
    });
    const before = await state();
    await quality.selectOption({ label });
    await expect(quality).toHaveValue(value);
    // It goes on from where it was, in that rendition, and keeps playing.
    await expect
      .poll(
        async () => {
          const now = await state();
          return now.height === height && !now.paused && now.time > before.time + 0.3;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    expect((await state()).src).toMatch(new RegExp(`/${label}/index\\.m3u8`));
    expect(renditionRequests.some((url) => url.includes(`/${label}/`) && url.endsWith('.m4s'))).toBe(true);
  }
  await choose('360p', 360, '0');
  await choose('180p', 180, '1');

  // Auto: the master playlist again, still playing.
  await video.evaluate((media: HTMLVideoElement) => {
    media.currentTime = 0.5;
  });
  await quality.selectOption({ label: 'Auto' });
  await expect.poll(async () => (await state()).src, { timeout: 10_000 }).toMatch(/\/master\.m3u8/);
  await expect.poll(async () => (await state()).paused, { timeout: 10_000 }).toBe(false);
  expect(errors).toEqual([]);
});

test('an embed highlight on the match page’s Highlight tab loads nothing from its platform until clicked', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // A highlight of a match the demo has none of (14 June 2016), added as a YouTube URL by an editor.
  const editor = uniqueStaffEmail('media-embed');
  createStaffAccount(editor, 'editor', 'Emma Embed');
  await signInToCms(page, editor);
  const title = `Platform highlights ${Date.now()}`;
  const { matchId, videoId } = await page.evaluate(async (videoTitle) => {
    const day = (await (await fetch('/api/matches?date=2016-06-14')).json()) as { matches: Array<{ id: number }> };
    const match = day.matches[0]!;
    const response = await fetch('/api/cms/media', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        title: videoTitle,
        kind: 'highlight',
        access: 'free',
        sourceType: 'embed',
        sourceUrl: 'https://www.youtube.com/watch?v=e2eEmbed123',
        matchId: match.id,
      }),
    });
    if (response.status !== 201) throw new Error(`the CMS said ${response.status}`);
    return {
      matchId: match.id,
      videoId: ((await response.json()) as { data: { video: { id: number } } }).data.video.id,
    };
  }, title);
  expect(videoId).toBeGreaterThan(0);

  // Every request leaving this site is recorded; the platform's is answered here (no network in the sandbox).
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('http://127.0.0.1')) outside.push(request.url());
  });
  const violations: string[] = [];
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>platform</title><p>stub</p>' }),
  );
  const response = await page.goto(`/match/${matchId}/highlight`);
  expect(response?.headers()['content-security-policy']).toContain('frame-src https://www.youtube-nocookie.com');
  expect(response?.headers()['x-scoreline-frame-src']).toBeUndefined();
  await waitForHydration(page);
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(event.blockedURI));
  });
  const play = page.getByRole('button', {
    name: `Play “${title}” (loads the video platform: www.youtube-nocookie.com)`,
  });
  await expect(play).toBeVisible();
  await axe(page, 'embed-tab');
  // Before the click: no frame and nothing asked of the platform (or of any other site).
  await expect(page.locator('iframe')).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(outside.filter((url) => !url.startsWith('https://www.googletagmanager.com/'))).toEqual([]);

  await play.click();
  const frame = page.getByTestId('embed-frame');
  await expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/e2eEmbed123');
  await expect(frame).toHaveAttribute('title', title);
  await expect
    .poll(() => outside.filter((url) => url.startsWith('https://www.youtube-nocookie.com/embed/e2eEmbed123')).length)
    .toBeGreaterThan(0);
  // The tab's CSP let the frame in: its document loaded, no violation reported.
  await expect(page.frameLocator('[data-testid="embed-frame"]').getByText('stub')).toBeVisible();
  violations.push(...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)));
  expect(violations).toEqual([]);
});

test('“Hide scores” on the highlights page turns the video cards’ titles neutral at once', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  const highlights = await demoHighlights(page);
  await page.goto('/sport/football-1/highlights');
  await waitForHydration(page);
  const videos = page.getByRole('region', { name: 'Highlight videos' });
  const cards = videos.getByTestId('media-card');
  // The demo's titles tell the score ("Highlights: Portugal 1–0 France").
  await expect(cards.filter({ hasText: highlights[0]!.title })).toHaveCount(1);
  await expect(cards.filter({ hasText: /\d+–\d+/ }).first()).toBeVisible();

  const hide = page.getByRole('button', { name: 'Hide scores' });
  await hide.click();
  await expect(hide).toHaveAttribute('aria-pressed', 'true');
  await expect(cards.filter({ hasText: /\d+–\d+/ })).toHaveCount(0);
  await expect(cards.filter({ hasText: / v .+ — highlights$/ }).first()).toBeVisible();
  // After a reload the server renders them neutral (the setting is a cookie), and the page's data has no score.
  await page.reload();
  await waitForHydration(page);
  await expect(cards.filter({ hasText: /\d+–\d+/ })).toHaveCount(0);
  expect(await page.content()).not.toContain(highlights[0]!.title);
  await axe(page, 'highlights-hidden');
  await page.getByRole('button', { name: 'Hide scores' }).click();
  await expect(page.getByRole('button', { name: 'Hide scores' })).toHaveAttribute('aria-pressed', 'false');
});
