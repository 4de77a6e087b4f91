// Live updates in a real browser (issue #4): a replay of the Euro 2016 final,
// started through the API at 600×, scores its extra-time goal on the open
// match page — score, timeline and commentary change without a reload; a demo
// replay reaches the home page, /live-sports, its league table and its page.
import { expect, test, type Page } from '@playwright/test';
import type { MatchSummary } from '../../domain/football-contracts.ts';
import { documentIsMarked, markDocument, prepareContext, waitForHydration } from './support.ts';

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

/**
 * Records, from now on, each score the page's row for `matchId` shows (MutationObserver, so none is
 * missed however short it is shown). /live-sports lists the matches in play only: when another match
 * comes live (other tests start replays all the time) it reloads its list, and a match that has ended
 * leaves it, so what it showed while the match was live can be checked afterwards only this way.
 */
async function recordRowScores(page: Page, matchId: number): Promise<() => Promise<string[]>> {
  await page.evaluate((id) => {
    const seen: string[] = [];
    const read = () => {
      const row = document.querySelector(`li:has(a[data-match-id="${id}"]) [data-testid="row-score"]`);
      const score = row?.textContent?.replace(/\s+/g, ' ').trim();
      if (score && score !== seen.at(-1)) seen.push(score);
    };
    read();
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
    (window as Window & { __e2eRowScores?: string[] }).__e2eRowScores = seen;
  }, matchId);
  return () => page.evaluate(() => [...((window as Window & { __e2eRowScores?: string[] }).__e2eRowScores ?? [])]);
}

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

test('going offline pauses the stream and coming back resumes it with nothing lost', async ({
  page,
  context,
  request,
}) => {
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

test('one demo replay’s goals reach the home page, the live list, its table as it stood and its match page, none reloaded', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const season = await request.get('/api/competitions/euro/seasons/2016/matches');
  test.skip(season.status() === 404, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  const { matches } = (await season.json()) as { matches: MatchSummary[] };
  // The opening match, France 2–1 Romania (Giroud 57', Stancu 65' pen, Payet 89'): France's first match.
  const opener = matches.find((match) => match.home.name === 'France' && match.away.name === 'Romania');
  expect(opener, 'France v Romania is in the e2e data').toBeDefined();

  // A demo replay (as the day's schedule starts them, at REPLAY_SPEED: 300× here), so home lists it too.
  const created = await request.post('/api/test/demo-replays', { data: { matchId: opener?.id } });
  expect(created.status()).toBe(201);
  const replay = ((await created.json()) as { match: MatchSummary }).match;

  const context = await browser.newContext();
  await prepareContext(context);
  const [home, sports, league, centre] = await Promise.all([
    context.newPage(),
    context.newPage(),
    context.newPage(),
    context.newPage(),
  ]);
  await home.goto('/');
  await sports.goto('/live-sports');
  await league.goto(`/league/euro?season=2016&replay=${replay.id}`);
  await centre.goto(`/match/${replay.id}`);
  for (const page of [home, sports, league, centre]) {
    await waitForHydration(page);
    await markDocument(page);
  }
  const liveListScores = await recordRowScores(sports, replay.id);
  // Home listed it before its first goal (57'), with the day's other matches.
  await expect(home.locator(`li:has(a[data-match-id="${replay.id}"])`).first().getByTestId('row-score')).toHaveText(
    /^(–|0 – 0)$/,
  );
  await expect(league.getByTestId('replay-table-note')).toContainText('France v Romania');
  await expect(league.getByTestId('standings').locator('caption')).toContainText('with the replay');
  const franceRow = league
    .getByTestId('standings')
    .getByRole('row')
    .filter({ has: league.getByRole('rowheader', { name: 'France' }) });
  const franceNumbers = async () =>
    (await franceRow.getByRole('cell').allTextContents()).slice(1, 9).map((cell) => cell.trim());

  // Once kicked off, the replay counts as it stands.
  await expect(league.getByTestId('as-it-stands')).toBeVisible({ timeout: 30_000 });
  // Full time at 300×: played 1, won 1, 2–1, 3 points — France's record before its second match.
  await expect(centre.getByTestId('match-score')).toHaveText(/2\s*–\s*1/, { timeout: 60_000 });
  await expect.poll(franceNumbers, { timeout: 20_000 }).toEqual(['1', '1', '0', '0', '2', '1', '+1', '3']);
  // Home lists the day's matches, the demo replays among them, finished ones too.
  await expect(home.locator(`li:has(a[data-match-id="${replay.id}"])`).first().getByTestId('row-score')).toHaveText(
    /2\s*–\s*1/,
  );
  // /live-sports lists every replay running: it showed each goal in turn, ending at 2–1. Not checked on
  // the page now: once the match is over, any other match coming live reloads the list without it.
  await expect.poll(async () => (await liveListScores()).at(-1), { timeout: 10_000 }).toBe('2 – 1');
  const shown = await liveListScores();
  expect(shown, 'the live list’s scores, in order').toEqual(
    ['–', '0 – 0', '1 – 0', '1 – 1', '2 – 1'].filter((score) => shown.includes(score)),
  );
  for (const page of [home, sports, league, centre])
    expect(await documentIsMarked(page), `${page.url()} was never reloaded`).toBe(true);

  // The real tournament table never counts a replay.
  const real = (await (await request.get('/api/competitions/euro/seasons/2016/standings')).json()) as {
    rows: Array<{ team: { name: string }; played: number }>;
  };
  expect(real.rows.find((row) => row.team.name === 'France')?.played).toBe(7);
  await context.close();
});
