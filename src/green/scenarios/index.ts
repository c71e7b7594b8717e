/** Scenarios: the file format, the loader and its errors, and validation warnings. */
export * from './schema.js';
export * from './errors.js';
export * from './initial-state.js';
export * from './evaluator-module.js';
export * from './validation.js';
export * from './loader.js';
