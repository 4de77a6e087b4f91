// The upload part of a video's CMS page (issue #22, cms:media): choose an MP4/MOV, send it to
// PUT /api/cms/media/{id}/upload (the body is the file, streamed to disk on the server), then follow the
// transcode: the page reloads its data every 1.5 s while the job is queued or running, showing the percent.
import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { TranscodeJobView } from '../../../domain/media-cms.ts';
import { inputClass } from '../auth-forms/form-parts.tsx';

const STATUS_TEXT: Record<TranscodeJobView['status'], string> = {
  awaiting_upload: 'Waiting for its file',
  queued: 'Queued for transcoding',
  running: 'Transcoding',
  done: 'Ready',
  failed: 'Transcoding failed',
};

export function UploadPanel({ videoId, job }: { videoId: number; job: TranscodeJobView | null }) {
  const revalidator = useRevalidator();
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const working = job?.status === 'queued' || job?.status === 'running';
  // Once the transcode is over, the job's own status says it: an upload's note (not an error) is stale.
  const note =
    message && !message.error && !sending && (job?.status === 'done' || job?.status === 'failed') ? null : message;

  useEffect(() => {
    if (!working) return undefined;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, 1500);
    return () => clearInterval(timer);
  }, [working, revalidator]);

  async function send(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) {
      setMessage({ error: true, text: 'Choose an MP4 or MOV file first.' });
      return;
    }
    setSending(true);
    setMessage({ error: false, text: `Uploading ${file.name}…` });
    try {
      const response = await fetch(`/api/cms/media/${videoId}/upload`, {
        method: 'PUT',
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
        body: file,
      });
      if (response.ok) {
        setMessage({ error: false, text: 'Uploaded: transcoding has started.' });
      } else {
        const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        setMessage({ error: true, text: answer?.error?.message ?? `The upload was refused (${response.status}).` });
      }
    } catch {
      setMessage({ error: true, text: 'The upload broke off: try again.' });
    } finally {
      setSending(false);
      void revalidator.revalidate();
    }
  }

  return (
    <section
      aria-labelledby="upload-heading"
      className="mt-6 rounded-xl border border-slate-300 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="upload-heading" className="text-lg font-semibold">
        Video file
      </h2>
      {job ? (
        <div className="mt-2" data-testid="transcode-status">
          <p>
            <strong>{STATUS_TEXT[job.status]}</strong>
            {working ? ` — ${job.progress}%` : null}
            {job.attempts > 1 ? ` (attempt ${job.attempts})` : null}
          </p>
          {working || job.status === 'done' ? (
            <progress className="mt-1 w-full" max={100} value={job.progress} aria-label="Transcoding progress">
              {job.progress}%
            </progress>
          ) : null}
          {job.status === 'failed' && job.error ? (
            <p
              role="alert"
              className="mt-2 rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100"
            >
              {job.error}
            </p>
          ) : null}
        </div>
      ) : null}
      {!working ? (
        <form className="mt-3 grid gap-2" onSubmit={(event) => void send(event)}>
          <label htmlFor="upload-file" className="font-medium">
            {job?.status === 'done' ? 'Replace the file (MP4 or MOV)' : 'MP4 or MOV file'}
          </label>
          <input
            id="upload-file"
            name="file"
            type="file"
            accept="video/mp4,video/quicktime,.mp4,.mov"
            className={inputClass}
          />
          <div>
            <button
              type="submit"
              disabled={sending}
              className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {sending ? 'Uploading…' : 'Upload and transcode'}
            </button>
          </div>
        </form>
      ) : null}
      {note ? (
        <p
          role={note.error ? 'alert' : 'status'}
          className={`mt-2 text-sm ${note.error ? 'text-red-800 dark:text-red-200' : ''}`}
        >
          {note.text}
        </p>
      ) : null}
    </section>
  );
}
