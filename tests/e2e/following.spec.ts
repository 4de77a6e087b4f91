// Following (issue #19, "Following and tables"): a team starred on its page,
// in a table or from a match row shows under Following on home with its next
// match and last result; followed matches and competitions are listed there
// too; a signed-in visitor's follows reach another device through the account.
// The e2e data is Euro 2016 only (scripts/e2e-seed.ts), where no team has a
// match to come, so one fixture is written into the test database first:
// Iceland v Northern Ireland, a friendly two days from now.
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { SearchResult } from '../../domain/football-contracts.ts';
import { BASE_URL, MEMBER_PASSWORD, registerMember, screenshotsFor } from './journeys.ts';
import { prepareContext, waitForHydration } from './support.ts';

const E2E_DIR = process.env.E2E_DIR ?? 'var/e2e';
const SHOTS = screenshotsFor('following');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

test.beforeAll(async ({ request }) => {
  const season = await request.get('/api/competitions/euro/seasons/2016/matches');
  test.skip(season.status() === 404, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
});

async function teamId(page: Page, name: string): Promise<number> {
  const result = (await (await page.request.get(`/api/search?q=${encodeURIComponent(name)}`)).json()) as SearchResult;
  const team = result.teams.find((candidate) => candidate.name === name);
  expect(team, `${name} is in the e2e data`).toBeDefined();
  return team?.id ?? 0;
}

/**
 * A friendly between two Euro 2016 teams two days from now, written once into the e2e database (the server
 * reads the same file); a run on the same database days later writes a new one.
 */
function seedFixture(homeId: number, awayId: number): void {
  const db = new Database(path.join(E2E_DIR, 'scoreline-e2e.db'));
  try {
    db.pragma('busy_timeout = 5000');
    // Immediate: two tests of this file may write it at once.
    db.transaction(() => {
      const soon = new Date(Date.now() + 36 * 60 * 60 * 1000).toISOString();
      const found = db.prepare("select id from match where source = 'e2e-following' and kickoff_at > ?").get(soon);
      if (found) return;
      db.prepare(
        `insert into competition (code, sport_id, name, area_code, area_name, kind, tier, rules, importance)
         select 'int.friendly', 'football-1', 'International Friendlies', null, 'World', 'cup', null, '{"pointsForWin":3,"pointsForDraw":1,"tieBreakers":["points","goalDifference","goalsFor"]}', 0
         where not exists (select 1 from competition where code = 'int.friendly')`,
      ).run();
      const competition = db.prepare("select id from competition where code = 'int.friendly'").get() as { id: number };
      const kickoff = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
      kickoff.setUTCHours(19, 45, 0, 0);
      const year = String(kickoff.getUTCFullYear());
      db.prepare(
        `insert into season (competition_id, code, name, start_date, end_date, complete, synthetic)
         select ?, ?, ?, null, null, 0, 0
         where not exists (select 1 from season where competition_id = ? and code = ?)`,
      ).run(competition.id, year, `Friendlies ${year}`, competition.id, year);
      const season = db
        .prepare('select id from season where competition_id = ? and code = ?')
        .get(competition.id, year) as { id: number };
      db.prepare(
        `insert into match (season_id, stage, round, group_name, kickoff_at, kickoff_time_known, home_team_id, away_team_id, status,
           home_score, away_score, has_events, source, updated_at)
         values (?, null, null, null, ?, 1, ?, ?, 'scheduled', null, null, 0, 'e2e-following', ?)`,
      ).run(season.id, kickoff.toISOString(), homeId, awayId, new Date().toISOString());
    }).immediate();
  } finally {
    db.close();
  }
}

const following = (page: Page) => page.getByTestId('following');
const teamCard = (page: Page, name: string) =>
  following(page)
    .getByTestId('following-team')
    .filter({ has: page.getByRole('heading', { level: 3, name }) });

async function expectNoSideScroll(page: Page, label: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(widths.scroll, `${label}: ${widths.scroll} px wide in ${widths.inner} px`).toBeLessThanOrEqual(widths.inner);
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    .include('[data-testid="following"]')
    .analyze();
  expect(results.passes.length).toBeGreaterThan(3);
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

test('a team starred on its page shows on home under Following, with its next match and last result', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const iceland = await teamId(page, 'Iceland');
  seedFixture(iceland, await teamId(page, 'Northern Ireland'));

  // Nothing followed yet: the section invites.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await waitForHydration(page);
  await expect(following(page).getByTestId('following-empty')).toContainText('Star');
  await expect(
    following(page).getByTestId('following-empty').getByRole('link', { name: 'Find a team' }),
  ).toHaveAttribute('href', '/team');
  await page.screenshot({ path: path.join(SHOTS, 'home-invitation-390-light.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(SHOTS, 'home-invitation-1280-light.png') });
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto(`/team/${iceland}`);
  await waitForHydration(page);
  // The header's star (the team's row in its tables has one too).
  await page.getByTestId('favourite-star').click();
  await expect(page.getByTestId('favourite-star')).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/?tz=Europe/London');
  await waitForHydration(page);
  const card = teamCard(page, 'Iceland');
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: 'Iceland', exact: true })).toHaveAttribute('href', `/team/${iceland}`);
  // Next: the friendly to come, by the team page's own rule; last: the quarter-final, France 5–2 Iceland.
  await expect(card.getByText(/^Next match · \w{3} \d+ \w{3} \d{4} · International Friendlies$/)).toBeVisible();
  await expect(card.getByRole('link', { name: /^Iceland v Northern Ireland\. 19:45$/ })).toBeVisible();
  await expect(card.getByText('Last result · Sun 3 Jul 2016 · UEFA European Championship')).toBeVisible();
  await expect(card.getByRole('link', { name: /^France 5, Iceland 2\. FT$/ })).toBeVisible();
  // On a phone the section comes first, above the day's matches.
  const followingTop = (await following(page).boundingBox())?.y ?? Infinity;
  const liveTop = (await page.getByRole('heading', { level: 2, name: 'Live now' }).boundingBox())?.y ?? 0;
  expect(followingTop).toBeLessThan(liveTop);

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expectNoSideScroll(page, `home ${width} ${scheme}`);
      await page.screenshot({ path: path.join(SHOTS, `home-following-${width}-${scheme}.png`) });
    }
    expect.soft(await axeViolations(page), `Following, ${scheme}`).toEqual([]);
  }

  // The keyboard reaches the team and its star; the star takes the team off at once.
  await page.emulateMedia({ colorScheme: 'light' });
  await card.getByRole('link', { name: 'Iceland', exact: true }).focus();
  await page.keyboard.press('Tab');
  const star = card.getByRole('button', { name: 'Remove Iceland from favourites' });
  await expect(star).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card).toHaveCount(0);
  await expect(following(page).getByTestId('following-empty')).toBeVisible();
  await page.goto(`/team/${iceland}`);
  await waitForHydration(page);
  await expect(page.getByTestId('favourite-star')).toHaveAttribute('aria-pressed', 'false');
});

