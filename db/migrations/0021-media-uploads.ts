// Uploads transcoded on the server (issue #22; docs/media.md "CMS and uploads"). Only additions.
//
// media_transcode_job: one upload of a video to transcode into HLS. `input` is the uploaded file's path
// under MEDIA_DIR; the output goes to a temporary folder renamed to `output` (a folder under MEDIA_DIR)
// when complete. status: queued → running → done | failed. A job found `running` at start was
// interrupted (crash, restart) and is queued again. progress: 0–100.
import { idType, primaryId, refType, timestampType, type ScorelineMigration } from './helpers.ts';

export const mediaUploadsMigration: ScorelineMigration = {
  name: '0021-media-uploads',
  async up(db, engine) {
    const ts = timestampType(engine);
    await db.schema
      .createTable('media_transcode_job')
      .addColumn('id', idType(engine), primaryId(engine))
      .addColumn('video_id', refType(engine), (col) => col.notNull().references('media_video.id').onDelete('cascade'))
      .addColumn('input', 'text', (col) => col.notNull())
      .addColumn('output', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('progress', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .addColumn('created_by', refType(engine))
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('media_transcode_job_status_idx')
      .on('media_transcode_job')
      .columns(['status', 'id'])
      .execute();
    await db.schema.createIndex('media_transcode_job_video_idx').on('media_transcode_job').column('video_id').execute();
  },
};
