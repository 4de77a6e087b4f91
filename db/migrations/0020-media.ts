// The media catalogue (issue #22; docs/media.md). Only additions.
//
// media_video: one video of the catalogue. `source` is a path under MEDIA_DIR (hls, mp4 stored here)
// or an absolute URL (hls_url, an external mp4, embed); `poster` and `captions` likewise. A premium
// video's free trailer is another row, named by `trailer_id`. Published between published_at and
// unpublish_at (null: for good). `demo` marks the generated demo catalogue (ffmpeg test patterns).
// media_video_team: the teams a video is about. media_position: where each user stopped each video.
import { idType, primaryId, refType, timestampType, type ScorelineMigration } from './helpers.ts';

export const mediaMigration: ScorelineMigration = {
  name: '0020-media',
  async up(db, engine) {
    const ts = timestampType(engine);
    await db.schema
      .createTable('media_video')
      .addColumn('id', idType(engine), primaryId(engine))
      .addColumn('slug', 'text', (col) => col.notNull().unique())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('category', 'text')
      .addColumn('duration_seconds', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('poster', 'text')
      .addColumn('source_type', 'text', (col) => col.notNull())
      .addColumn('source', 'text', (col) => col.notNull())
      .addColumn('captions', 'text')
      .addColumn('access', 'text', (col) => col.notNull())
      .addColumn('trailer_id', refType(engine), (col) => col.references('media_video.id'))
      .addColumn('match_id', refType(engine))
      .addColumn('competition_id', refType(engine))
      .addColumn('published_at', ts, (col) => col.notNull())
      .addColumn('unpublish_at', ts)
      .addColumn('demo', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', ts, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('media_video_kind_idx').on('media_video').columns(['kind', 'published_at']).execute();
    await db.schema.createIndex('media_video_match_idx').on('media_video').column('match_id').execute();

    await db.schema
      .createTable('media_video_team')
      .addColumn('video_id', refType(engine), (col) => col.notNull().references('media_video.id').onDelete('cascade'))
      .addColumn('team_id', refType(engine), (col) => col.notNull())
      .addPrimaryKeyConstraint('media_video_team_pk', ['video_id', 'team_id'])
      .execute();

    await db.schema
      .createTable('media_position')
      .addColumn('user_id', refType(engine), (col) => col.notNull())
      .addColumn('video_id', refType(engine), (col) => col.notNull().references('media_video.id').onDelete('cascade'))
      .addColumn('position_seconds', 'real', (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .addPrimaryKeyConstraint('media_position_pk', ['user_id', 'video_id'])
      .execute();
  },
};
