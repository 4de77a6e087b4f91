// The media pages and the player in Debian's Chromium (issue #22; docs/media.md): a Premium member (paid with
// the sandbox card) plays a premium film from /movies — its currentTime advances with no console error — and
// after a reload it resumes near where it stopped; a free member gets the Premium offer on the film's page; a
// highlight plays on /match-highlight/{id}, by keyboard alone; every media page passes axe in light and dark at
// 390 and 1280 px with nothing wider than the window (journeys.ts checkPage; screenshots media-*.png in
// E2E_DIR/screenshots/media-pages).
import { expect, test, type Page } from '@playwright/test';
import { buyPremium, checkPage as checkPageAt, registerMember, screenshotsFor } from './journeys.ts';
import { prepareContext, waitForHydration } from './support.ts';

interface Item {
  id: number;
  title: string;
  kind: string;
  access: string;
  demo: boolean;
  links: { matchId: number | null };
}

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

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

const currentTime = (page: Page, player: string) =>
  page
    .getByRole('group', { name: `Video player: ${player}`, exact: true })
    .locator('video')
    .evaluate((video: HTMLVideoElement) => video.currentTime);

/**
 * The page as a user meets it (journeys.ts): axe light and dark at 390 and 1280 px, no overflow, screenshots. From
 * the top of the page: after playing, a reload restores the scroll offset, and at the other width that can leave the
 * player's buttons under the sticky header, which axe then counts as too small a target.
 */
async function checkPage(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkPageAt(page, `media-${name}`, screenshotsFor('media-pages'));
}

test('a Premium member plays a premium film from /movies and resumes it after a reload', async ({ page }) => {
  test.setTimeout(150_000);
  await registerMember(page, 'Pat Premium', { emailPrefix: 'mpages' });
  await expect(page).toHaveURL(/\/$/);
  const items = await demoCatalogue(page);
  await buyPremium(page);
  const errors = collectErrors(page);
  const film = items.find((item) => item.kind === 'movie' && item.access === 'premium')!;

  await page.goto('/movies');
  await waitForHydration(page);
  await checkPage(page, 'movies');
  await page.getByRole('list', { name: /./ }).first().waitFor();
  await page
    .getByTestId('film-grid')
    .getByRole('link', { name: new RegExp(film.title) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/movies/${film.id}$`));
  await waitForHydration(page);
  await expect(page.getByTestId('premium-offer')).toHaveCount(0);

  const player = page.getByRole('group', { name: `Video player: ${film.title}`, exact: true });
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => currentTime(page, film.title), { timeout: 15_000 }).toBeGreaterThan(2.5);
  await player.getByRole('button', { name: 'Pause', exact: true }).click();
  const stopped = await currentTime(page, film.title);
  // The pause saved the position through the API.
  await expect
    .poll(async () =>
      page.evaluate(async (id) => {
        const response = await fetch(`/api/media/${id}/position`);
        return ((await response.json()) as { positionSeconds: number }).positionSeconds;
      }, film.id),
    )
    .toBeGreaterThanOrEqual(2);

  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId('player-status').first()).toHaveText(/Resumed at 0:0[2-5]/);
  // The player seeks there once the video's metadata is in (the saved position is in whole seconds).
  await expect.poll(() => currentTime(page, film.title), { timeout: 10_000 }).toBeGreaterThan(stopped - 1.5);
  expect(await currentTime(page, film.title)).toBeLessThanOrEqual(stopped + 0.5);
  await checkPage(page, 'film-premium');
  expect(errors).toEqual([]);
});

test('when a signed playlist request is refused (403, as after expiry), the player asks /play again and plays', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerMember(page, 'Rene Renew', { emailPrefix: 'mpages' });
  await expect(page).toHaveURL(/\/$/);
  const items = await demoCatalogue(page);
  await buyPremium(page);
  const film = items.filter((item) => item.kind === 'movie' && item.access === 'premium').at(-1)!;
  let refused = 0;
  let plays = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/media/${film.id}/play`)) plays++;
  });
  // The film's files are refused until the player has asked /play again, as the server refuses an expired token.
  await page.route(`**/media/v/${film.id}/**`, async (route) => {
    if (plays < 2) {
      refused++;
      await route.fulfill({ status: 403, contentType: 'application/json', body: '{"error":{"code":"forbidden"}}' });
      return;
    }
    await route.continue();
  });
  await page.goto(`/movies/${film.id}`);
  await waitForHydration(page);
  await expect.poll(() => refused).toBeGreaterThan(0);
  await expect.poll(() => plays).toBeGreaterThanOrEqual(2);
  const player = page.getByRole('group', { name: `Video player: ${film.title}`, exact: true });
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => currentTime(page, film.title), { timeout: 15_000 }).toBeGreaterThan(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a free member gets the Premium offer on the film’s page, with the poster and the free trailer', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await registerMember(page, 'Fran Free', { emailPrefix: 'mpages' });
  await expect(page).toHaveURL(/\/$/);
  const items = await demoCatalogue(page);
  const film = items.find((item) => item.kind === 'movie' && item.access === 'premium')!;
  await page.goto(`/movies/${film.id}`);
  await waitForHydration(page);
  const offer = page.getByTestId('premium-offer');
  await expect(offer.getByRole('heading', { name: /Watch the full film with Premium/ })).toBeVisible();
  await expect(offer.getByRole('link', { name: 'See Premium plans' })).toHaveAttribute('href', '/pricing');
  await expect(offer.getByRole('img', { name: `Poster of ${film.title}` })).toBeVisible();
  await expect(page.getByRole('group', { name: `Video player: ${film.title}`, exact: true })).toHaveCount(0);
  // The trailer plays for anyone.
  const trailer = page.getByRole('group', { name: /Video player: .*\(trailer\)/ });
  await trailer.getByRole('button', { name: 'Play', exact: true }).click();
  await expect
    .poll(() => trailer.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.5);
  await checkPage(page, 'film-offer');
});

