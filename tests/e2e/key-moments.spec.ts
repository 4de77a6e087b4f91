// The key-moment replay (issue #22) in a real browser, on Hungary 3–3 Portugal
// (Euro 2016, Wyscout): the highlight tab steps through the six goals in order
// by keyboard with the scorers, minutes and score visible; Play draws a
// moment's actions one by one and moves on; with reduced motion each moment is
// drawn whole at once; a replay in progress gains moments without a reload;
// axe finds nothing in light or dark mode; screenshots at
// 390 and 1280 px.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { MatchSummary } from '../../domain/football-contracts.ts';
import type { KeyMoments } from '../../domain/key-moments.ts';
import { prepareContext, waitForHydration } from './support.ts';

const SHOTS = process.env.E2E_DIR ?? 'var/e2e';

test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

async function findMatch(request: APIRequestContext): Promise<{ match: MatchSummary; data: KeyMoments } | undefined> {
  const season = await request.get('/api/competitions/euro/seasons/2016/matches');
  if (season.status() === 404) return undefined;
  const { matches } = (await season.json()) as { matches: MatchSummary[] };
  const match = matches.find((item) => item.home.name === 'Hungary' && item.away.name === 'Portugal');
  if (!match) return undefined;
  const data = (await (await request.get(`/api/matches/${match.id}/key-moments`)).json()) as KeyMoments;
  return { match, data };
}

const caption = (page: Page) => page.getByTestId('replay-caption');
const drawnSteps = (page: Page) => page.getByTestId('key-moment-replay').locator('svg [data-step]').count();

test('steps through the goals in order by keyboard, with names, minutes and the score', async ({ page, request }) => {
  const found = await findMatch(request);
  test.skip(!found, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  const { match, data } = found!;
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/match/${match.id}/highlight`);
  await waitForHydration(page);
  const replay = page.getByTestId('key-moment-replay');
  await expect(replay.getByRole('heading', { name: 'Key moments', exact: true })).toBeVisible();
  await expect(replay.getByText(`Moment 1 of ${data.moments.length}`)).toBeVisible();

  // From the Previous button, Tab reaches Play and then Next, each with a visible focus ring.
  const previous = replay.getByRole('button', { name: 'Previous' });
  await expect(previous).toHaveAttribute('aria-disabled', 'true');
  await replay.getByRole('button', { name: 'Play' }).focus();
  await page.keyboard.press('Tab');
  const next = replay.getByRole('button', { name: 'Next' });
  await expect(next).toBeFocused();
  expect(await next.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');

  const goals: string[] = [];
  for (const [index, moment] of data.moments.entries()) {
    await expect(replay.getByText(`Moment ${index + 1} of ${data.moments.length}`)).toBeVisible();
    await expect(caption(page)).toContainText(moment.minute.toString());
    // The pitch draws the moment's actions, the list names their players.
    expect(await drawnSteps(page)).toBe(moment.steps.length);
    const named = moment.steps.find((step) => step.player !== null)?.player;
    if (named) await expect(replay.getByRole('list', { name: 'What led to it' })).toContainText(named);
    if (moment.outcome === 'goal') goals.push((await caption(page).textContent()) ?? '');
    // Enter on the focused Next button and the → key both move on.
    await page.keyboard.press(index % 2 === 0 ? 'ArrowRight' : 'Enter');
  }
  expect(goals).toHaveLength(6);
  expect(goals[0]).toMatch(/19' Goal: Z\. Gera.*Hungary 1–0 Portugal/);
  expect(goals[1]).toMatch(/42' Goal: Nani.*Hungary 1–1 Portugal/);
  expect(goals[2]).toMatch(/47' Goal: B\. Dzsudzsák.*Hungary 2–1 Portugal/);
  expect(goals[3]).toMatch(/50' Goal: Cristiano Ronaldo.*Hungary 2–2 Portugal/);
  expect(goals[4]).toMatch(/55' Goal: B\. Dzsudzsák.*Hungary 3–2 Portugal/);
  expect(goals[5]).toMatch(/62' Goal: Cristiano Ronaldo.*Hungary 3–3 Portugal/);
  // The last moment: Next says it is disabled but keeps the focus, and ← goes back.
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await expect(next).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(replay.getByText(`Moment ${data.moments.length - 1} of ${data.moments.length}`)).toBeVisible();
  expect(errors).toEqual([]);
});

test('Play draws a moment action by action, then moves on; Pause stops', async ({ page, request }) => {
  const found = await findMatch(request);
  test.skip(!found, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  const { match, data } = found!;
  const first = data.moments[0]!;
  await page.goto(`/match/${match.id}/highlight`);
  await waitForHydration(page);
  const replay = page.getByTestId('key-moment-replay');
  await replay.getByRole('button', { name: 'Play' }).focus();
  await page.keyboard.press('Enter');
  const pause = replay.getByRole('button', { name: 'Pause' });
  await expect(pause).toBeFocused();
  // Drawn one by one: fewer than all at first, all of them later.
  expect(await drawnSteps(page)).toBeLessThan(first.steps.length);
  await expect.poll(() => drawnSteps(page), { timeout: 15_000 }).toBe(first.steps.length);
  await expect(replay.getByText(`Moment 2 of ${data.moments.length}`)).toBeVisible({ timeout: 10_000 });
  await page.keyboard.press('Enter');
  await expect(replay.getByRole('button', { name: 'Play' })).toBeFocused();
  await expect.poll(() => drawnSteps(page)).toBe(data.moments[1]!.steps.length);
});

test('with reduced motion every moment is drawn whole at once', async ({ page, request }) => {
  const found = await findMatch(request);
  test.skip(!found, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  const { match, data } = found!;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/match/${match.id}/highlight`);
  await waitForHydration(page);
  const replay = page.getByTestId('key-moment-replay');
  await replay.getByRole('button', { name: 'Play' }).click();
  expect(await drawnSteps(page)).toBe(data.moments[0]!.steps.length);
  await expect(replay.getByText(`Moment 2 of ${data.moments.length}`)).toBeVisible({ timeout: 10_000 });
  expect(await drawnSteps(page)).toBe(data.moments[1]!.steps.length);
  // Nothing animates: the ball jumps, the lines are whole.
  const ball = replay.getByTestId('replay-ball');
  expect(await ball.evaluate((element) => getComputedStyle(element).transitionDuration)).toMatch(/^(0s|1e-05s)$/);
  await replay.getByRole('button', { name: 'Pause' }).click();
});

