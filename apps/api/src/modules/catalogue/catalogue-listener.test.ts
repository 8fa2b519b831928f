import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../../../test/stand-ins/tcp-proxy.ts';
import { createTestDatabase } from '../../../test/test-app.ts';
import { connectDatabase } from '../../db/client.ts';
import { CATALOGUE_CHANNEL, CatalogueCache, listenForCatalogueChanges } from './catalogue-cache.ts';

/** The listener that keeps every instance's catalogue cache true, through a database outage (decision 025). */
describe('the catalogue change listener', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: TcpProxy;

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await startTcpProxy(Number(new URL(database.url).port));
  });
  afterAll(async () => {
    await proxy?.close();
    await database?.drop();
  });

  it('keeps trying until the database is back, then hears changes again', async () => {
    const throughProxy = new URL(database.url);
    throughProxy.port = String(proxy.port);
    const connection = connectDatabase(throughProxy.toString(), 2);
    const cache = new CountingCache();
    let failures = 0;
    const stop = await listenForCatalogueChanges(connection.pool, cache, () => {
      failures += 1;
    });
    try {
      proxy.cut();
      // The dropped connection, then at least one attempt to reconnect that failed.
      await until(() => failures >= 2);
      await proxy.restore();
      const heard = async () => {
        const before = cache.clears;
        await database.pool.query(`NOTIFY ${CATALOGUE_CHANNEL}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        return cache.clears > before;
      };
      await until(heard);
      // Heard, not merely cleared on reconnecting: a second change is heard too.
      expect(await heard()).toBe(true);
    } finally {
      await stop();
      await connection.close();
    }
  });
});

class CountingCache extends CatalogueCache {
  clears = 0;
  override clear(): void {
    this.clears += 1;
    super.clear();
  }
}

/** Polls a condition every 100 ms; gives up after 30 s (the listener's back-off reaches 16 s by then). */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 300; tries += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the condition did not hold within 30 s');
}
