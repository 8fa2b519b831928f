import type { BackOfficeOrderFilter } from '@puja/contract';

/**
 * Where an order stands for the staff, in the words of the orders screen's status filter: the contract's one
 * vocabulary (docs/decisions/039), the same on the dashboard, the list, the calendar and the order's page.
 */
export { staffStatusOf as orderStage } from '@puja/contract';

/** The tint of each stage, beside its name: what needs the staff stands out. */
export const STAGE_COLOURS: Record<BackOfficeOrderFilter, string> = {
  awaiting_payment: 'gray',
  to_approve: 'yellow',
  approved: 'blue',
  completed: 'green',
  declined: 'red',
  cancelled: 'gray',
  expired: 'orange',
};
