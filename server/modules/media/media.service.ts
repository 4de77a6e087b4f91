// The media catalogue (issue #22; docs/media.md): the published videos, signed playback for whoever
// may play a video, and where each user stopped. Premium videos need `premium_media`, asked of the
// payments module through the `entitlements` callback the composition root passes in; the files
// themselves are served by media.files.ts, which checks the same token and entitlement again.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import {
  MEDIA_ACCESS,
  MEDIA_KINDS,
  MEDIA_SOURCE_TYPES,
  mediaItemSchema,
  type MediaItem,
  type MediaQuery,
  type PlayAnswer,
  type PlaybackPosition,
} from '../../../domain/media-contracts.ts';
import type { Clock } from '../../platform/clock.ts';
import {
  insertVideo,
  selectPosition,
  selectPublishedVideos,
  selectTrailerOwners,
  selectVideo,
  selectVideoTeams,
  upsertPosition,
  type NewVideo,
  type VideoRow,
} from './media.queries.ts';
import { signMediaToken } from './media.tokens.ts';

/** The path a stored video's files are served under: `/media/v/<id>/<file inside the video's folder>`. */
export const MEDIA_ROUTE = '/media/v';

export type PlayResult =
  | { ok: true; answer: PlayAnswer }
  | { ok: false; code: 'not_found' | 'unauthenticated' | 'premium_required'; message: string };

export interface MediaService {
  list(query: MediaQuery): Promise<MediaItem[]>;
  /** One published video, or null (unknown, not yet or no longer published). */
  get(id: number): Promise<MediaItem | null>;
  /** A URL to play `id` with for `userId` (null: signed out); signed and short-lived for premium videos. */
  play(id: number, userId: number | null): Promise<PlayResult>;
  /** Whether `userId` may play premium videos now (payments' `premium_media`). */
  mayPlayPremium(userId: number): Promise<boolean>;
  position(userId: number, videoId: number): Promise<PlaybackPosition | null>;
  savePosition(userId: number, videoId: number, seconds: number): Promise<PlaybackPosition | null>;
  /** Adds a video (the demo catalogue; the CMS next). */
  add(video: NewVideo): Promise<number>;
  /** A published video's stored row (for the file server). */
  publishedRow(id: number): Promise<VideoRow | null>;
}

export interface MediaServiceOptions {
  db: Kysely<Database>;
  clock: Clock;
  tokenKey: Uint8Array;
  /** How long a signed URL works (seconds). */
  urlTtlSeconds: number;
  /** IMAGE_HOST: posters and free videos' segments are referenced from it when set. */
  imageHost: string | null;
  /** The names of the user's entitlements in force (payments.entitlements). */
  entitlements: (userId: number) => Promise<string[]>;
}

const isUrl = (value: string) => /^https?:\/\//i.test(value);

/** The folder of a stored video's files, relative to MEDIA_DIR: the folder its source is in. */
export function videoFolder(row: Pick<VideoRow, 'source'>): string {
  const index = row.source.lastIndexOf('/');
  return index === -1 ? '' : row.source.slice(0, index);
}

/** A stored file's path inside its video's folder. */
function insideFolder(row: VideoRow, stored: string): string {
  const folder = videoFolder(row);
  return folder && stored.startsWith(`${folder}/`) ? stored.slice(folder.length + 1) : stored;
}

export function isPublished(row: Pick<VideoRow, 'publishedAt' | 'unpublishAt'>, now: Date): boolean {
  return (
    Date.parse(row.publishedAt) <= now.getTime() &&
    (row.unpublishAt === null || Date.parse(row.unpublishAt) > now.getTime())
  );
}

