// The ceiling for state reads: a bare node:http server answering the same state JSON, serialised
// with JSON.stringify on every request (as a server holding the state as objects must do).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const state = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const server = createServer((request, response) => {
  const body = JSON.stringify(state);
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  console.log(`BARE listening on http://127.0.0.1:${server.address().port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
