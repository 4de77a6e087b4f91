// /cms/media/new (issue #22, scope cms:media): add a video; an upload's file is sent on the next page.
import { redirect, useNavigation } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { FormAlert, failureOf } from '../../features/auth-forms/form-parts.tsx';
import { cmsFailure, readFields, type CmsFormResult } from '../../features/cms/cms-actions.server.ts';
import { VIDEO_FIELDS, VideoForm, videoInput } from '../../features/cms-media/video-form.tsx';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import type { Route } from './+types/media-new';
import { getServices } from '../../../server/router-context.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:media');
  return {};
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, context, 'cms:media');
  const values = readFields(await request.formData(), VIDEO_FIELDS);
  const result = await getServices(context).cms.media.create(actor, videoInput(values));
  if (!result.ok) return cmsFailure(result, values, { intent: 'save' });
  throw redirect(`/cms/media/${result.video.id}?saved=created`);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'New video', noIndex: true });

export default function CmsMediaNew({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const answer = actionData as CmsFormResult | undefined;
  return (
    <>
      <p className="text-sm">
        <AppLink to="/cms/media" className="underline underline-offset-2">
          Media
        </AppLink>
      </p>
      <h1 className="mt-1 text-2xl font-bold">New video</h1>
      <div className="mt-4 grid gap-4">
        <FormAlert id="video-alert" result={answer} />
        <VideoForm
          values={{ kind: 'clip', access: 'free', sourceType: 'upload' }}
          failure={failureOf(answer)}
          submitLabel="Add video"
          pending={navigation.state === 'submitting'}
        />
      </div>
    </>
  );
}
