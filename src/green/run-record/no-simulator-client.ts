import type { UesClient } from '../../ues/client/index.js';

/**
 * The UES client of a scoring that has no simulator to ask: a rescoring, or the partial results of
 * a run whose simulator died. The library's checks read only the saved states and never call it,
 * but a scenario's own evaluator might. Any use fails loudly, naming what was asked for, rather
 * than returning something a score could be built on.
 */

export const RESCORE_HAS_NO_SIMULATOR = 'rescore has no simulator';

export class NoSimulatorError extends Error {
  override readonly name = 'NoSimulatorError';
  constructor(
    readonly member: string,
    /** Why there is no simulator, e.g. "rescore has no simulator". */
    why: string = RESCORE_HAS_NO_SIMULATOR,
  ) {
    super(
      `${why}, but an evaluator used the UES client (client.${member}): ` +
        'evaluators must read the saved initial and final states (ctx.initialState / ctx.finalState) ' +
        'to be rescorable',
    );
  }
}

export function noSimulatorClient(why: string = RESCORE_HAS_NO_SIMULATOR): UesClient {
  const fail = (path: string): unknown =>
    new Proxy(() => undefined, {
      get(_target, property) {
        // Promise resolution and inspection look for these; they must not count as use.
        if (property === 'then' || typeof property === 'symbol') return undefined;
        return fail(`${path}.${String(property)}`);
      },
      apply() {
        throw new NoSimulatorError(`${path}()`, why);
      },
    });
  return new Proxy({} as UesClient, {
    get(_target, property) {
      if (property === 'then' || typeof property === 'symbol') return undefined;
      return fail(String(property));
    },
  });
}
