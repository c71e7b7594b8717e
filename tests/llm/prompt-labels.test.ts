import { describe, expect, it } from 'vitest';
import {
  PROMPT_LABELS as L,
  labelBlock,
  labelLine,
  mapWithConcurrency,
  readBlock,
  readLabel,
} from '../../src/llm/index.js';

describe('labelled prompt fields', () => {
  it('round-trips one-line fields, flattening line breaks', () => {
    const text = [labelLine(L.character, 'Jordan Lee'), labelLine(L.subject, 'Q3\nplan ')].join('\n');
    expect(readLabel(text, L.character)).toBe('Jordan Lee');
    expect(readLabel(text, L.subject)).toBe('Q3 plan');
    expect(readLabel(text, L.sender)).toBeUndefined();
  });

  it('reads the first occurrence, so quoted history after the fields cannot shadow them', () => {
    const text = [labelLine(L.subject, 'Real subject'), '', 'History:', 'Subject: quoted subject'].join('\n');
    expect(readLabel(text, L.subject)).toBe('Real subject');
  });

  it('round-trips multi-line blocks, including a line that looks like the terminator', () => {
    const body = 'Line one\n\n>>>\nLine three';
    const text = `${labelBlock(L.latestMessage, body)}\n${labelLine(L.medium, 'email')}`;
    expect(readBlock(text, L.latestMessage)).toBe('Line one\n\n> > >\nLine three');
    expect(readBlock(labelBlock(L.latestMessage, ''), L.latestMessage)).toBe('');
    expect(readBlock('nothing here', L.latestMessage)).toBeUndefined();
  });
});

describe('mapWithConcurrency', () => {
  it('keeps input order and never exceeds the limit', async () => {
    let inFlight = 0;
    let peak = 0;
    const gates: Array<() => void> = [];
    const run = mapWithConcurrency([1, 2, 3, 4, 5], 2, async (value) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise<void>((resolve) => gates.push(resolve));
      inFlight--;
      return value * 10;
    });
    // Release in reverse order of arrival, as they come.
    while (gates.length > 0 || inFlight > 0) {
      await Promise.resolve();
      gates.pop()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await run).toEqual([10, 20, 30, 40, 50]);
    expect(peak).toBe(2);
    await expect(mapWithConcurrency([1], 0, async (value) => value)).rejects.toThrow(RangeError);
  });
});
