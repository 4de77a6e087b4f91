// Live updates in a real browser (issue #4): a replay of the Euro 2016 final,
// started through the API at 600×, scores its extra-time goal on the open
// match page — score, timeline and commentary change without a reload.
import { expect, test } from '@playwright/test';
import type { MatchSummary } from '../../domain/football-contracts.ts';
import { documentIsMarked, markDocument, prepareContext, waitForHydration } from './support.ts';

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

test('a replay’s goal appears on the match page without reloading', async ({ page, request }) => {
  test.setTimeout(90_000);
  const season = await request.get('/api/competitions/euro/seasons/2016/matches');
  test.skip(season.status() === 404, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  const { matches } = (await season.json()) as { matches: MatchSummary[] };
  const final = matches.find((match) => match.stage === 'Final');
  expect(final, 'the Euro 2016 final is in the e2e data').toBeDefined();

  const created = await request.post('/api/replays', { data: { matchId: final?.id, speed: 600 } });
  expect(created.status()).toBe(201);
  const replay = ((await created.json()) as { match: MatchSummary }).match;
  expect(replay.replayOf?.matchId).toBe(final?.id);

  await page.goto(`/match/${replay.id}`);
  await waitForHydration(page);
  await markDocument(page);
  await expect(page.getByText('Replay of the match played on 10 Jul 2016: not a live match')).toBeVisible();
  await expect(page).toHaveTitle(/^Portugal v France, 10 Jul 2016 replay \| /);

  // Éder's goal comes in the 109th minute: about 14 s after kick-off at 600×.
  await expect(page.getByTestId('match-score')).toHaveText(/1\s*–\s*0/, { timeout: 45_000 });
  await expect(page.getByTestId('timeline')).toContainText('Goal, Portugal');
  await expect(page.getByTestId('commentary')).toContainText('Portugal 1–0 France');
  await expect(page.getByTestId('match-status')).toHaveText('AET', { timeout: 20_000 });
  expect(await documentIsMarked(page), 'the page was never reloaded').toBe(true);
});

test('“Relive this match” starts a replay from the match page', async ({ page, request }) => {
  const season = await request.get('/api/competitions/euro/seasons/2016/matches');
  test.skip(season.status() === 404, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  const { matches } = (await season.json()) as { matches: MatchSummary[] };
  const opener = matches.find((match) => match.home.name === 'France' && match.away.name === 'Romania');
  expect(opener).toBeDefined();
  await page.goto(`/match/${opener?.id}`);
  await waitForHydration(page);
  await page.getByLabel('Relive this match').selectOption('60');
  await page.getByRole('button', { name: 'Start replay' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/match/${opener?.id}$`));
  await expect(page.getByText('Replay of the match played on 10 Jun 2016: not a live match')).toBeVisible();
  await expect(page.getByTestId('match-status')).toHaveText(/^\d+'$/);
});

test('going offline pauses the stream and coming back resumes it with nothing lost', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  const season = await request.get('/api/competitions/euro/seasons/2016/matches');
  test.skip(season.status() === 404, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  const { matches } = (await season.json()) as { matches: MatchSummary[] };
  // Wales 2–1 Slovakia: three goals, one of them while this page is offline.
  const original = matches.find((match) => match.home.name === 'Wales' && match.away.name === 'Slovakia');
  expect(original).toBeDefined();
  const created = await request.post('/api/replays', { data: { matchId: original?.id, speed: 600 } });
  const replay = ((await created.json()) as { match: MatchSummary }).match;
  await page.goto(`/match/${replay.id}`);
  await waitForHydration(page);
  await markDocument(page);
  await context.setOffline(true);
  await expect(page.getByText('You are offline')).toBeVisible();
  await page.waitForTimeout(6_000);
  await context.setOffline(false);
  await expect(page.getByTestId('match-status')).toHaveText('FT', { timeout: 45_000 });
  await expect(page.getByTestId('match-score')).toHaveText(/2\s*–\s*1/);
  await expect(page.getByTestId('timeline').locator('li', { hasText: 'Goal, ' })).toHaveCount(3);
  expect(await documentIsMarked(page)).toBe(true);
});
