import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadDockerfileModule,
  loadImageBuildModule,
  type DockerfileModule,
  type ImageBuildModule,
} from './script-modules.js';

let docker: DockerfileModule;
let build: ImageBuildModule;
const repoFile = (name: string) => readFile(new URL(`../../${name}`, import.meta.url), 'utf8');
const problemsOf = (text: string, role = 'green') =>
  docker.checkImagePolicy(docker.parseDockerfile(text, 'Dockerfile.test'), { role });
/** The line number of the first line of `text` that contains `needle`. */
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

let greenText: string;
beforeAll(async () => {
  docker = await loadDockerfileModule();
  build = await loadImageBuildModule();
  greenText = await repoFile('Dockerfile.green');
});

describe('our Dockerfiles as Docker reads them', () => {
  it.each(['green', 'purple'])(
    'Dockerfile.%s: two stages, platform CMD, non-root, no policy problems',
    async (role) => {
      const file = `Dockerfile.${role}`;
      const dockerfile = docker.parseDockerfile(await repoFile(file), file);
      expect(dockerfile.stages.map((stage) => [stage.name, stage.base])).toEqual([
        ['build', 'node:24-slim'],
        ['runtime', 'node:24-slim'],
      ]);
      const config = docker.imageConfig(dockerfile);
      expect(docker.containerCommand(config, [...config.cmd, '--card-url', 'http://x:9009/'])).toEqual([
        'node',
        'dist/cli.js',
        role,
        '--host',
        '0.0.0.0',
        '--port',
        '9009',
        '--card-url',
        'http://x:9009/',
      ]);
      expect(config).toMatchObject({ user: 'node', workdir: '/app', env: { NODE_ENV: 'production' } });
      expect(Object.keys(config.exposed)).toEqual(['9009/tcp']);
      expect(config.healthcheck?.command).toContain('http://localhost:9009/.well-known/agent-card.json');
      expect(docker.checkImagePolicy(dockerfile, { role })).toEqual([]);
    },
  );

  it('points the green at the image’s scenarios and lets env pick the purple agent', async () => {
    const green = docker.imageConfig(docker.parseDockerfile(greenText));
    expect(green.env['AGENTBEATS_GREEN_SCENARIOS_DIR']).toBe('/app/scenarios');
    const purple = docker.imageConfig(docker.parseDockerfile(await repoFile('Dockerfile.purple')));
    expect(purple.env['AGENTBEATS_PURPLE_AGENT']).toBe('baseline');
    // A --agent flag in the entrypoint would win over the environment variable.
    expect(purple.entrypoint).toEqual({ exec: ['node', 'dist/cli.js', 'purple'] });
  });
});

describe('parseDockerfile', () => {
  it('joins continuations (skipping comment lines inside) and keeps the first line number', () => {
    const dockerfile = docker.parseDockerfile(
      [
        '# syntax=docker/dockerfile:1',
        'FROM node:24-slim',
        'RUN echo a \\',
        '  # a comment',
        '  && echo b',
        '',
      ].join('\n'),
    );
    const run = dockerfile.stages[0]!.instructions[0]!;
    expect(run).toMatchObject({ line: 3, keyword: 'RUN' });
    expect(run.rest.replace(/\s+/g, ' ')).toBe('echo a && echo b');
  });

  it('reads flags, stage names, exec forms, ENV forms, global ARGs and expansions', () => {
    const dockerfile = docker.parseDockerfile(
      [
        'ARG NODE=24',
        'FROM node:${NODE}-slim AS Build',
        'ENV A=1 B="two words" C=${A}x',
        // Docker expands from the values before this instruction: C sees no A yet, D does.
        'ENV D=${A}y',
        'ENV LEGACY value with spaces',
        'WORKDIR /app',
        'WORKDIR sub/../lib',
        'FROM build',
        'COPY --from=build --chown=node:node /app/lib ./lib',
        'ENTRYPOINT ["node", "x.js"]',
      ].join('\n'),
    );
    expect(dockerfile.stages.map((s) => [s.base, s.name, s.parent])).toEqual([
      ['node:24-slim', 'build', undefined],
      ['build', undefined, 0],
    ]);
    expect(dockerfile.stages[1]!.instructions[0]).toMatchObject({
      flags: { from: 'build', chown: 'node:node' },
      rest: '/app/lib ./lib',
    });
    const config = docker.imageConfig(dockerfile);
    expect(config.env).toEqual({ A: '1', B: 'two words', C: 'x', D: '1y', LEGACY: 'value with spaces' });
    expect(config.workdir).toBe('/app/lib');
    expect(docker.splitWords(`a 'b c' "d \\"e\\"" \${X:-dflt} \${Y:+alt} \\$Z`, { Y: 'y' })).toEqual([
      'a',
      'b c',
      'd "e"',
      'dflt',
      'alt',
      '$Z',
    ]);
  });

  it('combines ENTRYPOINT and CMD as Docker does', () => {
    const config = (text: string) => docker.imageConfig(docker.parseDockerfile(text));
    // The node image's own entrypoint script and CMD apply until the Dockerfile replaces them.
    expect(docker.containerCommand(config('FROM node:24-slim'))).toEqual(['docker-entrypoint.sh', 'node']);
    // ENTRYPOINT clears a CMD inherited from the base image.
    expect(docker.containerCommand(config('FROM node:24-slim\nENTRYPOINT ["a"]'))).toEqual(['a']);
    // A shell-form ENTRYPOINT ignores CMD and appended arguments.
    expect(
      docker.containerCommand(config('FROM node:24-slim\nENTRYPOINT node a.js\nCMD ["--x"]'), ['--y']),
    ).toEqual(['/bin/sh', '-c', 'node a.js']);
  });

  it('names the line of an unknown or unsupported instruction', () => {
    expect(() => docker.parseDockerfile('FROM node:24-slim\n\nADD . /app', 'Dockerfile.x')).toThrow(
      /Dockerfile\.x line 3: unknown or unsupported instruction "ADD"/,
    );
    expect(() => docker.parseDockerfile('FROM node:24-slim\nFROBNICATE it')).toThrow(
      /line 2: .*"FROBNICATE"/,
    );
    expect(() => docker.parseDockerfile('RUN true')).toThrow(/line 1: RUN before the first FROM/);
    expect(() => docker.parseDockerfile('FROM node:24-slim\nENV')).toThrow(/line 2: ENV needs arguments/);
  });
});

