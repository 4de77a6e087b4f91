// A chat room's window turning while a fan has the match page open (issue #23, docs/chat.md "Rooms"): the
// room opens 60 minutes before kick-off and turns read-only 30 minutes after the final whistle, and the clock
// passing those moments sends no event. The box times the change from the match it shows: it switches without
// a reload, well before its 30-second re-read of the room could have told it, and the server's check of a post
// agrees. Each test has a demo replay of its own whose window edge is seconds away, and its own fan.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { MatchSummary } from '../../domain/football-contracts.ts';
import { checkPage, registerMember, screenshotsFor } from './journeys.ts';
import { prepareContext, waitForHydration } from './support.ts';

/** The box's own re-read of the room (use-chat.ts PEOPLE_REFRESH_MS): a switch sooner than this is the timer's. */
const ROOM_REREAD_MS = 30_000;

function unique(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
}

/**
 * A demo replay of the Euro 2016 opener kicking off `kickoffInSeconds` from now (negative: already played), asked
 * for without the fan's cookies (a signed-in POST needs the site's own origin).
 */
async function demoReplay(request: APIRequestContext, kickoffInSeconds: number): Promise<MatchSummary> {
  const season = await request.get('/api/competitions/euro/seasons/2016/matches');
  test.skip(season.status() === 404, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  const { matches } = (await season.json()) as { matches: MatchSummary[] };
  const source = matches.find((match) => match.home.name === 'France' && match.away.name === 'Romania');
  expect(source, 'the Euro 2016 opener is in the e2e data').toBeDefined();
  const created = await request.post('/api/test/demo-replays', {
    data: { matchId: source?.id, kickoffInSeconds },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { match: MatchSummary }).match;
}

async function openMatchPage(page: Page, matchId: number): Promise<Locator> {
  await page.goto(`/match/${matchId}`);
  await waitForHydration(page);
  // A mark on this document: still there at the end, so nothing reloaded the page.
  await page.evaluate(() => Object.defineProperty(window, '__e2eSameDocument', { value: true }));
  return page.getByTestId('chat-box');
}

const sameDocument = (page: Page) =>
  page.evaluate(() => (window as Window & { __e2eSameDocument?: boolean }).__e2eSameDocument === true);

/** Posts through the API from the fan's page, as the box would: the answer's status and error code. */
const postFromPage = (page: Page, matchId: number, text: string) =>
  page.evaluate(
    async ({ id, body }) => {
      const response = await fetch(`/api/matches/${id}/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: body }),
      });
      const answer = (await response.json()) as { error?: { code: string } };
      return { status: response.status, code: answer.error?.code ?? null };
    },
    { id: matchId, body: text },
  );

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

test('the room opens while the page is open: read-only, then the fan can post, without a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await registerMember(page, unique('Early Fan'), { emailPrefix: 'chatwin' });
  await expect(page).toHaveURL(/\/$/);
  // Kick-off in 60 minutes and 12 seconds: the room opens 12 seconds from now.
  const match = await demoReplay(request, 60 * 60 + 12);
  const opensAt = Date.parse(match.kickoffAt) - 60 * 60_000;
  const box = await openMatchPage(page, match.id);
  const loadedAt = Date.now();
  expect(opensAt - loadedAt, 'the page loaded before the room opened').toBeGreaterThan(1_000);
  await expect(box.getByTestId('chat-room-status')).toContainText('Read-only');
  await expect(box.getByTestId('chat-closed-note')).toContainText('The chat is read-only now');
  await expect(box.getByLabel('Your message')).toHaveCount(0);
  // The server agrees: not open yet.
  expect(await postFromPage(page, match.id, 'Too early?')).toEqual({ status: 403, code: 'room_read_only' });

  // The box opens at the window's edge, long before it would read the room again.
  await expect(box.getByTestId('chat-room-status')).toContainText('Open', {
    timeout: opensAt - Date.now() + 5_000,
  });
  const switchedAt = Date.now();
  expect(switchedAt).toBeGreaterThanOrEqual(opensAt - 500);
  expect(switchedAt - loadedAt).toBeLessThan(ROOM_REREAD_MS);
  await expect(box.getByTestId('chat-closed-note')).toHaveCount(0);
  const input = box.getByLabel('Your message');
  const text = `Here early ${unique('msg')}`;
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect(box.getByTestId('chat-message').filter({ hasText: text })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});

test('the room turns read-only 30 minutes after the final whistle while the page is open; posts are refused', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await registerMember(page, unique('Late Fan'), { emailPrefix: 'chatwin' });
  await expect(page).toHaveURL(/\/$/);
  // A replay that kicked off 2 hours 25 minutes ago, less 15 seconds, has been played in full. A replay records
  // no time for its final whistle (its clock says FT), so the room counts 115 minutes from kick-off, then 30:
  // it turns read-only 15 seconds from now.
  const match = await demoReplay(request, -(145 * 60 - 15));
  expect(match.status).toBe('finished');
  expect(match.clock?.phase).toBe('FT');
  const whistle = match.clock?.phaseStartedAt
    ? Date.parse(match.clock.phaseStartedAt)
    : Date.parse(match.kickoffAt) + 115 * 60_000;
  const closesAt = whistle + 30 * 60_000;
  const box = await openMatchPage(page, match.id);
  const loadedAt = Date.now();
  expect(closesAt - loadedAt, 'the room is still open when the page has loaded').toBeGreaterThan(2_000);
  expect(closesAt - loadedAt, 'the room closes well before the box reads it again').toBeLessThan(
    ROOM_REREAD_MS - 5_000,
  );
  await expect(box.getByTestId('chat-room-status')).toContainText('Open');
  const input = box.getByLabel('Your message');
  const text = `Full time ${unique('msg')}`;
  await input.fill(text);
  await input.press('Enter');
  await expect(box.getByTestId('chat-message').filter({ hasText: text })).toBeVisible();
  await expect(box.getByRole('button', { name: /^Reply to/ })).toHaveCount(1);

  // At the window's edge the composer gives way to the read-only notice; the history stays.
  await expect(box.getByTestId('chat-room-status')).toContainText('Read-only', {
    timeout: closesAt - Date.now() + 5_000,
  });
  const switchedAt = Date.now();
  expect(switchedAt).toBeGreaterThanOrEqual(closesAt - 500);
  expect(switchedAt - loadedAt).toBeLessThan(ROOM_REREAD_MS);
  await expect(box.getByTestId('chat-closed-note')).toHaveText(
    'The chat is read-only now: it opens 60 minutes before kick-off and stays open until 30 minutes after the final whistle.',
  );
  await expect(box.getByLabel('Your message')).toHaveCount(0);
  await expect(box.getByTestId('chat-message').filter({ hasText: text })).toBeVisible();
  // Nothing to reply with in a read-only room.
  await expect(box.getByRole('button', { name: /^Reply to/ })).toHaveCount(0);
  // The server's check is the authority, and it agrees.
  expect(await postFromPage(page, match.id, 'One more?')).toEqual({ status: 403, code: 'room_read_only' });
  expect(await sameDocument(page)).toBe(true);
  await box.scrollIntoViewIfNeeded();
  await checkPage(page, 'match-chat-read-only', screenshotsFor('chat-window'));
});
