import { PurpleKitError } from '../../errors.js';

/**
 * One oracle step could not run: a `$ref` matched nothing, a parameter is missing or has the wrong
 * type, or the UES refused the action. The oracle reports it in the turn's notes and goes on.
 */
export class OracleStepError extends PurpleKitError {
  constructor(
    readonly step: string,
    readonly problem: string,
    options?: { cause?: unknown },
  ) {
    super(`${step}: ${problem}`, options);
  }
}
