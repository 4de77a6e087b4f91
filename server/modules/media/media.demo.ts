// The demo catalogue of a fresh install (issue #22; docs/media.md "Demo catalogue"): generated clips, never
// real footage, each labelled "DEMO · generated test pattern" in the picture and `demo: true` in the API.
// Made with Debian's ffmpeg from its test sources (testsrc2 / smptebars + a sine tone): HLS in fMP4 with two
// H.264/AAC renditions (640×360 and 320×180, which Debian's Chromium plays natively and over MSE), a poster
// and, for the films, WebVTT captions. Highlights are linked to the latest finished real matches in the
// database; films come in two categories, each a premium film with its free trailer.
//
// Idempotent and safe to run again or on two nodes: a clip is written into a temporary folder and renamed
// into place only when ffmpeg finished, and a row is added only when none has its slug. Skipped (nothing
// made, nothing fails) when ffmpeg is absent. A few seconds in all on two cores.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { MediaKind } from '../../../domain/media-contracts.ts';
import { hlsOutputArgs } from './media.hls.ts';
import { selectDemoMatches, selectVideoBySlug, type NewVideo } from './media.queries.ts';

const run = promisify(execFile);

export const DEMO_FOLDER = 'demo';
const LABEL_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

export interface DemoClip {
  slug: string;
  title: string;
  description: string;
  kind: MediaKind;
  category: string | null;
  access: 'free' | 'premium';
  seconds: number;
  pattern: 'testsrc2' | 'smptebars';
  tone: number;
  captions: boolean;
  /** The slug of this clip's free trailer. */
  trailer?: string;
  match?: { matchId: number; competitionId: number; teamIds: number[] };
}

const DEMO_NOTE = 'Generated demo content (an ffmpeg test pattern and tone), not real footage.';

function filmClips(): DemoClip[] {
  const films = [
    { slug: 'demo-film-pressing', title: 'The Art of Pressing', category: 'Training ground', tone: 330 },
    { slug: 'demo-film-set-pieces', title: 'Set Pieces, Step by Step', category: 'Training ground', tone: 392 },
    { slug: 'demo-film-number-ten', title: 'The Last Number Ten', category: 'Legends', tone: 494 },
    { slug: 'demo-film-keepers', title: 'Keepers: A Life Between the Posts', category: 'Legends', tone: 523 },
  ];
  return films.flatMap((film) => [
    {
      slug: `${film.slug}-trailer`,
      title: `${film.title} (trailer)`,
      description: `Trailer of “${film.title}”. ${DEMO_NOTE}`,
      kind: 'clip' as const,
      category: film.category,
      access: 'free' as const,
      seconds: 3,
      pattern: 'testsrc2' as const,
      tone: film.tone * 2,
      captions: false,
    },
    {
      slug: film.slug,
      title: film.title,
      description: `A demo film in “${film.category}”. ${DEMO_NOTE}`,
      kind: 'movie' as const,
      category: film.category,
      access: 'premium' as const,
      seconds: 6,
      pattern: 'smptebars' as const,
      tone: film.tone,
      captions: true,
      trailer: `${film.slug}-trailer`,
    },
  ]);
}

const DOCUMENTARY: DemoClip = {
  slug: 'demo-doc-groundsman',
  title: 'The Groundsman',
  description: `A free demo documentary in “Legends”. ${DEMO_NOTE}`,
  kind: 'documentary',
  category: 'Legends',
  access: 'free',
  seconds: 4,
  pattern: 'testsrc2',
  tone: 262,
  captions: true,
};

/** The clips of the demo catalogue: one highlight per given match, the films with their trailers, a documentary. */
export async function demoClips(db: Kysely<Database>, highlights = 4): Promise<DemoClip[]> {
  const matches = await selectDemoMatches(db, highlights);
  const clips: DemoClip[] = matches.map((match, index) => ({
    slug: `demo-highlight-${match.matchId}`,
    title: `Highlights: ${match.homeName} ${match.homeScore}–${match.awayScore} ${match.awayName}`,
    description: `Demo highlights of the match on ${match.kickoffAt.slice(0, 10)}. ${DEMO_NOTE}`,
    kind: 'highlight',
    category: null,
    access: 'free',
    seconds: 4,
    pattern: 'testsrc2',
    tone: 440 + index * 55,
    captions: false,
    match: {
      matchId: match.matchId,
      competitionId: match.competitionId,
      teamIds: [match.homeTeamId, match.awayTeamId],
    },
  }));
  return [...clips, ...filmClips(), DOCUMENTARY];
}

/** Whether ffmpeg is there to run. */
export function hasFfmpeg(ffmpegPath: string): boolean {
  return existsSync(ffmpegPath);
}

