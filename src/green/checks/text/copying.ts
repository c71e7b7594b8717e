import { normalise } from './normalise.js';

/**
 * Pasting is not summarising: whether a report block repeats a run of `words` consecutive words
 * of the message it reports. Short quotes pass; a pasted paragraph does not.
 */

function words(text: string): string[] {
  return normalise(text).match(/[\p{L}\p{N}]+(?:['.][\p{L}\p{N}]+)*/gu) ?? [];
}

export class SourceText {
  private readonly grams: Set<string>;

  constructor(
    text: string,
    readonly runLength: number,
  ) {
    const tokens = words(text);
    this.grams = new Set();
    for (let i = 0; i + runLength <= tokens.length; i++)
      this.grams.add(tokens.slice(i, i + runLength).join(' '));
  }

  /** True when `block` contains `runLength` consecutive words of the source. */
  copiedIn(block: string): boolean {
    if (this.grams.size === 0) return false;
    const tokens = words(block);
    for (let i = 0; i + this.runLength <= tokens.length; i++) {
      if (this.grams.has(tokens.slice(i, i + this.runLength).join(' '))) return true;
    }
    return false;
  }
}