test('a highlight plays on /match-highlight/{id} by keyboard alone; the highlights pages pass axe', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectErrors(page);
  await page.goto('/');
  const items = await demoCatalogue(page);
  const highlight = items.find((item) => item.demo && item.kind === 'highlight' && item.links.matchId !== null)!;
  expect(highlight, 'the demo has highlights of the seeded matches').toBeDefined();
  const matchId = highlight.links.matchId!;

  await page.goto(`/match-highlight/${matchId}`);
  await waitForHydration(page);
  await expect(page.getByRole('link', { name: 'Match centre' })).toHaveAttribute('href', `/match/${matchId}`);
  await expect(page.getByTestId('highlight-score')).toContainText('–');
  const player = page.getByRole('group', { name: `Video player: ${highlight.title}`, exact: true });
  await player.focus();
  await expect(player).toBeFocused();
  await page.keyboard.press('k');
  await expect.poll(() => currentTime(page, highlight.title), { timeout: 15_000 }).toBeGreaterThan(0.5);
  await expect(player.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await page.keyboard.press('m');
  await expect(player.getByRole('button', { name: 'Unmute' })).toBeVisible();
  await page.keyboard.press(' ');
  await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  const before = await currentTime(page, highlight.title);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => currentTime(page, highlight.title)).toBeLessThan(before);
  // Tab reaches the labelled buttons.
  await page.keyboard.press('Tab');
  await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeFocused();
  await checkPage(page, 'match-highlight');

  await page.goto(`/match/${matchId}/highlight`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Highlight video' })).toBeVisible();
  await checkPage(page, 'match-tab');

  await page.goto('/sport/football-1/highlights');
  await waitForHydration(page);
  await expect(page.getByRole('link', { name: new RegExp(highlight.title) }).first()).toHaveAttribute(
    'href',
    `/match-highlight/${matchId}`,
  );
  await checkPage(page, 'highlights');
  expect(errors).toEqual([]);
});