/** Writes one clip's HLS (two renditions), poster and captions into `folder` (which must not exist yet). */
export async function encodeClip(ffmpegPath: string, clip: DemoClip, folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  const label = existsSync(LABEL_FONT)
    ? `drawtext=fontfile=${LABEL_FONT}:text='DEMO · generated test pattern':x=(w-tw)/2:y=h-44:fontsize=20:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=8,`
    : '';
  await run(
    ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-threads', '2'],
      ...['-f', 'lavfi', '-i', `${clip.pattern}=s=640x360:r=25:d=${clip.seconds}`],
      ...['-f', 'lavfi', '-i', `sine=f=${clip.tone}:d=${clip.seconds}:sample_rate=48000`],
      ...hlsOutputArgs({ folder, video: '[0:v]', prefilter: label, audio: '1:a' }),
    ],
    { timeout: 60_000 },
  );
  if (clip.captions) {
    const cues = [
      `WEBVTT\n`,
      `00:00:00.000 --> 00:00:0${Math.min(clip.seconds, 9)}.000\n${clip.title}: generated demo content\n`,
    ];
    await writeFile(path.join(folder, 'captions.vtt'), cues.join('\n'));
  }
}

/** The row of a clip whose files are at demo/<slug>/. */
export function demoRow(clip: DemoClip, trailerId: number | null, now: Date): NewVideo {
  const folder = `${DEMO_FOLDER}/${clip.slug}`;
  return {
    slug: clip.slug,
    title: clip.title,
    description: clip.description,
    kind: clip.kind,
    category: clip.category,
    durationSeconds: clip.seconds,
    poster: `${folder}/poster.jpg`,
    sourceType: 'hls',
    source: `${folder}/master.m3u8`,
    captions: clip.captions ? `${folder}/captions.vtt` : null,
    access: clip.access,
    trailerId,
    matchId: clip.match?.matchId ?? null,
    competitionId: clip.match?.competitionId ?? null,
    teamIds: clip.match?.teamIds ?? [],
    publishedAt: now,
    unpublishAt: null,
    demo: true,
  };
}

export interface DemoOutcome {
  status: 'made' | 'present' | 'skipped';
  /** Clips encoded now. */
  encoded: number;
  /** Rows added now. */
  added: number;
  reason?: string;
}

/**
 * Makes what is missing of the demo catalogue: each clip's files (when its folder has no master playlist)
 * and its row (when none has its slug). `add` stores a row (the media service's add).
 */
export async function ensureDemoCatalogue(options: {
  db: Kysely<Database>;
  mediaDir: string;
  ffmpegPath: string;
  now: Date;
  add: (video: NewVideo) => Promise<number>;
  log?: (message: string) => void;
}): Promise<DemoOutcome> {
  const { db, mediaDir, ffmpegPath, now } = options;
  if (!hasFfmpeg(ffmpegPath)) {
    options.log?.(`media demo: ${ffmpegPath} not found, no demo videos (apt-get install ffmpeg)`);
    return { status: 'skipped', encoded: 0, added: 0, reason: 'ffmpeg not found' };
  }
  const clips = await demoClips(db);
  const root = path.resolve(mediaDir, DEMO_FOLDER);
  await mkdir(root, { recursive: true });
  // Temporary folders a crash left behind (older than ten minutes: not another node's work in progress).
  for (const name of await readdir(root)) {
    const folder = path.join(root, name);
    if (name.startsWith('.tmp-') && Date.now() - (await stat(folder)).mtimeMs > 600_000) {
      await rm(folder, { recursive: true, force: true });
    }
  }
  const missing = clips.filter((clip) => !existsSync(path.join(root, clip.slug, 'master.m3u8')));
  // Two at a time: the machine has two cores and each ffmpeg is mostly one.
  const queue = [...missing];
  const worker = async () => {
    for (let clip = queue.shift(); clip; clip = queue.shift()) {
      const temporary = path.join(root, `.tmp-${clip.slug}-${process.pid}-${Date.now()}`);
      try {
        await encodeClip(ffmpegPath, clip, temporary);
        const final = path.join(root, clip.slug);
        // A half-written folder of an earlier crash has no master playlist: replace it.
        await rm(final, { recursive: true, force: true });
        await rename(temporary, final);
      } finally {
        await rm(temporary, { recursive: true, force: true });
      }
    }
  };
  await Promise.all([worker(), worker()]);

  let added = 0;
  const ids = new Map<string, number>();
  // Trailers first: a film names its trailer's id.
  const ordered = [...clips].sort((a, b) => Number(a.trailer !== undefined) - Number(b.trailer !== undefined));
  for (const clip of ordered) {
    const existing = await selectVideoBySlug(db, clip.slug);
    if (existing) {
      ids.set(clip.slug, existing.id);
      continue;
    }
    const trailerId = clip.trailer ? (ids.get(clip.trailer) ?? null) : null;
    try {
      ids.set(clip.slug, await options.add(demoRow(clip, trailerId, now)));
      added += 1;
    } catch (error) {
      // Another node added it meanwhile (the slug is unique).
      const row = await selectVideoBySlug(db, clip.slug);
      if (!row) throw error;
      ids.set(clip.slug, row.id);
    }
  }
  const status = missing.length > 0 || added > 0 ? 'made' : 'present';
  options.log?.(`media demo: ${status} (${missing.length} clips encoded, ${added} videos added)`);
  return { status, encoded: missing.length, added };
}
