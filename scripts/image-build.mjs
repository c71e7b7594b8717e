// @ts-check
/**
 * The build half of `npm run check:images`: the build context (.dockerignore), the processes it
 * starts, and the emulation of `docker build` on a parsed Dockerfile. Each stage gets its own
 * root directory; COPY, WORKDIR, ENV and ARG are applied there and RUN steps executed with the
 * stage's environment. Steps that only make sense as root inside an image (apt-get, useradd,
 * chown, cache cleanup) are reported as skipped, never run on this machine.
 */
import { spawn, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { imageConfig, readAssignments, resolveImagePath, runText, splitWords } from './dockerfile.mjs';

/** @typedef {import('./dockerfile.mjs').Dockerfile} Dockerfile */
/** @typedef {import('./dockerfile.mjs').ImageConfig} ImageConfig */
/** @typedef {{ file: string, root: string, config: ImageConfig }} BuiltImage */
/** @typedef {(message: string) => void} Log */

/** Paths a build context must never carry: host builds and installs would shadow the image's own. */
const MUST_IGNORE = ['.git/HEAD', 'node_modules/x', 'dist/cli.js', 'runs/x'];
const SYSTEM_COMMANDS = new Set([
  'apt-get',
  'apt',
  'dpkg',
  'apk',
  'useradd',
  'groupadd',
  'adduser',
  'addgroup',
]);
const ROOT_ONLY_COMMANDS = new Set(['usermod', 'groupmod', 'chown', 'chgrp']);
export const MINUTE = 60_000;

/** A failed step, naming the Dockerfile, its line and the step. */
export class ImageCheckError extends Error {
  /** @param {string} file @param {number | undefined} line @param {string} step @param {string} message */
  constructor(file, line, step, message) {
    super(`${file}${line === undefined ? '' : ` line ${line}`} (${step}): ${message}`);
    this.name = 'ImageCheckError';
  }
}

// ---------------------------------------------------------------- .dockerignore and the context

/** @param {string} text @returns {{ negate: boolean, regex: RegExp }[]} */
export function readDockerignore(text) {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const negate = line.startsWith('!');
      const pattern = (negate ? line.slice(1) : line)
        .trim()
        .replace(/^\/+|\/+$/g, '')
        .replace(/^\.\//, '');
      const source = pattern
        .split(/(\*\*\/?|\*|\?)/)
        .map((piece) => {
          if (piece === '**/') return '(?:.*/)?';
          if (piece === '**') return '.*';
          if (piece === '*') return '[^/]*';
          if (piece === '?') return '[^/]';
          return piece.replace(/[.+^${}()|[\]\\]/g, '\\$&');
        })
        .join('');
      return { negate, regex: new RegExp(`^${source}$`) };
    });
}

/** Docker's rule: a pattern excludes a path it matches or whose parent folder it matches; the last match wins. */
export function isIgnored(
  /** @type {{ negate: boolean, regex: RegExp }[]} */ patterns,
  /** @type {string} */ path,
) {
  const parts = path.split('/');
  const prefixes = parts.map((_, index) => parts.slice(0, index + 1).join('/'));
  let ignored = false;
  for (const { negate, regex } of patterns)
    if (prefixes.some((prefix) => regex.test(prefix))) ignored = !negate;
  return ignored;
}

/**
 * Copies the files `docker build .` would be sent: the working tree's tracked and untracked,
 * not git-ignored files (so uncommitted edits count), minus what .dockerignore excludes.
 * @param {string} repoRoot @param {string} contextDir @param {Log} log
 */
export async function prepareContext(repoRoot, contextDir, log) {
  const ignoreFile = join(repoRoot, '.dockerignore');
  if (!existsSync(ignoreFile)) throw new ImageCheckError('.dockerignore', undefined, 'context', 'missing');
  const patterns = readDockerignore(await readFile(ignoreFile, 'utf8'));
  const leaking = MUST_IGNORE.filter((path) => !isIgnored(patterns, path));
  if (leaking.length > 0) {
    const names = leaking.map((path) => path.split('/')[0]).join(', ');
    throw new ImageCheckError('.dockerignore', undefined, 'context', `does not exclude ${names}`);
  }
  let listing;
  try {
    listing = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: repoRoot,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    throw new ImageCheckError('context', undefined, 'git ls-files', /** @type {Error} */ (error).message);
  }
  const files = [...new Set(listing.split('\0'))].filter(
    (file) => file !== '' && !isIgnored(patterns, file) && existsSync(join(repoRoot, file)),
  );
  for (const file of files) {
    await mkdir(dirname(join(contextDir, file)), { recursive: true });
    await cp(join(repoRoot, file), join(contextDir, file), { verbatimSymlinks: true });
  }
  log(`context: ${files.length} files after .dockerignore`);
  return contextDir;
}

