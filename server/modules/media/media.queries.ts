// The media module's SQL (issue #22): the catalogue, its team links and playback positions. Both engines:
// timestamps are written as ISO strings and read back through toIsoString.
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { toIsoString } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';

type Db = Kysely<Database>;

export interface VideoRow {
  id: number;
  slug: string;
  title: string;
  description: string;
  kind: string;
  category: string | null;
  durationSeconds: number;
  poster: string | null;
  sourceType: string;
  source: string;
  captions: string | null;
  access: string;
  trailerId: number | null;
  matchId: number | null;
  competitionId: number | null;
  publishedAt: string;
  unpublishAt: string | null;
  demo: boolean;
}

export interface VideoFilter {
  kind?: string | undefined;
  matchId?: number | undefined;
  access?: string | undefined;
  category?: string | undefined;
  q?: string | undefined;
  limit: number;
}

const COLUMNS = [
  'id',
  'slug',
  'title',
  'description',
  'kind',
  'category',
  'duration_seconds',
  'poster',
  'source_type',
  'source',
  'captions',
  'access',
  'trailer_id',
  'match_id',
  'competition_id',
  'published_at',
  'unpublish_at',
  'demo',
] as const;

type RawVideo = {
  id: number | string;
  slug: string;
  title: string;
  description: string;
  kind: string;
  category: string | null;
  duration_seconds: number;
  poster: string | null;
  source_type: string;
  source: string;
  captions: string | null;
  access: string;
  trailer_id: number | string | null;
  match_id: number | string | null;
  competition_id: number | string | null;
  published_at: string | Date;
  unpublish_at: string | Date | null;
  demo: number;
};

function toRow(raw: RawVideo): VideoRow {
  const optionalId = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    id: Number(raw.id),
    slug: raw.slug,
    title: raw.title,
    description: raw.description,
    kind: raw.kind,
    category: raw.category,
    durationSeconds: Number(raw.duration_seconds),
    poster: raw.poster,
    sourceType: raw.source_type,
    source: raw.source,
    captions: raw.captions,
    access: raw.access,
    trailerId: optionalId(raw.trailer_id),
    matchId: optionalId(raw.match_id),
    competitionId: optionalId(raw.competition_id),
    publishedAt: toIsoString(raw.published_at),
    unpublishAt: raw.unpublish_at === null ? null : toIsoString(raw.unpublish_at),
    demo: Number(raw.demo) === 1,
  };
}

/** A video whose upload is not transcoded yet (a job not done) is never public (migration 0021). */
const notProcessing = (eb: ExpressionBuilder<Database, 'media_video'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('media_transcode_job')
        .select('media_transcode_job.id')
        .whereRef('media_transcode_job.video_id', '=', 'media_video.id')
        .where('media_transcode_job.status', '<>', 'done'),
    ),
  );

/** Published at `now`: from published_at (inclusive) until unpublish_at (exclusive). */
export async function selectPublishedVideos(db: Db, filter: VideoFilter, now: Date): Promise<VideoRow[]> {
  const at = now.toISOString();
  let query = db
    .selectFrom('media_video')
    .select(COLUMNS)
    .where('published_at', '<=', at)
    .where((eb) => eb.or([eb('unpublish_at', 'is', null), eb('unpublish_at', '>', at)]))
    .where(notProcessing);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.access) query = query.where('access', '=', filter.access);
  if (filter.category) query = query.where('category', '=', filter.category);
  if (filter.matchId !== undefined) query = query.where('match_id', '=', filter.matchId);
  if (filter.q) {
    // Every word in the title or the description; LIKE's wildcards in the words are taken literally.
    for (const word of filter.q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8)) {
      const pattern = `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(title)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(description)`, 'like', sql`${pattern} escape '\\'`),
        ]),
      );
    }
  }
  const rows = await query.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
  return rows.map(toRow);
}

/**
 * Sets a video's captions to `next` only if they are still `expected` (compare-and-set: two uploads at once
 * never both believe they replaced the same file); true when it did.
 */
