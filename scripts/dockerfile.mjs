// @ts-check
/**
 * A Dockerfile reader for `npm run check:images`: parses the instructions our images use, works
 * out each image's configuration (env, user, ports, entrypoint + cmd) the way Docker does, and
 * checks the AgentBeats platform rules on it. No Docker engine runs here, so this is what lets a
 * broken Dockerfile fail a test; anything it does not understand is an error naming the line.
 */

/**
 * @typedef {object} Instruction
 * @property {number} line First line of the instruction (1-based).
 * @property {string} keyword Upper-case instruction name, e.g. "COPY".
 * @property {Record<string, string>} flags Leading `--name=value` flags (FROM, COPY, RUN, HEALTHCHECK).
 * @property {string} rest The arguments after the flags, continuations joined.
 * @property {string[] | undefined} exec The exec (JSON array) form, when `rest` is one.
 *
 * @typedef {{ line: number, base: string, name: string | undefined, parent: number | undefined, instructions: Instruction[] }} Stage
 * @typedef {{ file: string, globalArgs: Instruction[], stages: Stage[] }} Dockerfile
 *
 * @typedef {object} ImageConfig What `docker inspect` would show for a stage.
 * @property {Record<string, string>} env
 * @property {string} workdir
 * @property {string} user
 * @property {number | undefined} userLine
 * @property {Record<string, number>} exposed Port spec ("9009/tcp") to the line exposing it.
 * @property {{ exec: string[] } | { shell: string } | undefined} entrypoint
 * @property {number | undefined} entrypointLine
 * @property {string[]} cmd
 * @property {boolean} cmdIsExec
 * @property {number | undefined} cmdLine
 * @property {{ command: string[], line: number } | undefined} healthcheck
 *
 * @typedef {{ line: number, message: string }} Problem
 */

/** A problem found while reading a Dockerfile, with the line it is on. */
export class DockerfileError extends Error {
  /** @param {string} file @param {number} line @param {string} message */
  constructor(file, line, message) {
    super(`${file} line ${line}: ${message}`);
    this.name = 'DockerfileError';
    this.file = file;
    this.line = line;
  }
}

export const SUPPORTED_INSTRUCTIONS = [
  'FROM',
  'ARG',
  'ENV',
  'WORKDIR',
  'COPY',
  'RUN',
  'USER',
  'EXPOSE',
  'ENTRYPOINT',
  'CMD',
  'HEALTHCHECK',
  'LABEL',
];
const WITH_FLAGS = new Set(['FROM', 'COPY', 'RUN', 'HEALTHCHECK']);

/** The CMD the AgentBeats platform appends `--card-url` to (notes §5.5–5.6). */
export const PLATFORM_CMD = ['--host', '0.0.0.0', '--port', '9009'];
export const PLATFORM_PORT = 9009;
export const AGENT_CARD_PATH = '/.well-known/agent-card.json';

/** Official Node slim images; they bring `docker-entrypoint.sh` as ENTRYPOINT and `node` as CMD. */
export const NODE_SLIM_BASE = /^node:(\d+)(\.\d+)*(-[a-z]+)?-slim$/;
const NODE_BASE = { entrypoint: ['docker-entrypoint.sh'], cmd: ['node'] };

/**
 * Reads a Dockerfile: comments and blank lines dropped, `\` continuations joined (Docker removes
 * the backslash and newline and skips comment lines inside), instructions grouped by stage.
 * @param {string} text @param {string} [file] name used in errors @returns {Dockerfile}
 */
