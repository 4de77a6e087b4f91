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
import { cmsVideoSchema, embedUrlOf, type CmsVideo, type CmsVideoInput } from '../../../domain/media-cms.ts';
import {
  createTranscoder,
  insertJob,
  receiveUpload,
  selectLatestJobs,
  updateJob,
  UPLOAD_FOLDER,
  type Transcoder,
} from './media.transcode.ts';
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkWebVtt } from '../../../domain/webvtt.ts';
import {
  insertVideo,
  selectCatalogue,
  selectReadyVideo,
  updateVideoRow,
  selectPosition,
  selectPublishedFilmIds,
  selectPublishedVideos,
  selectTrailerOwners,
  selectVideo,
  swapCaptions,
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
  /** The ids of the films and documentaries published now: their /movies/{id} pages go in the sitemap. */
  publishedFilmIds(): Promise<number[]>;
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

  // ---- The CMS (scope cms:media; server/modules/cms/cms-media.service.ts) ----
  /** Every video, published or not, with its upload job (the CMS list). */
  staffList(q: string, limit: number): Promise<CmsVideo[]>;
  staffGet(id: number, trx?: Kysely<Database>): Promise<CmsVideo | null>;
  /** Adds a video in `trx`; an upload source waits for its file (a job `awaiting_upload`). */
  create(trx: Kysely<Database>, input: CmsVideoInput, by: number): Promise<number>;
  /** Changes a video in `trx`; null when unknown. A new upload source waits for its file. */
  update(trx: Kysely<Database>, id: number, input: CmsVideoInput, by: number): Promise<CmsVideo | null>;
  /** Ends a video's publication now (unpublish_at = now); null when unknown. */
  unpublish(trx: Kysely<Database>, id: number): Promise<CmsVideo | null>;
  /** Streams an uploaded file for video `id`, checks it and queues its transcode. */
  upload(id: number, body: ReadableStream<Uint8Array> | null, by: number): Promise<UploadResult>;
  /** Stores an uploaded WebVTT file as video `id`'s captions (checked first; the previous file removed). */
  setCaptions(id: number, body: ReadableStream<Uint8Array> | null): Promise<CaptionsResult>;
  /** Removes video `id`'s captions; null when unknown. */
  removeCaptions(id: number): Promise<CmsVideo | null>;
  /** Queues a failed transcode again. */
  retry(trx: Kysely<Database>, id: number): Promise<'queued' | 'not_found' | 'not_failed'>;
  /** The background transcoder (started by main.ts; tests start and stop it). */
  transcoder: Transcoder;
}

export type UploadResult =
  | { ok: true; video: CmsVideo; bytes: number }
  | {
      ok: false;
      code: 'not_found' | 'conflict' | 'payload_too_large' | 'unsupported_media' | 'empty';
      message: string;
    };

export type CaptionsResult =
  | { ok: true; video: CmsVideo; bytes: number; cues: number }
  | {
      ok: false;
      code: 'not_found' | 'conflict' | 'payload_too_large' | 'invalid_captions';
      message: string;
    };

/** Where uploaded captions are stored under MEDIA_DIR: `captions/<slug>/<name>.vtt`, a new name each time. */
export const CAPTIONS_FOLDER = 'captions';

/** The body of a request, up to `maxBytes`; null when it is longer (reading stops there). */
async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
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
  /** MEDIA_DIR, FFMPEG_PATH, FFPROBE_PATH, MEDIA_UPLOAD_MAX_MB (uploads). */
  mediaDir?: string;
  ffmpegPath?: string;
  ffprobePath?: string;
  uploadMaxBytes?: number;
  /** MEDIA_CAPTIONS_MAX_KB: the largest captions file (bytes). */
  captionsMaxBytes?: number;
  log?: (message: string, details?: Record<string, unknown>) => void;
}

const isUrl = (value: string) => /^https?:\/\//i.test(value);

/** The folder of a stored video's files, relative to MEDIA_DIR: the folder its source is in. */
export function videoFolder(row: Pick<VideoRow, 'source'>): string {
  const index = row.source.lastIndexOf('/');
  return index === -1 ? '' : row.source.slice(0, index);
}