export async function swapCaptions(db: Db, id: number, expected: string | null, next: string | null): Promise<boolean> {
  const result = await db
    .updateTable('media_video')
    .set({ captions: next })
    .where('id', '=', id)
    .where((eb) => (expected === null ? eb('captions', 'is', null) : eb('captions', '=', expected)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The ids of the films and documentaries published at `now` (ready to play), oldest first: the sitemap's. */
export async function selectPublishedFilmIds(db: Db, now: Date): Promise<number[]> {
  const at = now.toISOString();
  const rows = await db
    .selectFrom('media_video')
    .select('id')
    .where('kind', 'in', ['movie', 'documentary'])
    .where('published_at', '<=', at)
    .where((eb) => eb.or([eb('unpublish_at', 'is', null), eb('unpublish_at', '>', at)]))
    .where(notProcessing)
    .orderBy('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

export async function selectVideo(db: Db, id: number): Promise<VideoRow | null> {
  const raw = await db.selectFrom('media_video').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return raw ? toRow(raw) : null;
}

/** A video that is ready to play (no unfinished upload job), published or not. */
export async function selectReadyVideo(db: Db, id: number): Promise<VideoRow | null> {
  const raw = await db
    .selectFrom('media_video')
    .select(COLUMNS)
    .where('id', '=', id)
    .where(notProcessing)
    .executeTakeFirst();
  return raw ? toRow(raw) : null;
}

/** Every video, published or not, newest first; `q` matches every word in the title, description or slug (the CMS). */
export async function selectCatalogue(db: Db, q: string, limit: number): Promise<VideoRow[]> {
  let query = db.selectFrom('media_video').select(COLUMNS);
  for (const word of q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8)) {
    const pattern = `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(title)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(description)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(slug)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toRow);
}

/** Changes a video's stored fields (and its teams when given). */
export async function updateVideoRow(
  db: Db,
  id: number,
  video: Partial<Omit<NewVideo, 'slug' | 'demo'>>,
): Promise<void> {
  const values = {
    ...(video.title !== undefined ? { title: video.title } : {}),
    ...(video.description !== undefined ? { description: video.description } : {}),
    ...(video.kind !== undefined ? { kind: video.kind } : {}),
    ...(video.category !== undefined ? { category: video.category } : {}),
    ...(video.durationSeconds !== undefined ? { duration_seconds: video.durationSeconds } : {}),
    ...(video.poster !== undefined ? { poster: video.poster } : {}),
    ...(video.sourceType !== undefined ? { source_type: video.sourceType } : {}),
    ...(video.source !== undefined ? { source: video.source } : {}),
    ...(video.captions !== undefined ? { captions: video.captions } : {}),
    ...(video.access !== undefined ? { access: video.access } : {}),
    ...(video.trailerId !== undefined ? { trailer_id: video.trailerId } : {}),
    ...(video.matchId !== undefined ? { match_id: video.matchId } : {}),
    ...(video.competitionId !== undefined ? { competition_id: video.competitionId } : {}),
    ...(video.publishedAt !== undefined ? { published_at: video.publishedAt.toISOString() } : {}),
    ...(video.unpublishAt !== undefined ? { unpublish_at: video.unpublishAt?.toISOString() ?? null } : {}),
  };
  if (Object.keys(values).length > 0) await db.updateTable('media_video').set(values).where('id', '=', id).execute();
  if (video.teamIds !== undefined) {
    await db.deleteFrom('media_video_team').where('video_id', '=', id).execute();
    const teams = [...new Set(video.teamIds)];
    if (teams.length > 0) {
      await db
        .insertInto('media_video_team')
        .values(teams.map((teamId) => ({ video_id: id, team_id: teamId })))
        .execute();
    }
  }
}

export async function selectVideoBySlug(db: Db, slug: string): Promise<VideoRow | null> {
  const raw = await db.selectFrom('media_video').select(COLUMNS).where('slug', '=', slug).executeTakeFirst();
  return raw ? toRow(raw) : null;
}

/** The teams of each video. */
export async function selectVideoTeams(db: Db, videoIds: number[]): Promise<Map<number, number[]>> {
  const teams = new Map<number, number[]>();
  if (videoIds.length === 0) return teams;
  const rows = await db
    .selectFrom('media_video_team')
    .select(['video_id', 'team_id'])
    .where('video_id', 'in', videoIds)
    .orderBy('team_id')
    .execute();
  for (const row of rows) {
    const list = teams.get(Number(row.video_id)) ?? [];
    list.push(Number(row.team_id));
    teams.set(Number(row.video_id), list);
  }
  return teams;
}

/** For each of `videoIds` that is some video's trailer: that video's id. */
export async function selectTrailerOwners(db: Db, videoIds: number[]): Promise<Map<number, number>> {
  const owners = new Map<number, number>();
  if (videoIds.length === 0) return owners;
  const rows = await db
    .selectFrom('media_video')
    .select(['id', 'trailer_id'])
    .where('trailer_id', 'in', videoIds)
    .execute();
  for (const row of rows) if (row.trailer_id !== null) owners.set(Number(row.trailer_id), Number(row.id));
  return owners;
}

export interface NewVideo {
  slug: string;
  title: string;
  description: string;
  kind: string;
  category: string | null;
  durationSeconds: number;
  poster: string | null;
  sourceType: string;
  source: string;
  captions: string | null;
  access: string;
  trailerId: number | null;
  matchId: number | null;
  competitionId: number | null;
  teamIds: number[];
  publishedAt: Date;
  unpublishAt: Date | null;
  demo: boolean;
}

export async function insertVideo(db: Db, video: NewVideo, now: Date): Promise<number> {
  const write = async (trx: Db) => {
    const row = await trx
      .insertInto('media_video')
      .values({
        slug: video.slug,
        title: video.title,
        description: video.description,
        kind: video.kind,
        category: video.category,
        duration_seconds: video.durationSeconds,
        poster: video.poster,
        source_type: video.sourceType,
        source: video.source,
        captions: video.captions,
        access: video.access,
        trailer_id: video.trailerId,
        match_id: video.matchId,
        competition_id: video.competitionId,
        published_at: video.publishedAt.toISOString(),
        unpublish_at: video.unpublishAt?.toISOString() ?? null,
        demo: video.demo ? 1 : 0,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    const teams = [...new Set(video.teamIds)];
    if (teams.length > 0) {
      await trx
        .insertInto('media_video_team')
        .values(teams.map((teamId) => ({ video_id: id, team_id: teamId })))
        .execute();
    }
    return id;
  };
  // Inside the caller's transaction when it has one (the CMS writes its audit entry in the same one).
  return db.isTransaction ? await write(db) : await db.transaction().execute(write);
}

export async function countDemoVideos(db: Db): Promise<number> {
  const row = await db
    .selectFrom('media_video')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('demo', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function selectPosition(db: Db, userId: number, videoId: number) {
  const row = await db
    .selectFrom('media_position')
    .select(['position_seconds', 'updated_at'])
    .where('user_id', '=', userId)
    .where('video_id', '=', videoId)
    .executeTakeFirst();
  return row ? { positionSeconds: Number(row.position_seconds), updatedAt: toIsoString(row.updated_at) } : null;
}

export async function upsertPosition(db: Db, userId: number, videoId: number, seconds: number, now: Date) {
  const values = { position_seconds: seconds, updated_at: now.toISOString() };
  await db
    .insertInto('media_position')
    .values({ user_id: userId, video_id: videoId, ...values })
    .onConflict((conflict) => conflict.columns(['user_id', 'video_id']).doUpdateSet(values))
    .execute();
}

export interface DemoMatch {
  matchId: number;
  competitionId: number;
  homeTeamId: number;
  awayTeamId: number;
  homeName: string;
  awayName: string;
  homeScore: number;
  awayScore: number;
  kickoffAt: string;
}

/** The latest finished matches with a score (preferring those with event data): the demo highlights' matches. */
export async function selectDemoMatches(db: Db, count: number): Promise<DemoMatch[]> {
  const rows = await db
    .selectFrom('match')
    .innerJoin('season', 'season.id', 'match.season_id')
    .innerJoin('team as home', 'home.id', 'match.home_team_id')
    .innerJoin('team as away', 'away.id', 'match.away_team_id')
    .select([
      'match.id as matchId',
      'season.competition_id as competitionId',
      'match.home_team_id as homeTeamId',
      'match.away_team_id as awayTeamId',
      'home.name as homeName',
      'away.name as awayName',
      'match.home_score as homeScore',
      'match.away_score as awayScore',
      'match.kickoff_at as kickoffAt',
    ])
    .where('match.status', '=', 'finished')
    .where('match.home_score', 'is not', null)
    .where('match.away_score', 'is not', null)
    .where('match.replay_of_match_id', 'is', null)
    .orderBy('match.has_events', 'desc')
    .orderBy('match.kickoff_at', 'desc')
    .limit(count)
    .execute();
  return rows.map((row) => ({
    matchId: Number(row.matchId),
    competitionId: Number(row.competitionId),
    homeTeamId: Number(row.homeTeamId),
    awayTeamId: Number(row.awayTeamId),
    homeName: row.homeName,
    awayName: row.awayName,
    homeScore: Number(row.homeScore),
    awayScore: Number(row.awayScore),
    kickoffAt: toIsoString(row.kickoffAt),
  }));
}
