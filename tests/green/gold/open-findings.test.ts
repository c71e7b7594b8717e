import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPEN_FINDINGS_FILE, readOpenFindings } from '../../../src/green/gold/open-findings.js';

describe('gold/open-findings.json', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'open-findings-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is empty when the file is missing', async () => {
    expect(await readOpenFindings(dir)).toMatchObject({ runs: {}, mutants: {}, styles: {} });
  });

  it('names the file and the problem when it is not JSON or not of its shape', async () => {
    await writeFile(join(dir, OPEN_FINDINGS_FILE), '{ "runs": ');
    await expect(readOpenFindings(dir)).rejects.toThrow(/open-findings\.json is not valid JSON/);
    await writeFile(
      join(dir, OPEN_FINDINGS_FILE),
      JSON.stringify({ message_type: 'gold_open_findings', format_version: 1, runs: { 'a/b': 3 } }),
    );
    await expect(readOpenFindings(dir)).rejects.toThrow(/open-findings\.json: runs\.a\/b: /);
  });
});