test('a replay in progress adds its moments as its clock reaches them, without a reload', async ({ page, request }) => {
  test.setTimeout(90_000);
  const found = await findMatch(request);
  test.skip(!found, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  // At 120× a match minute takes half a second: Pepe's chance (8') comes after about 4 seconds.
  const created = await request.post('/api/replays', { data: { matchId: found!.match.id, speed: 120 } });
  expect(created.status()).toBe(201);
  const replay = ((await created.json()) as { match: MatchSummary }).match;
  await page.goto(`/match/${replay.id}/highlight`);
  await waitForHydration(page);
  const counter = page.getByTestId('key-moment-replay').getByText(/^Moment \d+ of \d+$/);
  await expect(counter).toBeVisible({ timeout: 30_000 });
  const total = async () => Number(/of (\d+)/.exec((await counter.textContent()) ?? '')?.[1] ?? 0);
  const first = await total();
  await expect.poll(total, { timeout: 45_000 }).toBeGreaterThan(first);
  // Never more than the whole match has.
  expect(await total()).toBeLessThanOrEqual(found!.data.moments.length);
});

test.describe('axe, light and dark mode', () => {
  test('the highlight tab of Hungary v Portugal', async ({ page, request }) => {
    test.setTimeout(120_000);
    const found = await findMatch(request);
    test.skip(!found, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
    const { match } = found!;
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/match/${match.id}/highlight`);
        await waitForHydration(page);
        const results = await new AxeBuilder({ page })
          .options({ resultTypes: ['violations'] })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
          .analyze();
        expect
          .soft(
            results.violations.map((violation) => ({
              rule: violation.id,
              nodes: violation.nodes
                .slice(0, 5)
                .map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
            })),
            `${colorScheme} ${width}`,
          )
          .toEqual([]);
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${SHOTS}/key-moments-${colorScheme}-${width}.png`, fullPage: true });
        // A goal with a longer build-up: Nani's equaliser.
        await page
          .getByTestId('key-moment-list')
          .getByRole('link', { name: /Goal: Nani/ })
          .click();
        await expect(page.getByTestId('replay-caption')).toContainText("42' Goal: Nani");
        await page
          .getByTestId('key-moment-replay')
          .screenshot({ path: `${SHOTS}/key-moments-nani-${colorScheme}-${width}.png` });
      }
    }
  });
});
