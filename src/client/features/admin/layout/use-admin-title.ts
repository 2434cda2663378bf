import { usePageTitle } from '@/client/lib/page-title';

/** The French document title of a back-office screen: 'Produits | Administration | Hygiène - ...'. */
export function useAdminTitle(name: string) {
  usePageTitle(name, 'Administration');
}