// ---------------------------------------------------------------- RUN steps

/**
 * Splits a shell command at top-level `&&` (outside quotes), the way RUN lines chain steps.
 * @param {string} command @returns {string[]}
 */
export function shellSegments(command) {
  /** @type {string[]} */
  const segments = [];
  let quote = '';
  let start = 0;
  for (let i = 0; i < command.length; i += 1) {
    const char = command.charAt(i);
    if (char === '\\' && quote !== "'") i += 1;
    else if (quote !== '') quote = char === quote ? '' : quote;
    else if (char === '"' || char === "'") quote = char;
    else if (char === '&' && command.charAt(i + 1) === '&') {
      segments.push(command.slice(start, i).trim());
      start = i + 2;
      i += 1;
    }
  }
  segments.push(command.slice(start).trim());
  return segments.filter((segment) => segment !== '');
}

/** The program a shell segment runs, past leading `NAME=value` assignments. @param {string} segment */
function programOf(segment) {
  const words = splitWords(segment);
  return words.find((word) => !/^[A-Za-z_]\w*=/.test(word)) ?? '';
}

/**
 * Sorts a RUN command's `&&` steps: `system` ones need root inside the image (package installs,
 * users, ownership), `cleanup` ones only shrink the image (npm cache, absolute-path rm); `app`
 * steps are what check:images runs. Mixing system and app steps is refused: one could not run
 * without the other.
 * @param {string} command @returns {{ system: string[], cleanup: string[], app: string[] }}
 */
export function classifyRun(command) {
  /** @type {{ system: string[], cleanup: string[], app: string[] }} */
  const kinds = { system: [], cleanup: [], app: [] };
  for (const segment of shellSegments(command)) {
    const program = programOf(segment);
    const args = splitWords(segment).slice(1);
    if (SYSTEM_COMMANDS.has(program) || ROOT_ONLY_COMMANDS.has(program)) kinds.system.push(segment);
    else if (/^npm\s+cache\s+clean\b/.test(segment)) kinds.cleanup.push(segment);
    else if (program === 'rm' && args.filter((a) => !a.startsWith('-')).every((a) => a.startsWith('/'))) {
      kinds.cleanup.push(segment);
    } else kinds.app.push(segment);
  }
  return kinds;
}

/**
 * The environment of a process inside the emulated image: the image's ENV on the host's PATH and
 * npm cache, nothing else of the host's (no NODE_ENV, NODE_OPTIONS or API keys leak in), and no
 * `node_modules/.bin` folders on PATH, so a RUN step finds only tools its own stage installed.
 */
