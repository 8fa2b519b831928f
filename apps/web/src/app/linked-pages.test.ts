import { LINKED_PAGES, orderPagePath } from '@puja/contract';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes.tsx';

/**
 * The pages the server links to from SMS, e-mails and calendar events (LINKED_PAGES; the server's side is
 * apps/api/src/modules/orders/notice-links.test.ts) are pages of the route table, never its "not found".
 */
describe('the pages notices link to', () => {
  it.each(Object.entries(LINKED_PAGES))('%s (%s) is a page of the route table', (_name, path) => {
    const page = matchRoutes(routes, path)?.at(-1)?.route;
    expect(page, path).toBeDefined();
    expect(page?.path, path).not.toBe('*');
  });

  it('finds an order’s page, and not a page that is not there', () => {
    expect(matchRoutes(routes, orderPagePath(7).split('?')[0]!)?.at(-1)?.route.path).toBe('orders');
    // The link every e-mail carried before issue 29: a page the table does not have.
    expect(matchRoutes(routes, '/account')?.at(-1)?.route.path).toBe('*');
  });
});
