#!/usr/bin/env node
// @ts-check
/**
 * `npm run check:images`: no Docker engine runs on our machines, so this performs each image's
 * build and start steps itself. For Dockerfile.green and Dockerfile.purple it checks the platform
 * rules (scripts/dockerfile.mjs), emulates the build in a clean copy of the build context
 * (scripts/image-build.mjs), then starts each final stage through its ENTRYPOINT + CMD on a
 * loopback port: it must print --help, serve its agent card, pass its HEALTHCHECK, run a whole
 * assessment together (the compose file's assessor), and exit cleanly on SIGTERM.
 *
 * Usage: node scripts/check-images.mjs [--only green|purple] [--keep] [--verbose]
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { AGENT_CARD_PATH, checkImagePolicy, containerCommand, parseDockerfile } from './dockerfile.mjs';
import {
  ImageCheckError,
  MINUTE,
  children,
  emulateBuild,
  groupAlive,
  imageEnv,
  killGroup,
  prepareContext,
  runProcess,
  startProcess,
} from './image-build.mjs';

/** @typedef {import('./image-build.mjs').BuiltImage} BuiltImage */
/** @typedef {import('./image-build.mjs').Log} Log */

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROLES = ['green', 'purple'];

/** A free loopback port (the OS picks it; closed again before the server binds it). */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  await new Promise((resolve) => server.close(() => resolve(undefined)));
  return typeof address === 'object' && address ? address.port : 0;
}

/** The CMD with --host and --port pointed at loopback, plus the --card-url the platform appends. */
function loopbackArgs(/** @type {string[]} */ cmd, /** @type {number} */ port) {
  const args = cmd.map((word, i) =>
    cmd[i - 1] === '--host' ? '127.0.0.1' : cmd[i - 1] === '--port' ? String(port) : word,
  );
  return [...args, '--card-url', `http://127.0.0.1:${port}/`];
}

/** Runs the image's command with other arguments (`docker run <image> <args…>`). @param {BuiltImage} image @param {string[]} args */
function inImage(image, args, timeoutMs = 2 * MINUTE) {
  const cwd = join(image.root, image.config.workdir);
  return runProcess(containerCommand(image.config, args), {
    cwd,
    env: imageEnv(image.config.env, image.root),
    timeoutMs,
  });
}

/**
 * Starts the image as the platform does (its CMD, rewritten to a free loopback port, plus
 * --card-url) and waits for an agent card whose name is set and whose url is the card URL.
 * @param {BuiltImage} image @param {Log} log
 */
export async function startContainer(image, log) {
  const port = await freePort();
  const argv = containerCommand(image.config, loopbackArgs(image.config.cmd, port));
  const url = `http://127.0.0.1:${port}/`;
  const running = startProcess(argv, {
    cwd: join(image.root, image.config.workdir),
    env: imageEnv(image.config.env, image.root),
  });
  const fail = (/** @type {string} */ message) =>
    new ImageCheckError(
      image.file,
      image.config.cmdLine,
      `start: ${argv.join(' ')}`,
      `${message}; output:\n${running.output().trimEnd()}`,
    );
  const deadline = Date.now() + MINUTE;
  /** @type {string} */
  let last;
  for (;;) {
    const exited = await Promise.race([running.exited, sleep(250, undefined)]);
    if (exited) throw fail(`exited (code ${exited.code}) before serving its agent card`);
    try {
      const response = await fetch(new URL(AGENT_CARD_PATH, url), { signal: AbortSignal.timeout(5000) });
      const card = response.ok ? await response.json() : undefined;
      last = `HTTP ${response.status}`;
      if (card) {
        const problems = [
          typeof card.name === 'string' && card.name !== '' ? '' : 'no name',
          card.url === url ? '' : `url ${JSON.stringify(card.url)} is not the --card-url ${url}`,
          card.capabilities?.streaming === true ? '' : 'capabilities.streaming is not true',
          Array.isArray(card.skills) && card.skills.length > 0 ? '' : 'no skills',
        ].filter(Boolean);
        if (problems.length > 0) throw fail(`agent card: ${problems.join('; ')}`);
        log(`start: ${argv.join(' ')} -> card "${card.name}" at ${card.url}`);
        return { ...running, url };
      }
    } catch (error) {
      if (error instanceof ImageCheckError) throw error;
      last = /** @type {Error} */ (error).message;
    }
    if (Date.now() > deadline)
      throw fail(`no agent card at ${url}${AGENT_CARD_PATH.slice(1)} within a minute (last: ${last})`);
  }
}

