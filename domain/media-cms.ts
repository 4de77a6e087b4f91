// The CMS's media screens (issue #22, scope cms:media; docs/media.md "CMS and uploads"): the input a video's
// metadata is written with, the embed hosts it accepts, and what the CMS shows of a video and its upload.
// The JSON API (/api/cms/media) and the pages' forms read the same schemas.
import { z } from 'zod';
import { MEDIA_ACCESS, MEDIA_KINDS } from './media-contracts.ts';
import { isPlainLine } from './text.ts';

/** How a video's source is given in the CMS: an upload transcoded here, or a URL. */
export const CMS_SOURCE_TYPES = ['upload', 'hls_url', 'mp4', 'embed'] as const;
export type CmsSourceType = (typeof CMS_SOURCE_TYPES)[number];

/**
 * A video platform's URL as its privacy-enhanced embed URL, or null when the host is not one we know.
 * YouTube (watch, youtu.be, shorts, embed) → youtube-nocookie.com/embed/ID; Vimeo → player.vimeo.com/video/ID?dnt=1;
 * Dailymotion → dailymotion.com/embed/video/ID.
 */
export function embedUrlOf(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const host = url.hostname
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/^m\./, '');
  const id = (value: string | null | undefined, pattern: RegExp) => (value && pattern.test(value) ? value : null);
  const youtube = /^[A-Za-z0-9_-]{6,20}$/;
  const parts = url.pathname.split('/').filter(Boolean);
  let found: string | null;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    found =
      parts[0] === 'watch'
        ? id(url.searchParams.get('v'), youtube)
        : ['embed', 'shorts', 'live'].includes(parts[0] ?? '')
          ? id(parts[1], youtube)
          : null;
    return found ? `https://www.youtube-nocookie.com/embed/${found}` : null;
  }
  if (host === 'youtu.be') {
    found = id(parts[0], youtube);
    return found ? `https://www.youtube-nocookie.com/embed/${found}` : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    found = id(parts[0] === 'video' ? parts[1] : parts[0], /^\d{1,12}$/);
    return found ? `https://player.vimeo.com/video/${found}?dnt=1` : null;
  }
  if (host === 'dailymotion.com') {
    found = id(parts[0] === 'embed' ? parts[2] : parts[0] === 'video' ? parts[1] : null, /^[A-Za-z0-9]{4,20}$/);
    return found ? `https://www.dailymotion.com/embed/video/${found}` : null;
  }
  return null;
}

export const EMBED_HOSTS_TEXT = 'YouTube, Vimeo or Dailymotion';

const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const optionalId = (label: string) =>
  z
    .preprocess(
      emptyToNull,
      z.coerce
        .number({ error: `${label} is a number` })
        .int(`${label} is a whole number`)
        .positive(`${label} is a number`)
        .max(2_147_483_647)
        .nullable(),
    )
    .default(null);
const dateTime = (label: string) =>
  z.preprocess(
    emptyToNull,
    z
      .string()
      .refine((value) => !Number.isNaN(Date.parse(value)), `${label}: write a date and time, e.g. 2026-11-27T18:00`)
      .transform((value) => new Date(value).toISOString())
      .nullable(),
  );

