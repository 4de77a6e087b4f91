// @vitest-environment jsdom
// Pages written in the CMS as visitors get them (issue #20), through the built
// pages: a page whose Markdown holds script tags, onerror= attributes,
// javascript: and data: links is served at /{slug} and /en/{slug} with none of
// them active; drafts and pages scheduled for later answer 404 until their time;
// the sitemap lists only what is public. Needs the production build (BUILD_DIR).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageApp } from '../tests/helpers/page-app.ts';
import type { CmsActor } from './modules/cms/cms.schemas.ts';

const HOSTILE = [
  '## Club rules',
  'Be **kind**; see [the table](/league/euro).',
  '<script>window.owned = true</script>',
  '<img src="/favicon.svg" onerror="window.owned = true">',
  '<p onclick="window.owned = true">Click me</p>',
  '[Win a prize](javascript:window.owned=true) · [Data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) · ![pixel](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '<iframe src="https://evil.example"></iframe><a href="jav&#x09;ascript:alert(1)">Tabbed</a>',
].join('\n\n');

let t: Awaited<ReturnType<typeof createPageApp>>;
let actor: CmsActor;

beforeAll(async () => {
  t = await createPageApp();
  const created = await t.services.accounts.createStaffUser({
    email: 'editor@example.com',
    password: 'correct horse battery staple',
    displayName: 'Editor',
    role: 'editor',
  });
  if (!created.ok) throw new Error(created.message);
  actor = { id: created.user.id, role: 'editor', ip: '127.0.0.1' };
}, 60_000);

afterAll(() => t?.close());

/** The page's article, parsed as a browser parses the served HTML. */
async function articleOf(path: string): Promise<{ status: number; article: Element | null }> {
  const response = await t.app.request(`http://scoreline.test${path}`);
  const html = await response.text();
  const document = new DOMParser().parseFromString(html, 'text/html');
  return { status: response.status, article: document.querySelector('main article') };
}

describe('a staff page, served', () => {
  it('renders its Markdown at /{slug} and /en/{slug} with no script, handler, javascript: or data: URL active', async () => {
    const result = await t.services.cms.pages.create(actor, {
      slug: 'club-rules',
      title: 'Club rules',
      body: HOSTILE,
      published: true,
    });
    expect(result.ok).toBe(true);
    for (const path of ['/club-rules', '/en/club-rules']) {
      const { status, article } = await articleOf(path);
      expect(status).toBe(200);
      expect(article?.querySelector('h1')?.textContent).toBe('Club rules');
      expect(article?.querySelector('h2')?.textContent).toBe('Club rules');
      expect(article?.querySelector('strong')?.textContent).toBe('kind');
      expect(article?.querySelector('a[href="/league/euro"]')?.textContent).toBe('the table');
      expect(article?.querySelectorAll('script, iframe, object, embed, svg, [style]')).toHaveLength(0);
      const attributes = [...(article?.querySelectorAll('*') ?? [])].flatMap((element) =>
        [...element.attributes].map((attribute) => `${attribute.name}=${attribute.value}`),
      );
      expect(attributes.filter((attribute) => /^on/i.test(attribute))).toEqual([]);
      expect(
        attributes.filter((attribute) => /^(href|src)=/.test(attribute) && !/^(href|src)=(\/|https?:)/.test(attribute)),
      ).toEqual([]);
      expect(article?.textContent).toContain('Win a prize');
      expect(article?.textContent).toContain('Click me');
    }
  });

  it('is not served while a draft or before its time, and the sitemap lists it only once public', async () => {
    const draft = await t.services.cms.pages.create(actor, { slug: 'draft-rules', title: 'Draft', body: 'Not yet' });
    const later = await t.services.cms.pages.create(actor, {
      slug: 'later-rules',
      title: 'Later',
      body: 'Not yet',
      published: true,
      publishAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(draft.ok && later.ok).toBe(true);
    for (const path of ['/draft-rules', '/en/draft-rules', '/later-rules'])
      expect((await articleOf(path)).status).toBe(404);
    const sitemap = await (await t.app.request('http://scoreline.test/sitemap.xml')).text();
    expect(sitemap).toContain('<loc>http://scoreline.test/club-rules</loc>');
    expect(sitemap).not.toContain('draft-rules');
    expect(sitemap).not.toContain('later-rules');
  });
});
