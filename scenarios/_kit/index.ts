/**
 * The scenario kit: write a scenario as a typed definition (`scenarios/<id>/build.ts`) and let
 * `npm run scenarios:build` generate its files. See docs/SCENARIOS.md §7 and the pilot scenarios
 * (scheduling_kickoff_three_way, ask_back_anniversary_dinner) for examples to copy.
 */
export * from './definition.js';
export * from './criteria.js';
export { Clock, TimeSpecError } from './time.js';
export { DefinitionError } from './people.js';
export { buildScenarioFiles, validateScenarioFiles, type BuiltFiles } from './build.js';
export { leftOut, type DeliverableItemDef } from './answer-key.js';
export { filler, type Filler, type FillerOptions } from './filler.js';
