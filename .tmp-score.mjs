// usage: node .tmp-score.mjs <scenario> <rundir> [mutant.json] [criterion-id-for-evidence...]
import { readFile } from 'node:fs/promises';
import { ScenarioManager } from './dist/green/scenarios/loader.js';
import { readInput } from './dist/green/gold/store.js';
import { applyEdits } from './dist/green/gold/mutate.js';
import { mutantSchema } from './dist/green/gold/schema.js';
import { rescoreInput } from './dist/green/gold/rescore-input.js';
const [id, dir, mut, ...show] = process.argv.slice(2);
const m = new ScenarioManager(process.env.SCEN_DIR ?? './scenarios');
const verdict = JSON.parse(await readFile(dir + '/verdict.json', 'utf8').catch(() => '{}'));
const sc = await m.load(id, { variantSeed: verdict.variant_seed ?? 0 });
console.log('variant', verdict.variant_seed);
let input = await readInput(dir);
if (mut && mut !== '-') input = applyEdits(input, mutantSchema.parse(JSON.parse(await readFile(mut, 'utf8'))).edits);
const r = await rescoreInput(sc, input);
console.log('percent', r.percent.toFixed(2), 'harm', r.harm, r.summary.minefields_triggered);
for (const c of r.results) {
  console.log(c.criterion_id.padEnd(36), String(c.score).padStart(7), '/', c.max_score, c.details?.fraction !== undefined ? 'frac ' + c.details.fraction : '', (c.explanation ?? '').slice(0, 160));
  if (show.includes(c.criterion_id) || show.includes('all')) console.log(JSON.stringify(c.details?.evidence, null, 1).slice(0, 8000));
}