export function parseDockerfile(text, file = 'Dockerfile') {
  /** @type {Instruction[]} */
  const instructions = [];
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index += 1) {
    const first = lines[index] ?? '';
    if (/^\s*(#.*)?$/.test(first)) continue;
    const line = index + 1;
    let joined = first;
    while (/\\\s*$/.test(joined) && index + 1 < lines.length) {
      joined = joined.replace(/\\\s*$/, '');
      index += 1;
      while (index + 1 < lines.length && /^\s*(#.*)?$/.test(lines[index] ?? '')) index += 1;
      joined += lines[index] ?? '';
    }
    const match = /^\s*([A-Za-z]+)(?:\s+([\s\S]*))?$/.exec(joined);
    if (!match) throw new DockerfileError(file, line, `cannot read "${first.trim()}"`);
    const keyword = (match[1] ?? '').toUpperCase();
    if (!SUPPORTED_INSTRUCTIONS.includes(keyword)) {
      throw new DockerfileError(
        file,
        line,
        `unknown or unsupported instruction "${match[1]}" (check:images understands ${SUPPORTED_INSTRUCTIONS.join(', ')})`,
      );
    }
    const args = (match[2] ?? '').trim();
    if (args === '') throw new DockerfileError(file, line, `${keyword} needs arguments`);
    instructions.push(readInstruction(keyword, args, line));
  }
  return groupStages(instructions, file);
}

/** @param {string} keyword @param {string} args @param {number} line @returns {Instruction} */
function readInstruction(keyword, args, line) {
  /** @type {Record<string, string>} */
  const flags = {};
  let rest = args;
  let flag;
  while (WITH_FLAGS.has(keyword) && (flag = /^--([a-z-]+)(?:=(\S*))?(?:\s+|$)/.exec(rest))) {
    flags[flag[1] ?? ''] = flag[2] ?? 'true';
    rest = rest.slice(flag[0].length);
  }
  return { line, keyword, flags, rest, exec: jsonArray(rest) };
}

/** The exec form is a JSON array of strings; anything else is shell form, as Docker reads it. */
function jsonArray(/** @type {string} */ text) {
  if (!text.startsWith('[')) return undefined;
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;
  } catch {
    return undefined;
  }
}

/** @param {Instruction[]} instructions @param {string} file @returns {Dockerfile} */
function groupStages(instructions, file) {
  /** @type {Dockerfile} */
  const dockerfile = { file, globalArgs: [], stages: [] };
  for (const instruction of instructions) {
    const current = dockerfile.stages.at(-1);
    if (instruction.keyword !== 'FROM') {
      if (current) current.instructions.push(instruction);
      else if (instruction.keyword === 'ARG') dockerfile.globalArgs.push(instruction);
      else throw new DockerfileError(file, instruction.line, `${instruction.keyword} before the first FROM`);
      continue;
    }
    const [base, as, name, ...extra] = splitWords(instruction.rest, globalArgs(dockerfile));
    if (!base || (as !== undefined && (as.toLowerCase() !== 'as' || !name)) || extra.length > 0) {
      throw new DockerfileError(file, instruction.line, 'expected "FROM <image> [AS <name>]"');
    }
    const parent = dockerfile.stages.findIndex((stage) => stage.name === base.toLowerCase());
    dockerfile.stages.push({
      line: instruction.line,
      base,
      name: name?.toLowerCase(),
      parent: parent >= 0 ? parent : undefined,
      instructions: [],
    });
  }
  if (dockerfile.stages.length === 0) throw new DockerfileError(file, 1, 'no FROM instruction');
  return dockerfile;
}

/** Values of the ARGs declared before the first FROM. @param {Dockerfile} dockerfile */
export function globalArgs(dockerfile) {
  /** @type {Record<string, string>} */
  const values = {};
  for (const arg of dockerfile.globalArgs) Object.assign(values, readAssignments(arg.rest, values, 'ARG'));
  return values;
}

/**
 * The `KEY=value` pairs of ENV, ARG or LABEL, expanded with `vars`. ENV also has the legacy
 * `ENV KEY value…` form; `ARG NAME` without a default takes the value `vars` has for it, if any.
 * @param {string} text @param {Record<string, string>} vars @param {'ENV' | 'ARG' | 'LABEL'} keyword
 * @returns {Record<string, string>}
 */
export function readAssignments(text, vars, keyword) {
  const words = splitWords(text, vars);
  if (keyword === 'ENV' && words.length > 0 && !words[0]?.includes('=')) {
    const [name = '', ...value] = words;
    if (value.length === 0) throw new Error(`ENV ${name} has no value`);
    return { [name]: value.join(' ') };
  }
  /** @type {Record<string, string>} */
  const result = {};
  for (const word of words) {
    const equals = word.indexOf('=');
    if (equals > 0) result[word.slice(0, equals)] = word.slice(equals + 1);
    else if (keyword === 'ARG' && /^[A-Za-z_]\w*$/.test(word)) {
      if (vars[word] !== undefined) result[word] = vars[word];
    } else throw new Error(`expected KEY=value, got "${word}"`);
  }
  return result;
}

/**
 * Splits arguments into words as Docker does for ENV, COPY, WORKDIR and the like: whitespace
 * separates words, quotes group them ('…' literally), `\` escapes, and `$VAR`, `${VAR}`,
 * `${VAR:-default}` and `${VAR:+alternative}` expand from `vars` (unset is empty).
 * @param {string} text @param {Record<string, string>} [vars] @returns {string[]}
 */
export function splitWords(text, vars = {}) {
  /** @type {string[]} */
  const words = [];
  let word = '';
  let inWord = false;
  let quote = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    if (quote === "'") {
      if (char === "'") quote = '';
      else word += char;
    } else if (char === '\\' && i + 1 < text.length && (quote === '' || /["\\$]/.test(text.charAt(i + 1)))) {
      word += text.charAt((i += 1));
      inWord = true;
    } else if (char === '"') {
      quote = quote === '"' ? '' : '"';
      inWord = true;
    } else if (char === "'" && quote === '') {
      quote = "'";
      inWord = true;
    } else if (char === '$') {
      const match = /^\$(?:\{([A-Za-z_]\w*)(?::([-+])([^}]*))?\}|([A-Za-z_]\w*))/.exec(text.slice(i));
      if (!match) word += char;
      else {
        const value = vars[match[1] ?? match[4] ?? ''];
        if (match[2] === '-') word += value || match[3];
        else if (match[2] === '+') word += value ? match[3] : '';
        else word += value ?? '';
        i += match[0].length - 1;
      }
      inWord = true;
    } else if (/\s/.test(char) && quote === '') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (quote !== '') throw new Error(`unterminated ${quote} quote in: ${text}`);
  if (inWord) words.push(word);
  return words;
}

/**
 * The configuration a stage ends with, by Docker's rules: a stage built FROM another inherits its
 * config; ENTRYPOINT clears a CMD that was not set in the same stage; a bare `node:*-slim` base
 * brings its own ENTRYPOINT and CMD.
 * @param {Dockerfile} dockerfile @param {number} [stageIndex] default the final stage @returns {ImageConfig}
 */
export function imageConfig(dockerfile, stageIndex = dockerfile.stages.length - 1) {
  const stage = dockerfile.stages[stageIndex];
  if (!stage) throw new Error(`${dockerfile.file} has no stage ${stageIndex}`);
  const inherited = stage.parent === undefined ? undefined : imageConfig(dockerfile, stage.parent);
  const nodeBase = NODE_SLIM_BASE.test(stage.base);
  /** @type {ImageConfig} */
  const config = inherited
    ? { ...inherited, env: { ...inherited.env }, exposed: { ...inherited.exposed } }
    : {
        env: {},
        workdir: '/',
        user: 'root',
        userLine: undefined,
        exposed: {},
        entrypoint: nodeBase ? { exec: NODE_BASE.entrypoint } : undefined,
        entrypointLine: undefined,
        cmd: nodeBase ? NODE_BASE.cmd : [],
        cmdIsExec: true,
        cmdLine: undefined,
        healthcheck: undefined,
      };
  const args = globalArgs(dockerfile);
  let cmdSetHere = false;
  for (const instruction of stage.instructions) {
    const { keyword, rest, line } = instruction;
    const vars = { ...args, ...config.env };
    try {
      if (keyword === 'ARG') Object.assign(args, readAssignments(rest, vars, 'ARG'));
      else if (keyword === 'ENV') Object.assign(config.env, readAssignments(rest, vars, 'ENV'));
      else if (keyword === 'WORKDIR')
        config.workdir = resolveImagePath(config.workdir, splitWords(rest, vars));
      else if (keyword === 'USER') [config.user = '', config.userLine] = [splitWords(rest, vars)[0], line];
      else if (keyword === 'EXPOSE') {
        for (const port of splitWords(rest, vars))
          config.exposed[port.includes('/') ? port : `${port}/tcp`] = line;
      } else if (keyword === 'ENTRYPOINT') {
        config.entrypoint = instruction.exec ? { exec: instruction.exec } : { shell: rest };
        config.entrypointLine = line;
        if (!cmdSetHere) config.cmd = [];
      } else if (keyword === 'CMD') {
        config.cmd = instruction.exec ?? ['/bin/sh', '-c', rest];
        [config.cmdIsExec, config.cmdLine, cmdSetHere] = [instruction.exec !== undefined, line, true];
      } else if (keyword === 'HEALTHCHECK') config.healthcheck = readHealthcheck(rest, line);
    } catch (error) {
      throw new DockerfileError(dockerfile.file, line, `${keyword}: ${/** @type {Error} */ (error).message}`);
    }
  }
  return config;
}

/** @param {string} rest @param {number} line */
function readHealthcheck(rest, line) {
  if (/^NONE$/i.test(rest.trim())) return undefined;
  const body = /^CMD\s+([\s\S]+)$/i.exec(rest)?.[1]?.trim();
  if (!body) throw new Error('expected "HEALTHCHECK [--option=value…] CMD <command>" or "HEALTHCHECK NONE"');
  return { command: jsonArray(body) ?? ['/bin/sh', '-c', body], line };
}

/** WORKDIR and COPY destinations: absolute, or relative to the current directory. */
export function resolveImagePath(/** @type {string} */ cwd, /** @type {string[]} */ [path = '']) {
  const joined = path.startsWith('/') ? path : `${cwd.replace(/\/$/, '')}/${path}`;
  /** @type {string[]} */
  const parts = [];
  for (const part of joined.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '' && part !== '.') parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/**
 * The command a container runs, combined as Docker does: exec ENTRYPOINT + CMD (or the arguments
 * given to `docker run`); a shell-form ENTRYPOINT runs alone, dropping CMD and any arguments.
 * @param {ImageConfig} config @param {string[]} [args] @returns {string[]}
 */
export function containerCommand(config, args = config.cmd) {
  if (!config.entrypoint) return args;
  if ('shell' in config.entrypoint) return ['/bin/sh', '-c', config.entrypoint.shell];
  return [...config.entrypoint.exec, ...args];
}

/**
 * The AgentBeats image rules (notes §5.5–5.6, and this project's choices) checked on a parsed
 * Dockerfile: multi-stage on a Node slim base, production deps only, curl for health checks, a
 * non-root user, EXPOSE 9009, an exec ENTRYPOINT running `node dist/cli.js <role>`, and the CMD
 * the platform appends `--card-url` to.
 * @param {Dockerfile} dockerfile @param {{ role: string }} expected @returns {Problem[]}
 */
export function checkImagePolicy(dockerfile, { role }) {
  /** @type {Problem[]} */
  const problems = [];
  const final = /** @type {Stage} */ (dockerfile.stages.at(-1));
  const config = imageConfig(dockerfile);
  const lastLine = Math.max(final.line, ...final.instructions.map((i) => i.line));
  const add = (/** @type {number | undefined} */ line, /** @type {string} */ message) =>
    problems.push({ line: line ?? lastLine, message });

  for (const stage of dockerfile.stages) {
    if (stage.parent === undefined && !NODE_SLIM_BASE.test(stage.base)) {
      add(stage.line, `base image "${stage.base}" is not an official Node slim image (node:<version>-slim)`);
    }
  }
  if (dockerfile.stages.length < 2) {
    add(final.line, 'not multi-stage: build with dev dependencies in one stage, run from another');
  }
  const runs = final.instructions.filter((i) => i.keyword === 'RUN').map((i) => ({ i, text: runText(i) }));
  const install = runs.find(({ text }) => /\bnpm\s+(ci|install)\b/.test(text));
  if (!install || !/--omit[= ]dev\b/.test(install.text)) {
    add(install?.i.line, 'the final stage must install production dependencies only (npm ci --omit=dev)');
  } else if (!/--ignore-scripts\b/.test(install.text)) {
    add(install.i.line, 'npm ci --omit=dev must use --ignore-scripts (prepare would run the build)');
  }
  const curl = runs.find(({ text }) => /\bapt-get\s+install\b[^&;|]*\bcurl\b/.test(text));
  if (!curl)
    add(final.line, 'curl is not installed in the final stage (apt-get install curl; health checks use it)');
  else if (
    !/--no-install-recommends\b/.test(curl.text) ||
    !/rm\s+-rf\s+\/var\/lib\/apt\/lists/.test(curl.text)
  ) {
    add(
      curl.i.line,
      'install curl with apt-get install --no-install-recommends and remove /var/lib/apt/lists',
    );
  }
  if (config.env.NODE_ENV !== 'production')
    add(final.line, 'NODE_ENV=production is not set in the final stage');
  if (config.userLine === undefined) add(undefined, 'no USER: the image would run as root');
  else if (/^(root|0)(:.*)?$/.test(config.user)) add(config.userLine, `USER ${config.user} is root`);
  if (config.exposed[`${PLATFORM_PORT}/tcp`] === undefined) add(undefined, `no EXPOSE ${PLATFORM_PORT}`);

  const wanted = ['node', 'dist/cli.js', role];
  if (!config.entrypoint || config.entrypointLine === undefined) {
    add(undefined, `no ENTRYPOINT (expected ["${wanted.join('", "')}", …])`);
  } else if (!('exec' in config.entrypoint)) {
    add(
      config.entrypointLine,
      'ENTRYPOINT must be exec form (a JSON array): a shell form ignores CMD and --card-url',
    );
  } else if (
    wanted.some(
      (word, index) =>
        config.entrypoint && 'exec' in config.entrypoint && config.entrypoint.exec[index] !== word,
    )
  ) {
    add(
      config.entrypointLine,
      `ENTRYPOINT must start with ${JSON.stringify(wanted)}, got ${JSON.stringify(config.entrypoint.exec)}`,
    );
  }
  if (!config.cmdIsExec || JSON.stringify(config.cmd) !== JSON.stringify(PLATFORM_CMD)) {
    const got = config.cmdIsExec ? JSON.stringify(config.cmd) : `shell form "${config.cmd.at(-1)}"`;
    add(
      config.cmdLine,
      `CMD must be ${JSON.stringify(PLATFORM_CMD)} so the platform can append --card-url, got ${got}`,
    );
  }
  const health = config.healthcheck;
  if (
    health &&
    !(
      health.command.join(' ').includes('curl') &&
      health.command.join(' ').includes(`:${PLATFORM_PORT}${AGENT_CARD_PATH}`)
    )
  ) {
    add(health.line, `HEALTHCHECK must curl http://localhost:${PLATFORM_PORT}${AGENT_CARD_PATH}`);
  }
  return problems.sort((a, b) => a.line - b.line);
}

/** A RUN instruction's command as one string (exec form joined with spaces). @param {Instruction} run */
export function runText(run) {
  return run.exec ? run.exec.join(' ') : run.rest;
}
