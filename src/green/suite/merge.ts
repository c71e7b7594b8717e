import type { SuiteComparability, SuiteResults } from '../../protocol/index.js';
import { canonicalJson } from '../../llm/recording/call-codec.js';
import { shardSlice } from './selection.js';
import { buildSuiteResults } from './summary.js';

/**
 * The shards of one suite as one `suite_results`, exactly what the unsharded run would have
 * given: the scenarios in the unsharded order (sorted by id), every aggregate recomputed from them.
 * Shards merge only when they are the whole split (each index of `n` once) of one suite: the same
 * selection, trials, base seed, trial config, models, check library version and scenario versions.
 * Anything else is refused with an error naming the shards and what differs.
 */

/** The shards cannot be merged into one suite; the message names the shards and the problem. */
export class SuiteMergeError extends Error {
  override readonly name = 'SuiteMergeError';
}

export interface SuiteShardInput {
  suite: SuiteResults;
  /** Where the shard came from (its folder), for messages. */
  source: string;
}

const fail = (message: string): never => {
  throw new SuiteMergeError(message);
};

const shardName = (suite: SuiteResults): string => `${suite.shard.index}/${suite.shard.count}`;

function checkSplit(shards: readonly SuiteShardInput[]): void {
  const [first] = shards;
  const count = first!.suite.shard.count;
  const other = shards.find(({ suite }) => suite.shard.count !== count);
  if (other !== undefined) {
    fail(
      `the shards come from different splits: ${first!.source} is shard ${shardName(first!.suite)}, ${other.source} is shard ${shardName(other.suite)}; merge the shards of one --shard <i>/<n> split`,
    );
  }
  const byIndex = new Map<number, string>();
  for (const { suite, source } of shards) {
    const seen = byIndex.get(suite.shard.index);
    if (seen !== undefined) fail(`shard ${shardName(suite)} is given twice: ${seen} and ${source}`);
    byIndex.set(suite.shard.index, source);
  }
  const missing = Array.from({ length: count }, (_, index) => index).filter((index) => !byIndex.has(index));
  if (missing.length > 0) {
    const ids = Object.keys(first!.suite.comparability?.scenario_versions ?? {}).sort();
    const described = missing.map((index) => {
      const runs = shardSlice(ids, { index, count });
      return `${index}/${count}${ids.length > 0 ? ` (${runs.join(', ') || 'no scenarios'})` : ''}`;
    });
    const flags = missing.map((index) => `--shard ${index}/${count}`).join(', ');
    const several = missing.length > 1;
    fail(
      `missing shard${several ? 's' : ''} ${described.join(', ')}: run ${several ? 'them' : 'it'} (${flags}) and merge ${several ? 'their folders' : 'its folder'} too`,
    );
  }
}

function comparabilityOf({ suite, source }: SuiteShardInput): SuiteComparability {
  return (
    suite.comparability ??
    fail(
      `${source} does not record what its trials were run with (suite_results.comparability: written by an older ues-agentbeats); run that shard again`,
    )
  );
}

const show = (value: unknown): string => (value === undefined ? 'not set' : canonicalJson(value));

/** Throws naming the first difference between `shard` and `first`. */
function checkSameSuite(first: SuiteShardInput, shard: SuiteShardInput): void {
  const a = first.suite;
  const b = shard.suite;
  const differ = (what: string, left: unknown, right: unknown, hint: string): void => {
    if (canonicalJson(left) !== canonicalJson(right)) {
      fail(`the shards ran ${what}: ${first.source} ${show(left)}, ${shard.source} ${show(right)}; ${hint}`);
    }
  };
  const sameFlags = 'run every shard with the same flags';
  differ('different participant roles', a.participant, b.participant, sameFlags);
  differ('different selections', a.selection, b.selection, `${sameFlags} (--scenarios)`);
  differ('different trial counts', a.trials, b.trials, `${sameFlags} (--trials)`);
  differ('with different base seeds', a.seed, b.seed, 'give every shard the same --seed');
  differ(
    'different ues-agentbeats versions',
    a.software_version,
    b.software_version,
    'run every shard with the same ues-agentbeats version',
  );
  const ca = comparabilityOf(first);
  const cb = comparabilityOf(shard);
  differ(
    'with different check library versions',
    ca.check_library_version,
    cb.check_library_version,
    'scores from different check libraries are not comparable; run every shard with the same ues-agentbeats version',
  );
  differ('with different models', ca.models, cb.models, `${sameFlags} (--model, --judge-model)`);
  for (const key of new Set([...Object.keys(ca.trial_config), ...Object.keys(cb.trial_config)])) {
    differ(`with different ${key}`, ca.trial_config[key], cb.trial_config[key], sameFlags);
  }
  const ids = new Set([...Object.keys(ca.scenario_versions), ...Object.keys(cb.scenario_versions)]);
  for (const id of [...ids].sort()) {
    const left = ca.scenario_versions[id];
    const right = cb.scenario_versions[id];
    if (left === undefined || right === undefined) {
      fail(
        `the shards selected different scenarios: ${id} is in ${left === undefined ? shard.source : first.source} only; run every shard from the same scenarios folder`,
      );
    }
    if (left!.content_hash !== right!.content_hash || left!.version !== right!.version) {
      fail(
        `scenario ${id} differs between the shards: ${first.source} ran version ${left!.version} (${left!.content_hash}), ${shard.source} version ${right!.version} (${right!.content_hash}); run every shard from the same scenarios`,
      );
    }
  }
  differ('different selections', a.total_scenarios, b.total_scenarios, sameFlags);
}

/** Each shard ran exactly its slice of the selection (the A2A `shard_index`/`num_shards` rule). */
function checkSlices(shards: readonly SuiteShardInput[]): void {
  const ids = Object.keys(comparabilityOf(shards[0]!).scenario_versions).sort();
  for (const { suite, source } of shards) {
    const expected = shardSlice(ids, suite.shard);
    const ran = suite.scenarios.map((scenario) => scenario.scenario_id).sort();
    if (canonicalJson(ran) !== canonicalJson(expected)) {
      fail(
        `${source} (shard ${shardName(suite)}) holds ${ran.join(', ') || 'no scenarios'}, but shard ${shardName(suite)} of this selection is ${expected.join(', ') || 'empty'}`,
      );
    }
  }
}

/**
 * @throws SuiteMergeError when the shards are not the whole split of one suite.
 */
export function mergeSuiteResults(shards: readonly SuiteShardInput[]): SuiteResults {
  const first = shards[0] ?? fail('no shards to merge');
  checkSplit(shards);
  for (const shard of shards.slice(1)) checkSameSuite(first, shard);
  comparabilityOf(first);
  checkSlices(shards);
  const ordered = [...shards].sort((a, b) => a.suite.shard.index - b.suite.shard.index);
  const scenarios = ordered
    .flatMap(({ suite }) => suite.scenarios)
    .sort((a, b) => (a.scenario_id < b.scenario_id ? -1 : a.scenario_id > b.scenario_id ? 1 : 0));
  const { suite } = first;
  return buildSuiteResults({
    suiteId: ordered.map((shard) => shard.suite.suite_id).join('+'),
    participant: suite.participant,
    selection: suite.selection,
    trials: suite.trials,
    seed: suite.seed,
    shard: { index: 0, count: 1 },
    totalScenarios: suite.total_scenarios,
    durationSeconds: Math.max(...shards.map((shard) => shard.suite.duration_seconds)),
    softwareVersion: suite.software_version,
    comparability: suite.comparability,
    scenarios,
  });
}
