/**
 * LLM access shared by the green evaluator and the purple kit: the provider factory, the
 * deterministic offline model, structured-output helpers and the labelled prompt fields the
 * offline model reads.
 */
export * from './errors.js';
export * from './factory.js';
export * from './offline.js';
export { OFFLINE_STRUCTURED_TASKS, offlineAnswer, type OfflineRequest } from './offline-policies.js';
export * from './prompt-labels.js';
export * from './structured.js';
export * from './concurrency.js';
export * from './call-policy.js';
export * from './model-check.js';
export { classifyProviderError, type ClassifiedFailure } from './failure-classification.js';
export * from './recording/index.js';
