import type { UES_RUNNERS } from '../../protocol/index.js';
import { ChildProcessUesRunner } from './child-process-ues-runner.js';
import { InProcessUesRunner } from './in-process-ues-runner.js';
import type { UesRunner } from './ues-runner.js';

/** The runner named by the `ues_runner` setting. */
export function createUesRunner(kind: (typeof UES_RUNNERS)[number]): UesRunner {
  return kind === 'child' ? new ChildProcessUesRunner() : new InProcessUesRunner();
}
