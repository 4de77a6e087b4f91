// Live chat on the match page in a real browser (issue #23): a signed-in fan
// posts and a guest in another browser sees it live; a moderator deletes it
// from the page and it vanishes from both; hostile messages render inert;
// the box passes axe in light and dark mode and fits 390 px. Every test has a
// room of its own: a demo replay kicking off in 50 minutes (its chat is open
// from 60 minutes before kick-off), and its own accounts.
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { MatchSummary } from '../../domain/football-contracts.ts';
import { checkPage, registerMember, screenshotsFor } from './journeys.ts';
import { createStaffAccount, signInToCms, uniqueStaffEmail } from './staff-support.ts';
import { prepareContext, waitForHydration } from './support.ts';

function unique(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
}

/** A room of this test's own: a demo replay of a Euro 2016 match kicking off in 50 minutes. */
async function openRoom(page: Page): Promise<MatchSummary> {
  const season = await page.request.get('/api/competitions/euro/seasons/2016/matches');
  test.skip(season.status() === 404, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  const { matches } = (await season.json()) as { matches: MatchSummary[] };
  const source = matches.find((match) => match.home.name === 'France' && match.away.name === 'Romania');
  expect(source, 'the Euro 2016 opener is in the e2e data').toBeDefined();
  const created = await page.request.post('/api/test/demo-replays', {
    data: { matchId: source?.id, kickoffInSeconds: 50 * 60 },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { match: MatchSummary }).match;
}

async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await prepareContext(context);
  return { context, page: await context.newPage() };
}

async function register(page: Page, name: string): Promise<void> {
  await registerMember(page, name, { emailPrefix: 'chat' });
  await expect(page).toHaveURL(/\/$/);
}

async function openChat(page: Page, matchId: number): Promise<Locator> {
  await page.goto(`/match/${matchId}`);
  await waitForHydration(page);
  const box = page.getByTestId('chat-box');
  await expect(box.getByTestId('chat-room-status')).toContainText('Open');
  return box;
}

async function post(box: Locator, text: string): Promise<void> {
  const input = box.getByLabel('Your message');
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue('');
}

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

test('a fan posts, a guest sees it live; a moderator deletes it and it vanishes from both', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  // Every EventSource the guest's tab opens, to count them. (A string: a function would be rewritten by the
  // TypeScript loader with helpers the page does not have.)
  await page.addInitScript({
    content: `(() => {
      const streams = [];
      const Original = window.EventSource;
      window.EventSource = class extends Original {
        constructor(url, init) {
          super(url, init);
          streams.push(this);
        }
      };
      Object.defineProperty(window, '__e2eStreams', { value: streams });
    })();`,
  });
  const match = await openRoom(page);
  const fan = await newPage(browser);
  const moderator = await newPage(browser);
  try {
    const guestBox = await openChat(page, match.id);
    await expect(guestBox.getByRole('link', { name: 'Sign in to chat' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent(`/match/${match.id}`)}`,
    );
    await expect(guestBox.getByLabel('Your message')).toHaveCount(0);

    const email = uniqueStaffEmail('chat-mod');
    createStaffAccount(email, 'moderator', 'Mona Moderator');
    await signInToCms(moderator.page, email);
    const moderatorBox = await openChat(moderator.page, match.id);

    const name = unique('Fan');
    await register(fan.page, name);
    const fanBox = await openChat(fan.page, match.id);
    const text = `What a strike ${unique('msg')} ⚽`;
    // The counter follows the typing; Shift+Enter is a new line, not a send.
    await fanBox.getByLabel('Your message').fill('Hi');
    await expect(fanBox.getByText('2 / 500')).toBeVisible();
    await fanBox.getByLabel('Your message').press('Shift+Enter');
    await expect(fanBox.getByLabel('Your message')).toHaveValue('Hi\n');
    await post(fanBox, text);

    // The author's own message is there at once; the guest's and the moderator's come over the live stream.
    const inFan = fanBox.getByTestId('chat-message').filter({ hasText: text });
    await expect(inFan).toBeVisible();
    await expect(inFan).toContainText(name);
    const inGuest = guestBox.getByTestId('chat-message').filter({ hasText: text });
    await expect(inGuest).toBeVisible({ timeout: 15_000 });
    const inModerator = moderatorBox.getByTestId('chat-message').filter({ hasText: text });
    await expect(inModerator).toBeVisible({ timeout: 15_000 });
    // Guests read only: no reply, report or delete buttons.
    await expect(inGuest.getByRole('button')).toHaveCount(0);

    // A reply quotes what it answers; Escape would have cancelled it.
    await inModerator.getByRole('button', { name: `Reply to ${name}` }).click();
    await expect(moderatorBox.getByTestId('chat-replying')).toContainText(name);
    await moderatorBox.getByLabel('Your message').press('Escape');
    await expect(moderatorBox.getByTestId('chat-replying')).toHaveCount(0);

    await inModerator.getByRole('button', { name: `Delete ${name}’s message` }).click();
    await expect(inModerator).toHaveCount(0);
    await expect(inGuest).toHaveCount(0, { timeout: 15_000 });
    await expect(inFan).toHaveCount(0, { timeout: 15_000 });
    // Room controls reach everyone live: slow mode, then closing the room takes the fan's composer away.
    const controls = moderatorBox.getByTestId('chat-room-controls');
    await controls.getByText('Moderate this room').click();
    await controls.getByLabel('Slow mode').selectOption('30');
    await controls.getByRole('button', { name: 'Set slow mode' }).click();
    await expect(guestBox.getByTestId('chat-room-status')).toContainText('Slow mode: one message every 30 s', {
      timeout: 15_000,
    });
    await controls.getByRole('button', { name: 'Close the room' }).click();
    await expect(fanBox.getByTestId('chat-closed-note')).toContainText('closed', { timeout: 15_000 });
    await expect(fanBox.getByLabel('Your message')).toHaveCount(0);
    await expect(guestBox.getByTestId('chat-room-status')).toContainText('Closed');
    await controls.getByRole('button', { name: 'Reopen the room' }).click();
    await expect(fanBox.getByLabel('Your message')).toBeVisible({ timeout: 15_000 });

    // One EventSource per tab: the chat's topic rides on the match page's stream.
    const streams = await page.evaluate(() =>
      (window as Window & { __e2eStreams?: EventSource[] }).__e2eStreams
        ?.filter((source) => source.readyState !== EventSource.CLOSED)
        .map((source) => decodeURIComponent(source.url)),
    );
    expect(streams).toHaveLength(1);
    expect(streams?.[0]).toContain(`chat:${match.id}`);
    expect(streams?.[0]).toContain(`match:${match.id}`);
  } finally {
    await fan.context.close();
    await moderator.context.close();
  }
});

test('a refused message stays in the box with the server’s reason', async ({ page }) => {
  const match = await openRoom(page);
  await register(page, unique('Repeat'));
  const box = await openChat(page, match.id);
  const text = `Same again ${unique('dup')}`;
  await post(box, text);
  await box.getByLabel('Your message').fill(text);
  await box.getByRole('button', { name: 'Send' }).click();
  await expect(box.getByTestId('chat-error')).toBeVisible();
  await expect(box.getByLabel('Your message')).toHaveValue(text);
});

const HOSTILE = [
  '<script>window.__chatXss = "script"</script>',
  '<img src=x onerror="window.__chatXss = \'img\'">',
  'javascript:window.__chatXss="link"',
  '[click me](javascript:window.__chatXss="markdown") ![pic](https://example.com/x.png)',
  'safe https://example.com/goal?x=1 link',
];

/** Each message's text element holds nothing but text nodes and http(s) anchors that open safely. */
async function expectInert(page: Page): Promise<void> {
  const report = await page.getByTestId('chat-log').evaluate((log) => {
    const problems: string[] = [];
    for (const text of log.querySelectorAll('[data-testid="chat-text"]')) {
      for (const node of text.childNodes) {
        if (node.nodeType === Node.TEXT_NODE) continue;
        const element = node as Element;
        const anchor =
          element.tagName === 'A' &&
          /^https?:\/\//.test(element.getAttribute('href') ?? '') &&
          element.getAttribute('rel') === 'nofollow ugc noopener' &&
          element.getAttribute('target') === '_blank' &&
          element.children.length === 0 &&
          [...element.attributes].every((attribute) => ['href', 'rel', 'target', 'class'].includes(attribute.name));
        if (!anchor) problems.push(element.outerHTML);
      }
    }
    const inserted = log.querySelectorAll('script, img, iframe, object, embed, svg, style').length;
    return { problems, inserted, texts: log.querySelectorAll('[data-testid="chat-text"]').length };
  });
  expect(report.problems).toEqual([]);
  expect(report.inserted).toBe(0);
  expect(report.texts).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as Window & { __chatXss?: string }).__chatXss)).toBeUndefined();
}

test('hostile messages render inert, through the server and straight from an answer', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const match = await openRoom(page);
  await register(page, unique('Mallory'));
  const box = await openChat(page, match.id);
  for (const text of HOSTILE) await post(box, text);
  await expect(box.getByTestId('chat-message')).toHaveCount(HOSTILE.length);
  await expect(box.getByText('<script>window.__chatXss = "script"</script>')).toBeVisible();
  await expect(box.getByRole('link', { name: 'https://example.com/goal?x=1' })).toHaveAttribute(
    'rel',
    'nofollow ugc noopener',
  );
  // The markdown image's address is an http(s) link like any other (text, not an image).
  await expect(box.getByRole('link')).toHaveCount(2);
  await box.getByText('javascript:window.__chatXss="link"').click();
  await expectInert(page);

  // The server strips direction overrides and zero-width characters; were one to reach the page anyway (an old
  // message, another client), the page shows it rather than obeying it. A guest's history answer carries them:
  // the page came with its messages, so the guest's first stream answers "resync", and the box reads the
  // history again — the forged answer.
  const guest = await newPage(browser);
  try {
    let resynced = false;
    await guest.page.route('**/api/live?**', async (route) => {
      if (resynced) return route.continue();
      resynced = true;
      await route.fulfill({ status: 200, contentType: 'text/event-stream', body: 'event: resync\ndata: {}\n\n' });
    });
    await guest.page.route(`**/api/matches/${match.id}/chat`, async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { messages: Array<Record<string, unknown>>; nextCursor: string | null };
      const template = body.messages[0] ?? {};
      const forged = [
        { text: 'gnp.\u202Eexe\u202C.txt', id: 9_000_000_001 },
        { text: 'zero\u200Bwidth\u2066isolate\u2069\uFEFF', id: 9_000_000_002 },
        { text: '<b onmouseover="window.__chatXss=1">bold</b>', id: 9_000_000_003 },
      ].map((extra) => ({ ...template, ...extra, replyTo: undefined }));
      await route.fulfill({ response: answer, json: { ...body, messages: [...body.messages, ...forged] } });
    });
    const guestBox = await openChat(guest.page, match.id);
    await expect(guestBox.getByTestId('chat-message')).toHaveCount(HOSTILE.length + 3);
    const texts = await guestBox.getByTestId('chat-text').allTextContents();
    for (const text of texts) expect(text).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B-\u200F\uFEFF]/);
    expect(texts).toContain('gnp.\uFFFDexe\uFFFD.txt');
    await guestBox.getByText('<b onmouseover="window.__chatXss=1">bold</b>').hover();
    await expectInert(guest.page);
  } finally {
    await guest.context.close();
  }
});

test('the page with its chat box passes axe in light and dark mode at 390 and 1280 px', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const match = await openRoom(page);
  await register(page, unique('Ada'));
  const box = await openChat(page, match.id);
  await post(box, 'Kick-off soon ⚽ who starts up front? https://example.com/line-ups');
  await post(box, 'Giroud, surely. A fair assessment of the bench, no shit.');
  await box
    .getByTestId('chat-message')
    .first()
    .getByRole('button', { name: /^Reply to/ })
    .click();
  const guest = await newPage(browser);
  try {
    const guestBox = await openChat(guest.page, match.id);
    await expect(guestBox.getByTestId('chat-message')).toHaveCount(2, { timeout: 15_000 });
    // Masking is on for guests: the word is masked, the football words are not.
    await expect(guestBox.getByText('A fair assessment of the bench, no s***.')).toBeVisible();
    // The whole page with the box as each meets it: 390 and 1280 px, light and dark, axe, screenshots.
    await checkPage(page, 'match-chat-signed-in', screenshotsFor('chat'));
    await checkPage(guest.page, 'match-chat-guest', screenshotsFor('chat'));
    for (const target of [page, guest.page]) {
      await target.setViewportSize({ width: 390, height: 900 });
      const box = target.getByTestId('chat-box');
      await box.scrollIntoViewIfNeeded();
      await box.screenshot({
        path: `${screenshotsFor('chat')}/chat-box-${target === page ? 'signed-in' : 'guest'}-390.png`,
      });
    }
  } finally {
    await guest.context.close();
  }
});

test('with scores hidden the chat waits behind a spoiler notice; a member may turn masking off', async ({
  page,
  context,
}) => {
  const match = await openRoom(page);
  await register(page, unique('Sam'));
  const box = await openChat(page, match.id);
  await post(box, 'That was shit defending');
  await expect(box.getByText('That was s*** defending')).toBeVisible();
  await box.getByLabel('Mask bad language in the chat').uncheck();
  await expect(box.getByText('That was shit defending')).toBeVisible();

  await context.addCookies([{ name: 'spoiler-safe', value: '1', url: page.url() }]);
  await page.reload();
  await waitForHydration(page);
  await expect(box.getByTestId('chat-spoiler-notice')).toContainText('may contain spoilers');
  await expect(box.getByTestId('chat-log')).toHaveCount(0);
  await box.getByRole('button', { name: 'Show the chat' }).click();
  await expect(box.getByText('That was shit defending')).toBeVisible();
});
