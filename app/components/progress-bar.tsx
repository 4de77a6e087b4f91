import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { HIDDEN_PROGRESS, createProgressController, type ProgressController } from '../lib/loading/progress.ts';

let failCurrentNavigation: (() => void) | undefined;

/** Called by error boundaries: the navigation that brought the user here failed. */
export function markNavigationFailed(): void {
  failCurrentNavigation?.();
}

/** The thin page-loading bar (spec §4). */
export function ProgressBar() {
  const navigation = useNavigation();
  const [state, setState] = useState(HIDDEN_PROGRESS);
  const controller = useRef<ProgressController | null>(null);

  useEffect(() => {
    const created = createProgressController(setState);
    controller.current = created;
    failCurrentNavigation = () => created.fail();
    return () => {
      created.dispose();
      failCurrentNavigation = undefined;
    };
  }, []);

  useEffect(() => {
    if (navigation.state === 'idle') controller.current?.finish();
    else controller.current?.start();
  }, [navigation.state]);

  if (!state.visible) return null;
  return (
    <div
      role="progressbar"
      aria-label="Page loading"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(state.progress)}
      data-failed={state.failed ? 'true' : undefined}
      className="pointer-events-none fixed inset-x-0 top-0 z-50 h-1"
    >
      <div
        className={`h-full transition-[width] duration-100 ease-linear ${state.failed ? 'bg-red-600' : 'bg-brand-500'}`}
        style={{ width: `${state.progress}%` }}
      />
    </div>
  );
}
