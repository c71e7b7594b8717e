import type { IncomingMessage, ServerResponse } from 'node:http';

/** Reading JSON bodies and writing JSON-RPC answers on Node's request and response. */

/** A request body that cannot be taken: too large, or not JSON. */
export class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Reads a JSON body of at most `limit` bytes; `undefined` for an empty one. */
export function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyError(413, `the request body is larger than ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.once('error', reject);
    req.once('close', () => {
      if (!req.complete) reject(new BodyError(400, 'the request ended before its whole body arrived'));
    });
    req.once('end', () => {
      if (size > limit) return;
      if (size === 0) return resolve(undefined);
      try {
        resolve(JSON.parse(Buffer.concat(chunks, size).toString('utf8')) as unknown);
      } catch (error) {
        reject(new BodyError(400, `the request body is not JSON: ${(error as Error).message}`));
      }
    });
  });
}

/** A JSON-RPC error that answers no particular request. */
export function rpcError(code: number, message: string): unknown {
  return { jsonrpc: '2.0', error: { code, message }, id: null };
}

/** Writes a whole answer at once: JSON when there is a body, nothing otherwise. */
export function reply(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  if (body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}
