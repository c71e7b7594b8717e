// The compiled CLI's freshness: a hash of everything `npm run build` compiles, kept beside the
// output. Tests run the CLI the way a user does, from dist/ — a process started through tsx
// spends a second or more compiling before it starts — so they must know dist/ is this source.
//   node scripts/build-stamp.mjs write   after a build
//   node scripts/build-stamp.mjs check   exit 1 (and say why) when dist/ is not this source
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const STAMP = join(ROOT, 'dist', '.source-hash');
const INPUTS = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** sha256 over the source tree's paths and contents, in a stable order. */
export function sourceHash() {
  const hash = createHash('sha256');
  const files = [...filesUnder(join(ROOT, 'src')), ...INPUTS.map((name) => join(ROOT, name))]
    .map((path) => relative(ROOT, path).split('\\').join('/'))
    .sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Why dist/ is not the current source, or undefined when it is. */
export function staleReason() {
  let stamped;
  try {
    stamped = readFileSync(STAMP, 'utf8').trim();
  } catch {
    return 'dist/ has no build stamp (never built, or built before stamps)';
  }
  return stamped === sourceHash() ? undefined : 'src/ changed since dist/ was built';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  if (command === 'write') writeFileSync(STAMP, `${sourceHash()}\n`);
  else if (command === 'check') {
    const reason = staleReason();
    if (reason !== undefined) {
      console.error(`dist/ is stale: ${reason}; run \`npm run build\``);
      process.exit(1);
    }
  } else {
    console.error('usage: node scripts/build-stamp.mjs write|check');
    process.exit(2);
  }
}
