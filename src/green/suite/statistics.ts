import type { MeanWithInterval } from '../../protocol/index.js';

/**
 * The statistics of repeated trials. A handful of LLM-agent trials is a small sample, so the 95 %
 * interval uses Student's t with n − 1 degrees of freedom (12.71 for two trials, 4.30 for three,
 * 2.26 for ten) rather than the normal 1.96, which would overstate the precision.
 */

export function mean(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('mean of no values');
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Sample standard deviation (n − 1 in the denominator); needs two values. */
export function sampleStdev(values: readonly number[]): number {
  if (values.length < 2) throw new RangeError('a sample standard deviation needs at least two values');
  const m = mean(values);
  const squares = values.reduce((sum, value) => sum + (value - m) ** 2, 0);
  return Math.sqrt(squares / (values.length - 1));
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9: ~15 significant digits). */
function logGamma(x: number): number {
  const coefficients = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const shifted = x - 1;
  let sum = coefficients[0]!;
  for (let i = 1; i < coefficients.length; i += 1) sum += coefficients[i]! / (shifted + i);
  const t = shifted + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (shifted + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** Continued fraction of the incomplete beta function (modified Lentz). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let result = d;
  for (let m = 1; m <= 300; m += 1) {
    const m2 = 2 * m;
    let term = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + term * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + term / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    result *= d * c;
    term = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + term * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + term / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    result *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return result;
}

/** The regularized incomplete beta function I_x(a, b). */
export function regularizedIncompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  // The continued fraction converges fast only below the mean; use the symmetry above it.
  return x < (a + 1) / (a + b + 2)
    ? (front * betaContinuedFraction(a, b, x)) / a
    : 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** P(T ≤ t) for Student's t with `df` degrees of freedom. */
export function studentTCdf(t: number, df: number): number {
  const tail = 0.5 * regularizedIncompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** The `p` quantile of Student's t with `df` degrees of freedom (bisection on the CDF). */
export function studentTQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`p must be in (0, 1), got ${p}`);
  if (!(df > 0)) throw new RangeError(`degrees of freedom must be > 0, got ${df}`);
  if (p < 0.5) return -studentTQuantile(1 - p, df);
  let low = 0;
  let high = 1;
  while (studentTCdf(high, df) < p) high *= 2;
  for (let i = 0; i < 200 && high - low > 1e-12; i += 1) {
    const middle = (low + high) / 2;
    if (studentTCdf(middle, df) < p) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

const clamp01 = (value: number): number => Math.min(1, Math.max(0, value));

/**
 * The mean of fractions (0..1) with a two-sided 95 % t interval; the interval is null for a
 * single value and clamped to [0, 1] (the half width is not).
 */
export function meanWithInterval(values: readonly number[]): MeanWithInterval {
  const m = clamp01(mean(values));
  if (values.length < 2) {
    return { mean: m, n: values.length, stdev: null, ci95_half_width: null, ci95_low: null, ci95_high: null };
  }
  const stdev = sampleStdev(values);
  const halfWidth = (studentTQuantile(0.975, values.length - 1) * stdev) / Math.sqrt(values.length);
  return {
    mean: m,
    n: values.length,
    stdev,
    ci95_half_width: halfWidth,
    ci95_low: clamp01(m - halfWidth),
    ci95_high: clamp01(m + halfWidth),
  };
}

/** C(n, k) as a float (exact for the small n of trial counts). */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= Math.min(k, n - k); i += 1) result = (result * (n - i + 1)) / i;
  return result;
}

/**
 * pass@j and pass^j for j = 1..n from n trials of which c passed, with the unbiased estimators
 * of Chen et al. (pass@k) and Yao et al. (τ-bench, pass^k): pass@j = 1 − C(n−c, j)/C(n, j), the
 * chance that at least one of j trials drawn without replacement passes; pass^j = C(c, j)/C(n, j),
 * the chance that all j do. At j = n they are "any passed" and "all passed".
 */
export function passCurves(n: number, c: number): { passAt: number[]; passHat: number[] } {
  if (!Number.isInteger(n) || !Number.isInteger(c) || n < 0 || c < 0 || c > n) {
    throw new RangeError(`need integers 0 <= passed (${c}) <= trials (${n})`);
  }
  const passAt: number[] = [];
  const passHat: number[] = [];
  for (let j = 1; j <= n; j += 1) {
    const total = binomial(n, j);
    passAt.push(clamp01(1 - binomial(n - c, j) / total));
    passHat.push(clamp01(binomial(c, j) / total));
  }
  return { passAt, passHat };
}
