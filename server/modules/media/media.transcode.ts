// Uploads transcoded on the server (issue #22; docs/media.md "CMS and uploads"). Staff upload an MP4/MOV;
// it is streamed to MEDIA_DIR/uploads/<slug>/.incoming-* (size capped while it arrives), checked by its
// content (an ISO-BMFF box at the start, then ffprobe must find a video stream and a duration) and queued
// as a job in media_transcode_job. The transcoder runs one job at a time per node: ffmpeg writes HLS (the
// catalogue's two renditions and a poster, media.hls.ts) into a temporary folder, reporting `-progress`,
// which gives the percent against ffprobe's duration; the folder is renamed into place only when ffmpeg
// finished. A job left `running` by a crash or restart (no heartbeat for `staleAfterMs`) is queued again
// at the next start or poll; temporary folders it left are removed before it runs again.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Kysely } from 'kysely';
import { toIsoString } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { hlsOutputArgs } from './media.hls.ts';

type Db = Kysely<Database>;

export const UPLOAD_FOLDER = 'uploads';

export type JobStatus = 'awaiting_upload' | 'queued' | 'running' | 'done' | 'failed';

export interface TranscodeJob {
  id: number;
  videoId: number;
  status: JobStatus;
  progress: number;
  attempts: number;
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ProbeResult {
  durationSeconds: number;
  hasAudio: boolean;
  width: number;
  height: number;
}

/** Runs ffprobe on `file`: null when it is not a video it can read. */
export async function probeVideo(ffprobePath: string, file: string): Promise<ProbeResult | null> {
  const output = await new Promise<string | null>((resolve) => {
    const child = spawn(ffprobePath, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 30_000,
    });
    let text = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      text += chunk;
    });
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code === 0 ? text : null));
  });
  if (!output) return null;
  try {
    const parsed = JSON.parse(output) as {
      format?: { duration?: string; format_name?: string };
      streams?: Array<{ codec_type?: string; width?: number; height?: number; duration?: string }>;
    };
    const video = parsed.streams?.find((stream) => stream.codec_type === 'video' && (stream.width ?? 0) > 0);
    const duration = Number(parsed.format?.duration ?? video?.duration);
    if (!video || !Number.isFinite(duration) || duration <= 0) return null;
    if (!/mov|mp4/.test(parsed.format?.format_name ?? '')) return null;
    return {
      durationSeconds: duration,
      hasAudio: parsed.streams?.some((stream) => stream.codec_type === 'audio') ?? false,
      width: video.width ?? 0,
      height: video.height ?? 0,
    };
  } catch {
    return null;
  }
}

/** ISO base media (MP4, MOV): the file starts with a box whose type is one of these. */
const FIRST_BOXES = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

export function looksLikeMp4OrMov(head: Uint8Array): boolean {
  if (head.byteLength < 12) return false;
  const type = String.fromCharCode(head[4] ?? 0, head[5] ?? 0, head[6] ?? 0, head[7] ?? 0);
  return FIRST_BOXES.has(type);
}

export type IntakeResult =
  | { ok: true; file: string; probe: ProbeResult; bytes: number }
  | { ok: false; code: 'payload_too_large' | 'unsupported_media' | 'empty'; message: string };

/**
 * Streams an upload to `folder`/.incoming-<time> under the cap, then checks its content. The file is
 * removed when refused. `file` is relative to `mediaDir`.
 */
