import { describe, expect, it } from 'vitest';
import { OutputRingBuffer } from '../../../src/green/runtime/index.js';

describe('OutputRingBuffer', () => {
  it('joins chunks into lines and keeps an unfinished line apart', () => {
    const buffer = new OutputRingBuffer();
    buffer.push('UES listen');
    buffer.push('ing on http://127.0.0.1:1\r\nsecond');
    expect(buffer.completeLines()).toEqual(['UES listening on http://127.0.0.1:1']);
    expect(buffer.tail()).toEqual(['UES listening on http://127.0.0.1:1', 'second']);
  });

  it('keeps only the newest lines and truncates long ones', () => {
    const buffer = new OutputRingBuffer(3, 5);
    buffer.push('1\n2\n3\n4\n');
    buffer.push('abcdefghij\n');
    expect(buffer.tail()).toEqual(['3', '4', 'abcde…']);
    expect(buffer.tail(1)).toEqual(['abcde…']);
  });

  it('describes its tail for error messages', () => {
    const buffer = new OutputRingBuffer();
    expect(buffer.describeTail()).toBe('(no output)');
    buffer.push('boom\n');
    expect(buffer.describeTail()).toBe('  | boom');
  });
});
