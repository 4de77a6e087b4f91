// "Relive this match" under a finished match's header (issue #4): posts to the
// match route's action, which starts an on-demand replay and opens it. Works
// without JavaScript (a plain form post); its code loads after the page's
// (app/routes/match.tsx renders it through `deferred`: first-load budget).
import { Form, useNavigation } from 'react-router';
import { RELIVE_SPEEDS } from '../../../domain/replay-schedule.ts';

export function ReliveForm({ error }: { error: string | null }) {
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting';
  return (
    <Form method="post" className="mt-3 flex flex-wrap items-center justify-center gap-2 text-sm">
      <label htmlFor="relive-speed" className="text-slate-700 dark:text-slate-300">
        Relive this match
      </label>
      <select
        id="relive-speed"
        name="speed"
        defaultValue="10"
        className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
      >
        {RELIVE_SPEEDS.map((speed) => (
          <option key={speed} value={speed}>
            {speed === 1 ? 'in real time' : `${speed}× faster`}
          </option>
        ))}
      </select>
      <button
        type="submit"
        disabled={pending}
        className="rounded bg-brand-600 px-3 py-1 font-semibold text-white disabled:opacity-60"
      >
        {pending ? 'Starting…' : 'Start replay'}
      </button>
      {error ? (
        <p role="alert" className="w-full text-center text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