export async function receiveUpload(options: {
  body: ReadableStream<Uint8Array> | null;
  mediaDir: string;
  folder: string;
  maxBytes: number;
  ffprobePath: string;
}): Promise<IntakeResult> {
  const { mediaDir, maxBytes } = options;
  if (!options.body) return { ok: false, code: 'empty', message: 'No file was sent' };
  const directory = path.resolve(mediaDir, options.folder);
  await mkdir(directory, { recursive: true });
  const name = `.incoming-${process.pid}-${Date.now()}`;
  const absolute = path.join(directory, name);
  let bytes = 0;
  let tooLarge = false;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.byteLength;
      if (bytes > maxBytes) {
        tooLarge = true;
        callback(new Error('too large'));
        return;
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(options.body as NodeReadableStream<Uint8Array>),
      counter,
      createWriteStream(absolute),
    );
  } catch (error) {
    await rm(absolute, { force: true });
    if (tooLarge) {
      return {
        ok: false,
        code: 'payload_too_large',
        message: `The file is larger than ${Math.round(maxBytes / 1_048_576)} MB`,
      };
    }
    throw error;
  }
  const refuse = async (code: 'unsupported_media' | 'empty', message: string): Promise<IntakeResult> => {
    await rm(absolute, { force: true });
    return { ok: false, code, message };
  };
  if (bytes === 0) return refuse('empty', 'The file is empty');
  const handle = await open(absolute, 'r');
  const head = new Uint8Array(12);
  try {
    await handle.read(head, 0, 12, 0);
  } finally {
    await handle.close();
  }
  if (!looksLikeMp4OrMov(head)) return refuse('unsupported_media', 'This file is not an MP4 or MOV video');
  const probe = await probeVideo(options.ffprobePath, absolute);
  if (!probe)
    return refuse(
      'unsupported_media',
      'This file is not an MP4 or MOV video that can be read (no video stream or duration)',
    );
  return { ok: true, file: path.posix.join(options.folder, name), probe, bytes };
}

/** Parses ffmpeg's `-progress` lines; calls `onTime` with the seconds of output written. */
export function progressParser(onTime: (seconds: number) => void): (chunk: string) => void {
  let rest = '';
  return (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      const match = /^out_time_(?:us|ms)=(\d+)/.exec(line.trim());
      if (match) onTime(Number(match[1]) / 1_000_000);
    }
  };
}

/** Transcodes `input` into `folder` (which must not exist yet), calling `onProgress` with 0–99. */
export async function transcodeToHls(options: {
  ffmpegPath: string;
  input: string;
  folder: string;
  probe: ProbeResult;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}): Promise<void> {
  const { folder, probe } = options;
  await mkdir(folder, { recursive: true });
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-threads', '2', '-nostats', '-progress', 'pipe:1'],
    ...['-i', options.input],
    ...(probe.hasAudio ? [] : ['-f', 'lavfi', '-t', String(probe.durationSeconds), '-i', 'anullsrc=r=48000:cl=stereo']),
    ...hlsOutputArgs({
      folder,
      video: '[0:v]',
      audio: probe.hasAudio ? '0:a:0' : '1:a',
      posterAt: probe.durationSeconds >= 2 ? 1 : 0,
    }),
  ];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(options.ffmpegPath, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.signal ? { signal: options.signal } : {}),
    });
    let errors = '';
    let last = -1;
    const parse = progressParser((seconds) => {
      const percent = Math.max(0, Math.min(99, Math.floor((seconds / probe.durationSeconds) * 100)));
      if (percent !== last) {
        last = percent;
        options.onProgress(percent);
      }
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', parse);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      errors = (errors + chunk).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `ffmpeg ${signal ? `stopped by ${signal}` : `exited with ${code}`}: ${errors.trim().split('\n').slice(-3).join(' ') || 'no message'}`,
          ),
        );
    });
  });
  if (!existsSync(path.join(folder, 'master.m3u8')) || !existsSync(path.join(folder, 'poster.jpg'))) {
    throw new Error('ffmpeg finished without writing the master playlist and the poster');
  }
}

function toJob(row: {
  id: number | string;
  video_id: number | string;
  status: string;
  progress: number | string;
  attempts: number | string;
  error: string | null;
  created_at: string | Date;
  updated_at: string | Date;
}): TranscodeJob {
  return {
    id: Number(row.id),
    videoId: Number(row.video_id),
    status: row.status as JobStatus,
    progress: Number(row.progress),
    attempts: Number(row.attempts),
    error: row.error,
    createdAt: toIsoString(row.created_at),
    updatedAt: toIsoString(row.updated_at),
  };
}