describe('checkImagePolicy names each broken rule with its line', () => {
  const without = (needle: string) =>
    greenText
      .split('\n')
      .filter((line) => !line.includes(needle))
      .join('\n');
  const replace = (needle: string, by: string) => greenText.replace(needle, by);

  it('reports a missing EXPOSE 9009, USER, or curl install', () => {
    expect(problemsOf(without('EXPOSE 9009'))).toEqual([
      { line: expect.any(Number), message: 'no EXPOSE 9009' },
    ]);
    expect(problemsOf(without('USER node'))).toEqual([
      { line: expect.any(Number), message: 'no USER: the image would run as root' },
    ]);
    expect(problemsOf(replace('USER node', 'USER root'))).toEqual([
      { line: lineOf(greenText, 'USER node'), message: 'USER root is root' },
    ]);
    expect(
      problemsOf(replace('install -y --no-install-recommends curl', 'install -y wget')).map((p) => p.message),
    ).toEqual(['curl is not installed in the final stage (apt-get install curl; health checks use it)']);
  });

  it('reports a wrong CMD or ENTRYPOINT at their lines', () => {
    const cmdLine = lineOf(greenText, 'CMD ["--host"');
    expect(
      problemsOf(replace('CMD ["--host", "0.0.0.0", "--port", "9009"]', 'CMD ["--port", "9009"]')),
    ).toEqual([
      {
        line: cmdLine,
        message:
          'CMD must be ["--host","0.0.0.0","--port","9009"] so the platform can append --card-url, got ["--port","9009"]',
      },
    ]);
    expect(
      problemsOf(replace('CMD ["--host", "0.0.0.0", "--port", "9009"]', 'CMD --host 0.0.0.0 --port 9009'))[0],
    ).toEqual({
      line: cmdLine,
      message: expect.stringContaining('got shell form "--host 0.0.0.0 --port 9009"'),
    });
    const entrypointLine = lineOf(greenText, 'ENTRYPOINT');
    expect(
      problemsOf(replace('ENTRYPOINT ["node", "dist/cli.js", "green"]', 'ENTRYPOINT node dist/cli.js green')),
    ).toEqual([{ line: entrypointLine, message: expect.stringContaining('ENTRYPOINT must be exec form') }]);
    expect(problemsOf(greenText, 'purple')).toEqual([
      {
        line: entrypointLine,
        message: expect.stringContaining('ENTRYPOINT must start with ["node","dist/cli.js","purple"]'),
      },
    ]);
  });

  it('reports a single stage, a dev install, a missing NODE_ENV and a non-slim base', () => {
    const single = [
      'FROM node:24',
      'RUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/*',
      'WORKDIR /app',
      'RUN npm ci',
      'USER node',
      'EXPOSE 9009',
      'ENTRYPOINT ["node", "dist/cli.js", "green"]',
      'CMD ["--host", "0.0.0.0", "--port", "9009"]',
    ].join('\n');
    expect(problemsOf(single).map((p) => `${p.line}: ${p.message}`)).toEqual([
      '1: base image "node:24" is not an official Node slim image (node:<version>-slim)',
      '1: not multi-stage: build with dev dependencies in one stage, run from another',
      '1: NODE_ENV=production is not set in the final stage',
      '4: the final stage must install production dependencies only (npm ci --omit=dev)',
    ]);
  });
});

