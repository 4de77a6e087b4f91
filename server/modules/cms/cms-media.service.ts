// The CMS's media screens (issue #22, scope cms:media; docs/media.md "CMS and uploads"): list and search the
// catalogue, add and edit a video's metadata and source, unpublish it, upload its file and retry a failed
// transcode. The catalogue belongs to the media module: this service checks the input, calls the media
// service (never its queries) in a transaction and writes the audit entry in the same one.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { cmsVideoInputSchema, cmsVideoListQuerySchema, type CmsVideo } from '../../../domain/media-cms.ts';
import type { CaptionsResult, MediaService, UploadResult } from '../media/media.service.ts';
import type { AuditLog } from './cms-audit.service.ts';
import { invalidInput, type CmsResult } from './cms-results.ts';
import type { CmsActor } from './cms.schemas.ts';

export interface CmsMediaService {
  list(params: Record<string, string | undefined>): Promise<CmsResult<{ videos: CmsVideo[] }>>;
  get(id: number): Promise<CmsVideo | null>;
  create(actor: CmsActor, input: unknown): Promise<CmsResult<{ video: CmsVideo }>>;
  update(actor: CmsActor, id: number, input: unknown): Promise<CmsResult<{ video: CmsVideo }>>;
  unpublish(actor: CmsActor, id: number): Promise<CmsResult<{ video: CmsVideo }>>;
  upload(actor: CmsActor, id: number, body: ReadableStream<Uint8Array> | null): Promise<UploadResult>;
  retry(actor: CmsActor, id: number): Promise<CmsResult<{ video: CmsVideo }>>;
  /** Stores an uploaded WebVTT file as the video's captions (checked; audited). */
  setCaptions(actor: CmsActor, id: number, body: ReadableStream<Uint8Array> | null): Promise<CaptionsResult>;
  /** Removes the video's captions (audited). */
  removeCaptions(actor: CmsActor, id: number): Promise<CmsResult<{ video: CmsVideo }>>;
}

/** What an audit entry keeps of a video. */
function summary(video: CmsVideo) {
  return {
    title: video.title,
    kind: video.kind,
    category: video.category,
    access: video.access,
    sourceType: video.sourceType,
    source: video.source,
    trailerId: video.trailerId,
    matchId: video.matchId,
    competitionId: video.competitionId,
    teamIds: video.teamIds.join(','),
    publishedAt: video.publishedAt,
    unpublishAt: video.unpublishAt,
  };
}

const NOT_FOUND = { ok: false, code: 'not_found', message: 'No such video' } as const;

export function createCmsMediaService(deps: {
  db: Kysely<Database>;
  media: MediaService;
  audit: AuditLog;
}): CmsMediaService {
  const { db, media, audit } = deps;

  /** A trailer must be another video that exists. */
  async function trailerProblem(trailerId: number | null, self: number | null): Promise<Record<string, string> | null> {
    if (trailerId === null) return null;
    if (trailerId === self) return { trailerId: 'A video cannot be its own trailer' };
    return (await media.staffGet(trailerId)) ? null : { trailerId: 'No video has this id' };
  }

  return {
    async list(params) {
      const parsed = cmsVideoListQuerySchema.safeParse(params);
      if (!parsed.success) return invalidInput(parsed.error);
      return { ok: true, videos: await media.staffList(parsed.data.q, parsed.data.limit) };
    },

    get: (id) => media.staffGet(id),

    async create(actor, input) {
      const parsed = cmsVideoInputSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      const problem = await trailerProblem(parsed.data.trailerId, null);
      if (problem)
        return { ok: false, code: 'invalid_input', message: 'Please correct the fields marked below', fields: problem };
      const video = await inTransaction(db, async (trx) => {
        const id = await media.create(trx, parsed.data, actor.id);
        const stored = await media.staffGet(id, trx);
        if (!stored) throw new Error('the video just added is missing');
        await audit.record(trx, actor, {
          action: 'media.create',
          target: { kind: 'media_video', id },
          after: summary(stored),
        });
        return stored;
      });
      return { ok: true, video };
    },

    async update(actor, id, input) {
      const before = await media.staffGet(id);
      if (!before) return NOT_FOUND;
      const parsed = cmsVideoInputSchema.safeParse(input);
      if (!parsed.success) return invalidInput(parsed.error);
      const problem = await trailerProblem(parsed.data.trailerId, id);
      if (problem)
        return { ok: false, code: 'invalid_input', message: 'Please correct the fields marked below', fields: problem };
      const video = await inTransaction(db, async (trx) => {
        const after = await media.update(trx, id, parsed.data, actor.id);
        if (!after) throw new Error('the video went missing');
        await audit.record(trx, actor, {
          action: 'media.update',
          target: { kind: 'media_video', id },
          before: summary(before),
          after: summary(after),
        });
        return after;
      });
      return { ok: true, video };
    },

    async unpublish(actor, id) {
      const before = await media.staffGet(id);
      if (!before) return NOT_FOUND;
      const video = await inTransaction(db, async (trx) => {
        const after = await media.unpublish(trx, id);
        if (!after) throw new Error('the video went missing');
        await audit.record(trx, actor, {
          action: 'media.unpublish',
          target: { kind: 'media_video', id },
          before: { unpublishAt: before.unpublishAt, state: before.state },
          after: { unpublishAt: after.unpublishAt, state: after.state },
        });
        return after;
      });
      return { ok: true, video };
    },

    async upload(actor, id, body) {
      const result = await media.upload(id, body, actor.id);
      if (result.ok) {
        await audit.record(db, actor, {
          action: 'media.upload',
          target: { kind: 'media_video', id },
          after: { bytes: result.bytes, job: result.video.job?.id ?? null },
        });
      }
      return result;
    },

    async setCaptions(actor, id, body) {
      const result = await media.setCaptions(id, body);
      if (result.ok) {
        await audit.record(db, actor, {
          action: 'media.captions',
          target: { kind: 'media_video', id },
          after: { bytes: result.bytes, cues: result.cues },
        });
      }
      return result;
    },

    async removeCaptions(actor, id) {
      const before = await media.staffGet(id);
      if (!before) return NOT_FOUND;
      const video = await media.removeCaptions(id);
      if (!video) return NOT_FOUND;
      if (before.hasCaptions) {
        await audit.record(db, actor, {
          action: 'media.captions_remove',
          target: { kind: 'media_video', id },
          before: { hasCaptions: true },
          after: { hasCaptions: false },
        });
      }
      return { ok: true, video };
    },

    async retry(actor, id) {
      const outcome = await inTransaction(db, async (trx) => {
        const done = await media.retry(trx, id);
        if (done === 'queued')
          await audit.record(trx, actor, { action: 'media.retry', target: { kind: 'media_video', id } });
        return done;
      });
      if (outcome === 'not_found') return NOT_FOUND;
      if (outcome === 'not_failed')
        return { ok: false, code: 'conflict', message: 'Only a failed transcode can be retried' };
      media.transcoder.kick();
      const video = await media.staffGet(id);
      return video ? { ok: true, video } : NOT_FOUND;
    },
  };
}
