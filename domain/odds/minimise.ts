// A small limited-memory BFGS minimiser (Nocedal & Wright, "Numerical Optimization", 2nd ed., algorithm 7.4
// two-loop recursion, with a backtracking Armijo line search). No minimiser package is installed and the
// Dixon–Coles likelihood has a cheap analytic gradient, so this is all the fit needs: a few dozen parameters,
// a smooth objective, an infeasible region (the objective returns Infinity there) that the line search backs
// away from.

export interface MinimiseOptions {
  /** Stop when the largest gradient component is at most this. */
  gradientTolerance?: number;
  /** Stop when an iteration lowers the objective by less than this, relative to |f|. */
  relativeTolerance?: number;
  maxIterations?: number;
  /** How many past steps approximate the inverse Hessian. */
  memory?: number;
}

export interface MinimiseResult {
  x: Float64Array;
  value: number;
  iterations: number;
  converged: boolean;
}

/** The objective at x; writes the gradient into `gradient` (same length as x). Infinity marks an infeasible x. */
export type Objective = (x: Float64Array, gradient: Float64Array) => number;

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

function maxAbs(a: Float64Array): number {
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]!));
  return max;
}

/** Minimises `objective` from `start` (not modified). */
export function minimise(objective: Objective, start: Float64Array, options: MinimiseOptions = {}): MinimiseResult {
  const gradientTolerance = options.gradientTolerance ?? 1e-6;
  const relativeTolerance = options.relativeTolerance ?? 1e-13;
  const maxIterations = options.maxIterations ?? 500;
  const memory = options.memory ?? 8;
  const n = start.length;

  let x = Float64Array.from(start);
  let gradient = new Float64Array(n);
  let value = objective(x, gradient);
  if (!Number.isFinite(value)) throw new Error('minimise: the objective is not finite at the start');

  const steps: Float64Array[] = [];
  const changes: Float64Array[] = [];
  const rhos: number[] = [];
  const alphas = new Float64Array(memory);
  const direction = new Float64Array(n);
  let nextX = new Float64Array(n);
  let nextGradient = new Float64Array(n);

  for (let iteration = 0; iteration < maxIterations; iteration++) {
    if (maxAbs(gradient) <= gradientTolerance) return { x, value, iterations: iteration, converged: true };

    // Two-loop recursion: direction = −H·g.
    for (let i = 0; i < n; i++) direction[i] = -gradient[i]!;
    for (let k = steps.length - 1; k >= 0; k--) {
      const alpha = rhos[k]! * dot(steps[k]!, direction);
      alphas[k] = alpha;
      const change = changes[k]!;
      for (let i = 0; i < n; i++) direction[i] = direction[i]! - alpha * change[i]!;
    }
    if (steps.length > 0) {
      const last = steps.length - 1;
      const scale = dot(steps[last]!, changes[last]!) / dot(changes[last]!, changes[last]!);
      for (let i = 0; i < n; i++) direction[i] = direction[i]! * scale;
    } else {
      // First step: a unit-length move along the steepest descent.
      const norm = Math.sqrt(dot(direction, direction));
      for (let i = 0; i < n; i++) direction[i] = direction[i]! / Math.max(norm, 1);
    }
    for (let k = 0; k < steps.length; k++) {
      const beta = rhos[k]! * dot(changes[k]!, direction);
      const step = steps[k]!;
      for (let i = 0; i < n; i++) direction[i] = direction[i]! + (alphas[k]! - beta) * step[i]!;
    }

    let slope = dot(gradient, direction);
    if (!(slope < 0)) {
      // Not a descent direction (the curvature memory went stale): restart from steepest descent.
      steps.length = 0;
      changes.length = 0;
      rhos.length = 0;
      for (let i = 0; i < n; i++) direction[i] = -gradient[i]!;
      slope = dot(gradient, direction);
    }

    // Backtracking line search (Armijo condition, c1 = 1e-4).
    let stepLength = 1;
    let nextValue = Infinity;
    for (let tries = 0; tries < 60; tries++) {
      for (let i = 0; i < n; i++) nextX[i] = x[i]! + stepLength * direction[i]!;
      nextValue = objective(nextX, nextGradient);
      if (Number.isFinite(nextValue) && nextValue <= value + 1e-4 * stepLength * slope) break;
      stepLength *= 0.5;
      nextValue = Infinity;
    }
    if (!Number.isFinite(nextValue)) return { x, value, iterations: iteration, converged: false };

    const step = new Float64Array(n);
    const change = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      step[i] = nextX[i]! - x[i]!;
      change[i] = nextGradient[i]! - gradient[i]!;
    }
    const curvature = dot(step, change);
    if (curvature > 1e-12 * dot(change, change)) {
      if (steps.length === memory) {
        steps.shift();
        changes.shift();
        rhos.shift();
      }
      steps.push(step);
      changes.push(change);
      rhos.push(1 / curvature);
    }

    const improvement = value - nextValue;
    [x, nextX] = [nextX, x];
    [gradient, nextGradient] = [nextGradient, gradient];
    value = nextValue;
    if (
      improvement <= relativeTolerance * Math.max(1, Math.abs(value)) &&
      maxAbs(gradient) <= gradientTolerance * 1e3
    ) {
      return { x, value, iterations: iteration + 1, converged: true };
    }
  }
  return { x, value, iterations: maxIterations, converged: maxAbs(gradient) <= gradientTolerance };
}
