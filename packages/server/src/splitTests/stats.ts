// The statistics of a split test, pure: Beta posteriors of conversion rates, their quantiles, and the
// probability that each arm's rate is the highest. Deterministic (no sampling), so the same counts always
// answer the same numbers.

/** A Beta(alpha, beta) distribution; both at least 1 here (a uniform prior plus counts). */
export interface BetaParams {
  alpha: number;
  beta: number;
}

/** The posterior of a conversion rate after `clicks` trials and `conversions` successes, uniform prior. */
export function posterior(clicks: number, conversions: number): BetaParams {
  // A click can convert more than once (several conversions on one click id); a rate is at most 1.
  const successes = Math.min(Math.max(conversions, 0), Math.max(clicks, 0));
  return { alpha: 1 + successes, beta: 1 + Math.max(clicks, 0) - successes };
}

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0] as number;
  for (let i = 1; i < LANCZOS.length; i++) sum += (LANCZOS[i] as number) / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

const logBeta = (a: number, b: number) => logGamma(a) + logGamma(b) - logGamma(a + b);

/** The continued fraction of the incomplete beta function (modified Lentz). */
function betaContinuedFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  // It converges in about sqrt(max(a, b)) steps; large counts need more of them.
  const maxSteps = 300 + Math.ceil(10 * Math.sqrt(Math.max(a, b)));
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= maxSteps; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b): the CDF of Beta(a, b) at x. */
export function betaCdf(x: number, { alpha: a, beta: b }: BetaParams): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(a * Math.log(x) + b * Math.log1p(-x) - logBeta(a, b));
  // The fraction converges fast on the side of the mean it is evaluated from.
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(x, a, b)) / a;
  return 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

function meanAndSd({ alpha: a, beta: b }: BetaParams): { mean: number; sd: number } {
  const n = a + b;
  return { mean: a / n, sd: Math.sqrt((a * b) / (n * n * (n + 1))) };
}

/** Where a Beta's mass lies, to well beyond any probability shown: twelve standard deviations around the mean. */
function support(params: BetaParams): [number, number] {
  const { mean, sd } = meanAndSd(params);
  return [Math.max(0, mean - 12 * sd), Math.min(1, mean + 12 * sd)];
}

/** The p-quantile of Beta(alpha, beta), by bisection on its CDF. */
export function betaQuantile(p: number, params: BetaParams): number {
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  let [low, high] = support(params);
  for (let step = 0; step < 100 && high - low > 1e-15; step++) {
    const middle = (low + high) / 2;
    if (betaCdf(middle, params) < p) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/** The central credible interval holding `mass` of the posterior. */
export function credibleInterval(params: BetaParams, mass: number): { low: number; high: number } {
  const tail = (1 - mass) / 2;
  return { low: betaQuantile(tail, params), high: betaQuantile(1 - tail, params) };
}

/** Points per arm's support in the shared grid of probabilityBest, fewer per arm when there are many arms. */
const GRID_POINTS_PER_ARM = 2000;
const GRID_POINTS_PER_ARM_MIN = 200;
const GRID_POINTS_TOTAL = 40_000;

/**
 * For each arm, P(its rate is the highest) = ∫ f_i(x) Π_{j≠i} F_j(x) dx, by the trapezoid rule on one
 * grid that is fine over every arm's support (each arm adds its own evenly spaced points), so a narrow
 * posterior beside a wide one is resolved. Densities are normalized on the grid and CDFs are their
 * running integrals, which keeps the answers consistent and adding up to 1. The product over the other
 * arms is the product over all divided by the arm's own CDF, so many arms cost no more than a few.
 */
export function probabilityBest(arms: readonly BetaParams[]): number[] {
  if (arms.length === 0) return [];
  if (arms.length === 1) return [1];
  const perArm = Math.max(
    GRID_POINTS_PER_ARM_MIN,
    Math.min(GRID_POINTS_PER_ARM, Math.floor(GRID_POINTS_TOTAL / arms.length)),
  );
  const points = new Set<number>();
  for (const arm of arms) {
    const [low, high] = support(arm);
    for (let k = 0; k <= perArm; k++) points.add(low + ((high - low) * k) / perArm);
  }
  const grid = Float64Array.from([...points].sort((a, b) => a - b));
  const n = grid.length;
  const densities = arms.map((arm) => normalizedDensity(arm, grid));
  const cdfs = densities.map((density) => {
    const cdf = new Float64Array(n);
    for (let k = 1; k < n; k++) {
      cdf[k] =
        (cdf[k - 1] as number) + (((density[k - 1] as number) + (density[k] as number)) / 2) * width(grid, k);
    }
    return cdf;
  });
  // At each point: the log of the product of the non-zero CDFs, and how many CDFs are still zero.
  const logProduct = new Float64Array(n);
  const zeros = new Int32Array(n);
  for (const cdf of cdfs) {
    for (let k = 0; k < n; k++) {
      const value = cdf[k] as number;
      if (value > 0) logProduct[k] = (logProduct[k] as number) + Math.log(value);
      else zeros[k] = (zeros[k] as number) + 1;
    }
  }
  const raw = arms.map((_, i) => {
    const density = densities[i] as Float64Array;
    const own = cdfs[i] as Float64Array;
    let total = 0;
    let previous = 0;
    for (let k = 0; k < n; k++) {
      const ownValue = own[k] as number;
      const othersZero = (zeros[k] as number) - (ownValue > 0 ? 0 : 1);
      const others =
        othersZero > 0 ? 0 : Math.exp((logProduct[k] as number) - (ownValue > 0 ? Math.log(ownValue) : 0));
      const value = (density[k] as number) * others;
      if (k > 0) total += ((previous + value) / 2) * width(grid, k);
      previous = value;
    }
    return total;
  });
  const sum = raw.reduce((a, b) => a + b, 0);
  return raw.map((value) => (sum > 0 ? value / sum : 1 / arms.length));
}

const width = (grid: Float64Array, k: number) => (grid[k] as number) - (grid[k - 1] as number);

/** The Beta density on the grid, scaled so its trapezoid integral is 1 (zero outside its support). */
function normalizedDensity({ alpha: a, beta: b }: BetaParams, grid: Float64Array): Float64Array {
  const logs = new Float64Array(grid.length);
  let top = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < grid.length; k++) {
    const x = grid[k] as number;
    const left = a === 1 ? 0 : x <= 0 ? Number.NEGATIVE_INFINITY : (a - 1) * Math.log(x);
    const right = b === 1 ? 0 : x >= 1 ? Number.NEGATIVE_INFINITY : (b - 1) * Math.log1p(-x);
    logs[k] = left + right;
    if (logs[k] > top) top = logs[k] as number;
  }
  const density = logs.map((value) => Math.exp(value - top));
  let area = 0;
  for (let k = 1; k < grid.length; k++)
    area += (((density[k - 1] as number) + (density[k] as number)) / 2) * width(grid, k);
  return density.map((value) => value / area);
}