export const cmsVideoInputSchema = z
  .object({
    title: z
      .string({ error: 'Give a title' })
      .trim()
      .min(1, 'Give a title')
      .max(200, 'Use at most 200 characters')
      .refine(isPlainLine, 'Use one line of plain text'),
    description: z.string().trim().max(5000, 'Use at most 5,000 characters').default(''),
    kind: z.enum(MEDIA_KINDS, { error: 'Choose highlight, movie, documentary or clip' }),
    category: z
      .preprocess(
        emptyToNull,
        z
          .string()
          .trim()
          .max(60, 'Use at most 60 characters')
          .refine(isPlainLine, 'Use one line of plain text')
          .nullable(),
      )
      .default(null),
    access: z.enum(MEDIA_ACCESS, { error: 'Choose free or premium' }),
    trailerId: optionalId('The trailer'),
    matchId: optionalId('The match'),
    competitionId: optionalId('The competition'),
    /** Team ids, comma-separated in forms. */
    teamIds: z
      .preprocess(
        (value) => (typeof value === 'string' ? value.split(/[\s,]+/).filter(Boolean) : (value ?? [])),
        z
          .array(z.coerce.number({ error: 'Teams are numbers' }).int('Teams are numbers').positive('Teams are numbers'))
          .max(4, 'At most 4 teams'),
      )
      .default([]),
    publishedAt: dateTime('Publish from').default(null),
    unpublishAt: dateTime('Unpublish at').default(null),
    sourceType: z.enum(CMS_SOURCE_TYPES, { error: 'Choose upload, HLS URL, MP4 URL or embed' }),
    sourceUrl: z
      .preprocess(emptyToNull, z.string().trim().max(2000, 'Use at most 2,000 characters').nullable())
      .default(null),
    durationSeconds: z
      .preprocess(
        emptyToNull,
        z.coerce.number({ error: 'Seconds, a number' }).int('Whole seconds').min(0).max(86_400).nullable(),
      )
      .default(null),
  })
  .superRefine((input, ctx) => {
    if (input.publishedAt && input.unpublishAt && Date.parse(input.unpublishAt) <= Date.parse(input.publishedAt)) {
      ctx.addIssue({ code: 'custom', path: ['unpublishAt'], message: 'Unpublish after it is published' });
    }
    if (input.sourceType === 'upload') return;
    const url = input.sourceUrl;
    if (!url) {
      ctx.addIssue({ code: 'custom', path: ['sourceUrl'], message: 'Give the URL of the video' });
      return;
    }
    if (input.sourceType === 'embed') {
      if (!embedUrlOf(url))
        ctx.addIssue({ code: 'custom', path: ['sourceUrl'], message: `Give a ${EMBED_HOSTS_TEXT} video URL` });
      return;
    }
    const parsed = URL.canParse(url) ? new URL(url) : null;
    if (!parsed || parsed.protocol !== 'https:') {
      ctx.addIssue({ code: 'custom', path: ['sourceUrl'], message: 'Give an https:// URL' });
      return;
    }
    const ending = input.sourceType === 'hls_url' ? '.m3u8' : '.mp4';
    if (!parsed.pathname.toLowerCase().endsWith(ending)) {
      ctx.addIssue({
        code: 'custom',
        path: ['sourceUrl'],
        message: `The URL of ${input.sourceType === 'hls_url' ? 'an HLS playlist ends in .m3u8' : 'an MP4 file ends in .mp4'}`,
      });
    }
  });
export type CmsVideoInput = z.infer<typeof cmsVideoInputSchema>;

export const TRANSCODE_STATUSES = ['awaiting_upload', 'queued', 'running', 'done', 'failed'] as const;

export const transcodeJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(TRANSCODE_STATUSES),
  /** 0–100, from ffmpeg's -progress against ffprobe's duration. */
  progress: z.number().int(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  updatedAt: z.string(),
});
export type TranscodeJobView = z.infer<typeof transcodeJobSchema>;

export const cmsVideoSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.string(),
  category: z.string().nullable(),
  access: z.string(),
  durationSeconds: z.number().int(),
  sourceType: z.string(),
  source: z.string(),
  posterUrl: z.string().nullable(),
  trailerId: z.number().int().nullable(),
  matchId: z.number().int().nullable(),
  competitionId: z.number().int().nullable(),
  teamIds: z.array(z.number().int()),
  publishedAt: z.string(),
  unpublishAt: z.string().nullable(),
  demo: z.boolean(),
  /** WebVTT captions are stored for it (uploaded in the CMS, or the demo's). */
  hasCaptions: z.boolean(),
  /** published: public now; scheduled: later; unpublished: its window is over; processing: its upload is not ready. */
  state: z.enum(['published', 'scheduled', 'unpublished', 'processing']),
  job: transcodeJobSchema.nullable(),
});
export type CmsVideo = z.infer<typeof cmsVideoSchema>;

export const cmsVideoListQuerySchema = z.object({
  q: z.string().trim().max(100, 'Use at most 100 characters').default(''),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
