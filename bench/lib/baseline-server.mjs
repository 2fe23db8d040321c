// The ceiling of the api figures: a bare node:http server answering each route's captured
// bytes from memory. Run as its own process (like the api) so it never shares a core's event
// loop with the load generator. Usage: node baseline-server.mjs <port> <routes.json>
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [port, file] = process.argv.slice(2);
const routes = new Map(
  Object.entries(JSON.parse(readFileSync(file, 'utf8'))).map(([key, answer]) => [
    key,
    {
      status: answer.status,
      headers: { 'content-type': answer.contentType },
      body: Buffer.from(answer.body, 'base64'),
    },
  ]),
);

http
  .createServer((req, res) => {
    const answer = routes.get(`${req.method} ${(req.url ?? '/').split('?')[0]}`);
    // Bodies are read to the end, as the api reads them.
    req.resume();
    req.on('end', () => {
      if (!answer) return void res.writeHead(404).end();
      res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
      res.end(answer.body);
    });
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
