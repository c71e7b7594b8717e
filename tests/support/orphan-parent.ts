import { ChildProcessUesRunner } from '../../src/green/runtime/index.js';

/**
 * A stand-in green for the orphan test: starts one UES child through the real runner, prints
 * `{"parent": <pid>, "child": <pid>}` and waits to be killed.
 */
const instance = (await new ChildProcessUesRunner().start()) as unknown as { pid: number };
process.stdout.write(`${JSON.stringify({ parent: process.pid, child: instance.pid })}\n`);
setInterval(() => undefined, 60_000);
