// Issue #23, the chat box on the match page, through the real pages (needs the production build): its shell is
// in the server's HTML on both tabs — heading, the guests' sign-in link back to the page, the composer for a
// signed-in reader — the moderation controls only for scope cms:chat, and with spoiler-safe mode on the chat
// starts collapsed behind its notice. What happens in the box after its code loads is tests/e2e/chat.spec.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCompetition, ensureSeason } from '../db/seed/seed-kit.ts';
import { insertTeam } from '../db/teams.ts';
import { findCompetitionDefinition } from '../domain/competitions.ts';
import { insertMatch } from '../tests/helpers/insert-match.ts';
import { createPageApp } from '../tests/helpers/page-app.ts';

const ORIGIN = 'http://scoreline.test';
const PASSWORD = 'a long walk on the pitch';

describe('the chat box on the match page', () => {
  let t: Awaited<ReturnType<typeof createPageApp>>;
  let matchId = 0;
  /** Kicks off in 30 minutes: its room is open. */
  let soonId = 0;
  let memberId = 0;
  const cookies = { member: '', moderator: '' };

  const page = async (target: string, cookie = '') => {
    const response = await t.app.request(`${ORIGIN}${target}`, { headers: cookie ? { Cookie: cookie } : {} });
    expect(response.status, target).toBe(200);
    return await response.text();
  };
  /** The chat box's part of the page. */
  const chatOf = (html: string) => {
    const start = html.indexOf('data-testid="chat-box"');
    expect(start, 'the chat box is in the HTML').toBeGreaterThan(0);
    return html.slice(start, html.indexOf('</section>', start));
  };

  beforeAll(async () => {
    // Test accounts are seconds old: no wait before their first message.
    t = await createPageApp({ env: { CHAT_NEW_ACCOUNT_MINUTES: '0' } });
    const db = t.database.handle.db;
    const definition = findCompetitionDefinition('world.cup');
    if (!definition) throw new Error('the World Cup is not in the catalogue');
    const competitionId = await ensureCompetition(db, definition);
    const seasonId = await ensureSeason(db, {
      competitionId,
      code: '2014',
      name: 'World Cup 2014',
      startDate: '2014-06-12',
      endDate: '2014-07-13',
      complete: true,
    });
    matchId = await insertMatch(db, {
      season_id: seasonId,
      stage: 'Final',
      round: 'Final',
      kickoff_at: '2014-07-13T19:00:00.000Z',
      home_team_id: await insertTeam(db, { name: 'Germany', kind: 'national' }),
      away_team_id: await insertTeam(db, { name: 'Argentina', kind: 'national' }),
      status: 'finished',
      home_score: 1,
      away_score: 0,
    });
    soonId = await insertMatch(db, {
      season_id: seasonId,
      stage: 'Group',
      round: 'Matchday 1',
      kickoff_at: new Date(Date.now() + 30 * 60_000).toISOString(),
      home_team_id: await insertTeam(db, { name: 'Brazil', kind: 'national' }),
      away_team_id: await insertTeam(db, { name: 'Croatia', kind: 'national' }),
      status: 'scheduled',
    });
    const member = await t.services.accounts.register(
      { email: 'chat-member@example.com', password: PASSWORD, displayName: 'Mel Member' },
      { ip: '198.51.100.7', userAgent: 'vitest' },
    );
    if (!member.ok) throw new Error(member.message);
    cookies.member = `scoreline_access=${member.session.token.access_token}`;
    memberId = member.session.user.id;
    const moderator = await t.services.accounts.createStaffUser({
      email: 'chat-moderator@example.com',
      password: PASSWORD,
      displayName: 'Mo Derator',
      role: 'moderator',
    });
    if (!moderator.ok) throw new Error(moderator.message);
    const login = await t.app.request(`${ORIGIN}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'chat-moderator@example.com', password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
    cookies.moderator = `scoreline_access=${token}`;
  }, 60_000);
  afterAll(() => t.close());

  it('is on both tabs, for guests with a sign-in link that comes back to the page', async () => {
    for (const target of [`/match/${matchId}`, `/match/${matchId}/highlight`]) {
      const chat = chatOf(await page(target));
      expect(chat).toContain('Live chat');
      expect(chat).toContain(`href="/login?redirect=${encodeURIComponent(target)}"`);
      expect(chat).toContain('Sign in to chat');
      expect(chat).not.toContain('Your message');
      expect(chat).toContain('role="log"');
      expect(chat).toContain('aria-live="polite"');
    }
  });

  it('has the last messages and the room in the HTML, as text, masked for guests', async () => {
    const posted = await t.services.chat.post({
      matchId: soonId,
      userId: memberId,
      ip: '198.51.100.7',
      text: 'Neymar, no shit <b>bold</b> javascript:alert(1) https://example.com/team-news',
    });
    expect(posted.ok).toBe(true);
    const chat = chatOf(await page(`/match/${soonId}`));
    expect(chat).toContain('Open');
    expect(chat).toContain('Mel Member');
    expect(chat).toContain('Neymar, no s*** &lt;b&gt;bold&lt;/b&gt; javascript:alert(1) ');
    expect(chat).toContain('<a href="https://example.com/team-news" rel="nofollow ugc noopener" target="_blank"');
    expect(chat).not.toContain('<b>');
    // The finished match's room is read-only.
    expect(chatOf(await page(`/match/${matchId}`))).toContain('Read-only');
  });

  it('offers a signed-in reader the composer and the masking setting, no moderation', async () => {
    const chat = chatOf(await page(`/match/${soonId}`, cookies.member));
    expect(chat).toContain('Your message');
    expect(chat).toContain('0 / 500');
    expect(chat).toContain('Mask bad language in the chat');
    expect(chat).not.toContain('Sign in to chat');
    // A finished match's room is read-only: no composer, a word why.
    const finished = chatOf(await page(`/match/${matchId}`, cookies.member));
    expect(finished).not.toContain('Your message');
    expect(finished).toContain('The chat is read-only now');
    expect(chat).not.toContain('Moderate this room');
  });

  it('gives a moderator the room controls and the message tools', async () => {
    const chat = chatOf(await page(`/match/${soonId}`, cookies.moderator));
    expect(chat).toContain('Moderate this room');
    expect(chat).toContain('Set slow mode');
    expect(chat).toContain('Close the room');
    expect(chat).toContain('aria-label="Time out or ban Mel Member"');
    expect(chat).toContain('aria-label="Pin Mel Member’s message"');
  });

  it('starts collapsed behind a spoiler notice when the score is hidden, open once revealed', async () => {
    const hidden = chatOf(await page(`/match/${matchId}`, 'spoiler-safe=1'));
    expect(hidden).toContain('may contain spoilers');
    expect(hidden).toContain('Show the chat');
    expect(hidden).not.toContain('role="log"');
    const revealed = chatOf(await page(`/match/${matchId}?reveal=1`, 'spoiler-safe=1'));
    expect(revealed).not.toContain('may contain spoilers');
    expect(revealed).toContain('role="log"');
  });
});
