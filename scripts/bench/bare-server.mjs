// The baseline for `npm run bench`: plain Node http answering fixed bytes from memory, the fastest a
// Node server can answer these requests. Reads { path: body } as JSON from stdin.
import http from 'node:http';

const port = Number(process.argv[2]);
let input = '';
for await (const chunk of process.stdin) input += chunk;
const bodies = new Map(Object.entries(JSON.parse(input)).map(([path, body]) => [path, Buffer.from(body)]));

http
  .createServer((request, response) => {
    const body = bodies.get(request.url);
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
    });
    response.end(body);
  })
  .listen(port, '127.0.0.1');
