import type { CharacterProfile } from '../scenarios/schema.js';

/**
 * The no-LLM skip heuristic: special instructions that say a character never answers take it out
 * of the responders before any model call (same phrases as the original).
 */
export const SKIP_PHRASES = [
  'never respond',
  'do not respond',
  "don't respond",
  'unavailable',
  'out of office',
  'on vacation',
  'no responses',
] as const;

/** The phrase that makes `profile` skip every reply, or undefined when it may reply. */
export function skipReason(profile: CharacterProfile): string | undefined {
  const instructions = profile.special_instructions?.toLowerCase().replace(/’/g, "'");
  if (!instructions) return undefined;
  return SKIP_PHRASES.find((phrase) => instructions.includes(phrase));
}
