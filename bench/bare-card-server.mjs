// The floor for a green serving its agent card: a bare node:http server answering a JSON card,
// started the same way (a node process on a free loopback port, announcing its URL).
import { createServer } from 'node:http';

const card = JSON.stringify({ name: 'Bare card', description: 'the floor', version: '0.0.0', skills: [] });
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  response.end(card);
});
server.listen(0, '127.0.0.1', () => {
  console.log(`BARE listening on http://127.0.0.1:${server.address().port}/`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
