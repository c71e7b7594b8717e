/**
 * Typed handles on the plain-JS check:images modules. `scripts/*.mjs` are outside the TypeScript
 * program (no allowJs), so the tests load them by URL and describe the API they use here; a
 * mismatch shows up as a failing test, not a silent any.
 */

export interface Instruction {
  line: number;
  keyword: string;
  flags: Record<string, string>;
  rest: string;
  exec: string[] | undefined;
}
export interface Stage {
  line: number;
  base: string;
  name: string | undefined;
  parent: number | undefined;
  instructions: Instruction[];
}
export interface Dockerfile {
  file: string;
  globalArgs: Instruction[];
  stages: Stage[];
}
export interface ImageConfig {
  env: Record<string, string>;
  workdir: string;
  user: string;
  userLine: number | undefined;
  exposed: Record<string, number>;
  entrypoint: { exec: string[] } | { shell: string } | undefined;
  entrypointLine: number | undefined;
  cmd: string[];
  cmdIsExec: boolean;
  cmdLine: number | undefined;
  healthcheck: { command: string[]; line: number } | undefined;
}
export interface Problem {
  line: number;
  message: string;
}

export interface DockerfileModule {
  parseDockerfile(text: string, file?: string): Dockerfile;
  imageConfig(dockerfile: Dockerfile, stageIndex?: number): ImageConfig;
  containerCommand(config: ImageConfig, args?: string[]): string[];
  checkImagePolicy(dockerfile: Dockerfile, expected: { role: string }): Problem[];
  splitWords(text: string, vars?: Record<string, string>): string[];
  DockerfileError: new (file: string, line: number, message: string) => Error;
  PLATFORM_CMD: string[];
}

export interface BuiltImage {
  file: string;
  root: string;
  config: ImageConfig;
}
export interface ImageBuildModule {
  readDockerignore(text: string): unknown[];
  isIgnored(patterns: unknown[], path: string): boolean;
  classifyRun(command: string): { system: string[]; cleanup: string[]; app: string[] };
  emulateBuild(options: {
    dockerfile: Dockerfile;
    contextDir: string;
    workRoot: string;
    log: (message: string) => void;
  }): Promise<BuiltImage>;
  ImageCheckError: new (...args: never[]) => Error;
}

async function load<T>(name: string): Promise<T> {
  return (await import(new URL(`../../scripts/${name}`, import.meta.url).href)) as T;
}

export const loadDockerfileModule = (): Promise<DockerfileModule> => load('dockerfile.mjs');
export const loadImageBuildModule = (): Promise<ImageBuildModule> => load('image-build.mjs');