export function createMediaService(options: MediaServiceOptions): MediaService {
  const { db, clock, tokenKey } = options;
  const imageBase = options.imageHost ? options.imageHost.replace(/\/+$/, '') : '';

  function fileUrl(row: VideoRow, stored: string, token: string | null, onImageHost: boolean): string {
    if (isUrl(stored)) return stored;
    const path = `${MEDIA_ROUTE}/${row.id}/${insideFolder(row, stored).split('/').map(encodeURIComponent).join('/')}`;
    const base = onImageHost ? imageBase : '';
    return `${base}${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  }

  async function items(rows: VideoRow[]): Promise<MediaItem[]> {
    const ids = rows.map((row) => row.id);
    const [teams, owners] = await Promise.all([selectVideoTeams(db, ids), selectTrailerOwners(db, ids)]);
    return rows.map((row) =>
      mediaItemSchema.parse({
        id: row.id,
        title: row.title,
        description: row.description,
        kind: MEDIA_KINDS.find((kind) => kind === row.kind) ?? 'clip',
        category: row.category,
        access: MEDIA_ACCESS.find((access) => access === row.access) ?? 'premium',
        durationSeconds: row.durationSeconds,
        // Posters are public, premium or not: the offer shows them.
        posterUrl: row.poster ? fileUrl(row, row.poster, null, true) : null,
        sourceType: MEDIA_SOURCE_TYPES.find((type) => type === row.sourceType) ?? 'hls',
        trailerId: row.trailerId,
        trailerOf: owners.get(row.id) ?? null,
        hasCaptions: row.captions !== null,
        demo: row.demo,
        publishedAt: row.publishedAt,
        links: { matchId: row.matchId, teamIds: teams.get(row.id) ?? [], competitionId: row.competitionId },
      }),
    );
  }

  async function publishedRow(id: number): Promise<VideoRow | null> {
    const row = await selectVideo(db, id);
    return row && isPublished(row, clock.now()) ? row : null;
  }

  const service: MediaService = {
    async list(query) {
      return await items(await selectPublishedVideos(db, query, clock.now()));
    },

    async get(id) {
      const row = await publishedRow(id);
      return row ? ((await items([row]))[0] ?? null) : null;
    },

    async mayPlayPremium(userId) {
      return (await options.entitlements(userId)).includes('premium_media');
    },

    async play(id, userId) {
      const row = await publishedRow(id);
      if (!row) return { ok: false, code: 'not_found', message: 'No such video' };
      const sourceType = MEDIA_SOURCE_TYPES.find((type) => type === row.sourceType) ?? 'hls';
      if (row.access !== 'free') {
        if (userId === null) return { ok: false, code: 'unauthenticated', message: 'Sign in to watch this video' };
        if (!(await service.mayPlayPremium(userId))) {
          return { ok: false, code: 'premium_required', message: 'This video is for Premium members: see /pricing' };
        }
        const expiresAt = new Date(clock.now().getTime() + options.urlTtlSeconds * 1000);
        const token = signMediaToken(tokenKey, row.id, userId, expiresAt);
        return {
          ok: true,
          answer: {
            url: fileUrl(row, row.source, token, false),
            sourceType,
            expiresAt: isUrl(row.source) ? null : expiresAt.toISOString(),
            captionsUrl: row.captions ? fileUrl(row, row.captions, token, false) : null,
          },
        };
      }
      // A free video's playlist comes from this site (so its segment URIs can point at IMAGE_HOST);
      // a free MP4 is itself a "segment" and comes from IMAGE_HOST when set.
      return {
        ok: true,
        answer: {
          url: fileUrl(row, row.source, null, sourceType === 'mp4'),
          sourceType,
          expiresAt: null,
          captionsUrl: row.captions ? fileUrl(row, row.captions, null, true) : null,
        },
      };
    },

    async position(userId, videoId) {
      if (!(await publishedRow(videoId))) return null;
      const stored = await selectPosition(db, userId, videoId);
      return { videoId, positionSeconds: stored?.positionSeconds ?? 0, updatedAt: stored?.updatedAt ?? null };
    },

    async savePosition(userId, videoId, seconds) {
      if (!(await publishedRow(videoId))) return null;
      const now = clock.now();
      await upsertPosition(db, userId, videoId, seconds, now);
      return { videoId, positionSeconds: seconds, updatedAt: now.toISOString() };
    },

    async add(video) {
      return await insertVideo(db, video, clock.now());
    },

    publishedRow,
  };
  return service;
}
