// The match centre's insight sections in a real browser (issue #5): the
// momentum graph with its goal markers, head-to-head with an earlier meeting,
// the group table with both teams highlighted, a live replay whose graph grows
// and whose table counts its score as it stands, and axe in light and dark.
// The e2e data is Euro 2016 only (scripts/e2e-seed.ts), where no two teams met
// twice, so an earlier meeting of Portugal and France (the 2006 World Cup
// semi-final, Portugal 0–1 France) is written into the test database first.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import path from 'node:path';
import type { MatchSummary } from '../../domain/football-contracts.ts';
import { prepareContext, waitForHydration } from './support.ts';

const E2E_DIR = process.env.E2E_DIR ?? 'var/e2e';
const SHOTS = path.join(E2E_DIR, 'screenshots');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

test.describe.configure({ mode: 'serial' });

let matches: MatchSummary[] = [];
const byTeams = (home: string, away: string) => {
  const found = matches.find((match) => match.home.name === home && match.away.name === away);
  if (!found) throw new Error(`${home} v ${away} is not in the e2e data`);
  return found;
};

/** The 2006 World Cup semi-final, written once into the e2e database (the server reads the same file). */
function seedEarlierMeeting(portugalId: number, franceId: number): number {
  const db = new Database(path.join(E2E_DIR, 'scoreline-e2e.db'));
  try {
    // The server writes too (replays, live events): wait for its write lock rather than fail.
    db.pragma('busy_timeout = 20000');
    return db.transaction(() => {
      const found = db.prepare("select id from match where source = 'e2e-h2h'").get() as { id: number } | undefined;
      if (found) return Number(found.id);
      db.prepare(
        `insert into competition (code, sport_id, name, area_code, area_name, kind, tier, rules, importance)
         select 'world.cup', 'football-1', 'FIFA World Cup', null, 'World', 'cup', null, '{"pointsForWin":3,"pointsForDraw":1,"tieBreakers":["points","goalDifference","goalsFor"]}', 99
         where not exists (select 1 from competition where code = 'world.cup')`,
      ).run();
      const competition = db.prepare("select id from competition where code = 'world.cup'").get() as { id: number };
      db.prepare(
        `insert into season (competition_id, code, name, start_date, end_date, complete, synthetic)
         select ?, '2006', 'World Cup 2006', '2006-06-09', '2006-07-09', 1, 0
         where not exists (select 1 from season where competition_id = ? and code = '2006')`,
      ).run(competition.id, competition.id);
      const season = db.prepare("select id from season where competition_id = ? and code = '2006'").get(competition.id) as { id: number };
      const inserted = db
        .prepare(
          `insert into match (season_id, stage, round, group_name, kickoff_at, kickoff_time_known, home_team_id, away_team_id, status,
             home_score, away_score, home_score_ht, away_score_ht, has_events, source, updated_at)
           values (?, 'Semi-finals', 'Semi-finals', null, '2006-07-05T19:00:00.000Z', 1, ?, ?, 'finished', 0, 1, 0, 1, 0, 'e2e-h2h', ?)`,
        )
        .run(season.id, portugalId, franceId, new Date().toISOString());
      return Number(inserted.lastInsertRowid);
    })();
  } finally {
    db.close();
  }
}

