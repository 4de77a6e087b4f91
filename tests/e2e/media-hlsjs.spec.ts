// The player's hls.js path in Debian's Chromium (issue #22; docs/media.md "The player"). The player loads hls.js
// only when `video.canPlayType('application/vnd.apple.mpegurl')` is empty, and this Chromium plays HLS itself, so
// the other specs drive the native path. Here an init script makes the browser say it cannot (as Chromium
// without native HLS, or Firefox, says): the player imports hls.js's light build, plays the demo highlight
// through Media Source Extensions (the <video>'s source is a blob: URL) — its currentTime advances —, its
// quality menu lists hls.js's levels, and choosing a rendition mid-play (hls.js currentLevel) goes on playing at
// that height from that rendition's segments; no console error.
import { expect, test, type Page } from '@playwright/test';
import { prepareContext, waitForHydration } from './support.ts';

interface Item {
  id: number;
  title: string;
  kind: string;
  demo: boolean;
  links: { matchId: number | null };
}

/** The browser says it cannot play HLS itself; everything else it answers as before. (A string: see chat.spec.) */
const NO_NATIVE_HLS = `(() => {
  const original = HTMLMediaElement.prototype.canPlayType;
  HTMLMediaElement.prototype.canPlayType = function (type) {
    return /mpegurl/i.test(type) ? '' : original.call(this, type);
  };
})();`;

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
  await context.addInitScript({ content: NO_NATIVE_HLS });
});

/** A demo highlight of a match (the demo catalogue is made at the server's start, in the background). */
async function demoHighlight(page: Page): Promise<Item> {
  let found: Item | undefined;
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/api/media?kind=highlight');
        found = ((await answer.json()) as { items: Item[] }).items.find(
          (item) => item.demo && item.links.matchId !== null,
        );
        return found !== undefined;
      },
      { timeout: 45_000 },
    )
    .toBe(true);
  return found!;
}

test('without native HLS the player plays through hls.js, and a quality chosen mid-play goes on in that rendition', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const highlight = await demoHighlight(page);
  await page.goto(`/match-highlight/${highlight.links.matchId}`);
  await waitForHydration(page);
  expect(await page.evaluate(() => document.createElement('video').canPlayType('application/vnd.apple.mpegurl'))).toBe(
    '',
  );

  const player = page.getByRole('group', { name: `Video player: ${highlight.title}`, exact: true });
  const video = player.locator('video');
  const state = () =>
    video.evaluate((media: HTMLVideoElement) => ({
      time: media.currentTime,
      height: media.videoHeight,
      paused: media.paused,
      src: media.currentSrc,
    }));
  // hls.js's levels make the menu (lowest bitrate first): the demo's two renditions.
  const quality = player.getByLabel('Quality');
  await expect(quality.locator('option')).toHaveText(['Auto', '180p', '360p']);
  // Media Source Extensions, not the playlist as the video's source: hls.js is playing it.
  expect((await state()).src).toMatch(/^blob:/);
  expect(requests.some((url) => /\/master\.m3u8/.test(url))).toBe(true);

  await player.getByRole('button', { name: 'Mute' }).click();
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(async () => (await state()).time, { timeout: 15_000 }).toBeGreaterThan(0.5);

  /** Chooses `label` while playing, a little into the 4-second clip, and checks it goes on in that rendition. */
  async function choose(label: '180p' | '360p', height: number) {
    await video.evaluate((media: HTMLVideoElement) => {
      media.currentTime = 0.3;
    });
    const before = await state();
    const asked = requests.length;
    await quality.selectOption({ label });
    await expect
      .poll(
        async () => {
          const now = await state();
          return now.height === height && !now.paused && now.time > before.time + 0.3;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    // That rendition's playlist or segments were fetched after the choice.
    expect(requests.slice(asked).some((url) => url.includes(`/${label}/`))).toBe(true);
    expect((await state()).src).toMatch(/^blob:/);
  }
  await choose('180p', 180);
  await choose('360p', 360);
  expect(requests.some((url) => url.includes('/180p/') && url.endsWith('.m4s'))).toBe(true);
  expect(requests.some((url) => url.includes('/360p/') && url.endsWith('.m4s'))).toBe(true);

  // Auto hands the choice back to hls.js; it keeps playing.
  await quality.selectOption({ label: 'Auto' });
  await expect(quality).toHaveValue('-1');
  await video.evaluate((media: HTMLVideoElement) => {
    media.currentTime = 0.3;
  });
  await expect.poll(async () => (await state()).paused, { timeout: 10_000 }).toBe(false);
  await expect.poll(async () => (await state()).time, { timeout: 10_000 }).toBeGreaterThan(0.6);
  expect(errors).toEqual([]);
});
