// The ffmpeg arguments every HLS file of the catalogue is written with (issue #22; docs/media.md): the
// demo generator (media.demo.ts) and the upload transcoder (media.transcode.ts) both call them, so every
// stored video has the same shape — fMP4 HLS, two H.264/AAC renditions (360p at 800 kb/s, 180p at
// 250 kb/s; Debian's Chromium plays them natively and over MSE), 2-second segments each starting with a
// keyframe, a master playlist `master.m3u8`, and a `poster.jpg`.
import path from 'node:path';

export interface HlsOutput {
  /** The folder the files go to (its `%v` subfolders are made by ffmpeg). */
  folder: string;
  /** The video input's filter label, e.g. `[0:v]`, and filters to run first (each ending in a comma). */
  video: string;
  prefilter?: string;
  /** The audio stream to map, e.g. `1:a`. */
  audio: string;
  /** The second at which the poster frame is taken (the input's timeline). */
  posterAt?: number;
}

/** Output arguments: the renditions, the master playlist and the poster. Put after the inputs. */
export function hlsOutputArgs(output: HlsOutput): string[] {
  const { folder } = output;
  const posterFilter = output.posterAt ? `trim=start=${output.posterAt},setpts=PTS-STARTPTS,` : '';
  return [
    ...[
      '-filter_complex',
      `${output.video}${output.prefilter ?? ''}fps=25,split=3[v0][v1][p0];[v0]scale=-2:360,setsar=1[hi];[v1]scale=-2:180,setsar=1[lo];[p0]${posterFilter}scale=-2:360[p]`,
    ],
    ...['-map', '[hi]', '-map', '[lo]', '-map', output.audio, '-map', output.audio],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-sc_threshold', '0'],
    // A keyframe every 2 s (50 frames at 25 fps): every segment starts with one.
    ...['-g', '50', '-keyint_min', '50', '-b:v:0', '800k', '-b:v:1', '250k'],
    ...['-c:a', 'aac', '-b:a', '64k', '-ac', '2', '-ar', '48000'],
    ...['-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4'],
    ...['-hls_flags', 'independent_segments', '-master_pl_name', 'master.m3u8'],
    ...['-var_stream_map', 'v:0,a:0,name:360p v:1,a:1,name:180p'],
    ...['-hls_segment_filename', path.join(folder, '%v', 'seg%03d.m4s'), '-hls_fmp4_init_filename', 'init.mp4'],
    path.join(folder, '%v', 'index.m3u8'),
    ...['-map', '[p]', '-frames:v', '1', '-q:v', '4', path.join(folder, 'poster.jpg')],
  ];
}
