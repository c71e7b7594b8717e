import { describe, expect, it } from 'vitest';
import { DurationError, formatDuration, isIsoDuration, parseDuration } from '../../src/protocol/index.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('parseDuration', () => {
  it.each([
    ['PT1H', HOUR],
    ['PT30M', 30 * 60_000],
    ['PT45S', 45_000],
    ['PT1.5S', 1_500],
    ['PT0,25S', 250],
    ['PT0.5H', HOUR / 2],
    ['P1D', DAY],
    ['P1DT2H', DAY + 2 * HOUR],
    ['P1W', 7 * DAY],
    ['P1M', 30 * DAY],
    ['P1Y', 365 * DAY],
    ['P1Y2M3W4DT5H6M7.008S', 365 * DAY + 60 * DAY + 21 * DAY + 4 * DAY + 5 * HOUR + 6 * 60_000 + 7_008],
    ['PT0S', 0],
  ])('parses %s', (text, expected) => {
    expect(parseDuration(text)).toBe(expected);
    expect(isIsoDuration(text)).toBe(true);
  });

  it('distinguishes months (before T) from minutes (after T)', () => {
    expect(parseDuration('P1M')).toBe(30 * DAY);
    expect(parseDuration('PT1M')).toBe(60_000);
  });

  it.each([
    '',
    'P',
    'PT',
    'P1X',
    'PT1H30',
    '1H',
    'P-1D',
    'PT-5M',
    'pt1h',
    'P1H',
    'PT1D',
    'P1DT',
    'PT1.S',
    'PT1H ',
    ' PT1H',
  ])('rejects %j with a DurationError naming the input', (text) => {
    expect(isIsoDuration(text)).toBe(false);
    expect(() => parseDuration(text)).toThrow(DurationError);
    expect(() => parseDuration(text)).toThrow(`${JSON.stringify(text)} is not an ISO 8601 duration`);
  });
});

describe('formatDuration', () => {
  it.each([
    [HOUR + 30 * 60_000, 'PT1H30M'],
    [HOUR, 'PT1H'],
    [0, 'PT0S'],
    [1_500, 'PT1.5S'],
    [1, 'PT0.001S'],
    [DAY + 2 * HOUR, 'P1DT2H'],
    [3 * DAY, 'P3D'],
    [DAY + 1_000, 'P1DT1S'],
  ])('formats %d ms as %s', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });

  it('round-trips through parseDuration', () => {
    for (const ms of [0, 1, 999, 59_999, HOUR - 1, 36 * HOUR + 17, 400 * DAY + 123]) {
      expect(parseDuration(formatDuration(ms))).toBe(ms);
    }
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('rejects %d', (ms) => {
    expect(() => formatDuration(ms)).toThrow(DurationError);
  });
});
