// The page-loading progress bar's timing (spec §4, §9), kept free of React so
// it can be unit-tested with fake timers: throttle 200 ms, duration 5000 ms,
// hide 500 ms after finishing, never above 100.

export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_HIDE_DELAY_MS = 500;
export const PROGRESS_CAP = 100;
const TICK_MS = 100;

export interface ProgressState {
  visible: boolean;
  progress: number;
  failed: boolean;
}

export const HIDDEN_PROGRESS: ProgressState = { visible: false, progress: 0, failed: false };

export interface ProgressController {
  start(): void;
  finish(): void;
  fail(): void;
  dispose(): void;
}

export function createProgressController(onChange: (state: ProgressState) => void): ProgressController {
  let state = HIDDEN_PROGRESS;
  let throttle: ReturnType<typeof setTimeout> | undefined;
  let hide: ReturnType<typeof setTimeout> | undefined;
  let ticker: ReturnType<typeof setInterval> | undefined;
  let running = false;

  const set = (next: ProgressState) => {
    state = next;
    onChange(state);
  };
  const clearAll = () => {
    clearTimeout(throttle);
    clearTimeout(hide);
    clearInterval(ticker);
    throttle = hide = ticker = undefined;
  };
  const end = (failed: boolean) => {
    const shown = state.visible;
    running = false;
    clearAll();
    if (!shown && !failed) {
      // Finished inside the throttle window: the bar never appears (no flicker).
      set(HIDDEN_PROGRESS);
      return;
    }
    set({ visible: true, progress: PROGRESS_CAP, failed });
    hide = setTimeout(() => set(HIDDEN_PROGRESS), PROGRESS_HIDE_DELAY_MS);
  };

  return {
    start() {
      if (running) return;
      running = true;
      clearAll();
      throttle = setTimeout(() => {
        throttle = undefined;
        set({ visible: true, progress: 0, failed: false });
        const step = (PROGRESS_CAP / PROGRESS_DURATION_MS) * TICK_MS;
        ticker = setInterval(() => {
          // Rises evenly to the cap over the duration, then waits at the cap until finished.
          set({ ...state, progress: Math.min(PROGRESS_CAP, state.progress + step) });
        }, TICK_MS);
      }, PROGRESS_THROTTLE_MS);
    },
    finish() {
      if (!running && !state.visible) return;
      end(false);
    },
    fail() {
      end(true);
    },
    dispose() {
      running = false;
      clearAll();
    },
  };
}
