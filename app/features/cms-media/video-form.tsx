// The video form of the CMS (issue #22, cms:media): a video's metadata, publication window, links and source
// (an upload transcoded here, an external HLS or MP4 URL, or a YouTube/Vimeo/Dailymotion URL shown as a
// privacy-enhanced embed), shown again with the fields' messages after a refusal.
import { Form } from 'react-router';
import { CMS_SOURCE_TYPES, EMBED_HOSTS_TEXT, type CmsVideo } from '../../../domain/media-cms.ts';
import { MEDIA_ACCESS, MEDIA_KINDS } from '../../../domain/media-contracts.ts';
import { Field, inputClass, type FormFailure } from '../auth-forms/form-parts.tsx';

export const VIDEO_FIELDS = [
  'title',
  'description',
  'kind',
  'category',
  'access',
  'trailerId',
  'matchId',
  'competitionId',
  'teamIds',
  'publishedAt',
  'unpublishAt',
  'sourceType',
  'sourceUrl',
  'durationSeconds',
] as const;

const SOURCE_TEXT: Record<(typeof CMS_SOURCE_TYPES)[number], string> = {
  upload: 'Upload an MP4 or MOV (transcoded here to HLS)',
  hls_url: 'External HLS playlist URL (.m3u8)',
  mp4: 'MP4 file URL (.mp4)',
  embed: `Embed of a ${EMBED_HOSTS_TEXT} video`,
};

/** A stored ISO time as a datetime-local value (UTC). */
const local = (iso: string | null | undefined) => (iso ? iso.slice(0, 16) : '');

/** The form's values for a stored video. */
export function videoValues(video: CmsVideo): Record<string, string> {
  const uploaded = video.sourceType === 'hls' && video.source.startsWith('uploads/');
  return {
    title: video.title,
    description: video.description,
    kind: video.kind,
    category: video.category ?? '',
    access: video.access,
    trailerId: video.trailerId?.toString() ?? '',
    matchId: video.matchId?.toString() ?? '',
    competitionId: video.competitionId?.toString() ?? '',
    teamIds: video.teamIds.join(', '),
    publishedAt: local(video.publishedAt),
    unpublishAt: local(video.unpublishAt),
    sourceType: uploaded || video.job ? 'upload' : video.sourceType === 'hls' ? 'hls_url' : video.sourceType,
    sourceUrl: uploaded || video.job ? '' : video.source,
    durationSeconds: String(video.durationSeconds),
  };
}

/** The form's fields as the API's input (datetime-local values are read as UTC). */
export function videoInput(values: Record<string, string>): Record<string, string> {
  const utc = (text: string) => (text && !/[zZ]|[+-]\d\d:\d\d$/.test(text) ? `${text}Z` : text);
  return { ...values, publishedAt: utc(values.publishedAt ?? ''), unpublishAt: utc(values.unpublishAt ?? '') };
}

function Select(props: {
  id: string;
  name: string;
  label: string;
  options: ReadonlyArray<readonly [string, string]>;
  value: string;
  failure: FormFailure | undefined;
}) {
  const error = props.failure?.fields[props.name];
  return (
    <div>
      <label htmlFor={props.id} className="font-medium">
        {props.label}
      </label>
      <select
        id={props.id}
        name={props.name}
        defaultValue={props.value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${props.id}-error` : undefined}
        className={inputClass}
      >
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${props.id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function VideoForm(props: {
  values: Record<string, string>;
  failure: FormFailure | undefined;
  submitLabel: string;
  pending: boolean;
}) {
  const { failure } = props;
  const values = failure?.values ?? props.values;
  const field = (name: string, label: string, extra: { type?: string; hint?: string; required?: boolean } = {}) => (
    <Field idPrefix="video" name={name} label={label} failure={failure} defaultValue={values[name] ?? ''} {...extra} />
  );
  const descriptionError = failure?.fields.description;
  return (
    <Form method="post" className="grid gap-4" noValidate>
      <input type="hidden" name="intent" value="save" />
      {field('title', 'Title', { required: true })}
      <div>
        <label htmlFor="video-description" className="font-medium">
          Description
        </label>
        <textarea
          id="video-description"
          name="description"
          rows={3}
          defaultValue={values.description ?? ''}
          aria-invalid={descriptionError ? true : undefined}
          className={inputClass}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          id="video-kind"
          name="kind"
          label="Kind"
          value={values.kind ?? 'clip'}
          failure={failure}
          options={MEDIA_KINDS.map((kind) => [kind, kind] as const)}
        />
        <Select
          id="video-access"
          name="access"
          label="Access"
          value={values.access ?? 'free'}
          failure={failure}
          options={MEDIA_ACCESS.map((access) => [access, access === 'free' ? 'Free' : 'Premium'] as const)}
        />
        {field('category', 'Category (a /movies rail)', { hint: 'E.g. Legends; empty for none' })}
        {field('trailerId', 'Trailer (video id)', { hint: 'A free video shown before the premium one' })}
      </div>
      <fieldset className="grid gap-4 rounded-md border border-slate-300 p-3 sm:grid-cols-2 dark:border-slate-700">
        <legend className="px-1 font-semibold">Source</legend>
        <Select
          id="video-sourceType"
          name="sourceType"
          label="Type"
          value={values.sourceType ?? 'upload'}
          failure={failure}
          options={CMS_SOURCE_TYPES.map((type) => [type, SOURCE_TEXT[type]] as const)}
        />
        {field('sourceUrl', 'URL (not for uploads)', { type: 'url' })}
        {field('durationSeconds', 'Duration in seconds (URLs; uploads are measured)', { type: 'number' })}
      </fieldset>
      <fieldset className="grid gap-4 rounded-md border border-slate-300 p-3 sm:grid-cols-2 dark:border-slate-700">
        <legend className="px-1 font-semibold">Publication (UTC)</legend>
        {field('publishedAt', 'Publish from', { type: 'datetime-local', hint: 'Empty: now' })}
        {field('unpublishAt', 'Unpublish at', { type: 'datetime-local', hint: 'Empty: never' })}
      </fieldset>
      <fieldset className="grid gap-4 rounded-md border border-slate-300 p-3 sm:grid-cols-3 dark:border-slate-700">
        <legend className="px-1 font-semibold">Links</legend>
        {field('matchId', 'Match id')}
        {field('teamIds', 'Team ids', { hint: 'Comma-separated, at most 4' })}
        {field('competitionId', 'Competition id')}
      </fieldset>
      <div>
        <button
          type="submit"
          disabled={props.pending}
          className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {props.submitLabel}
        </button>
      </div>
    </Form>
  );
}
