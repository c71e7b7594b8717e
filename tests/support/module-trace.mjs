// Preloaded into a child process (NODE_OPTIONS=--import=<this file>) to learn which modules it
// loaded: every URL that passes the ESM loader is written, one a line, to MODULE_TRACE_FILE when
// the process exits. Tests use it to keep heavy modules off a start path (issue 30). Plain
// JavaScript, so it runs before (and without) tsx.
import { writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const file = process.env.MODULE_TRACE_FILE;
if (file) {
  const { port1, port2 } = new MessageChannel();
  const loaded = new Set();
  port1.on('message', (url) => loaded.add(url));
  port1.unref();
  // The hooks run on the loader's thread; each load is posted back to this one.
  const hooks = `
    let port;
    export function initialize(data) { port = data.port; }
    export async function load(url, context, next) {
      const result = await next(url, context);
      port.postMessage(url);
      return result;
    }`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`, {
    parentURL: import.meta.url,
    data: { port: port2 },
    transferList: [port2],
  });
  process.on('exit', () => writeFileSync(file, [...loaded].join('\n')));
}
