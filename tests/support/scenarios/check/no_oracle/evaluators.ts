/** The check_gate evaluators; this scenario only lacks an oracle. */
export * from '../check_gate/evaluators.js';
