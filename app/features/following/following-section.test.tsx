// Home's Following section as the server renders it (issue #19): favourites live on the device, so the
// server's HTML invites the visitor to star teams; what is followed arrives after hydration.
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FollowingSection } from './following-section.tsx';

function render(user: { id: number; displayName: string; staff: boolean } | null) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: () => <FollowingSection timeZone="Europe/London" isHidden={() => false} />,
      loader: () => ({ user }),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={['/']} hydrationData={{ loaderData: { root: { user } } }} />);
}

describe('FollowingSection on the server', () => {
  it('invites a guest to star teams, and to sign in to keep them', () => {
    const html = render(null);
    expect(html).toContain('id="following-heading"');
    expect(html).toContain('data-testid="following-empty"');
    expect(html).toMatch(/href="\/team"[^>]*>Find a team</);
    expect(html).toMatch(/href="\/login"[^>]*>Sign in</);
  });

  it('does not ask a signed-in visitor to sign in', () => {
    const html = render({ id: 7, displayName: 'Ada', staff: false });
    expect(html).toContain('data-testid="following-empty"');
    expect(html).not.toContain('href="/login"');
  });
});
