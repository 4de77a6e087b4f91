// /{name}: pages staff write in the CMS, by slug. Unknown slugs are 404, and so
// are drafts and pages scheduled for later. The text arrives as HTML the server
// rendered from Markdown and sanitized (server/modules/site/page-markdown.ts).
import { data } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';
import { SanitizedProse } from '../components/prose.tsx';
import { pageMeta } from '../lib/seo/seo.ts';
import type { Route } from './+types/cms-page';
import { getServices } from '../../server/router-context.server.ts';

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await getServices(context).pages.getPublishedPage(params.name);
  if (!page) throw data(null, { status: 404, statusText: 'Not Found' });
  return { page };
}

export const handle = {
  breadcrumb: (data: unknown) => (data as { page?: { title: string } } | undefined)?.page?.title,
};

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData?.page.title, description: args.loaderData?.page.description || undefined });

export default function CmsPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article>
      <PageHeader title={page.title} />
      <SanitizedProse html={page.html} />
    </article>
  );
}
