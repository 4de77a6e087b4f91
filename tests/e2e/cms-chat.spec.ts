// Chat moderation in the CMS end to end (issue #23, scope cms:chat). A relive gives the test a live match of
// its own (its own room, so parallel specs never share it); one fan posts there, another reports the message;
// a guest watches the match page. A moderator finds the message in /cms/chat with its room, author, reporter
// and reason, deletes it, and the message vanishes from the guest's match page without a reload; the audit
// log has the deletion. The moderator then slows and closes the room and lifts a timeout on the other
// screens. axe finds nothing on the three screens in light or dark mode, at 390 and 1280 px, nothing is
// wider than the window, and screenshots are written to <E2E_DIR>/screenshots/cms-chat/.
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { MatchSummary } from '../../domain/football-contracts.ts';
import { markDocument, documentIsMarked, prepareContext, waitForHydration } from './support.ts';
import { BASE_URL, checkPage, screenshotsFor, uniqueEmail } from './journeys.ts';
import { createStaffAccount, signInToCms, uniqueStaffEmail } from './staff-support.ts';

const FAN_PASSWORD = 'a fan passphrase for chat';

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

/** A fan of this run: registered through the API, with a Bearer token for its writes. */
async function fan(request: APIRequestContext, label: string, name: string): Promise<{ id: number; token: string }> {
  const response = await request.post('/api/auth/register', {
    data: { email: uniqueEmail(label), password: FAN_PASSWORD, displayName: name },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { data: { token: { access_token: string }; user: { id: number } } };
  return { id: body.data.user.id, token: body.data.token.access_token };
}

/** A live match with a room of its own: a relive (at real speed, so it stays live through the test). */
async function liveMatch(request: APIRequestContext): Promise<MatchSummary> {
  const season = await request.get('/api/competitions/euro/seasons/2016/matches');
  test.skip(season.status() === 404, 'no Wyscout data in this run (scripts/e2e-seed.ts)');
  const { matches } = (await season.json()) as { matches: MatchSummary[] };
  const original = matches.find((match) => match.stage !== 'Final') ?? matches[0];
  const created = await request.post('/api/replays', { data: { matchId: original?.id, speed: 1 } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { match: MatchSummary }).match;
}

test('a reported message is deleted in /cms/chat and vanishes from the match page live; rooms and sanctions are managed there', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const match = await liveMatch(request);
  const poster = await fan(request, 'chat-poster', 'Loud Lenny');
  const reporter = await fan(request, 'chat-reporter', 'Polite Pat');
  const text = `Everyone here is a clown ${Date.now()}`;
  const posted = await request.post(`/api/matches/${match.id}/chat`, {
    headers: { Authorization: `Bearer ${poster.token}` },
    data: { text },
  });
  expect(posted.status()).toBe(201);
  const messageId = ((await posted.json()) as { message: { id: number } }).message.id;

  // A guest watches the match page: the message is there.
  const guestContext = await browser.newContext();
  await prepareContext(guestContext);
  const guest = await guestContext.newPage();
  await guest.goto(`/match/${match.id}`);
  await waitForHydration(guest);
  await expect(guest.getByText(text)).toBeVisible({ timeout: 20_000 });
  await markDocument(guest);

  // Another fan reports it.
  const reported = await request.post(`/api/chat/messages/${messageId}/report`, {
    headers: { Authorization: `Bearer ${reporter.token}` },
    data: { reason: 'Insulting everyone' },
  });
  expect(reported.status()).toBe(201);

  // A moderator finds it in the queue, with who wrote it, who reported it and why.
  const moderator = uniqueStaffEmail('chat-moderator');
  createStaffAccount(moderator, 'moderator', 'Mo Moderator');
  await signInToCms(page, moderator);
  await page.getByRole('navigation', { name: 'CMS sections' }).getByRole('link', { name: 'Chat moderation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Chat moderation' })).toBeVisible();
  await waitForHydration(page);
  const item = page.locator(`[data-testid="chat-report"][data-message-id="${messageId}"]`);
  await expect(item).toBeVisible();
  await expect(item.getByTestId('chat-report-text')).toHaveText(text);
  await expect(item).toContainText('Loud Lenny');
  await expect(item).toContainText('Polite Pat');
  await expect(item).toContainText('Insulting everyone');
  await expect(item).toContainText('1 report');

  // Delete asks first; then the message disappears from the guest's page, live.
  await item.getByRole('button', { name: 'Delete message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this message?' });
  await dialog.getByLabel('Note for the audit log (optional)').fill('Insults');
  await dialog.getByRole('button', { name: 'Delete message' }).click();
  await expect(page.getByTestId('chat-action-answer')).toContainText('Message deleted');
  await expect(item).toHaveCount(0);
  await expect(guest.getByText(text)).toHaveCount(0, { timeout: 15_000 });
  expect(await documentIsMarked(guest), 'the match page was never reloaded').toBe(true);

  // The audit log has it (an administrator reads the log: moderators do not have cms:audit).
  const admin = uniqueStaffEmail('chat-admin');
  createStaffAccount(admin, 'admin', 'Ada Admin');
  const adminContext = await browser.newContext();
  await prepareContext(adminContext);
  const adminPage = await adminContext.newPage();
  await signInToCms(adminPage, admin);
  await adminPage.goto('/cms/audit?kind=chat');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const entry = adminPage
    .getByTestId('audit-entry')
    .filter({ hasText: 'chat.message-delete' })
    .filter({ hasText: 'Mo Moderator' });
  await expect(entry.filter({ hasText: String(messageId) }).first()).toBeVisible();
  await adminContext.close();

  // Rooms: slow mode, then close and reopen this match's room.
  await page.goto('/cms/chat/rooms');
  await waitForHydration(page);
  const room = page.locator(`[data-testid="chat-room"][data-match-id="${match.id}"]`);
  await expect(room).toBeVisible();
  await room.getByLabel('Slow mode (seconds, 0 off)').fill('20');
  await room.getByRole('button', { name: 'Set' }).click();
  await expect(page.getByTestId('chat-action-answer')).toContainText('one message per 20 seconds');
  await room.getByRole('button', { name: 'Close room' }).click();
  await page.getByRole('dialog', { name: 'Close this chat room?' }).getByRole('button', { name: 'Close room' }).click();
  await expect(room.getByTestId('chat-room-state')).toHaveText('Closed by staff');
  const refused = await request.post(`/api/matches/${match.id}/chat`, {
    headers: { Authorization: `Bearer ${poster.token}` },
    data: { text: 'Hello?' },
  });
  expect(refused.status()).toBe(403);
  await room.getByRole('button', { name: 'Reopen room' }).click();
  await expect(room.getByTestId('chat-room-state')).toHaveText('Open');

  // Sanctions: a timeout given through the API shows here and is lifted here.
  const timeout = await page.request.post('/api/cms/chat/sanctions', {
    headers: { Origin: BASE_URL },
    data: { userId: poster.id, kind: 'timeout', matchId: match.id, minutes: 30, reason: 'Cooling off' },
  });
  expect(timeout.status()).toBe(201);
  await page.goto('/cms/chat/sanctions');
  await waitForHydration(page);
  const sanction = page.getByTestId('chat-sanction').filter({ hasText: 'Loud Lenny' });
  await expect(sanction).toContainText('Cooling off');
  await sanction.getByRole('button', { name: 'Lift timeout' }).click();
  await expect(page.getByTestId('chat-action-answer')).toContainText('Loud Lenny may chat again');
  await expect(page.getByTestId('chat-sanction').filter({ hasText: 'Loud Lenny' })).toHaveCount(0);

  // The screens with something on them for axe and the screenshots: a report waiting, a ban in force.
  const second = await request.post(`/api/matches/${match.id}/chat`, {
    headers: { Authorization: `Bearer ${reporter.token}` },
    data: { text: 'Penalty! That was a clear dive though, the ref must check it https://example.com/replay' },
  });
  expect(second.status()).toBe(201);
  const secondId = ((await second.json()) as { message: { id: number } }).message.id;
  expect(
    (
      await request.post(`/api/chat/messages/${secondId}/report`, {
        headers: { Authorization: `Bearer ${poster.token}` },
        data: { reason: 'Spoiler' },
      })
    ).status(),
  ).toBe(201);
  const ban = await page.request.post('/api/cms/chat/sanctions', {
    headers: { Origin: BASE_URL },
    data: { userId: poster.id, kind: 'ban', reason: 'Repeated insults' },
  });
  expect(ban.status()).toBe(201);
  const shots = screenshotsFor('cms-chat');
  for (const [screen, name] of [
    ['/cms/chat', 'queue'],
    ['/cms/chat/rooms', 'rooms'],
    ['/cms/chat/sanctions', 'sanctions'],
  ] as const) {
    await page.goto(screen);
    await expect(page.getByRole('heading', { level: 1, name: 'Chat moderation' })).toBeVisible();
    await checkPage(page, name, shots);
  }
  // The queue item's timeout form open: its fields pass axe too.
  await page.goto('/cms/chat');
  await waitForHydration(page);
  await page.locator(`[data-testid="chat-report"][data-message-id="${secondId}"] summary`).click();
  await checkPage(page, 'queue-timeout-form', shots);
  await guestContext.close();
});
