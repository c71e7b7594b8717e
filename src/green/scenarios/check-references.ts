import type { Arrivals } from '../checks/arrivals.js';
import type { GroundTruth } from '../checks/ground-truth.js';
import type { World } from '../checks/world.js';
import { ScenarioValidationError, type ScenarioIssue } from './errors.js';
import type { ScenarioConfig } from './schema.js';

/**
 * Cross-references that a schema cannot see: every deliverable a check names exists, every person
 * a check or fact names is in the world (or is a literal address), every item's source message is
 * in the initial state. A scenario that fails here is rejected at load time, not mid-evaluation.
 */

const ADDRESS = /@|^\+?[\d\s().-]{5,}$/;

function walk(
  value: unknown,
  path: string,
  visit: (key: string, value: unknown, path: string) => void,
): void {
  if (Array.isArray(value)) {
    value.forEach((entry, index) => walk(entry, `${path}[${index}]`, visit));
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      const child = path ? `${path}.${key}` : key;
      visit(key, entry, child);
      walk(entry, child, visit);
    }
  }
}

const PERSON_LIST_KEYS = new Set([
  'include',
  'any_of',
  'only',
  'involved',
  'allowed',
  'attendees',
  'members',
  'expected',
  'heard_from',
]);

function personIssues(world: World, root: unknown, prefix: string): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  const known = (ref: string) => world.person(ref) !== undefined || ADDRESS.test(ref);
  walk(root, prefix, (key, value, path) => {
    if (key === 'person' && typeof value === 'string' && !world.person(value)) {
      issues.push({
        path,
        message: `unknown person "${value}" (people: ${[...world.people.keys()].join(', ')})`,
      });
    }
    if (PERSON_LIST_KEYS.has(key) && Array.isArray(value)) {
      value.forEach((ref, index) => {
        if (typeof ref === 'string' && !known(ref)) {
          issues.push({
            path: `${path}[${index}]`,
            message: `"${ref}" is neither a person of the scenario nor an address`,
          });
        }
      });
    }
  });
  return issues;
}

export function validateCheckReferences(
  config: ScenarioConfig,
  groundTruth: GroundTruth,
  world: World,
  arrivals: Arrivals,
  file: string,
): void {
  const issues: ScenarioIssue[] = [];
  const deliverables = new Set(groundTruth.deliverables.map((d) => d.id));
  // Messages a trigger delivers arrive only when it fires: an item may name them as its source.
  const triggered = new Set(
    (config.triggers ?? []).flatMap((trigger) =>
      trigger.events.flatMap((event) =>
        typeof event.data['message_id'] === 'string' ? [`${event.modality}:${event.data['message_id']}`] : [],
      ),
    ),
  );
  const knownMessage = (id: string): boolean =>
    ['email', 'sms'].some(
      (modality) => arrivals.has(`${modality}:${id}`) || triggered.has(`${modality}:${id}`),
    );
  /** A moment's `arrived` ids must be messages of the scenario (scripted, or a trigger's). */
  const momentIssues = (root: unknown, prefix: string): ScenarioIssue[] => {
    const found: ScenarioIssue[] = [];
    walk(root, prefix, (key, value, path) => {
      if (key !== 'arrived' || !Array.isArray(value)) return;
      value.forEach((id, index) => {
        if (typeof id === 'string' && !knownMessage(id))
          found.push({
            path: `${path}[${index}]`,
            message: `"${id}" is no email or SMS of the scenario (scripted or delivered by a trigger)`,
          });
      });
    });
    return found;
  };
  config.criteria.forEach((criterion, index) => {
    const check = criterion.check;
    if (!check) return;
    const path = `criteria[${index}].check`;
    issues.push(...momentIssues(check, path));
    if (check.kind === 'deliverables' && !deliverables.has(check.deliverable)) {
      issues.push({
        path: `${path}.deliverable`,
        message: `unknown deliverable "${check.deliverable}" (ground truth has: ${[...deliverables].join(', ') || 'none'}${config.ground_truth ? '' : '; scenario.json names no ground_truth file'})`,
      });
    }
    issues.push(...personIssues(world, check, path));
  });
  issues.push(...personIssues(world, config.world?.lists ?? {}, 'world.lists'));
  config.triggers?.forEach((trigger, index) => {
    issues.push(...personIssues(world, trigger.when, `triggers[${index}].when`));
    issues.push(...momentIssues(trigger.when, `triggers[${index}].when`));
  });
  groundTruth.deliverables.forEach((deliverable, d) => {
    deliverable.items.forEach((item, i) => {
      const path = `ground_truth.deliverables[${d}].items[${i}]`;
      const source = item.source?.email
        ? `email:${item.source.email}`
        : item.source?.sms
          ? `sms:${item.source.sms}`
          : null;
      if (source && !arrivals.has(source) && !triggered.has(source))
        issues.push({ path: `${path}.source`, message: `${source} is not in the initial state` });
      issues.push(...personIssues(world, item.facts, `${path}.facts`));
    });
  });
  if (issues.length > 0) throw new ScenarioValidationError(config.scenario_id, file, issues);
}
