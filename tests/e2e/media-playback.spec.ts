// Playback of the generated demo catalogue in Debian's Chromium (issue #22; docs/media.md), through the
// API only (the pages and the player come next): a guest plays a free highlight; a Premium member plays a
// premium film from its signed URL and the video's currentTime advances with no console error; a free
// member gets 403 from /play, and a direct request for the film's playlist and a segment gets 403 too.
import { expect, test, type Page } from '@playwright/test';
import { buyPremium, registerMember } from './journeys.ts';
import { prepareContext } from './support.ts';

interface Item {
  id: number;
  kind: string;
  access: string;
  demo: boolean;
}

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

/** The demo catalogue, made at the server's start in the background: waits until it is there. */
async function demoCatalogue(page: Page): Promise<Item[]> {
  let items: Item[] = [];
  await expect
    .poll(
      async () => {
        items = await page.evaluate(
          async () => ((await (await fetch('/api/media')).json()) as { items: Item[] }).items,
        );
        return items.filter((item) => item.demo && item.kind === 'movie').length;
      },
      { timeout: 45_000 },
    )
    .toBeGreaterThan(0);
  return items;
}

/** Plays `url` in a muted <video> on the page; resolves with its currentTime after a while. */
async function playFor(page: Page, url: string): Promise<number> {
  return await page.evaluate(async (source) => {
    const video = document.createElement('video');
    video.muted = true;
    video.src = source;
    document.body.append(video);
    await video.play();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    if (video.error) throw new Error(`media error ${video.error.code}`);
    return video.currentTime;
  }, url);
}

test('a guest plays a free highlight; a Premium member plays a premium film; a free member gets 403', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  const items = await demoCatalogue(page);
  const highlight = items.find((item) => item.demo && item.kind === 'highlight' && item.access === 'free');
  const film = items.find((item) => item.kind === 'movie' && item.access === 'premium')!;
  expect(highlight, 'the demo has highlights of the seeded matches').toBeDefined();

  const free = await page.evaluate(async (id) => {
    const response = await fetch(`/api/media/${id}/play`, { method: 'POST' });
    return (await response.json()) as { url: string };
  }, highlight!.id);
  expect(await playFor(page, free.url)).toBeGreaterThan(0.5);

  // A Premium member: pays on the sandbox checkout, then plays the film from its signed URL.
  await registerMember(page, 'Pat Premium', { emailPrefix: 'media' });
  await expect(page).toHaveURL(/\/$/);
  await buyPremium(page);
  const played = await page.evaluate(async (id) => {
    const response = await fetch(`/api/media/${id}/play`, { method: 'POST' });
    return { status: response.status, body: (await response.json()) as { url: string; expiresAt: string } };
  }, film.id);
  expect(played.status).toBe(200);
  expect(played.body.url).toContain('?token=');
  expect(await playFor(page, played.body.url)).toBeGreaterThan(0.5);
  expect(errors).toEqual([]);

  // A free member, in another browser context: no URL from /play, and the copied one is refused there.
  const other = await browser.newContext();
  await prepareContext(other);
  const freePage = await other.newPage();
  await registerMember(freePage, 'Frankie Free', { emailPrefix: 'media' });
  await expect(freePage).toHaveURL(/\/$/);
  const refused = await freePage.evaluate(
    async ({ id, url }) => {
      const play = await fetch(`/api/media/${id}/play`, { method: 'POST' });
      const master = await fetch(url);
      const segment = await fetch(url.replace('master.m3u8', '360p/seg000.m4s'));
      const bare = await fetch(url.split('?')[0]!);
      return [play.status, master.status, segment.status, bare.status];
    },
    { id: film.id, url: played.body.url },
  );
  expect(refused).toEqual([403, 403, 403, 403]);
  await other.close();
});
