// The media CMS end to end (issue #22, cms:media): an editor adds a video with an upload source, uploads
// a small MP4 made here with ffmpeg, sees the transcode's progress, the video becomes ready and plays in
// the browser from /api/media/{id}/play (currentTime advances). A text file is refused with a clear
// message. Captions: an SRT file is refused with its reason, a WebVTT file is stored and the player shows its
// track. axe finds nothing on the media screens in light or dark mode; screenshots at 390 and 1280 px.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { prepareContext, waitForHydration } from './support.ts';
import { createStaffAccount, signInToCms, uniqueStaffEmail } from './staff-support.ts';

const E2E_DIR = process.env.E2E_DIR ?? 'var/e2e';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

test.beforeEach(async ({ context }) => {
  await prepareContext(context);
});

function makeFiles(): { mp4: string; text: string; vtt: string; srt: string } {
  const folder = path.resolve(E2E_DIR, `cms-media-${process.pid}-${Date.now()}`);
  mkdirSync(folder, { recursive: true });
  const mp4 = path.join(folder, 'kick-off.mp4');
  execFileSync('/usr/bin/ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=s=320x240:r=25:d=3'],
    ...['-f', 'lavfi', '-i', 'sine=f=440:d=3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', mp4],
  ]);
  const text = path.join(folder, 'notes.mp4');
  execFileSync('sh', ['-c', `printf 'not a video, only text' > '${text}'`]);
  const vtt = path.join(folder, 'kick-off.vtt');
  writeFileSync(vtt, 'WEBVTT\n\n00:00.000 --> 00:01.500\nKick-off\n\n00:01.500 --> 00:03.000\nFirst pass\n');
  const srt = path.join(folder, 'kick-off.srt.vtt');
  writeFileSync(srt, '1\n00:00:00,000 --> 00:00:01,500\nKick-off\n');
  return { mp4, text, vtt, srt };
}

async function axe(page: Page, label: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .withTags(WCAG_TAGS)
      .analyze();
    expect
      .soft(
        results.violations.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        ),
        `${label} ${colorScheme}`,
      )
      .toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('an editor uploads an MP4, follows the transcode and the video plays', async ({ page }) => {
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const files = makeFiles();
  const editor = uniqueStaffEmail('media-editor');
  createStaffAccount(editor, 'editor', 'Mia Media');
  await signInToCms(page, editor);
  await page
    .getByRole('navigation', { name: 'CMS sections' })
    .getByRole('link', { name: 'Media', exact: true })
    .click();
  await expect(page).toHaveURL(/\/cms\/media$/);
  await expect(page.getByRole('heading', { name: 'Media', level: 1 })).toBeVisible();
  await axe(page, 'media list');
  await page.getByRole('link', { name: 'New video' }).click();
  await waitForHydration(page);
  await axe(page, 'new video');

  // Refused without a title; what was typed stays.
  await page.getByLabel('Description').fill('A clip uploaded by the e2e journey');
  await page.getByRole('button', { name: 'Add video' }).click();
  await expect(page.locator('#video-title-error')).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveValue('A clip uploaded by the e2e journey');

  const title = `E2E kick-off ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Add video' }).click();
  await expect(page).toHaveURL(/\/cms\/media\/\d+\?saved=created$/);
  const id = Number(/\/cms\/media\/(\d+)/.exec(page.url())?.[1]);
  await waitForHydration(page);
  await expect(page.getByTestId('transcode-status')).toContainText('Waiting for its file');

  // Not a video: a clear refusal, nothing queued.
  await page.getByLabel('MP4 or MOV file').setInputFiles(files.text);
  await page.getByRole('button', { name: 'Upload and transcode' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'not an MP4 or MOV video' })).toBeVisible();
  await expect(page.getByTestId('transcode-status')).toContainText('Waiting for its file');

  await page.getByLabel('MP4 or MOV file').setInputFiles(files.mp4);
  await page.getByRole('button', { name: 'Upload and transcode' }).click();
  // Progress shows while it runs (queued or a percent), then it is ready.
  await expect(page.getByTestId('transcode-status')).toContainText(/Queued|Transcoding|Ready/, { timeout: 30_000 });
  await expect(page.getByTestId('transcode-status')).toContainText('Ready', { timeout: 90_000 });
  await expect(page.getByTestId('video-state')).toHaveText('published');
  await expect(page.getByRole('img', { name: `Poster of ${title}` })).toBeVisible();
  await axe(page, 'video page');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(E2E_DIR, `cms-media-${width}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }

  const played = await page.evaluate(async (videoId) => {
    const response = await fetch(`/api/media/${videoId}/play`, { method: 'POST' });
    const answer = (await response.json()) as { url: string; sourceType: string };
    const video = document.createElement('video');
    video.muted = true;
    video.src = answer.url;
    document.body.append(video);
    await video.play();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    if (video.error) throw new Error(`media error ${video.error.code}`);
    return { time: video.currentTime, sourceType: answer.sourceType };
  }, id);
  expect(played.sourceType).toBe('hls');
  expect(played.time).toBeGreaterThan(0.3);

  // Captions: an SRT file is refused with the reason; a WebVTT file is stored, and the player offers it.
  await page.goto(`/cms/media/${id}`);
  await waitForHydration(page);
  await expect(page.getByTestId('captions-status')).toHaveText('No captions yet.');
  await page.getByLabel('WebVTT captions file (.vtt)').setInputFiles(files.srt);
  await page.getByRole('button', { name: 'Upload captions' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'starts with the line “WEBVTT”' })).toBeVisible();
  await expect(page.getByTestId('captions-status')).toHaveText('No captions yet.');
  await page.getByLabel('WebVTT captions file (.vtt)').setInputFiles(files.vtt);
  await page.getByRole('button', { name: 'Upload captions' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Captions stored (2 cues).' })).toBeVisible();
  await expect(page.getByTestId('captions-status')).toContainText('has English captions');
  await page.goto(`/movies/${id}`);
  await waitForHydration(page);
  const player = page.getByRole('group', { name: `Video player: ${title}` });
  const captions = player.getByRole('button', { name: 'Captions' });
  await expect(captions).toBeVisible();
  await expect(player.locator('track[kind="captions"]')).toHaveAttribute('src', /\/media\/v\/\d+\/captions\/.+\.vtt$/);
  await captions.click();
  await expect(captions).toHaveAttribute('aria-pressed', 'true');
  // The track is showing and its cues were loaded from the stored file.
  await expect
    .poll(() =>
      page.getByTestId('video').evaluate((video: HTMLVideoElement) => {
        const track = video.textTracks[0];
        return track ? `${track.mode} ${track.cues?.length ?? 0} ${(track.cues?.[0] as VTTCue | undefined)?.text}` : '';
      }),
    )
    .toBe('showing 2 Kick-off');

  // The list shows it published.
  await page.goto(`/cms/media?q=${encodeURIComponent(title)}`);
  await expect(page.getByTestId('video-row')).toHaveCount(1);
  await expect(page.getByTestId('video-row')).toContainText('Published');
  // The refusals above (400 for the form and the SRT file, 415 for the text file) are the browser reporting
  // the status.
  expect(errors.filter((text) => !/^Failed to load resource: .* (400|415) /.test(text))).toEqual([]);
});
