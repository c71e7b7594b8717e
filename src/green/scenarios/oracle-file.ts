import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import {
  oraclePlanSchema,
  validateOraclePlan,
  type OraclePlan,
  type OracleScenarioBounds,
} from '../../protocol/index.js';
import { ScenarioValidationError, formatIssuePath } from './errors.js';

/**
 * A scenario's oracle plan, `<scenario dir>/oracle.json` (format: src/protocol/oracle-plan.ts):
 * the ideal assistant's reads, posts and actions, played by the `oracle` purple and used by
 * `scenarios check` to prove the scenario's scoring rewards the right behaviour.
 */

export const ORACLE_FILE = 'oracle.json';

/**
 * Reads and parses `oracle.json` in `scenarioDir`; undefined when the scenario has none.
 * With `scenario`, also checks it against the scenario (id, times inside the scenario).
 * @throws ScenarioValidationError naming the file and each problem's field.
 */
export async function loadOraclePlan(
  scenarioDir: string,
  scenario?: OracleScenarioBounds,
): Promise<OraclePlan | undefined> {
  const id = basename(scenarioDir);
  const file = join(scenarioDir, ORACLE_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ScenarioValidationError(
      id,
      file,
      [{ path: '', message: `cannot be read: ${(error as Error).message}` }],
      { cause: error },
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ScenarioValidationError(
      id,
      file,
      [{ path: '', message: `is not valid JSON: ${(error as Error).message}` }],
      { cause: error },
    );
  }
  const parsed = oraclePlanSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ScenarioValidationError(
      id,
      file,
      parsed.error.issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message })),
    );
  }
  if (scenario !== undefined) {
    const issues = validateOraclePlan(parsed.data, scenario);
    if (issues.length > 0) throw new ScenarioValidationError(id, file, issues);
  }
  return parsed.data;
}
