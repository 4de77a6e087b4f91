// The captions part of a video's CMS page (issue #22, cms:media): upload a WebVTT file to
// PUT /api/cms/media/{id}/captions (the body is the file; the server checks it: the WEBVTT header, at least one
// cue, UTF-8 text, MEDIA_CAPTIONS_MAX_KB) or remove the captions. The player shows them as an English track.
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { inputClass } from '../auth-forms/form-parts.tsx';

export function CaptionsPanel({
  videoId,
  hasCaptions,
  embed,
}: {
  videoId: number;
  hasCaptions: boolean;
  /** An embed's captions come from its platform: nothing to upload here. */
  embed: boolean;
}) {
  const revalidator = useRevalidator();
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  async function request(method: 'PUT' | 'DELETE', file?: File) {
    setSending(true);
    try {
      const response = await fetch(`/api/cms/media/${videoId}/captions`, {
        method,
        ...(file ? { headers: { 'Content-Type': 'text/vtt' }, body: file } : {}),
      });
      const answer = (await response.json().catch(() => null)) as {
        data?: { cues?: number };
        error?: { message?: string };
      } | null;
      if (!response.ok) {
        setMessage({ error: true, text: answer?.error?.message ?? `Refused (${response.status}).` });
        return;
      }
      const cues = answer?.data?.cues;
      setMessage({
        error: false,
        text:
          method === 'DELETE' ? 'Captions removed.' : `Captions stored (${cues ?? 0} ${cues === 1 ? 'cue' : 'cues'}).`,
      });
    } catch {
      setMessage({ error: true, text: 'The request broke off: try again.' });
    } finally {
      setSending(false);
      void revalidator.revalidate();
    }
  }

  function send(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('captions');
    if (!(file instanceof File) || file.size === 0) {
      setMessage({ error: true, text: 'Choose a WebVTT (.vtt) file first.' });
      return;
    }
    void request('PUT', file);
  }

  return (
    <section
      aria-labelledby="captions-heading"
      className="mt-6 rounded-xl border border-slate-300 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="captions-heading" className="text-lg font-semibold">
        Captions
      </h2>
      {embed ? (
        <p className="mt-2 text-sm">An embedded video’s captions come from its video platform.</p>
      ) : (
        <>
          <p className="mt-2 text-sm" data-testid="captions-status">
            {hasCaptions ? 'This video has English captions (WebVTT): the player offers them.' : 'No captions yet.'}
          </p>
          <form className="mt-3 grid gap-2" onSubmit={send}>
            <label htmlFor="captions-file" className="font-medium">
              {hasCaptions ? 'Replace the captions (WebVTT .vtt file)' : 'WebVTT captions file (.vtt)'}
            </label>
            <input id="captions-file" name="captions" type="file" accept=".vtt,text/vtt" className={inputClass} />
            <div className="flex flex-wrap gap-2">
              <button
                type="submit"
                disabled={sending}
                className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
              >
                Upload captions
              </button>
              {hasCaptions ? (
                <button
                  type="button"
                  disabled={sending}
                  onClick={() => void request('DELETE')}
                  className="rounded-md border border-red-700 px-4 py-2 font-semibold text-red-800 disabled:opacity-60 dark:border-red-400 dark:text-red-200"
                >
                  Remove captions
                </button>
              ) : null}
            </div>
          </form>
        </>
      )}
      {message ? (
        <p
          role={message.error ? 'alert' : 'status'}
          className={`mt-2 text-sm ${message.error ? 'text-red-800 dark:text-red-200' : ''}`}
        >
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
