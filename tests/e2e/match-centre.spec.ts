// The match centre's line-ups, chalkboard and player stats (issue #5) on the
// Euro 2016 final: the pitch shows both elevens, the shot map's team toggle
// and the pass map's player choice work, the player table sorts, a replay's
// chalkboard fills in without a reload, and axe finds nothing in either mode.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Chalkboard } from '../../domain/chalkboard.ts';
import type { MatchSummary } from '../../domain/football-contracts.ts';
import { prepareContext, waitForHydration } from './support.ts';

const SHOTS = process.env.E2E_DIR ?? 'var/e2e';

// Big pages and screenshots on a busy machine: more time than the suite's default.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

async function findFinal(request: APIRequestContext): Promise<MatchSummary | undefined> {
  const season = await request.get('/api/competitions/euro/seasons/2016/matches');
  if (season.status() === 404) return undefined;
  const { matches } = (await season.json()) as { matches: MatchSummary[] };
  return matches.find((match) => match.stage === 'Final');
}

async function shotCount(page: Page, team?: 'home' | 'away') {
  return page
    .getByTestId('shot-map')
    .locator(team ? `g[data-team="${team}"]` : 'g[data-outcome]')
    .count();
}

test('the final’s line-ups stand on a pitch, with substitutions from the events', async ({ page, request }) => {
  const final = await findFinal(request);
  test.skip(!final, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/match/${final?.id}`);
  const pitch = page.getByTestId('lineup-pitch');
  await expect(pitch).toBeVisible();
  await expect(pitch.locator('[data-player]')).toHaveCount(22);
  await expect(pitch).toContainText('Griezmann');
  await expect(pitch).toContainText('Ronaldo');
  await expect(page.getByRole('heading', { name: 'Line-ups' })).toBeVisible();
  // Ronaldo went off injured in the 25th minute; Quaresma came on for him.
  await expect(page.getByTestId('substitutes-home')).toContainText(
    /Ricardo Quaresma\s*▲?\s*came on 25'\s*for Cristiano Ronaldo/,
  );
  // The text equivalent names all eleven starters of each side.
  await expect(page.getByTestId('starters-away').locator('li')).toHaveCount(11);
  await page.getByRole('heading', { name: 'Line-ups' }).scrollIntoViewIfNeeded();
  await page.locator('#lineups').screenshot({ path: `${SHOTS}/match-centre-lineups-desktop.png` });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(pitch).toBeVisible();
  await page.locator('#lineups').screenshot({ path: `${SHOTS}/match-centre-lineups-mobile.png` });
});

test('the shot map toggles teams and the pass map follows the chosen player', async ({ page, request }) => {
  const final = await findFinal(request);
  test.skip(!final, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  const board = (await (await request.get(`/api/matches/${final?.id}/chalkboard`)).json()) as Chalkboard;
  const france = board.shots.filter((shot) => shot.teamId === final?.away.id).length;
  const griezmann = board.players.find((player) => player.name === 'Antoine Griezmann');
  expect(griezmann).toBeDefined();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/match/${final?.id}`);
  await waitForHydration(page);
  expect(await shotCount(page)).toBe(board.shots.length);

  const toggle = page.getByRole('group', { name: 'Shots by team' });
  await toggle.getByRole('button', { name: 'France' }).click();
  await expect(toggle.getByRole('button', { name: 'France' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => shotCount(page)).toBe(france);
  expect(await shotCount(page, 'home')).toBe(0);
  await toggle.getByRole('button', { name: 'Both' }).click();
  await expect.poll(() => shotCount(page)).toBe(board.shots.length);

  const passMap = page.getByTestId('pass-map');
  await passMap.getByLabel('Player').selectOption(String(griezmann?.id));
  await expect(page.getByTestId('pass-summary')).toContainText(
    `Antoine Griezmann · France: ${griezmann?.passes} passes, ${griezmann?.passesAccurate} completed`,
  );
  await expect(passMap.locator('line[data-accurate]')).toHaveCount(griezmann?.passes ?? -1);
  await expect(passMap.locator('line[data-accurate="false"]')).toHaveCount(
    (griezmann?.passes ?? 0) - (griezmann?.passesAccurate ?? 0),
  );
  await page.locator('#chalkboard').screenshot({ path: `${SHOTS}/match-centre-chalkboard.png` });
});

test('without JavaScript the pass map’s player is chosen with the form', async ({ browser, request }) => {
  const final = await findFinal(request);
  test.skip(!final, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  const board = (await (await request.get(`/api/matches/${final?.id}/chalkboard`)).json()) as Chalkboard;
  const pepe = board.players.find((player) => player.shortName === 'Pepe');
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/match/${final?.id}`);
  const passMap = page.getByTestId('pass-map');
  await passMap.getByLabel('Player').selectOption(String(pepe?.id));
  await passMap.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`player=${pepe?.id}`));
  await expect(page.getByTestId('pass-summary')).toContainText(`${pepe?.name} · Portugal: ${pepe?.passes} passes`);
  await context.close();
});

test('the player stats table sorts by any column, from the keyboard too', async ({ page, request }) => {
  const final = await findFinal(request);
  test.skip(!final, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  await page.goto(`/match/${final?.id}`);
  await waitForHydration(page);
  const table = page.getByTestId('player-stats');
  const firstRow = table.locator('tbody tr').first();
  await table.getByRole('button', { name: 'Goals' }).click();
  await expect(table.getByRole('columnheader', { name: 'Goals' })).toHaveAttribute('aria-sort', 'descending');
  await expect(firstRow).toContainText('Éder');
  // The same button again, with the keyboard: the order reverses.
  await table.getByRole('button', { name: 'Goals' }).focus();
  await page.keyboard.press('Enter');
  await expect(table.getByRole('columnheader', { name: 'Goals' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(firstRow).not.toContainText('Éder');

  await table.getByRole('group', { name: 'Players of' }).getByRole('button', { name: 'France' }).click();
  await table.getByRole('button', { name: 'Passes', exact: true }).click();
  await expect(table.locator('tbody tr')).toHaveCount(14);
  await expect(table.locator('tbody')).not.toContainText('Ronaldo');
  await page.locator('#player-stats').screenshot({ path: `${SHOTS}/match-centre-player-stats.png` });
});

test('a replay’s chalkboard fills in as it is played, without a reload', async ({ page, request }) => {
  test.setTimeout(90_000);
  const final = await findFinal(request);
  test.skip(!final, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  const created = await request.post('/api/replays', { data: { matchId: final?.id, speed: 120 } });
  expect(created.status()).toBe(201);
  const replay = ((await created.json()) as { match: MatchSummary }).match;
  await page.goto(`/match/${replay.id}`);
  await waitForHydration(page);
  await expect(page.getByTestId('chalkboard-progress')).toBeVisible();
  const before = await shotCount(page);
  // At 120× a match minute takes half a second: new shots arrive within seconds.
  await expect.poll(() => shotCount(page), { timeout: 45_000 }).toBeGreaterThan(before);
});

test.describe('axe, light and dark mode', () => {
  test('the match centre of the final', async ({ page, request }) => {
    test.setTimeout(150_000);
    const final = await findFinal(request);
    test.skip(!final, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto(`/match/${final?.id}`);
      await waitForHydration(page);
      await page.getByText(/Every shot as a list/).click();
      const results = await new AxeBuilder({ page })
        .options({ resultTypes: ['violations'] })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
        .analyze();
      expect
        .soft(
          results.violations.map((violation) => ({
            rule: violation.id,
            nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
          })),
          colorScheme,
        )
        .toEqual([]);
      expect(results.passes.length).toBeGreaterThan(5);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${SHOTS}/match-centre-${colorScheme}.png`, fullPage: true });
      await page.locator('#chalkboard').screenshot({ path: `${SHOTS}/match-centre-chalkboard-${colorScheme}.png` });
    }
    expect(errors).toEqual([]);
  });
});
