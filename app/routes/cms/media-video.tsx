// /cms/media/:id (issue #22, scope cms:media): edit a video, upload its file and follow the transcode
// (progress, error, retry), upload or remove its WebVTT captions, or unpublish it. Every write is audited by the CMS media service.
import { data, useNavigation } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { FormAlert, failureOf } from '../../features/auth-forms/form-parts.tsx';
import { cmsDone, cmsFailure, readFields, type CmsFormResult } from '../../features/cms/cms-actions.server.ts';
import { CaptionsPanel } from '../../features/cms-media/captions-panel.tsx';
import { UploadPanel } from '../../features/cms-media/upload-panel.tsx';
import { VIDEO_FIELDS, VideoForm, videoInput, videoValues } from '../../features/cms-media/video-form.tsx';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import type { Route } from './+types/media-video';
import { getServices } from '../../../server/router-context.server.ts';

function idOf(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0) throw data('No such video', { status: 404 });
  return id;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:media');
  const video = await getServices(context).cms.media.get(idOf(params.id));
  if (!video) throw data('No such video', { status: 404 });
  return { video, saved: new URL(request.url).searchParams.get('saved') };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, context, 'cms:media');
  const id = idOf(params.id);
  const { media } = getServices(context).cms;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  if (intent === 'unpublish') {
    const result = await media.unpublish(actor, id);
    return result.ok
      ? cmsDone('Unpublished: the video has left the site.', { intent })
      : cmsFailure(result, {}, { intent });
  }
  if (intent === 'retry') {
    const result = await media.retry(actor, id);
    return result.ok ? cmsDone('Queued again for transcoding.', { intent }) : cmsFailure(result, {}, { intent });
  }
  const values = readFields(form, VIDEO_FIELDS);
  const result = await media.update(actor, id, videoInput(values));
  if (!result.ok) return cmsFailure(result, values, { intent: 'save' });
  return cmsDone('Saved.', { intent: 'save' });
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Video', noIndex: true });

export default function CmsMediaVideo({ loaderData, actionData }: Route.ComponentProps) {
  const { video, saved } = loaderData;
  const navigation = useNavigation();
  const answer = actionData as CmsFormResult | undefined;
  const isUpload = video.job !== null;
  return (
    <>
      <p className="text-sm">
        <AppLink to="/cms/media" className="underline underline-offset-2">
          Media
        </AppLink>
      </p>
      <h1 className="mt-1 text-2xl font-bold">{video.title}</h1>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        State: <strong data-testid="video-state">{video.state}</strong>
        {video.state === 'published' ? (
          <>
            {' · '}
            <a href={`/api/media/${video.id}`} className="underline underline-offset-2">
              Public API entry
            </a>
          </>
        ) : null}
      </p>
      {saved === 'created' && !answer ? (
        <p
          role="status"
          className="mt-3 rounded-md bg-brand-50 p-3 text-sm text-brand-900 dark:bg-slate-800 dark:text-brand-100"
        >
          Added.{isUpload ? ' Now upload its file below.' : ''}
        </p>
      ) : null}
      <div className="mt-3">
        <FormAlert id="video-alert" result={answer} />
      </div>
      {video.posterUrl ? (
        <img src={video.posterUrl} alt={`Poster of ${video.title}`} className="mt-4 w-full max-w-sm rounded-md" />
      ) : null}
      {isUpload ? <UploadPanel videoId={video.id} job={video.job} /> : null}
      {video.job?.status === 'failed' ? (
        <form method="post" className="mt-3">
          <input type="hidden" name="intent" value="retry" />
          <button
            type="submit"
            className="rounded-md border border-slate-400 px-4 py-2 font-semibold dark:border-slate-600"
          >
            Retry transcoding
          </button>
        </form>
      ) : null}
      <CaptionsPanel videoId={video.id} hasCaptions={video.hasCaptions} embed={video.sourceType === 'embed'} />
      <h2 className="mt-6 text-lg font-semibold">Details</h2>
      <div className="mt-2">
        <VideoForm
          values={videoValues(video)}
          failure={answer?.intent === 'save' ? failureOf(answer) : undefined}
          submitLabel="Save"
          pending={navigation.state === 'submitting'}
        />
      </div>
      {video.state !== 'unpublished' ? (
        <form method="post" className="mt-6">
          <input type="hidden" name="intent" value="unpublish" />
          <button
            type="submit"
            className="rounded-md border border-red-700 px-4 py-2 font-semibold text-red-800 dark:border-red-400 dark:text-red-200"
          >
            Unpublish
          </button>
        </form>
      ) : null}
    </>
  );
}
