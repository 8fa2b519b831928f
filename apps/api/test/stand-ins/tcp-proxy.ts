import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Drops every connection and refuses new ones, as a database server that is down does. */
  cut: () => void;
  /** Accepts connections again, on the same port. */
  restore: () => Promise<void>;
  close: () => Promise<void>;
}

/**
 * A TCP proxy to 127.0.0.1:`targetPort` that can cut the way through and open it again: a database that
 * goes away and comes back, as the app sees it, without touching the database itself (docs/decisions/025).
 */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  return {
    port,
    cut: () => {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
    restore: async () => {
      await listen(port);
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}
