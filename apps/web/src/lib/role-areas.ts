import type { Role } from '@puja/contract';

/** Each role's own area: where a signed-in person lands, and is sent when a page is not theirs (docs/product.md#routes). */
export const ROLE_HOME_PATHS: Record<Role, string> = {
  admin: '/admin/dashboard',
  monastery: '/monastery/dashboard',
  user: '/monasteries',
};

// The back-office pages of each staff role. `/monastery/{slug}` is a public page, so the monastery
// staff's area is its two pages, not every path under /monastery/.
const STAFF_AREAS: Record<Exclude<Role, 'user'>, readonly string[]> = {
  admin: ['/admin'],
  monastery: ['/monastery/dashboard', '/monastery/puja'],
};

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The role a path's pages need, or undefined for public pages. Mirrors the route table in app/routes.tsx. */
export function roleRequiredFor(pathname: string): Role | undefined {
  for (const [role, prefixes] of Object.entries(STAFF_AREAS) as [Role, readonly string[]][]) {
    if (prefixes.some((prefix) => isUnder(pathname, prefix))) return role;
  }
  if (['/direct-order', '/orders', '/account-settings', '/lets-begin'].some((p) => isUnder(pathname, p))) {
    return 'user';
  }
  return undefined;
}