export function imageEnv(/** @type {Record<string, string>} */ env, /** @type {string} */ root) {
  // The Node running this check stands in for the image's, first on PATH.
  const path = [dirname(process.execPath), ...(process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin').split(':')]
    .filter((dir) => dir !== '' && !dir.includes('node_modules'))
    .join(':');
  /** @type {Record<string, string>} */
  const result = { PATH: path, HOME: process.env.HOME ?? root };
  for (const name of ['npm_config_cache', 'npm_config_registry', 'npm_config_userconfig']) {
    const value = process.env[name];
    if (value) result[name] = value;
  }
  for (const [name, value] of Object.entries(env)) {
    // An absolute path into the image (e.g. /app/scenarios) points into the stage's root here.
    const top = value.startsWith('/') ? value.split('/')[1] : undefined;
    result[name] = top && existsSync(join(root, top)) ? join(root, value) : value;
  }
  return result;
}

// ---------------------------------------------------------------- processes

/** @type {Set<import('node:child_process').ChildProcess>} */
export const children = new Set();

/**
 * Starts a process in its own process group (so its children can be ended with it).
 * @param {string[]} argv @param {{ cwd: string, env: Record<string, string> }} options
 */
export function startProcess(argv, { cwd, env }) {
  const [command = '', ...args] = argv;
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  const append = (/** @type {Buffer} */ chunk) => {
    output = (output + chunk.toString()).slice(-64 * 1024);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null, error?: Error }>} */
  const exited = new Promise((resolve) => {
    child.on('error', (error) => resolve({ code: null, signal: null, error }));
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  void exited.then(() => children.delete(child));
  return { child, exited, output: () => output };
}

/** Runs a process to its end; a deadline kills its process group. @param {string[]} argv @param {{ cwd: string, env: Record<string, string>, timeoutMs: number }} options */
export async function runProcess(argv, { cwd, env, timeoutMs }) {
  const started = startProcess(argv, { cwd, env });
  const timer = setTimeout(() => killGroup(started.child, 'SIGKILL'), timeoutMs);
  const result = await started.exited;
  clearTimeout(timer);
  const tail = started.output().trimEnd().split('\n').slice(-40).join('\n');
  const failure = result.error
    ? `could not start ${argv[0]}: ${result.error.message}`
    : result.code === 0
      ? undefined
      : `${result.signal ? `killed by ${result.signal} (deadline ${timeoutMs / 1000}s)` : `exited with code ${result.code}`}${tail ? `; output:\n${tail}` : ''}`;
  return { failure, output: started.output() };
}

export function killGroup(
  /** @type {import('node:child_process').ChildProcess} */ child,
  /** @type {NodeJS.Signals} */ signal,
) {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Whether any process of the group `pid` leads is still alive. */
export function groupAlive(/** @type {number} */ pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- the build

/**
 * Emulates `docker build -f <file>`: every stage in its own root directory under `workRoot`.
 * @param {{ dockerfile: Dockerfile, contextDir: string, workRoot: string, log: Log, verbose?: boolean }} options
 * @returns {Promise<BuiltImage>}
 */
export async function emulateBuild({ dockerfile, contextDir, workRoot, log, verbose = false }) {
  const { file } = dockerfile;
  /** @type {{ name: string | undefined, root: string }[]} */
  const built = [];
  for (const [index, stage] of dockerfile.stages.entries()) {
    const root = join(workRoot, `stage-${index}${stage.name ? `-${stage.name}` : ''}`);
    const parent = stage.parent === undefined ? undefined : built[stage.parent];
    if (parent) await cp(parent.root, root, { recursive: true, verbatimSymlinks: true });
    else await mkdir(root, { recursive: true });
    log(
      `line ${stage.line} FROM ${stage.base}${stage.name ? ` AS ${stage.name}` : ''}${parent ? '' : ` (base image: host node ${process.version} stands in)`}`,
    );
    const parentConfig = stage.parent === undefined ? undefined : imageConfig(dockerfile, stage.parent);
    /** @type {Record<string, string>} */
    const env = { ...parentConfig?.env };
    /** @type {Record<string, string>} */
    const args = {};
    let workdir = parentConfig?.workdir ?? '/';
    for (const instruction of stage.instructions) {
      const { keyword, line, rest } = instruction;
      const flags = Object.entries(instruction.flags).map(([name, value]) => `--${name}=${value} `);
      const text = `${flags.join('')}${rest}`.replace(/\s+/g, ' ');
      const step = `${keyword} ${text.length > 70 ? `${text.slice(0, 67)}...` : text}`;
      const fail = (/** @type {string} */ message) => new ImageCheckError(file, line, step, message);
      const vars = { ...args, ...env };
      if (keyword === 'ENV') Object.assign(env, readAssignments(rest, vars, 'ENV'));
      else if (keyword === 'ARG') Object.assign(args, readAssignments(rest, vars, 'ARG'));
      else if (keyword === 'WORKDIR') {
        workdir = resolveImagePath(workdir, splitWords(rest, vars));
        await mkdir(join(root, workdir), { recursive: true });
      } else if (keyword === 'COPY') {
        const sources =
          instruction.flags.from === undefined
            ? contextDir
            : built.find((b, i) => b.name === instruction.flags.from || String(i) === instruction.flags.from)
                ?.root;
        if (!sources) throw fail(`--from=${instruction.flags.from} names no earlier stage`);
        await copyStep(instruction.exec ?? splitWords(rest, vars), {
          from: sources,
          fromStage: instruction.flags.from,
          root,
          workdir,
          fail,
        });
      } else if (keyword === 'RUN') {
        const started = Date.now();
        const execProgram = basename(instruction.exec?.[0] ?? '');
        const kinds = !instruction.exec
          ? classifyRun(rest)
          : SYSTEM_COMMANDS.has(execProgram) || ROOT_ONLY_COMMANDS.has(execProgram)
            ? { system: [runText(instruction)], cleanup: [], app: [] }
            : { system: [], cleanup: [], app: [runText(instruction)] };
        if (kinds.system.length > 0 && kinds.app.length > 0) {
          throw fail(
            `mixes commands that need root in the image (${kinds.system.join('; ')}) with app commands (${kinds.app.join('; ')}); split them into separate RUN steps`,
          );
        }
        if (kinds.app.length === 0) {
          log(`line ${line} ${step}: skipped (needs root inside the image)`);
          continue;
        }
        const imagePath = kinds.app
          .flatMap((segment) => splitWords(segment))
          .find((word) => /^\/(?!dev\/null$|tmp\b)/.test(word));
        if (imagePath)
          throw fail(
            `uses the absolute path ${imagePath}, which check:images cannot map; use a path relative to WORKDIR`,
          );
        const argv = instruction.exec ?? ['/bin/sh', '-c', kinds.app.join(' && ')];
        const result = await runProcess(argv, {
          cwd: join(root, workdir),
          env: imageEnv({ ...args, ...env }, root),
          // Under the images test's 10 minutes, so a hung step fails with its output.
          timeoutMs: 8 * MINUTE,
        });
        if (result.failure) throw fail(result.failure);
        if (verbose) process.stdout.write(result.output);
        const skipped = kinds.cleanup.length > 0 ? `; skipped ${kinds.cleanup.join('; ')}` : '';
        log(`line ${line} ${step}: ok (${((Date.now() - started) / 1000).toFixed(1)}s${skipped})`);
        continue;
      }
      log(`line ${line} ${step}${keyword === 'USER' ? ' (recorded; steps here run as the host user)' : ''}`);
    }
    built.push({ name: stage.name, root });
  }
  return { file, root: /** @type {{ root: string }} */ (built.at(-1)).root, config: imageConfig(dockerfile) };
}

/**
 * COPY as Docker does it: a folder's contents go into the destination; a file goes to the
 * destination path, or into it when it ends with "/" or several sources are given.
 * @param {string[]} words @param {{ from: string, fromStage: string | undefined, root: string, workdir: string, fail: (message: string) => Error }} options
 */
async function copyStep(words, { from, fromStage, root, workdir, fail }) {
  if (words.length < 2) throw fail('needs a source and a destination');
  const destination = /** @type {string} */ (words.at(-1));
  const sources = words.slice(0, -1);
  const target = join(root, resolveImagePath(workdir, [destination]));
  const intoFolder = destination.endsWith('/') || sources.length > 1;
  for (const source of sources) {
    if (/[*?[]/.test(source)) throw fail(`wildcards (${source}) are not supported by check:images`);
    const relative = resolveImagePath('/', [source]).slice(1);
    if (fromStage === undefined && source.split('/').includes('..'))
      throw fail(`${source} is outside the build context`);
    const path = join(from, relative);
    const info = await stat(path).catch(() => undefined);
    if (!info) {
      throw fail(
        fromStage === undefined
          ? `${source} is not in the build context (missing, or excluded by .dockerignore)`
          : `${source} does not exist in stage ${fromStage}`,
      );
    }
    if (info.isDirectory()) await cp(path, target, { recursive: true, verbatimSymlinks: true });
    else {
      const isFolder = intoFolder || (await stat(target).catch(() => undefined))?.isDirectory();
      const to = isFolder ? join(target, basename(relative)) : target;
      await mkdir(dirname(to), { recursive: true });
      await cp(path, to, { verbatimSymlinks: true });
    }
  }
}
