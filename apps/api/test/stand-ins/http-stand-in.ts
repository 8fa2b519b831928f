import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  form: URLSearchParams;
}

export type StandInHandler = (request: RecordedRequest) => { status: number; body: unknown };

/**
 * A local HTTP server playing an outside provider: it records each request exactly as it arrived and
 * answers as the provider documents. Our real adapters talk to it over HTTP.
 */
export async function startStandIn(handler: StandInHandler, options: { port?: number } = {}) {
  const requests: RecordedRequest[] = [];
  const server = http.createServer(async (incoming, outgoing) => {
    let body = '';
    for await (const chunk of incoming) body += chunk;
    const recorded: RecordedRequest = {
      method: incoming.method ?? '',
      path: incoming.url ?? '',
      headers: incoming.headers,
      body,
      form: new URLSearchParams(body),
    };
    requests.push(recorded);
    const answer = handler(recorded);
    outgoing
      .writeHead(answer.status, { 'content-type': 'application/json' })
      .end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