/** axe over the insight sections only: the whole match page is checked by a11y.spec.ts, and this keeps each run short. */
async function axeClean(page: Page, label: string) {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(WCAG_TAGS).include('#momentum').include('#head-to-head');
  if ((await page.locator('#table').count()) > 0) builder.include('#table');
  const results = await builder.analyze();
  expect
    .soft(
      results.violations.map((violation) => ({ rule: violation.id, nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')) })),
      label,
    )
    .toEqual([]);
  // Guard against a vacuous pass: axe really looked at the sections.
  expect(results.passes.length, label).toBeGreaterThan(5);
}

test.beforeAll(async ({ request }) => {
  const season = await request.get('/api/competitions/euro/seasons/2016/matches');
  test.skip(season.status() === 404, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  matches = ((await season.json()) as { matches: MatchSummary[] }).matches;
});

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

test('the momentum graph marks every goal and says who was on top', async ({ page }) => {
  // Hungary 3–3 Portugal: six goals, three each.
  const match = byTeams('Hungary', 'Portugal');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/match/${match.id}`);
  await waitForHydration(page);
  const momentum = page.getByTestId('momentum');
  await expect(momentum).toBeVisible();
  await expect(momentum.getByTestId('momentum-goal')).toHaveCount(6);
  await expect(momentum.locator('svg rect').first()).toBeAttached();
  expect(await momentum.locator('svg rect').count()).toBeGreaterThan(40);
  await expect(page.getByTestId('momentum-summary')).toContainText(/(Hungary|Portugal) were on top for \d+ of the \d+ minutes played, (Hungary|Portugal) for (\d+|none)\./);
  await expect(page.getByTestId('momentum-summary')).toContainText('Goals: ');
  await expect(momentum.getByText('HT', { exact: true })).toBeVisible();

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.locator('#momentum').screenshot({ path: path.join(SHOTS, `momentum-${scheme}.png`) });
    await page.screenshot({ path: path.join(SHOTS, `match-centre-desktop-${scheme}.png`), fullPage: true });
  }
});

test('head-to-head lists the earlier meeting and links to it; a final has no table', async ({ page }) => {
  const final = byTeams('Portugal', 'France');
  const earlierId = seedEarlierMeeting(final.home.id, final.away.id);
  await page.goto(`/match/${final.id}`);
  await waitForHydration(page);
  const h2h = page.getByTestId('head-to-head');
  await expect(h2h).toContainText('Before this match, 1 meeting: Portugal won 0, 0 draws, France won 1.');
  const meetings = page.getByTestId('h2h-meetings').getByRole('listitem');
  // The final itself is not a previous meeting.
  await expect(meetings).toHaveCount(1);
  await expect(meetings.first().getByRole('link', { name: /^5 Jul 2006 · FIFA World Cup, Semi-finals\s*:\s*Portugal\s+0 – 1\s+France$/ })).toBeVisible();
  // A knock-out match has no table around its teams.
  await expect(page.getByRole('heading', { name: 'Table', exact: true })).toHaveCount(0);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.locator('#head-to-head').screenshot({ path: path.join(SHOTS, `head-to-head-${scheme}.png`) });
  }
  await meetings.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/match/${earlierId}$`));
  await expect(page.getByTestId('match-score')).toHaveText(/0\s*–\s*1/);
});

test('the group table shows both teams highlighted and links to the league page', async ({ page }) => {
  const match = byTeams('Hungary', 'Portugal');
  await page.goto(`/match/${match.id}`);
  await waitForHydration(page);
  const table = page.getByTestId('table-around');
  await expect(table).toContainText('Group F');
  await expect(table.getByRole('row')).toHaveCount(5);
  const highlighted = table.getByTestId('table-team-in-match');
  await expect(highlighted).toHaveCount(2);
  await expect(highlighted.nth(0)).toContainText('Hungary');
  await expect(highlighted.nth(1)).toContainText('Portugal');
  await expect(highlighted.nth(0)).toHaveAttribute('aria-current', 'true');
  // Hungary and Portugal had not met before (in this data).
  await expect(page.getByTestId('head-to-head')).toContainText('have not met before');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.locator('#table').screenshot({ path: path.join(SHOTS, `table-around-${scheme}.png`) });
  }
  await table.getByRole('link', { name: /Full table/ }).click();
  await expect(page).toHaveURL(/\/league\/euro\?season=2016#standings$/);
});

test('a live replay’s graph grows with the clock and its table counts the score as it stands', async ({ page, request }) => {
  test.setTimeout(90_000);
  const original = byTeams('Hungary', 'Portugal');
  const created = await request.post('/api/replays', { data: { matchId: original.id, speed: 60 } });
  expect(created.status()).toBe(201);
  const replay = ((await created.json()) as { match: MatchSummary }).match;
  await page.goto(`/match/${replay.id}`);
  await waitForHydration(page);
  const bars = page.getByTestId('momentum').locator('svg rect');
  // At 60× a match minute passes every second: the graph grows without a reload.
  await expect(page.getByTestId('momentum')).toBeVisible({ timeout: 20_000 });
  const before = await bars.count();
  await expect.poll(async () => bars.count(), { timeout: 30_000 }).toBeGreaterThan(before + 3);
  await expect(page.getByTestId('table-as-it-stands')).toHaveText('Live: as it stands');
  await expect(page.getByTestId('table-around')).toContainText('As it stood before the original match on 22 Jun 2016');
  await page.locator('#momentum').screenshot({ path: path.join(SHOTS, 'momentum-live-light.png') });
  // Hungary score in the 19th minute: the marker arrives with the goal.
  await expect(page.getByTestId('momentum-goal').first()).toBeVisible({ timeout: 30_000 });
});

// A group match: momentum, head-to-head and the table around both teams. (The final, which has no
// table, is scanned in light and dark mode by match-centre.spec.ts.)
for (const [home, away] of [['Hungary', 'Portugal']] as const) {
  test(`axe finds nothing on ${home} v ${away}, light and dark, desktop and mobile`, async ({ page }) => {
    // Two page loads and four axe runs on a machine shared with other work.
    test.setTimeout(120_000);
    const match = byTeams(home, away);
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(`/match/${match.id}`);
      await waitForHydration(page);
      await expect(page.getByTestId('momentum')).toBeVisible();
      await axeClean(page, `${home} v ${away} ${viewport.width}px, light`);
      if (viewport.width < 500) await page.locator('#momentum').screenshot({ path: path.join(SHOTS, `momentum-${home}-${away}-mobile-light.png`.toLowerCase()) });
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await axeClean(page, `${home} v ${away} ${viewport.width}px, dark`);
      if (viewport.width < 500) await page.locator('#head-to-head').screenshot({ path: path.join(SHOTS, `head-to-head-${home}-${away}-mobile-dark.png`.toLowerCase()) });
    }
  });
}