test('a match starred from its row, a team from the table and a competition show under Following', async ({ page }) => {
  test.setTimeout(90_000);
  // 15 June 2016: France v Albania, starred from its row; Following updates on the same page.
  await page.goto('/?date=2016-06-15&tz=Europe/Paris');
  await waitForHydration(page);
  await page
    .locator('section[aria-labelledby="day-heading"]')
    .getByRole('listitem')
    .filter({ hasText: 'Albania' })
    .getByRole('button', { name: 'Add France v Albania to favourites' })
    .click();
  const matches = following(page).getByTestId('following-matches');
  await expect(matches.getByRole('link', { name: /^France 2, Albania 0\. FT$/ })).toBeVisible();
  await expect(matches.getByText('Wed 15 Jun 2016 · UEFA European Championship')).toBeVisible();

  // The league page: the final starred from its row, Wales from the table, the competition from its header.
  await page.goto('/league/euro');
  await waitForHydration(page);
  await page.getByTestId('standings').getByRole('button', { name: 'Favourite: Wales', exact: true }).click();
  await expect(
    page.getByTestId('standings').getByRole('button', { name: 'Favourite: Wales', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('summary-results').getByRole('button', { name: 'Favourite: Portugal v France' }).click();
  await page.getByTestId('favourite-star').click();

  await page.goto('/?tz=Europe/Paris');
  await waitForHydration(page);
  const wales = teamCard(page, 'Wales');
  // Wales went out in the semi-final to Portugal: no match to come in the data.
  await expect(wales.getByText('Next match · none to come in our data')).toBeVisible();
  await expect(wales.getByRole('link', { name: /^Portugal 2, Wales 0\. FT$/ })).toBeVisible();
  // Followed matches: the final (latest) first.
  await expect(matches.getByRole('link')).toHaveText([/Portugal.*France/s, /France.*Albania/s]);
  await expect(
    following(page)
      .getByTestId('following-competitions')
      .getByRole('link', { name: /UEFA European Championship/ }),
  ).toHaveAttribute('href', '/league/euro');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(page, 'home with teams, matches and a competition followed');
  await page.screenshot({ path: path.join(SHOTS, 'home-following-all-390-light.png'), fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/league/euro#standings');
  await waitForHydration(page);
  await expectNoSideScroll(page, 'league page with stars in the table');
  await page.locator('#standings').screenshot({ path: path.join(SHOTS, 'league-table-stars-390-light.png') });
});

test("a signed-in visitor's follows reach another device through the account", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const iceland = await teamId(page, 'Iceland');
  seedFixture(iceland, await teamId(page, 'Northern Ireland'));
  const email = await registerMember(page, 'Ada Follower', { emailPrefix: 'following' });
  await expect(page).toHaveURL(`${BASE_URL}/`);

  // Starred while signed in: written to the account as it happens.
  await page.goto(`/team/${iceland}`);
  await waitForHydration(page);
  await page.getByTestId('favourite-star').click();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/auth/favourites')).json()) as { data: { teams: number[] } }).data.teams,
    )
    .toEqual([iceland]);

  // Another device: nothing on it until the account signs in.
  const other = await browser.newContext();
  await prepareContext(other);
  const second = await other.newPage();
  await second.goto('/login');
  await waitForHydration(second);
  await second.getByLabel('Email address').fill(email);
  await second.getByLabel('Password').fill(MEMBER_PASSWORD);
  await second.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(second).toHaveURL(`${BASE_URL}/`);
  await waitForHydration(second);
  const card = teamCard(second, 'Iceland');
  await expect(card.getByRole('link', { name: /^Iceland v Northern Ireland\. \d\d:\d\d$/ })).toBeVisible();
  await expect(card.getByRole('link', { name: /^France 5, Iceland 2\. FT$/ })).toBeVisible();
  await other.close();
});
