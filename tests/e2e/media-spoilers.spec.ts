// Spoiler-safe highlights revealed in place (issues #5 and #22; docs/media.md "Spoiler-safe"): with "Hide scores"
// on, a highlight's title is neutral and the real one is not in the page; switching it off on the highlights page
// shows the real title at once, without a reload, as a list shows its scores. On the match page's Highlight tab,
// "Reveal the score" reveals that tab (its video, the score, the chat), as /match-highlight/{id} reveals itself.
// Demo highlights only (picked by `demo: true`), so other specs' videos never change what this one sees.
import { expect, test, type Page } from '@playwright/test';
import { checkPage, screenshotsFor } from './journeys.ts';
import { prepareContext, waitForHydration } from './support.ts';

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

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A demo highlight of a match, once the demo catalogue (made at the server's start) is there. */
async function demoHighlight(page: Page): Promise<Item & { matchId: number }> {
  let found: Item | undefined;
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/api/media?kind=highlight');
        const { items } = (await answer.json()) as { items: Item[] };
        found = items.find((item) => item.demo && item.links.matchId !== null);
        return found !== undefined;
      },
      { timeout: 45_000 },
    )
    .toBe(true);
  return { ...found!, matchId: found!.links.matchId! };
}

/** Marks this document: still marked later means nothing reloaded the page. */
const markDocument = (page: Page) =>
  page.evaluate(() => Object.defineProperty(window, '__e2eSameDocument', { value: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as Window & { __e2eSameDocument?: boolean }).__e2eSameDocument === true);

test('switching "Hide scores" off on the highlights page shows the real titles without a reload', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const errors = collectErrors(page);
  const highlight = await demoHighlight(page);
  await page.goto('/sport/football-1/highlights');
  await context.addCookies([{ name: 'spoiler-safe', value: '1', url: page.url() }]);
  await page.reload();
  await waitForHydration(page);
  await markDocument(page);
  const card = page.getByTestId('media-card').and(page.locator(`[href="/match-highlight/${highlight.matchId}"]`));
  await expect(card).toHaveText(/ v .+ — highlights$/);
  const neutral = (await card.textContent()) ?? '';
  expect(neutral).not.toContain(highlight.title);
  // The real title is in neither the page's text nor its data.
  expect(await page.content()).not.toContain(highlight.title);
  const toggle = page.getByRole('button', { name: 'Hide scores' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(card).toContainText(highlight.title);
  // On again: neutral at once; off again: the title, already known.
  await toggle.click();
  await expect(card).not.toContainText(highlight.title);
  await expect(card).toContainText(neutral);
  await toggle.click();
  await expect(card).toContainText(highlight.title);
  expect(await sameDocument(page)).toBe(true);
  await checkPage(page, 'highlights-revealed', screenshotsFor('media-spoilers'));
  expect(errors).toEqual([]);
});

test('on the match page’s Highlight tab, "Reveal the score" reveals the tab in place: video, score and chat', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const errors = collectErrors(page);
  const highlight = await demoHighlight(page);
  await page.goto(`/match/${highlight.matchId}/highlight`);
  await context.addCookies([{ name: 'spoiler-safe', value: '1', url: page.url() }]);
  await page.reload();
  await waitForHydration(page);
  await markDocument(page);
  const cover = page.getByTestId('spoiler-cover');
  await expect(cover).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Highlight video' })).toHaveCount(0);
  await expect(page.getByTestId('match-score')).toHaveText('? – ?');
  await expect(page.getByTestId('chat-spoiler-notice')).toBeVisible();
  await checkPage(page, 'match-tab-hidden', screenshotsFor('media-spoilers'));

  const reveal = cover.getByRole('link', { name: 'Reveal the score' });
  await expect(reveal).toHaveAttribute('href', `/match/${highlight.matchId}/highlight?reveal=1`);
  await reveal.click();
  await expect(page).toHaveURL(new RegExp(`/match/${highlight.matchId}/highlight\\?reveal=1$`));
  await expect(page.getByRole('heading', { name: 'Highlight video' })).toBeVisible();
  await expect(page.getByRole('group', { name: `Video player: ${highlight.title}`, exact: true })).toBeVisible();
  await expect(page.getByTestId('match-score')).toHaveText(/^Score: \d+ – \d+$/);
  // The chat opens with the score.
  await expect(page.getByTestId('chat-spoiler-notice')).toHaveCount(0);
  await expect(page.getByTestId('chat-room-status')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Match sections' }).getByRole('link', { name: 'Highlight', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  expect(await sameDocument(page)).toBe(true);
  await checkPage(page, 'match-tab-revealed', screenshotsFor('media-spoilers'));
  expect(errors).toEqual([]);
});
