import { createBrowserRouter, matchRoutes } from 'react-router';
import { routes } from './routes.tsx';

/**
 * The browser's router. A server-rendered page hydrates only if the first render matches the server's:
 * the lazy routes on the current address are loaded first, as the server did, instead of showing the
 * loading fallback while they load.
 */
export async function createRouter() {
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<object>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  return createBrowserRouter(routes);
}
