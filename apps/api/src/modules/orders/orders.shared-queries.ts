/**
 * The orders module's SQL that other modules may call, inside their own transactions: its public data
 * access. Everything else in its *.queries.ts is its own (docs/decisions/061).
 */

export { findOrderCatalogueNames, listStaffContacts } from './order-notices.queries.ts';
export {
  findOrderableOffering,
  findOrderById,
  findOrderName,
  firstNamesOfOrder,
  insertOrderNames,
  insertOrderOnce,
  listImagesOfOrder,
  listNamesOfOrders,
  moveOrderIfStill,
  type OrderNameRow,
  type OrderRow,
  paymentDueSql,
  selectOrders,
} from './orders.queries.ts';
