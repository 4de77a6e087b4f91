// The media catalogue as the browser and the server both see it (issue #22; docs/media.md):
// GET /api/media, GET /api/media/{id}, POST /api/media/{id}/play and the playback position.
// server/modules/media validates its answers against these shapes; the pages (/movies,
// highlights, /match-highlight/{id}) read them.
import { z } from 'zod';

export const MEDIA_KINDS = ['highlight', 'movie', 'documentary', 'clip'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** free: anyone may play it, signed in or not; premium: only a user whose plan grants `premium_media`. */
export const MEDIA_ACCESS = ['free', 'premium'] as const;
export type MediaAccess = (typeof MEDIA_ACCESS)[number];

/**
 * hls: a playlist stored under MEDIA_DIR (served by this site, signed when premium); hls_url: an external
 * HLS playlist; mp4: a file under MEDIA_DIR or an external https URL; embed: a video platform's page
 * (played in its privacy-enhanced iframe, loaded only on click).
 */
export const MEDIA_SOURCE_TYPES = ['hls', 'hls_url', 'mp4', 'embed'] as const;
export type MediaSourceType = (typeof MEDIA_SOURCE_TYPES)[number];

export const mediaLinksSchema = z.object({
  /** The match the video is about (a highlight), or null. */
  matchId: z.number().int().nullable(),
  teamIds: z.array(z.number().int()),
  competitionId: z.number().int().nullable(),
});

export const mediaItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(MEDIA_KINDS),
  /** The /movies rail the video belongs to ("Training ground", "Legends"…); null when none. */
  category: z.string().nullable(),
  access: z.enum(MEDIA_ACCESS),
  /** Whole seconds. */
  durationSeconds: z.number().int().nonnegative(),
  /** Absolute URL or a path on this site (on IMAGE_HOST when set); null when the video has none. */
  posterUrl: z.string().nullable(),
  sourceType: z.enum(MEDIA_SOURCE_TYPES),
  /** A premium video's free trailer (its id), or null. */
  trailerId: z.number().int().nullable(),
  /** For a trailer: the premium video it belongs to, or null. */
  trailerOf: z.number().int().nullable(),
  /** WebVTT captions exist (their URL comes with the play answer). */
  hasCaptions: z.boolean(),
  /** Generated demo content (ffmpeg test patterns), never real footage: pages label it so. */
  demo: z.boolean(),
  publishedAt: z.iso.datetime(),
  links: mediaLinksSchema,
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const mediaListSchema = z.object({ items: z.array(mediaItemSchema) });
export type MediaList = z.infer<typeof mediaListSchema>;

export const mediaQuerySchema = z.object({
  kind: z.enum(MEDIA_KINDS).optional(),
  matchId: z.coerce.number().int().positive().optional(),
  access: z.enum(MEDIA_ACCESS).optional(),
  category: z.string().trim().min(1).max(80).optional(),
  /** Words of the title or description (case-insensitive). */
  q: z.string().trim().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type MediaQuery = z.infer<typeof mediaQuerySchema>;

export const playAnswerSchema = z.object({
  /** What the player loads: an HLS playlist (hls, hls_url), a file (mp4) or an embed page (embed). */
  url: z.string(),
  sourceType: z.enum(MEDIA_SOURCE_TYPES),
  /** When a signed URL stops working (ask /play again then); null for URLs that do not expire. */
  expiresAt: z.iso.datetime().nullable(),
  /** WebVTT captions, signed like the video when it is premium; null when none. */
  captionsUrl: z.string().nullable(),
});
export type PlayAnswer = z.infer<typeof playAnswerSchema>;

export const playbackPositionSchema = z.object({
  videoId: z.number().int(),
  /** Seconds from the start where the user stopped; 0 when never played. */
  positionSeconds: z.number().nonnegative(),
  updatedAt: z.iso.datetime().nullable(),
});
export type PlaybackPosition = z.infer<typeof playbackPositionSchema>;

export const savePositionSchema = z.object({
  positionSeconds: z
    .number()
    .nonnegative()
    .max(24 * 60 * 60),
});

/**
 * A page showing a video platform's embed names the platform's origin in this response header; the page
 * headers (server/platform/security.ts) make it the page's CSP `frame-src` and drop the header.
 */
export const FRAME_SRC_HEADER = 'X-Scoreline-Frame-Src';
