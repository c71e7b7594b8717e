import { describe, expect, it } from 'vitest';
import { as12HourClock } from '../../../src/green/gold/style-texts.js';

describe('as12HourClock', () => {
  it('rewrites 24-hour times and leaves a time already written the 12-hour way', () => {
    expect(as12HourClock('Breakfast 08:00, call 17:30, midnight 00:15.')).toBe(
      'Breakfast 8am, call 5:30pm, midnight 12:15am.',
    );
    expect(as12HourClock("Jenna can't do today's 5:30 soccer pickup; 12:30 dismissal.")).toBe(
      "Jenna can't do today's 5:30 soccer pickup; 12:30pm dismissal.",
    );
  });
});
