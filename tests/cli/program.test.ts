import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { PACKAGE_VERSION } from '../../src/version.js';

describe('cli program', () => {
  it('reports the package version', () => {
    expect(buildProgram().version()).toBe(PACKAGE_VERSION);
    expect(PACKAGE_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });
});
