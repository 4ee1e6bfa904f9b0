import { describe, expect, it } from 'vitest';
import {
  type BetaParams,
  betaCdf,
  betaQuantile,
  credibleInterval,
  posterior,
  probabilityBest,
} from './stats.ts';

// The split test's statistics against numbers obtained independently: Beta quantiles from a reference
// implementation (scipy.stats.beta.ppf), closed forms, and P(best) from an exact sum for two arms and a
// seeded Monte Carlo of many draws for more, both written here without the module's code.

describe('Beta quantiles', () => {
  it('match reference quantiles of known Beta distributions', () => {
    const known: [number, number, number, number][] = [
      // alpha, beta, 2.5% quantile, 97.5% quantile (scipy.stats.beta.ppf)
      [11, 91, 0.055637223835302965, 0.17455282607711903],
      [3, 198, 0.003104107621553509, 0.035654668397239776],
      [501, 9501, 0.045901268594915445, 0.054449094899610084],
      [2, 2, 0.09429932405024609, 0.9057006759497539],
      [31, 1071, 0.0192092204626577, 0.0386709714990546],
    ];
    for (const [alpha, beta, low, high] of known) {
      const interval = credibleInterval({ alpha, beta }, 0.95);
      expect(interval.low).toBeCloseTo(low, 10);
      expect(interval.high).toBeCloseTo(high, 10);
    }
  });

  it('match closed forms: the uniform, Beta(2, 1) and Beta(1, b)', () => {
    for (const p of [0.025, 0.3, 0.975]) {
      expect(betaQuantile(p, { alpha: 1, beta: 1 })).toBeCloseTo(p, 12);
      expect(betaQuantile(p, { alpha: 2, beta: 1 })).toBeCloseTo(Math.sqrt(p), 12);
      expect(betaQuantile(p, { alpha: 1, beta: 40 })).toBeCloseTo(1 - (1 - p) ** (1 / 40), 12);
    }
    expect(betaCdf(0.1, { alpha: 2, beta: 2 })).toBeCloseTo(0.028, 12);
  });

  it('give the posterior of clicks and conversions, a rate never above one', () => {
    expect(posterior(100, 7)).toEqual({ alpha: 8, beta: 94 });
    expect(posterior(0, 0)).toEqual({ alpha: 1, beta: 1 });
    expect(posterior(3, 5)).toEqual({ alpha: 4, beta: 1 });
  });
});

/** P(X_b > X_a) for Beta posteriors with integer parameters, exactly (the sum over b's successes). */
function twoArmExact(a: BetaParams, b: BetaParams): number {
  // ln Γ(n) = ln (n - 1)! for whole n, as running sums of logs.
  const logFactorials = [0];
  for (let k = 1; k <= a.alpha + a.beta + b.alpha + b.beta; k++) {
    logFactorials.push((logFactorials[k - 1] as number) + Math.log(k));
  }
  const lnGamma = (n: number) => logFactorials[n - 1] as number;
  const lnB = (x: number, y: number) => lnGamma(x) + lnGamma(y) - lnGamma(x + y);
  let total = 0;
  for (let i = 0; i < b.alpha; i++) {
    total += Math.exp(
      lnB(a.alpha + i, a.beta + b.beta) - Math.log(b.beta + i) - lnB(1 + i, b.beta) - lnB(a.alpha, a.beta),
    );
  }
  return total;
}

/** A seeded generator (mulberry32), Box-Muller normals and Marsaglia-Tsang gammas: Beta draws. */
function betaSampler(seed: number): (params: BetaParams) => number {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  const gamma = (shape: number) => {
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      const x = normal();
      const v = (1 + c * x) ** 3;
      if (v > 0 && Math.log(uniform()) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
    }
  };
  return ({ alpha, beta }) => {
    const x = gamma(alpha);
    return x / (x + gamma(beta));
  };
}

function monteCarloBest(arms: BetaParams[], draws: number): number[] {
  const draw = betaSampler(20260407);
  const wins = arms.map(() => 0);
  for (let n = 0; n < draws; n++) {
    let best = 0;
    let bestValue = -1;
    arms.forEach((arm, i) => {
      const value = draw(arm);
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    });
    wins[best] = (wins[best] ?? 0) + 1;
  }
  return wins.map((count) => count / draws);
}

describe('probability that an arm is the best', () => {
  it('matches the exact two-arm sum', () => {
    const cases: [BetaParams, BetaParams][] = [
      [posterior(1000, 30), posterior(1000, 40)],
      [posterior(120, 12), posterior(90, 7)],
      [posterior(5, 0), posterior(5, 1)],
      [posterior(20000, 400), posterior(20000, 400)],
    ];
    for (const [a, b] of cases) {
      const [pa, pb] = probabilityBest([a, b]) as [number, number];
      const exact = twoArmExact(a, b);
      expect(Math.abs(pb - exact)).toBeLessThan(0.01);
      expect(Math.abs(pa - (1 - exact))).toBeLessThan(0.01);
    }
    expect(twoArmExact(posterior(1000, 30), posterior(1000, 40))).toBeGreaterThan(0.85);
  });

  it('matches a seeded Monte Carlo of many draws for several arms, narrow beside wide', () => {
    const arms = [posterior(5000, 150), posterior(4800, 160), posterior(300, 11), posterior(40, 1)];
    const computed = probabilityBest(arms);
    const reference = monteCarloBest(arms, 400_000);
    for (const [i, p] of computed.entries())
      expect(Math.abs(p - (reference[i] as number))).toBeLessThan(0.01);
    expect(computed.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  });

  it('is even for equal arms, certain for one, and the same on every call', () => {
    const equal = probabilityBest([posterior(500, 20), posterior(500, 20), posterior(500, 20)]);
    for (const p of equal) expect(p).toBeCloseTo(1 / 3, 3);
    expect(probabilityBest([posterior(10, 1)])).toEqual([1]);
    const arms = [posterior(800, 9), posterior(700, 14)];
    expect(probabilityBest(arms)).toEqual(probabilityBest(arms));
  });
});

describe('probability that an arm is the best, many arms', () => {
  it('matches a seeded Monte Carlo with fifty arms, on a coarser grid per arm', () => {
    const arms = Array.from({ length: 50 }, (_, i) => posterior(400 + 10 * i, 8 + (i % 7)));
    const computed = probabilityBest(arms);
    const reference = monteCarloBest(arms, 60_000);
    for (const [i, p] of computed.entries())
      expect(Math.abs(p - (reference[i] as number))).toBeLessThan(0.01);
  });
});
