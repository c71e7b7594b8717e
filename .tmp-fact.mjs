import { FactText, matchFacts } from './dist/green/reading/facts.js';
const world = { namesOf: () => [] };
const ctx = { world, writtenAtMs: Date.parse('2026-08-25T16:00:00Z'), timeZone: 'Europe/London' };
const texts = process.argv.slice(3);
const facts = JSON.parse(process.argv[2]);
for (const t of texts) {
  const ft = new FactText(t, ctx);
  const r = facts.map(f => ({ stated: ft.has(f), asserted: ft.asserts(f), mentioned: ft.mentions(f) }));
  console.log(JSON.stringify(r), '|', t);
}
