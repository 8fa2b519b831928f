import type { Order } from '@puja/contract';

/**
 * How staff screens name an order's patron: their name, or their phone number while they have none (a
 * patron signs in by phone and may never give a name), so no cell, title or greeting is left blank.
 */
export function patronLabel(user: Order['user']): string {
  return user.name.trim() || user.phone || user.email || '';
}
