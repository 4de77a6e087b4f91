// The media player (issue #22; docs/media.md "The player"). Loaded with `deferred(...)` by the pages, so it is
// never in a page's first-load JavaScript; hls.js (its light build) is imported only when a player appears
// and the browser cannot play HLS itself.
//
// It asks POST /api/media/{id}/play for its URL; when a signed URL expires (a film longer than 5 minutes) or a
// file answers 403, it asks again and resumes at the current time. The position is remembered per user and
// video (the positions API when signed in, localStorage for guests) and resumed.
import { useCallback, useEffect, useRef, useState } from 'react';
import type HlsType from 'hls.js';
import type { MediaItem, PlayAnswer } from '../../../domain/media-contracts.ts';
import { useHydrated } from '../../lib/loading/deferred.tsx';
import { formatDuration } from './format.ts';

type HlsInstance = HlsType;

export interface VideoPlayerProps {
  item: MediaItem;
  /** Signed in: the position goes to the API; a guest's stays in this browser (localStorage). */
  signedIn: boolean;
  /** Start playing as soon as the source is there (after a click on the poster, for instance). */
  autoPlay?: boolean;
}

/** A rendition the viewer may pick; -1 is "Auto" (hls.js picks by bandwidth, or the master playlist). */
interface Quality {
  index: number;
  label: string;
}

const SEEK_STEP = 5;
const SAVE_EVERY_MS = 5_000;
/** Ask for a new URL this long before the signed one expires. */
const RENEW_BEFORE_MS = 20_000;

const storageKey = (id: number) => `scoreline.media.position.${id}`;

async function requestPlay(id: number): Promise<PlayAnswer | { error: string; status: number }> {
  const response = await fetch(`/api/media/${id}/play`, { method: 'POST', credentials: 'same-origin' });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    return {
      error: body?.error?.message ?? `The video cannot be played (${response.status}).`,
      status: response.status,
    };
  }
  return (await response.json()) as PlayAnswer;
}

async function readPosition(id: number, signedIn: boolean): Promise<number> {
  try {
    if (!signedIn) return Number(window.localStorage.getItem(storageKey(id)) ?? 0) || 0;
    const response = await fetch(`/api/media/${id}/position`, { credentials: 'same-origin' });
    if (!response.ok) return 0;
    return ((await response.json()) as { positionSeconds: number }).positionSeconds;
  } catch {
    return 0;
  }
}

function writePosition(id: number, signedIn: boolean, seconds: number, keepalive = false): void {
  const positionSeconds = Math.max(0, Math.floor(seconds));
  if (!signedIn) {
    try {
      window.localStorage.setItem(storageKey(id), String(positionSeconds));
    } catch {
      // Storage full or refused: the position is simply not remembered.
    }
    return;
  }
  void fetch(`/api/media/${id}/position`, {
    method: 'PUT',
    credentials: 'same-origin',
    keepalive,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ positionSeconds }),
  }).catch(() => undefined);
}

/** The variant playlists of a master playlist, for browsers that play HLS themselves (no hls.js levels). */
async function masterVariants(url: string): Promise<Array<{ label: string; url: string }>> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) return [];
  const lines = (await response.text()).split(/\r?\n/);
  const variants: Array<{ label: string; url: string }> = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const height = /RESOLUTION=\d+x(\d+)/.exec(line)?.[1];
    const bandwidth = /BANDWIDTH=(\d+)/.exec(line)?.[1];
    const uri = lines[i + 1]?.trim();
    if (!uri || uri.startsWith('#')) continue;
    variants.push({
      label: height ? `${height}p` : `${Math.round(Number(bandwidth ?? 0) / 1000)} kbps`,
      url: new URL(uri, new URL(url, window.location.href)).href,
    });
  }
  return variants;
}

/** Shows or hides the captions track; true when they are now showing. */
function toggleTrack(media: HTMLVideoElement | null): boolean {
  const track = media?.textTracks[0];
  if (!track) return false;
  track.mode = track.mode === 'showing' ? 'hidden' : 'showing';
  return track.mode === 'showing';
}

