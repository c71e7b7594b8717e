import { isAbsolute, relative } from 'node:path';

/**
 * Typed errors raised while loading a scenario. Each names the scenario, the file and (for
 * validation problems) the field, so a scenario author can fix the problem from the message alone.
 */

/** A path as a user would type it: relative to the working directory when inside it. */
export function displayPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

export class ScenarioError extends Error {
  override readonly name: string = 'ScenarioError';
  readonly scenarioId: string;

  constructor(scenarioId: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.scenarioId = scenarioId;
  }
}

/** No folder `<scenariosDir>/<id>/` with a `scenario.json` (or the id is not a valid scenario id). */
export class ScenarioNotFoundError extends ScenarioError {
  override readonly name = 'ScenarioNotFoundError';
  readonly scenariosDir: string;
  /** The scenario ids that do exist there. */
  readonly available: readonly string[];

  constructor(scenarioId: string, scenariosDir: string, available: readonly string[]) {
    const list = available.length > 0 ? available.join(', ') : 'none';
    super(
      scenarioId,
      `scenario ${JSON.stringify(scenarioId)} not found in ${displayPath(scenariosDir)} (available: ${list})`,
    );
    this.scenariosDir = scenariosDir;
    this.available = available;
  }
}

/** One problem in a scenario file; `path` is like `criteria[2].max_score`, empty for the whole file. */
export interface ScenarioIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * A scenario file is missing, is not JSON, or does not fit the format. The message lists every
 * issue as `<file>: <path>: <message>`, one per line.
 */
export class ScenarioValidationError extends ScenarioError {
  override readonly name = 'ScenarioValidationError';
  /** Absolute path of the offending file. */
  readonly file: string;
  readonly issues: readonly ScenarioIssue[];

  constructor(scenarioId: string, file: string, issues: readonly ScenarioIssue[], options?: ErrorOptions) {
    const shown = displayPath(file);
    const lines = issues.map((issue) =>
      issue.path ? `${shown}: ${issue.path}: ${issue.message}` : `${shown}: ${issue.message}`,
    );
    super(scenarioId, lines.length > 0 ? lines.join('\n') : `${shown}: invalid`, options);
    this.file = file;
    this.issues = issues;
  }
}

/**
 * A scenario's evaluator module could not be loaded (syntax error, failing import, throwing at the
 * top level), or a criterion names an evaluator that the module does not export.
 */
export class EvaluatorLoadError extends ScenarioError {
  override readonly name = 'EvaluatorLoadError';
  /** The evaluator module (or where it was expected). */
  readonly file: string;
  /** Set when the problem is one criterion's `evaluator_id`. */
  readonly criterionId: string | undefined;

  constructor(
    scenarioId: string,
    file: string,
    problem: string,
    options?: ErrorOptions & { criterionId?: string },
  ) {
    super(scenarioId, `${displayPath(file)}: ${problem}`, options);
    this.file = file;
    this.criterionId = options?.criterionId;
  }
}

/** `['criteria', 2, 'max_score']` → `criteria[2].max_score`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`;
    const name = String(key);
    return text === '' ? name : `${text}.${name}`;
  }, '');
}