/** A stored file's path inside its video's folder (the path it is served at under `/media/v/<id>/`). */
export function insideFolder(row: VideoRow, stored: string): string {
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
    const row = await selectReadyVideo(db, id);
    return row && isPublished(row, clock.now()) ? row : null;
  }

  const mediaDir = options.mediaDir ?? 'var/media';
  const transcoder = createTranscoder({
    db,
    clock,
    mediaDir,
    ffmpegPath: options.ffmpegPath ?? '/usr/bin/ffmpeg',
    ffprobePath: options.ffprobePath ?? '/usr/bin/ffprobe',
    ...(options.log ? { log: options.log } : {}),
    onComplete: async (videoId, output) => {
      await updateVideoRow(db, videoId, {
        sourceType: 'hls',
        source: `${output.folder}/master.m3u8`,
        poster: `${output.folder}/poster.jpg`,
        durationSeconds: output.durationSeconds,
      });
    },
  });

  async function staffVideos(rows: VideoRow[], trx: Kysely<Database> = db): Promise<CmsVideo[]> {
    const ids = rows.map((row) => row.id);
    const [teams, jobs] = await Promise.all([selectVideoTeams(trx, ids), selectLatestJobs(trx, ids)]);
    const now = clock.now();
    return rows.map((row) => {
      const job = jobs.get(row.id) ?? null;
      const state =
        job && job.status !== 'done'
          ? 'processing'
          : isPublished(row, now)
            ? 'published'
            : Date.parse(row.publishedAt) > now.getTime()
              ? 'scheduled'
              : 'unpublished';
      return cmsVideoSchema.parse({
        id: row.id,
        slug: row.slug,
        title: row.title,
        description: row.description,
        kind: row.kind,
        category: row.category,
        access: row.access,
        durationSeconds: row.durationSeconds,
        sourceType: row.sourceType,
        source: row.source,
        posterUrl: row.poster && (!job || job.status === 'done') ? fileUrl(row, row.poster, null, false) : null,
        trailerId: row.trailerId,
        matchId: row.matchId,
        competitionId: row.competitionId,
        teamIds: teams.get(row.id) ?? [],
        publishedAt: row.publishedAt,
        unpublishAt: row.unpublishAt,
        demo: row.demo,
        hasCaptions: row.captions !== null,
        state,
        job: job
          ? {
              id: job.id,
              status: job.status,
              progress: job.progress,
              attempts: job.attempts,
              error: job.error,
              updatedAt: job.updatedAt,
            }
          : null,
      });
    });
  }

  async function staffGet(id: number, trx: Kysely<Database> = db): Promise<CmsVideo | null> {
    const row = await selectVideo(trx, id);
    return row ? ((await staffVideos([row], trx))[0] ?? null) : null;
  }

  /** The stored fields of a CMS input (an upload's source is its folder under uploads/, filled when transcoded). */
  function fieldsOf(input: CmsVideoInput, slug: string) {
    const source =
      input.sourceType === 'upload'
        ? { sourceType: 'hls', source: `${UPLOAD_FOLDER}/${slug}/master.m3u8` }
        : input.sourceType === 'embed'
          ? { sourceType: 'embed', source: embedUrlOf(input.sourceUrl ?? '') ?? '' }
          : { sourceType: input.sourceType, source: input.sourceUrl ?? '' };
    return {
      title: input.title,
      description: input.description,
      kind: input.kind,
      category: input.category,
      access: input.access,
      trailerId: input.trailerId,
      matchId: input.matchId,
      competitionId: input.competitionId,
      teamIds: input.teamIds,
      unpublishAt: input.unpublishAt ? new Date(input.unpublishAt) : null,
      ...source,
    };
  }

  function slugOf(title: string): string {
    const base = title
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, '-')
      .slice(0, 60)
      .replace(/-+$/, '');
    return `${base || 'video'}-${randomBytes(3).toString('hex')}`;
  }

  /** Removes a captions file uploaded in the CMS (never a demo clip's, which lives in its folder). */
  async function removeUploadedCaptions(stored: string | null): Promise<void> {
    if (!stored?.startsWith(`${CAPTIONS_FOLDER}/`) || stored.includes('..')) return;
    await rm(path.join(mediaDir, stored), { force: true }).catch(() => undefined);
  }

  const service: MediaService = {
    async list(query) {
      return await items(await selectPublishedVideos(db, query, clock.now()));
    },

    async publishedFilmIds() {
      return await selectPublishedFilmIds(db, clock.now());
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
    transcoder,

    async staffList(q, limit) {
      return await staffVideos(await selectCatalogue(db, q, limit));
    },

    staffGet: (id, trx) => staffGet(id, trx),

    async create(trx, input, by) {
      const slug = slugOf(input.title);
      const fields = fieldsOf(input, slug);
      const id = await insertVideo(
        trx,
        {
          slug,
          ...fields,
          durationSeconds: input.durationSeconds ?? 0,
          poster: null,
          captions: null,
          publishedAt: input.publishedAt ? new Date(input.publishedAt) : clock.now(),
          demo: false,
        },
        clock.now(),
      );
      if (input.sourceType === 'upload') {
        await insertJob(
          trx,
          { videoId: id, status: 'awaiting_upload', input: '', output: `${UPLOAD_FOLDER}/${slug}`, by },
          clock.now(),
        );
      }
      return id;
    },

    async update(trx, id, input, by) {
      const row = await selectVideo(trx, id);
      if (!row) return null;
      const jobs = await selectLatestJobs(trx, [id]);
      const wasUpload = row.source.startsWith(`${UPLOAD_FOLDER}/`) && row.sourceType === 'hls';
      const fields = fieldsOf(input, row.slug);
      // An upload source that is already there keeps its files, poster and duration.
      const keep = input.sourceType === 'upload' && wasUpload;
      await updateVideoRow(trx, id, {
        ...fields,
        ...(keep
          ? { sourceType: row.sourceType, source: row.source }
          : { poster: input.sourceType === 'upload' ? null : row.poster }),
        ...(input.durationSeconds !== null && input.sourceType !== 'upload'
          ? { durationSeconds: input.durationSeconds }
          : {}),
        ...(input.publishedAt ? { publishedAt: new Date(input.publishedAt) } : {}),
      });
      if (input.sourceType === 'upload' && !keep && !jobs.get(id)) {
        await insertJob(
          trx,
          { videoId: id, status: 'awaiting_upload', input: '', output: `${UPLOAD_FOLDER}/${row.slug}`, by },
          clock.now(),
        );
      }
      return await staffGet(id, trx);
    },

    async unpublish(trx, id) {
      const row = await selectVideo(trx, id);
      if (!row) return null;
      const now = clock.now();
      // Not yet published: the window closes where it starts.
      const at = Date.parse(row.publishedAt) > now.getTime() ? new Date(row.publishedAt) : now;
      await updateVideoRow(trx, id, { unpublishAt: at });
      return await staffGet(id, trx);
    },

    async upload(id, body, by) {
      const row = await selectVideo(db, id);
      if (!row) return { ok: false, code: 'not_found', message: 'No such video' };
      const job = (await selectLatestJobs(db, [id])).get(id);
      if (!job)
        return {
          ok: false,
          code: 'conflict',
          message: 'This video’s source is not an upload: choose “Upload” as its source first',
        };
      if (job.status === 'queued' || job.status === 'running') {
        return {
          ok: false,
          code: 'conflict',
          message: 'This video’s upload is being transcoded: wait until it is done',
        };
      }
      const folder = `${UPLOAD_FOLDER}/${row.slug}`;
      const received = await receiveUpload({
        body,
        mediaDir,
        folder: `${UPLOAD_FOLDER}/.incoming`,
        maxBytes: options.uploadMaxBytes ?? 500 * 1_048_576,
        ffprobePath: options.ffprobePath ?? '/usr/bin/ffprobe',
      });
      if (!received.ok) return received;
      // The video's one job: waiting for its file, or failed (a new file replaces the old one).
      if (job.status === 'awaiting_upload' || job.status === 'failed') {
        await updateJob(db, job.id, { status: 'queued', input: received.file, progress: 0, error: null }, clock.now());
      } else {
        await insertJob(db, { videoId: id, status: 'queued', input: received.file, output: folder, by }, clock.now());
      }
      transcoder.kick();
      const video = await staffGet(id);
      if (!video) return { ok: false, code: 'not_found', message: 'No such video' };
      return { ok: true, video, bytes: received.bytes };
    },

    async setCaptions(id, body) {
      const row = await selectVideo(db, id);
      if (!row) return { ok: false, code: 'not_found', message: 'No such video' };
      if (row.sourceType === 'embed')
        return {
          ok: false,
          code: 'conflict',
          message: 'An embedded video’s captions come from its video platform: they cannot be uploaded here',
        };
      const maxBytes = options.captionsMaxBytes ?? 512 * 1024;
      const bytes = await readCapped(body, maxBytes);
      if (!bytes)
        return {
          ok: false,
          code: 'payload_too_large',
          message: `The captions file is larger than ${Math.round(maxBytes / 1024)} kB`,
        };
      const checked = checkWebVtt(bytes);
      if (!checked.ok) return { ok: false, code: 'invalid_captions', message: checked.message };
      // Written under a new name, complete before the row names it (a temporary dot-file is never served).
      const folder = `${CAPTIONS_FOLDER}/${row.slug}`;
      const stored = `${folder}/${clock.now().getTime()}-${randomBytes(4).toString('hex')}.vtt`;
      const temporary = path.join(mediaDir, folder, `.tmp-${randomBytes(6).toString('hex')}`);
      await mkdir(path.join(mediaDir, folder), { recursive: true });
      await writeFile(temporary, checked.text, 'utf8');
      await rename(temporary, path.join(mediaDir, stored));
      // Compare-and-set: a concurrent upload is replaced in turn, and each removes the file it replaced.
      let current = row.captions;
      for (let attempt = 0; attempt < 10; attempt++) {
        if (await swapCaptions(db, id, current, stored)) {
          await removeUploadedCaptions(current);
          const video = await staffGet(id);
          if (!video) break;
          return { ok: true, video, bytes: bytes.byteLength, cues: checked.cues };
        }
        const fresh = await selectVideo(db, id);
        if (!fresh) break;
        current = fresh.captions;
      }
      await rm(path.join(mediaDir, stored), { force: true });
      return { ok: false, code: 'not_found', message: 'No such video' };
    },

    async removeCaptions(id) {
      for (let attempt = 0; attempt < 10; attempt++) {
        const row = await selectVideo(db, id);
        if (!row) return null;
        if (row.captions === null) return await staffGet(id);
        if (await swapCaptions(db, id, row.captions, null)) {
          await removeUploadedCaptions(row.captions);
          return await staffGet(id);
        }
      }
      return await staffGet(id);
    },

    async retry(trx, id) {
      const job = (await selectLatestJobs(trx, [id])).get(id);
      if (!job) return 'not_found';
      if (job.status !== 'failed') return 'not_failed';
      await updateJob(trx, job.id, { status: 'queued', progress: 0, error: null }, clock.now());
      return 'queued';
    },
  };
  return service;
}