const JOB_COLUMNS = ['id', 'video_id', 'status', 'progress', 'attempts', 'error', 'created_at', 'updated_at'] as const;

/** The latest job of each video. */
export async function selectLatestJobs(db: Db, videoIds: number[]): Promise<Map<number, TranscodeJob>> {
  const jobs = new Map<number, TranscodeJob>();
  if (videoIds.length === 0) return jobs;
  const rows = await db
    .selectFrom('media_transcode_job')
    .select(JOB_COLUMNS)
    .where('video_id', 'in', videoIds)
    .orderBy('id')
    .execute();
  for (const row of rows) jobs.set(Number(row.video_id), toJob(row));
  return jobs;
}

export async function insertJob(
  db: Db,
  job: { videoId: number; status: JobStatus; input: string; output: string; by: number | null },
  now: Date,
) {
  const at = now.toISOString();
  const row = await db
    .insertInto('media_transcode_job')
    .values({
      video_id: job.videoId,
      input: job.input,
      output: job.output,
      status: job.status,
      created_by: job.by,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateJob(
  db: Db,
  id: number,
  values: { status?: JobStatus; progress?: number; error?: string | null; input?: string; attempts?: number },
  now: Date,
) {
  await db
    .updateTable('media_transcode_job')
    .set({ ...values, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

export interface Transcoder {
  /** Queues jobs a crash left running, removes stale temporary folders, and starts working. */
  start(): Promise<void>;
  /** Looks for queued work now (after an upload or a retry). */
  kick(): void;
  /** Stops: the job in progress is aborted and left `running`, so the next start retries it. */
  stop(): Promise<void>;
  /** Resolves when no job is running and none is queued (tests). */
  idle(): Promise<void>;
}

export function createTranscoder(options: {
  db: Db;
  clock: Clock;
  mediaDir: string;
  ffmpegPath: string;
  ffprobePath: string;
  /** A running job without a heartbeat for this long is taken as interrupted. */
  staleAfterMs?: number;
  pollMs?: number;
  log?: (message: string, details?: Record<string, unknown>) => void;
  /** Called once a video's files are in place (the media service stores its source, poster, duration). */
  onComplete: (videoId: number, output: { folder: string; durationSeconds: number }) => Promise<void>;
}): Transcoder {
  const { db, clock } = options;
  const staleAfterMs = options.staleAfterMs ?? 60_000;
  let running: Promise<void> | null = null;
  let controller: AbortController | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;

  async function requeueStale() {
    const before = new Date(clock.now().getTime() - staleAfterMs).toISOString();
    const result = await db
      .updateTable('media_transcode_job')
      .set({ status: 'queued', updated_at: clock.now().toISOString() })
      .where('status', '=', 'running')
      .where('updated_at', '<=', before)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0)
      options.log?.('media transcode: interrupted jobs queued again', { count: Number(result.numUpdatedRows) });
  }

  async function cleanTemporary(olderThanMs: number) {
    const root = path.resolve(options.mediaDir, UPLOAD_FOLDER);
    if (!existsSync(root)) return;
    for (const name of await readdir(root)) {
      const folder = path.join(root, name);
      if (name.startsWith('.tmp-') && Date.now() - (await stat(folder)).mtimeMs >= olderThanMs)
        await rm(folder, { recursive: true, force: true });
    }
  }

  /** Claims the oldest queued job (another node may take it first). */
  async function claim() {
    for (;;) {
      const next = await db
        .selectFrom('media_transcode_job')
        .select(['id', 'video_id', 'input', 'output', 'attempts'])
        .where('status', '=', 'queued')
        .orderBy('id')
        .executeTakeFirst();
      if (!next) return null;
      const result = await db
        .updateTable('media_transcode_job')
        .set({
          status: 'running',
          progress: 0,
          error: null,
          attempts: Number(next.attempts) + 1,
          updated_at: clock.now().toISOString(),
        })
        .where('id', '=', next.id)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1)
        return { id: Number(next.id), videoId: Number(next.video_id), input: next.input, output: next.output };
    }
  }

  async function runOne(job: { id: number; videoId: number; input: string; output: string }) {
    const root = path.resolve(options.mediaDir);
    const final = path.resolve(root, job.output);
    const temporary = path.join(path.dirname(final), `.tmp-${path.basename(final)}-${process.pid}-${Date.now()}`);
    // Whatever an earlier, interrupted attempt at this job left half-written.
    const parent = path.dirname(final);
    if (existsSync(parent)) {
      for (const name of await readdir(parent)) {
        if (name.startsWith(`.tmp-${path.basename(final)}-`))
          await rm(path.join(parent, name), { recursive: true, force: true });
      }
    }
    controller = new AbortController();
    const heartbeat = setInterval(
      () => void updateJob(db, job.id, {}, clock.now()).catch(() => undefined),
      Math.max(1000, Math.floor(staleAfterMs / 3)),
    );
    heartbeat.unref();
    try {
      const input = path.resolve(root, job.input);
      const probe = existsSync(input) ? await probeVideo(options.ffprobePath, input) : null;
      if (!probe) throw new Error('The uploaded file is missing or can no longer be read: upload it again');
      let writing = Promise.resolve();
      await transcodeToHls({
        ffmpegPath: options.ffmpegPath,
        input,
        folder: path.join(temporary),
        probe,
        signal: controller.signal,
        onProgress: (percent) => {
          writing = writing
            .then(() => updateJob(db, job.id, { progress: percent }, clock.now()))
            .catch(() => undefined);
        },
      });
      await writing;
      await rm(final, { recursive: true, force: true });
      await rename(temporary, final);
      await options.onComplete(job.videoId, {
        folder: path.relative(root, final).split(path.sep).join('/'),
        durationSeconds: Math.round(probe.durationSeconds),
      });
      await updateJob(db, job.id, { status: 'done', progress: 100, error: null }, clock.now());
      await rm(input, { force: true });
      options.log?.('media transcode: done', { job: job.id, video: job.videoId });
    } catch (error) {
      await rm(temporary, { recursive: true, force: true });
      if (controller.signal.aborted) return; // stopping: left running, retried at the next start
      const message = error instanceof Error ? error.message : String(error);
      await updateJob(db, job.id, { status: 'failed', error: message.slice(0, 500) }, clock.now());
      options.log?.('media transcode: failed', { job: job.id, video: job.videoId, error: message });
    } finally {
      clearInterval(heartbeat);
      controller = null;
    }
  }

  async function loop() {
    for (;;) {
      if (stopped) return;
      await requeueStale();
      const job = await claim();
      if (!job) return;
      await runOne(job);
    }
  }

  function kick() {
    if (stopped || running) return;
    running = loop()
      .catch((error: unknown) => options.log?.('media transcode: loop failed', { error: String(error) }))
      .finally(() => {
        running = null;
      });
  }

  return {
    async start() {
      stopped = false;
      await mkdir(path.resolve(options.mediaDir, UPLOAD_FOLDER), { recursive: true });
      await cleanTemporary(10 * 60_000);
      await requeueStale();
      kick();
      timer = setInterval(kick, options.pollMs ?? 5000);
      timer.unref();
    },
    kick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      controller?.abort();
      await running;
    },
    async idle() {
      for (;;) {
        await running;
        const pending = await db
          .selectFrom('media_transcode_job')
          .select('id')
          .where('status', 'in', ['queued', 'running'])
          .executeTakeFirst();
        if (!pending || stopped) return;
        kick();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
