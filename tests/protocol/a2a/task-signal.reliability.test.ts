import { describe, expect, it } from 'vitest';
import { TaskAbortRegistry } from '../../../src/protocol/index.js';

/**
 * Every concurrent model call of an assessment listens to its task's signal; dozens at once are
 * normal and must not print Node's MaxListenersExceededWarning (it did on every LLM-judged run).
 */
describe('a task signal', () => {
  it('takes dozens of concurrent abort listeners without a warning', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error): void => {
      warnings.push(warning);
    };
    process.on('warning', onWarning);
    try {
      const signal = new TaskAbortRegistry().register('task-1');
      const listeners = Array.from({ length: 50 }, () => () => undefined);
      for (const listener of listeners) signal.addEventListener('abort', listener);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
      for (const listener of listeners) signal.removeEventListener('abort', listener);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
