import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  binomial,
  mean,
  meanWithInterval,
  passCurves,
  sampleStdev,
  studentTCdf,
  studentTQuantile,
} from '../../../src/green/suite/statistics.js';

describe('Student t', () => {
  // Two-sided 95 % critical values from the standard tables.
  it.each([
    [1, 12.7062],
    [2, 4.3027],
    [3, 3.1824],
    [4, 2.7764],
    [9, 2.2622],
    [29, 2.0452],
    [120, 1.9799],
    [100_000, 1.96],
  ])('t(0.975, %i) = %f', (df, expected) => {
    expect(studentTQuantile(0.975, df)).toBeCloseTo(expected, 3);
  });

  it('is symmetric and inverts its CDF', () => {
    expect(studentTCdf(0, 5)).toBeCloseTo(0.5, 12);
    expect(studentTQuantile(0.025, 7)).toBeCloseTo(-studentTQuantile(0.975, 7), 10);
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 0.99, noNaN: true }),
        fc.integer({ min: 1, max: 200 }),
        (p, df) => {
          expect(studentTCdf(studentTQuantile(p, df), df)).toBeCloseTo(p, 8);
        },
      ),
    );
  });

  it('refuses probabilities and degrees of freedom out of range', () => {
    expect(() => studentTQuantile(1, 3)).toThrow(RangeError);
    expect(() => studentTQuantile(0.5, 0)).toThrow(RangeError);
  });
});

describe('meanWithInterval', () => {
  it('gives the t interval, clamped to [0, 1]', () => {
    const stat = meanWithInterval([0.5, 0.7, 0.9]);
    expect(stat.mean).toBeCloseTo(0.7, 12);
    expect(stat.n).toBe(3);
    expect(stat.stdev).toBeCloseTo(0.2, 12);
    expect(stat.ci95_half_width).toBeCloseTo((4.302653 * 0.2) / Math.sqrt(3), 5);
    expect(stat.ci95_low).toBeCloseTo(0.7 - stat.ci95_half_width!, 12);
    expect(stat.ci95_high).toBe(1);
  });

  it('has no interval for one trial, and a zero-width one for identical trials', () => {
    expect(meanWithInterval([0.4])).toEqual({
      mean: 0.4,
      n: 1,
      stdev: null,
      ci95_half_width: null,
      ci95_low: null,
      ci95_high: null,
    });
    expect(meanWithInterval([0.6, 0.6, 0.6])).toMatchObject({ ci95_low: 0.6, ci95_high: 0.6, stdev: 0 });
  });

  it('always contains the mean, within [0, 1]', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 2, maxLength: 30 }),
        (values) => {
          const stat = meanWithInterval(values);
          expect(stat.ci95_low!).toBeGreaterThanOrEqual(0);
          expect(stat.ci95_high!).toBeLessThanOrEqual(1);
          expect(stat.ci95_low!).toBeLessThanOrEqual(stat.mean + 1e-12);
          expect(stat.ci95_high!).toBeGreaterThanOrEqual(stat.mean - 1e-12);
        },
      ),
    );
  });

  it('needs values', () => {
    expect(() => mean([])).toThrow(RangeError);
    expect(() => sampleStdev([1])).toThrow(RangeError);
  });
});

describe('pass@k and pass^k', () => {
  it('follows the unbiased estimators', () => {
    expect(binomial(4, 2)).toBe(6);
    const { passAt, passHat } = passCurves(4, 2);
    expect(passAt[0]).toBeCloseTo(0.5, 12);
    expect(passAt[1]).toBeCloseTo(1 - 1 / 6, 12);
    expect(passAt.slice(2)).toEqual([1, 1]);
    expect(passHat[0]).toBeCloseTo(0.5, 12);
    expect(passHat[1]).toBeCloseTo(1 / 6, 12);
    expect(passHat.slice(2)).toEqual([0, 0]);
  });

  it('at k = n is "any passed" and "all passed"', () => {
    expect(passCurves(3, 0)).toEqual({ passAt: [0, 0, 0], passHat: [0, 0, 0] });
    expect(passCurves(3, 3)).toEqual({ passAt: [1, 1, 1], passHat: [1, 1, 1] });
    expect(passCurves(0, 0)).toEqual({ passAt: [], passHat: [] });
  });

  it('pass^j <= pass rate <= pass@j, pass^j falling and pass@j rising with j', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 40 })
          .chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n }))),
        ([n, c]) => {
          const { passAt, passHat } = passCurves(n, c);
          expect(passHat[0]).toBeCloseTo(c / n, 12);
          expect(passAt[0]).toBeCloseTo(c / n, 12);
          for (let j = 1; j < n; j += 1) {
            expect(passHat[j]!).toBeLessThanOrEqual(passHat[j - 1]! + 1e-12);
            expect(passAt[j]!).toBeGreaterThanOrEqual(passAt[j - 1]! - 1e-12);
          }
        },
      ),
    );
  });

  it('refuses impossible counts', () => {
    expect(() => passCurves(2, 3)).toThrow(RangeError);
    expect(() => passCurves(2.5, 1)).toThrow(RangeError);
  });
});
