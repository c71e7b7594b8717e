import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, ToolArgumentsError } from '../../../src/purple/tools/define.js';
import type { PurpleUESClient } from '../../../src/purple/ues/purple-ues-client.js';

/** A tool's arguments are checked before anything reaches the simulator, and named when wrong. */
describe('defineTool', () => {
  const calls: unknown[] = [];
  const listTexts = defineTool({
    name: 'list_sms',
    description: 'texts',
    permission: 'sms:read',
    writes: false,
    schema: z.object({ from_number: z.string().optional(), limit: z.number().int().optional() }),
    run: async (args) => {
      calls.push(args);
      return args;
    },
  });
  const ues = {} as PurpleUESClient;

  it('runs with the arguments it takes', async () => {
    await expect(listTexts.execute({ from_number: '+15550100' }, ues)).resolves.toEqual({
      from_number: '+15550100',
    });
    await expect(listTexts.execute(undefined, ues)).resolves.toEqual({});
  });

  it('refuses an argument it does not take, naming it and the ones it takes — never a silent match-all', async () => {
    calls.length = 0;
    const refused = listTexts.execute({ phone: '+15550100' }, ues);
    await expect(refused).rejects.toBeInstanceOf(ToolArgumentsError);
    await expect(refused).rejects.toThrow(/"phone".*list_sms takes from_number, limit/);
    expect(calls).toEqual([]);
  });

  it('names a wrong type by its field', async () => {
    await expect(listTexts.execute({ limit: 'ten' }, ues)).rejects.toThrow(/limit: /);
  });
});
