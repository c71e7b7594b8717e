import { z } from '../node_modules/zod/index.js';
const withDefault = <T extends z.ZodType>(schema: T, fallback: z.output<T>) =>
  schema.nullish().transform((v): z.output<T> => v ?? fallback).meta({ 'x-default': fallback as never, default: fallback as never, description: 'd' });
const s = z.object({ a: withDefault(z.boolean(), false) });
console.log(JSON.stringify(z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' })));
console.log(JSON.stringify(z.toJSONSchema(s, { io: 'output', unrepresentable: 'any' })));
