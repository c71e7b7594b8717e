import { InvalidArgumentError, Option } from 'commander';

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
  turnTimeoutSeconds?: number | undefined;
}): Record<string, unknown> {
  return {
    ...(flags.maxTurns !== undefined ? { max_turns: flags.maxTurns } : {}),
    ...(flags.turnTimeoutSeconds !== undefined ? { turn_timeout_seconds: flags.turnTimeoutSeconds } : {}),
    ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
    ...(flags.variantSeed ? { variant_seed: flags.variantSeed } : {}),
  };
}

/** `--turn-timeout-seconds`: how long the green waits for each turn (a person playing needs hours). */
export function turnTimeoutOption(): Option {
  return new Option(
    '--turn-timeout-seconds <s>',
    'how long the green waits for each purple turn (0.1 to 86400; default 300 — a person playing with --agent manual needs more)',
  ).argParser((value: string) => {
    const seconds = Number(value);
    if (!Number.isFinite(seconds) || seconds < 0.1 || seconds > 86_400) {
      throw new InvalidArgumentError(
        `--turn-timeout-seconds must be a number from 0.1 to 86400, got "${value}"`,
      );
    }
    return seconds;
  });
}

/** `--manual-dir`: the folder the `manual` agent hands its turns through. */
export function manualDirOption(): Option {
  return new Option(
    '--manual-dir <dir>',
    'with --agent manual: the folder each turn is handed through (play it with `ues-agentbeats manual play --dir <dir>`)',
  );
}