/** Runs the HEALTHCHECK command against the running image (its port 9009 mapped to the loopback one). @param {BuiltImage} image @param {string} url @param {Log} log */
async function runHealthcheck(image, url, log) {
  const health = image.config.healthcheck;
  if (!health) return log('healthcheck: none declared (docker-compose.yaml declares its own)');
  const port = new URL(url).port;
  const argv = health.command.map((word) => word.replace(/\/\/localhost:9009\b/g, `//127.0.0.1:${port}`));
  const result = await runProcess(argv, {
    cwd: image.root,
    env: imageEnv({}, image.root),
    timeoutMs: MINUTE,
  });
  // The image installs its own curl; a machine without one cannot run the check, which is no image fault.
  if (result.failure?.includes('ENOENT')) return log(`healthcheck: skipped (no ${argv[0]} on this machine)`);
  if (result.failure) throw new ImageCheckError(image.file, health.line, 'HEALTHCHECK', result.failure);
  log(`healthcheck: ok (${argv.join(' ')})`);
}

/** SIGTERM, then a clean exit (code 0) that leaves none of its own child processes behind. @param {BuiltImage} image @param {ReturnType<typeof startProcess>} running @param {Log} log */
async function stopContainer(image, running, log) {
  const { child } = running;
  child.kill('SIGTERM');
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 30_000);
  const result = await running.exited;
  clearTimeout(timer);
  const fail = (/** @type {string} */ message) =>
    new ImageCheckError(
      image.file,
      image.config.entrypointLine,
      'SIGTERM',
      `${message}; output:\n${running.output().trimEnd()}`,
    );
  if (result.code !== 0)
    throw fail(result.signal ? `did not exit within 30s (killed)` : `exited with code ${result.code}`);
  for (let waited = 0; child.pid !== undefined && groupAlive(child.pid); waited += 100) {
    if (waited > 10_000) throw fail('exited but left child processes running');
    await sleep(100);
  }
  log('SIGTERM: exited 0, no processes left');
}

/**
 * What a built image must do: no dev-only packages, `--help` through the entrypoint, the
 * green's scenarios loading, and serving its agent card and health check.
 * @param {BuiltImage} image @param {string} role @param {Log} log
 */
export async function checkFinalImage(image, role, log) {
  const lock = JSON.parse(
    await readFile(join(image.root, image.config.workdir, 'package-lock.json'), 'utf8').catch(() => '{}'),
  );
  const devOnly = Object.entries(lock.packages ?? {}).filter(
    ([path, entry]) => path !== '' && entry.dev === true,
  );
  const present = devOnly.filter(([path]) => existsSync(join(image.root, image.config.workdir, path)));
  if (devOnly.length === 0)
    throw new ImageCheckError(
      image.file,
      undefined,
      'final stage',
      'no package-lock.json in WORKDIR to check node_modules against',
    );
  if (present.length > 0)
    throw new ImageCheckError(
      image.file,
      undefined,
      'final stage',
      `dev-only packages installed: ${present
        .slice(0, 5)
        .map(([p]) => p)
        .join(', ')}`,
    );
  log(`final stage: none of the ${devOnly.length} dev-only packages of the lockfile installed`);
  const help = await inImage(image, ['--help']);
  if (help.failure || !help.output.includes('Usage:'))
    throw new ImageCheckError(
      image.file,
      image.config.entrypointLine,
      'ENTRYPOINT --help',
      help.failure ?? `printed no usage:\n${help.output}`,
    );
  log(`entrypoint --help: ok (${containerCommand(image.config, ['--help']).join(' ')})`);
  if (role === 'green') {
    const exec =
      image.config.entrypoint && 'exec' in image.config.entrypoint
        ? image.config.entrypoint.exec.slice(0, 2)
        : [];
    const validate = await runProcess([...exec, 'scenarios', 'validate'], {
      cwd: join(image.root, image.config.workdir),
      env: imageEnv(image.config.env, image.root),
      timeoutMs: 2 * MINUTE,
    });
    if (validate.failure)
      throw new ImageCheckError(image.file, undefined, 'scenarios validate', validate.failure);
    log(
      `scenarios validate: ${validate.output
        .trim()
        .split('\n')
        .filter((l) => /^\S/.test(l))
        .join('; ')}`,
    );
  }
  const running = await startContainer(image, log);
  await runHealthcheck(image, running.url, log);
  return running;
}

/**
 * The compose file's one-shot assessor: the green image's CLI runs email_triage_basic with the
 * running green against the running purple and must write a completed results.json.
 * @param {BuiltImage} green @param {string} greenUrl @param {string} purpleUrl @param {string} outDir @param {Log} log
 */
