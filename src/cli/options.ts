import { InvalidArgumentError } from 'commander';

/** A commander option parser for integers, with an error naming the flag. */
export function parseIntegerOption(flag: string): (value: string) => number {
  return (value: string) => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 0) {
      throw new InvalidArgumentError(`${flag} must be a non-negative integer, got "${value}"`);
    }
    return parsed;
  };
}

/** A commander option parser for absolute http(s) URLs, with an error naming the flag. */
export function httpUrlOption(flag: string): (value: string) => string {
  return (value: string) => {
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new InvalidArgumentError(`${flag} must be an http(s) URL, got "${value}"`);
    }
    return value;
  };
}

/** Runs `work` with a signal that Ctrl-C (SIGINT) or SIGTERM aborts, so runs shut down cleanly. */
export async function withInterrupt<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const abort = (): void => controller.abort(new Error('interrupted'));
  process.once('SIGINT', abort);
  process.once('SIGTERM', abort);
  try {
    return await work(controller.signal);
  } finally {
    process.off('SIGINT', abort);
    process.off('SIGTERM', abort);
  }
}

/** The optional assessment-request config the `demo` and `run` flags set. */
export function requestConfig(flags: {
  maxTurns?: number | undefined;
  seed?: number | undefined;
  variantSeed?: number | undefined;
}): Record<string, unknown> {
  return {
    ...(flags.maxTurns !== undefined ? { max_turns: flags.maxTurns } : {}),
    ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
    ...(flags.variantSeed ? { variant_seed: flags.variantSeed } : {}),
  };
}