describe('the build emulation', () => {
  let work: string;
  let context: string;
  const logged: string[] = [];
  const emulate = (text: string) =>
    build.emulateBuild({
      dockerfile: docker.parseDockerfile(text, 'Dockerfile.test'),
      contextDir: context,
      workRoot: join(work, `build-${logged.length}-${Math.random().toString(36).slice(2)}`),
      log: (message) => logged.push(message),
    });

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'dockerfile-parser-test-'));
    context = join(work, 'context');
    await mkdir(join(context, 'src'), { recursive: true });
    await writeFile(join(context, 'hello.txt'), 'hello\n');
    await writeFile(join(context, 'src', 'a.txt'), 'a\n');
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('fails a broken RUN step, naming the file, line, step, exit code and output', async () => {
    await expect(
      emulate(
        [
          'FROM node:24-slim',
          'WORKDIR /app',
          'COPY hello.txt ./',
          'RUN test -f hello.txt && echo about to fail && exit 3',
        ].join('\n'),
      ),
    ).rejects.toThrow(
      /^Dockerfile\.test line 4 \(RUN test -f hello\.txt .*\): exited with code 3; output:\nabout to fail$/s,
    );
  });

  it('fails a COPY of a file the context does not have', async () => {
    await expect(emulate('FROM node:24-slim\nWORKDIR /app\nCOPY missing.txt ./')).rejects.toThrow(
      'Dockerfile.test line 3 (COPY missing.txt ./): missing.txt is not in the build context (missing, or excluded by .dockerignore)',
    );
  });

  it('copies folders and files like Docker, across stages, and skips root-only steps', async () => {
    const image = await emulate(
      [
        'FROM node:24-slim AS first',
        'WORKDIR /app',
        'COPY src ./src',
        'RUN mkdir -p out && cp src/a.txt out/b.txt && echo "$GREETING" > out/greeting.txt',
        'FROM node:24-slim',
        'RUN apt-get update && apt-get install -y curl && rm -rf /var/lib/apt/lists/*',
        'ENV GREETING=unused',
        'WORKDIR /srv',
        'COPY --from=first /app/out ./dist',
        'COPY hello.txt src/a.txt ./files/',
      ].join('\n'),
    );
    expect(await readFile(join(image.root, 'srv/dist/b.txt'), 'utf8')).toBe('a\n');
    // ENV set in a later stage is not visible to an earlier stage's RUN.
    expect(await readFile(join(image.root, 'srv/dist/greeting.txt'), 'utf8')).toBe('\n');
    expect(await readFile(join(image.root, 'srv/files/hello.txt'), 'utf8')).toBe('hello\n');
    expect(await readFile(join(image.root, 'srv/files/a.txt'), 'utf8')).toBe('a\n');
    expect(
      logged.some((line) =>
        /line 6 RUN apt-get update .*: skipped \(needs root inside the image\)/.test(line),
      ),
    ).toBe(true);
  });

  it('refuses a RUN that mixes root-only and app commands', async () => {
    await expect(emulate('FROM node:24-slim\nRUN apt-get install -y curl && npm ci')).rejects.toThrow(
      /line 2 .*mixes commands that need root in the image \(apt-get install -y curl\) with app commands \(npm ci\)/,
    );
  });

  it('classifies RUN steps', () => {
    expect(build.classifyRun('npm ci --omit=dev && npm cache clean --force')).toEqual({
      system: [],
      cleanup: ['npm cache clean --force'],
      app: ['npm ci --omit=dev'],
    });
    expect(
      build.classifyRun(
        'DEBIAN_FRONTEND=noninteractive apt-get install -y curl && rm -rf /var/lib/apt/lists/*',
      ),
    ).toEqual({
      system: ['DEBIAN_FRONTEND=noninteractive apt-get install -y curl'],
      cleanup: ['rm -rf /var/lib/apt/lists/*'],
      app: [],
    });
    expect(build.classifyRun('echo "a && b" && useradd app').system).toEqual(['useradd app']);
  });
});

describe('.dockerignore', () => {
  it('follows Docker’s matching: parent folders, globs, ** and exceptions (last match wins)', async () => {
    const patterns = build.readDockerignore(
      ['# comment', 'node_modules', '/dist/', '*.log', 'docs', '!docs/keep.md', '**/secret.txt'].join('\n'),
    );
    const ignored = (path: string) => build.isIgnored(patterns, path);
    expect(ignored('node_modules/x/index.js')).toBe(true);
    expect(ignored('dist/cli.js')).toBe(true);
    expect(ignored('npm-debug.log')).toBe(true);
    expect(ignored('logs/a.log')).toBe(false);
    expect(ignored('docs/a.md')).toBe(true);
    expect(ignored('docs/keep.md')).toBe(false);
    expect(ignored('a/b/secret.txt')).toBe(true);
    expect(ignored('src/cli.ts')).toBe(false);
  });

  it('keeps what the images copy and drops host builds', async () => {
    const patterns = build.readDockerignore(await repoFile('.dockerignore'));
    const ignored = (path: string) => build.isIgnored(patterns, path);
    for (const kept of [
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'tsconfig.build.json',
      'src/cli.ts',
    ]) {
      expect(ignored(kept), kept).toBe(false);
    }
    expect(ignored('scenarios/email_triage_basic/scenario.json')).toBe(false);
    for (const dropped of [
      '.git/HEAD',
      'node_modules/zod/package.json',
      'dist/cli.js',
      'runs/latest/results.json',
    ]) {
      expect(ignored(dropped), dropped).toBe(true);
    }
  });
});
