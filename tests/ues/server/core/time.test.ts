import { describe, expect, it } from 'vitest';
import { formatTime, formatTimedelta, parseTime, zDateTime } from '../../../../src/ues/server/core/time.js';

describe('time helpers', () => {
  it('parses zoned ISO datetimes (Z, offsets, microseconds) and refuses naive ones', () => {
    expect(parseTime('2025-01-01T12:00:00Z')).toBe(Date.UTC(2025, 0, 1, 12));
    expect(parseTime('2025-01-01T12:00:00+00:00')).toBe(Date.UTC(2025, 0, 1, 12));
    expect(parseTime('2025-01-01T14:00:00+02:00')).toBe(Date.UTC(2025, 0, 1, 12));
    expect(parseTime('2025-01-01T12:00:00.123456Z')).toBe(Date.UTC(2025, 0, 1, 12, 0, 0, 123));
    expect(parseTime('2025-01-01T12:00:00')).toBeUndefined();
    expect(parseTime('yesterday')).toBeUndefined();
    expect(zDateTime.safeParse('2025-01-01T12:00:00').success).toBe(false);
  });

  it('formats canonically and as Python timedelta text', () => {
    expect(formatTime(Date.UTC(2025, 0, 1, 12))).toBe('2025-01-01T12:00:00Z');
    expect(formatTime(Date.UTC(2025, 0, 1, 12, 0, 0, 500))).toBe('2025-01-01T12:00:00.500Z');
    expect(formatTimedelta(3_600_000)).toBe('1:00:00');
    expect(formatTimedelta(1000)).toBe('0:00:01');
    expect(formatTimedelta(86_400_000 * 2 + 3 * 3_600_000)).toBe('2 days, 3:00:00');
    expect(formatTimedelta(500)).toBe('0:00:00.500000');
  });
});
