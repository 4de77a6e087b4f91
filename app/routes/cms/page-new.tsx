// /cms/pages/new (issue #20): write a page, with the live preview, and save it as
// a draft or publish it at once. Addresses the site uses are refused with the
// reason, beside the field; nothing typed is lost on a refusal.
import { redirect, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { cmsFailure } from '../../features/cms/cms-actions.server.ts';
import { pageText, previewAnswer, readPageForm } from '../../features/cms-pages/page-actions.server.ts';
import { isPreview, keptValues, type PageAnswer } from '../../features/cms-pages/page-answers.ts';
import { PageEditor, primaryActionClass, secondaryActionClass } from '../../features/cms-pages/page-editor.tsx';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import type { Route } from './+types/page-new';
import { getServices } from '../../../server/router-context.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:pages');
  return {};
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, context, 'cms:pages');
  const { pages } = getServices(context).cms;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  if (intent === 'preview') return previewAnswer(pages, form);
  const values = readPageForm(form);
  const result = await pages.create(actor, { ...pageText(values), published: intent === 'publish' });
  if (!result.ok) return cmsFailure(result, values, { intent: 'create' });
  throw redirect(`/cms/pages/${result.page.id}?saved=${intent === 'publish' ? 'published' : 'created'}`);
}

export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return isPreview(formData) ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'New page', noIndex: true });

export default function CmsPageNew({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const answer = actionData as PageAnswer | undefined;
  const kept = keptValues(answer);
  const pending = navigation.state === 'submitting' && !isPreview(navigation.formData);
  return (
    <>
      <p className="text-sm">
        <AppLink to="/cms/pages" className="underline underline-offset-2">
          Pages
        </AppLink>
      </p>
      <h1 className="mt-1 text-2xl font-bold">New page</h1>
      <div className="mt-4">
        <PageEditor
          idPrefix="page"
          values={{
            slug: kept?.slug ?? '',
            title: kept?.title ?? '',
            description: kept?.description ?? '',
            body: kept?.body ?? '',
            baseRevision: '',
          }}
          answer={answer}
          previewHtml=""
          actions={
            <>
              <button type="submit" name="intent" value="draft" disabled={pending} className={secondaryActionClass}>
                Save as draft
              </button>
              <button type="submit" name="intent" value="publish" disabled={pending} className={primaryActionClass}>
                Publish
              </button>
            </>
          }
        />
      </div>
    </>
  );
}
