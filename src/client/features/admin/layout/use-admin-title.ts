import { usePageTitle } from '@/client/lib/utils';

/** The French document title of a back-office screen: 'Produits | Administration | Hygiène - ...'. */
export function useAdminTitle(name: string) {
  usePageTitle(name, 'Administration');
}