export function VideoPlayer({ item, signedIn, autoPlay = false }: VideoPlayerProps) {
  const frame = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const hls = useRef<HlsInstance | null>(null);
  const variants = useRef<Array<{ label: string; url: string }>>([]);
  const [answer, setAnswer] = useState<PlayAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(item.durationSeconds);
  const [captionsOn, setCaptionsOn] = useState(false);
  const [qualities, setQualities] = useState<Quality[]>([]);
  const [quality, setQuality] = useState(-1);
  const [status, setStatus] = useState('');
  const renewing = useRef(false);
  const renewals = useRef<number[]>([]);
  /** renew() for hls.js's error listener, which attach() sets up before renew exists. */
  const renewLater = useRef<() => void>(() => undefined);
  const hydrated = useHydrated();
  const pipSupported = hydrated && document.pictureInPictureEnabled === true;
  const resumeAt = useRef<number | null>(null);

  /**
   * Loads `url` into the video (hls.js or natively) and seeks to `at` once it can. `variant`: a rendition the
   * viewer chose from the quality menu (native HLS), whose playlist lists no renditions: the menu stays as it is.
   */
  const attach = useCallback(async (next: PlayAnswer, at: number | null, play: boolean, variant = false) => {
    const media = video.current;
    if (!media) return;
    resumeAt.current = at;
    const startWhenReady = () => {
      if (resumeAt.current !== null && resumeAt.current > 0) media.currentTime = resumeAt.current;
      resumeAt.current = null;
      if (play) void media.play().catch(() => undefined);
    };
    media.addEventListener('loadedmetadata', startWhenReady, { once: true });
    if (next.sourceType === 'mp4') {
      media.src = next.url;
      return;
    }
    if (media.canPlayType('application/vnd.apple.mpegurl')) {
      media.src = next.url;
      if (variant) return;
      // A (new) master playlist: its renditions, and Auto is what plays now.
      variants.current = await masterVariants(next.url).catch(() => []);
      setQualities(variants.current.map((rendition, index) => ({ index, label: rendition.label })));
      setQuality(-1);
      return;
    }
    if (!hls.current) {
      const { default: Hls } = await import('hls.js/dist/hls.light.mjs');
      if (!Hls.isSupported()) {
        setError('This browser cannot play this video.');
        return;
      }
      const instance = new Hls();
      instance.on(Hls.Events.MANIFEST_PARSED, () => {
        setQualities(
          instance.levels.map((level, index) => ({
            index,
            label: level.height ? `${level.height}p` : `${Math.round(level.bitrate / 1000)} kbps`,
          })),
        );
      });
      instance.on(Hls.Events.ERROR, (_event, data) => {
        if (data.response?.code === 403) renewLater.current();
        else if (data.fatal) setError('The video stopped: its files could not be loaded.');
      });
      instance.attachMedia(media);
      hls.current = instance;
    }
    hls.current.loadSource(next.url);
  }, []);

  /** Asks /play again (the signed URL expired or a file answered 403) and goes on from the current time. */
  const renew = useCallback(async () => {
    const media = video.current;
    if (!media || renewing.current) return;
    // A URL refused again and again just after renewal is not an expiry: stop instead of asking for ever.
    const now = Date.now();
    renewals.current = renewals.current.filter((at) => now - at < 60_000);
    if (renewals.current.length >= 3) {
      setError('The video could not be loaded: access to its files was refused.');
      return;
    }
    renewals.current.push(now);
    renewing.current = true;
    const at = media.currentTime;
    const wasPlaying = !media.paused;
    const next = await requestPlay(item.id).catch(() => null);
    renewing.current = false;
    if (!next || 'error' in next) {
      setError(next?.error ?? 'The video could not be renewed.');
      return;
    }
    setAnswer(next);
    await attach(next, at, wasPlaying);
  }, [attach, item.id]);
  useEffect(() => {
    renewLater.current = () => void renew();
  }, [renew]);

  // First load: the URL and where this viewer stopped.
  useEffect(() => {
    let stopped = false;
    void (async () => {
      const [next, position] = await Promise.all([requestPlay(item.id), readPosition(item.id, signedIn)]);
      if (stopped) return;
      if ('error' in next) {
        setError(next.error);
        return;
      }
      setAnswer(next);
      if (next.sourceType === 'embed') return;
      const resume = position >= 1 && position < item.durationSeconds - 1 ? position : null;
      if (resume !== null) setStatus(`Resumed at ${formatDuration(resume)}`);
      await attach(next, resume, autoPlay);
    })();
    return () => {
      stopped = true;
      hls.current?.destroy();
      hls.current = null;
    };
  }, [attach, autoPlay, item.durationSeconds, item.id, signedIn]);

  // A signed URL is renewed a little before it expires.
  useEffect(() => {
    if (!answer?.expiresAt) return;
    const wait = new Date(answer.expiresAt).getTime() - Date.now() - RENEW_BEFORE_MS;
    const timer = window.setTimeout(() => void renew(), Math.max(wait, 1_000));
    return () => window.clearTimeout(timer);
  }, [answer, renew]);

  // The position is saved every few seconds while playing, on pause and when the page goes away.
  useEffect(() => {
    const media = video.current;
    if (!media) return;
    let lastSaved = 0;
    const save = (force: boolean) => {
      if (media.currentTime <= 0) return;
      const now = Date.now();
      if (!force && now - lastSaved < SAVE_EVERY_MS) return;
      lastSaved = now;
      writePosition(item.id, signedIn, media.currentTime, force);
    };
    const onTime = () => {
      setTime(media.currentTime);
      save(false);
    };
    const onPause = () => {
      setPlaying(false);
      save(true);
    };
    const onPlay = () => setPlaying(true);
    const onVolume = () => setMuted(media.muted);
    const onMeta = () => {
      if (Number.isFinite(media.duration)) setDuration(media.duration);
    };
    const onError = () => {
      // A native player's request refused (403, the URL expired): ask for a new one.
      if (answer?.expiresAt) void renew();
      else setError('The video could not be played.');
    };
    const onHide = () => save(true);
    media.addEventListener('timeupdate', onTime);
    media.addEventListener('pause', onPause);
    media.addEventListener('play', onPlay);
    media.addEventListener('volumechange', onVolume);
    media.addEventListener('loadedmetadata', onMeta);
    media.addEventListener('error', onError);
    window.addEventListener('pagehide', onHide);
    return () => {
      media.removeEventListener('timeupdate', onTime);
      media.removeEventListener('pause', onPause);
      media.removeEventListener('play', onPlay);
      media.removeEventListener('volumechange', onVolume);
      media.removeEventListener('loadedmetadata', onMeta);
      media.removeEventListener('error', onError);
      window.removeEventListener('pagehide', onHide);
    };
  }, [answer, item.id, renew, signedIn]);

  const togglePlay = () => {
    const media = video.current;
    if (!media) return;
    if (media.paused) void media.play().catch(() => undefined);
    else media.pause();
  };
  const seekBy = (seconds: number) => {
    const media = video.current;
    if (!media) return;
    media.currentTime = Math.min(Math.max(0, media.currentTime + seconds), duration || media.duration || 0);
    setStatus(`${formatDuration(media.currentTime)} of ${formatDuration(duration)}`);
  };
  const toggleMute = () => {
    const media = video.current;
    if (media) media.muted = !media.muted;
  };
  const toggleFullscreen = () => {
    if (!frame.current) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void frame.current.requestFullscreen?.().catch(() => undefined);
  };
  const toggleCaptions = () => {
    setCaptionsOn(toggleTrack(video.current));
  };
  const togglePip = () => {
    const media = video.current;
    if (!media) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
    else void media.requestPictureInPicture().catch(() => undefined);
  };
  const chooseQuality = (index: number) => {
    setQuality(index);
    const media = video.current;
    if (!media || !answer) return;
    if (hls.current) {
      hls.current.currentLevel = index;
      return;
    }
    // A native HLS player: load the chosen variant playlist (or the master for Auto) where it was.
    const url = index < 0 ? answer.url : variants.current[index]?.url;
    if (!url) return;
    void attach({ ...answer, url }, media.currentTime, !media.paused, index >= 0);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const target = event.target as HTMLElement;
    // Keys typed in the quality menu or the seek bar belong to them.
    if (target.tagName === 'SELECT' || (target.tagName === 'INPUT' && event.key !== ' ' && event.key !== 'k')) return;
    const key = event.key.toLowerCase();
    if (key === ' ' || key === 'k') {
      if (target.tagName === 'BUTTON' && key === ' ') return;
      togglePlay();
    } else if (event.key === 'ArrowLeft') seekBy(-SEEK_STEP);
    else if (event.key === 'ArrowRight') seekBy(SEEK_STEP);
    else if (key === 'm') toggleMute();
    else if (key === 'f') toggleFullscreen();
    else return;
    event.preventDefault();
  };

  if (error)
    return (
      <div
        role="alert"
        className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      >
        {error}
      </div>
    );

  // An embed is the click-to-load button from the first byte (the server's HTML too), never a <video>.
  if (item.sourceType === 'embed' || answer?.sourceType === 'embed')
    return <EmbedPlayer url={answer?.url ?? null} title={item.title} posterUrl={item.posterUrl} />;

  const button =
    'rounded-md px-2 py-1 text-sm font-medium text-white hover:bg-white/20 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300';
  return (
    <div
      ref={frame}
      role="group"
      aria-label={`Video player: ${item.title}`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="video-player"
      className="overflow-hidden rounded-xl bg-black focus-visible:outline focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-sky-500"
    >
      <video
        ref={video}
        className="aspect-video w-full bg-black"
        poster={item.posterUrl ?? undefined}
        playsInline
        preload="metadata"
        crossOrigin="anonymous"
        onClick={togglePlay}
        data-testid="video"
      >
        {answer?.captionsUrl ? <track kind="captions" src={answer.captionsUrl} srcLang="en" label="English" /> : null}
      </video>
      <div className="flex flex-wrap items-center gap-1 bg-slate-900 px-2 py-1 text-white">
        <button type="button" className={button} onClick={togglePlay} aria-label={playing ? 'Pause' : 'Play'}>
          {playing ? '❚❚' : '▶'}
        </button>
        <button type="button" className={button} onClick={() => seekBy(-SEEK_STEP)} aria-label="Back 5 seconds">
          −5s
        </button>
        <button type="button" className={button} onClick={() => seekBy(SEEK_STEP)} aria-label="Forward 5 seconds">
          +5s
        </button>
        <input
          type="range"
          min={0}
          max={Math.max(1, Math.round(duration))}
          step={1}
          value={Math.round(time)}
          onChange={(event) => {
            if (video.current) video.current.currentTime = Number(event.target.value);
          }}
          aria-label="Seek"
          aria-valuetext={`${formatDuration(time)} of ${formatDuration(duration)}`}
          className="min-w-24 flex-1 accent-amber-300 focus-visible:outline focus-visible:outline-2 focus-visible:outline-amber-300"
        />
        <span className="px-1 text-xs tabular-nums" aria-hidden="true">
          {formatDuration(time)} / {formatDuration(duration)}
        </span>
        <button type="button" className={button} onClick={toggleMute} aria-label={muted ? 'Unmute' : 'Mute'}>
          {muted ? 'Unmute' : 'Mute'}
        </button>
        {answer?.captionsUrl ? (
          <button
            type="button"
            className={button}
            onClick={toggleCaptions}
            aria-pressed={captionsOn}
            aria-label="Captions"
          >
            CC
          </button>
        ) : null}
        {qualities.length > 0 ? (
          <label className="flex items-center gap-1 text-xs">
            <span>Quality</span>
            <select
              value={quality}
              onChange={(event) => chooseQuality(Number(event.target.value))}
              className="rounded bg-slate-800 px-1 py-0.5 text-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-amber-300"
            >
              <option value={-1}>Auto</option>
              {qualities.map((level) => (
                <option key={level.index} value={level.index}>
                  {level.label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {pipSupported ? (
          <button type="button" className={button} onClick={togglePip} aria-label="Picture in picture">
            PiP
          </button>
        ) : null}
        <button type="button" className={button} onClick={toggleFullscreen} aria-label="Full screen">
          Full screen
        </button>
      </div>
      <p className="sr-only" aria-live="polite" data-testid="player-status">
        {status}
      </p>
      <p className="bg-slate-900 px-3 pb-2 text-xs text-slate-300">
        Keys: space or k play/pause, ← → seek 5 s, m mute, f full screen.
      </p>
    </div>
  );
}

/**
 * A video platform's privacy-enhanced embed: nothing is loaded from it until the viewer clicks. `url` is null
 * until /play answers (the server's HTML); a click before then opens the frame as soon as it is there.
 */
export function EmbedPlayer({
  url,
  title,
  posterUrl,
}: {
  url: string | null;
  title: string;
  posterUrl: string | null;
}) {
  const [open, setOpen] = useState(false);
  if (open && url)
    return (
      <iframe
        src={url}
        title={title}
        className="aspect-video w-full rounded-xl"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        data-testid="embed-frame"
      />
    );
  const host = url && URL.canParse(url) ? new URL(url).hostname : null;
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-slate-900" data-testid="embed-player">
      {posterUrl ? <img src={posterUrl} alt="" className="h-full w-full object-cover opacity-70" /> : null}
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-busy={open && !url ? true : undefined}
        className="absolute inset-0 m-auto h-fit w-fit max-w-[90%] rounded-lg bg-white px-4 py-2 font-semibold text-slate-900 focus-visible:outline focus-visible:outline-4 focus-visible:outline-sky-500"
      >
        Play “{title}” ({host ? `loads the video platform: ${host}` : 'loads the video platform'})
      </button>
    </div>
  );
}