async function assessThroughImages(green, greenUrl, purpleUrl, outDir, log) {
  const exec =
    green.config.entrypoint && 'exec' in green.config.entrypoint
      ? green.config.entrypoint.exec.slice(0, 2)
      : ['node', 'dist/cli.js'];
  const argv = [
    ...exec,
    'run',
    '--green',
    greenUrl,
    '--purple',
    purpleUrl,
    '--scenario',
    'email_triage_basic',
    '--out',
    outDir,
  ];
  const result = await runProcess(argv, {
    cwd: join(green.root, green.config.workdir),
    env: imageEnv(green.config.env, green.root),
    timeoutMs: 5 * MINUTE,
  });
  if (result.failure) throw new ImageCheckError('assessor', undefined, argv.join(' '), result.failure);
  const results = JSON.parse(await readFile(join(outDir, 'results.json'), 'utf8'));
  if (results.message_type !== 'assessment_results' || results.status !== 'completed') {
    throw new ImageCheckError(
      'assessor',
      undefined,
      'results.json',
      `expected a completed assessment_results object, got status ${results.status}`,
    );
  }
  log(
    `assessment through both images: ${results.status}, score ${results.scores.overall.score}/${results.scores.overall.max_score}, ${results.turns_taken} turns`,
  );
}

// ---------------------------------------------------------------- main

async function main() {
  const { values } = parseArgs({
    options: { only: { type: 'string' }, keep: { type: 'boolean' }, verbose: { type: 'boolean' } },
  });
  const roles = values.only ? [values.only] : ROLES;
  if (roles.some((role) => !ROLES.includes(role)))
    throw new Error(`--only must be one of ${ROLES.join(', ')}`);
  const tmp = await mkdtemp(join(tmpdir(), 'check-images-'));
  const stop = (/** @type {NodeJS.Signals} */ signal) => {
    console.error(`check:images: interrupted (${signal}); stopping what it started and removing ${tmp}`);
    for (const child of children) killGroup(child, 'SIGKILL');
    if (!values.keep) execFileSync('rm', ['-rf', tmp]);
    process.exit(130);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  /** @type {Map<string, { image: BuiltImage, running: Awaited<ReturnType<typeof startContainer>> }>} */
  const started = new Map();
  try {
    const contextDir = await prepareContext(REPO_ROOT, join(tmp, 'context'), (m) =>
      console.log(`[context] ${m}`),
    );
    for (const role of roles) {
      const file = `Dockerfile.${role}`;
      const log = (/** @type {string} */ message) => console.log(`[${role}] ${message}`);
      const path = join(REPO_ROOT, file);
      if (!existsSync(path)) throw new ImageCheckError(file, undefined, 'read', 'missing');
      const dockerfile = parseDockerfile(await readFile(path, 'utf8'), file);
      const problems = checkImagePolicy(dockerfile, { role });
      if (problems.length > 0)
        throw new Error(problems.map((p) => `${file} line ${p.line}: ${p.message}`).join('\n'));
      log(
        'platform rules: ok (node slim, multi-stage, production deps, curl, non-root USER, EXPOSE 9009, ENTRYPOINT + CMD)',
      );
      const image = await emulateBuild({
        dockerfile,
        contextDir,
        workRoot: join(tmp, role),
        log,
        verbose: values.verbose ?? false,
      });
      started.set(role, { image, running: await checkFinalImage(image, role, log) });
    }
    const green = started.get('green');
    const purple = started.get('purple');
    if (green && purple)
      await assessThroughImages(
        green.image,
        green.running.url,
        purple.running.url,
        join(tmp, 'runs', 'latest'),
        (m) => console.log(`[assessor] ${m}`),
      );
    for (const [role, { image, running }] of started) {
      started.delete(role);
      await stopContainer(image, running, (m) => console.log(`[${role}] ${m}`));
    }
    console.log(`check:images: OK (${roles.join(', ')})`);
  } catch (error) {
    console.error(`check:images: FAILED: ${/** @type {Error} */ (error).message}`);
    process.exitCode = 1;
  } finally {
    for (const child of children) killGroup(child, 'SIGKILL');
    if (values.keep) console.log(`check:images: kept ${tmp}`);
    else await rm(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main().catch((/** @type {Error} */ error) => {
    // Bad command-line options: no stack trace, just what to fix.
    console.error(
      `check:images: ${error.message}\nUsage: node scripts/check-images.mjs [--only green|purple] [--keep] [--verbose]`,
    );
    process.exitCode = 1;
  });
}
