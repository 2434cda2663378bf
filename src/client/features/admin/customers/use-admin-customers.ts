import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { CUSTOMER_PAGE_SIZE } from '@/domain/account/customers';
import type { Role } from '@/domain/account/roles';
import { pagedList, pagedListOptions } from '../layout/paged-list';

export type AdminCustomer = RouterOutputs['adminCustomers']['list']['items'][number];

/** Pages of customers matching the search and role, newest first, with the count of all that match. */
export function useAdminCustomers(search: string, role: Role | null) {
  return pagedList(
    trpc.adminCustomers.list.useInfiniteQuery({ search, role, limit: CUSTOMER_PAGE_SIZE }, pagedListOptions),
  );
}

/** After a change: every customers list (any search or filter) reloads. */
export function useCustomersChanged() {
  const utils = trpc.useUtils();
  return () => utils.adminCustomers.list.invalidate();
}
