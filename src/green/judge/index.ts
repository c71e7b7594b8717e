/** The criteria judge: programmatic evaluators and LLM rubrics, scored onto each criterion's scale. */
export * from './types.js';
export * from './criteria-judge.js';
export * from './scoring.js';
export * from './rubric.js';
export * from './context-format.js';
export * from './contract.js';
