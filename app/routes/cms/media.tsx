// /cms/media (issue #22, scope cms:media): the video catalogue, published or not, newest first, searched by
// title, description or slug; each row says its state (published, scheduled, unpublished, processing) and
// the progress of its upload's transcode.
import { Form } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { inputClass } from '../../features/auth-forms/form-parts.tsx';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import type { Route } from './+types/media';
import { getServices } from '../../../server/router-context.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:media');
  const q = (new URL(request.url).searchParams.get('q') ?? '').slice(0, 100);
  const result = await getServices(context).cms.media.list({ q });
  return { q, videos: result.ok ? result.videos : [] };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Media', noIndex: true });

const STATE_TEXT = {
  published: 'Published',
  scheduled: 'Scheduled',
  unpublished: 'Unpublished',
  processing: 'Processing',
} as const;

export default function CmsMedia({ loaderData }: Route.ComponentProps) {
  const { q, videos } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Media</h1>
        <AppLink
          to="/cms/media/new"
          className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          New video
        </AppLink>
      </div>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Highlights, films, documentaries and clips: uploads are transcoded here to HLS; URLs and embeds play from
        elsewhere.
      </p>
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
        <div className="grow">
          <label htmlFor="media-q" className="font-medium">
            Search videos
          </label>
          <input id="media-q" name="q" type="search" defaultValue={q} className={inputClass} />
        </div>
        <button
          type="submit"
          className="rounded-md border border-slate-400 px-4 py-2 font-semibold dark:border-slate-600"
        >
          Search
        </button>
      </Form>
      {videos.length === 0 ? (
        <p className="mt-6">{q ? 'No video matches this search.' : 'No videos yet.'}</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-xl border border-slate-300 bg-white dark:border-slate-800 dark:bg-slate-900">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Videos, newest first</caption>
            <thead className="border-b border-slate-300 dark:border-slate-700">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Title
                </th>
                <th scope="col" className="px-4 py-2">
                  Kind
                </th>
                <th scope="col" className="px-4 py-2">
                  Access
                </th>
                <th scope="col" className="px-4 py-2">
                  State
                </th>
              </tr>
            </thead>
            <tbody>
              {videos.map((video) => (
                <tr
                  key={video.id}
                  className="border-b border-slate-200 last:border-0 dark:border-slate-800"
                  data-testid="video-row"
                >
                  <td className="px-4 py-2">
                    <AppLink
                      to={`/cms/media/${video.id}`}
                      className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100"
                    >
                      {video.title}
                    </AppLink>
                    {video.demo ? <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">demo</span> : null}
                  </td>
                  <td className="px-4 py-2">{video.kind}</td>
                  <td className="px-4 py-2">{video.access === 'premium' ? 'Premium' : 'Free'}</td>
                  <td className="whitespace-nowrap px-4 py-2">
                    {STATE_TEXT[video.state]}
                    {video.job && (video.job.status === 'queued' || video.job.status === 'running')
                      ? ` (${video.job.progress}%)`
                      : null}
                    {video.job?.status === 'failed' ? ' (failed)' : null}
                    {video.job?.status === 'awaiting_upload' ? ' (no file yet)' : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
