import { readFile, readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { WIRE_SCHEMAS, buildJsonSchemas } from '../../src/protocol/index.js';

const SCHEMA_DIR = new URL('../../docs/schemas/', import.meta.url);

describe('docs/schemas', () => {
  const generated = buildJsonSchemas();

  it('has exactly one committed file per wire schema', async () => {
    const committed = (await readdir(SCHEMA_DIR)).filter((name) => name.endsWith('.json')).sort();
    expect(committed, 'run "npm run schemas" to regenerate docs/schemas').toEqual(
      Object.keys(generated).sort(),
    );
  });

  it.each(Object.keys(generated))(
    '%s matches the zod schemas (run "npm run schemas" if not)',
    async (fileName) => {
      const committed = JSON.parse(await readFile(new URL(fileName, SCHEMA_DIR), 'utf8')) as unknown;
      expect(committed).toEqual(generated[fileName]);
    },
  );

  it('pins each schema to its message_type', () => {
    for (const name of Object.keys(WIRE_SCHEMAS)) {
      const document = generated[`${name}.json`] as {
        properties?: { message_type?: { const?: string } };
        $ref?: string;
        $defs?: Record<string, { properties?: { message_type?: { const?: string } } }>;
      };
      const root =
        document.$ref === undefined ? document : document.$defs?.[document.$ref.replace('#/$defs/', '')];
      expect(root?.properties?.message_type?.const).toBe(name);
    }
  });

  it('carries the duration grammar as a pattern', () => {
    const turnComplete = generated['turn_complete.json'] as {
      properties: { time_step: { pattern: string; default: string } };
    };
    const pattern = new RegExp(turnComplete.properties.time_step.pattern);
    expect(pattern.test('PT1H30M')).toBe(true);
    expect(pattern.test('P1X')).toBe(false);
    expect(turnComplete.properties.time_step.default).toBe('PT1H');
  });
});
