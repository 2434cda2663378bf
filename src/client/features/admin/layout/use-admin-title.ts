import { useEffect } from 'react';
import { adminTitle } from './admin-pages';

/** The French document title of a back-office screen. */
export function useAdminTitle(name: string) {
  useEffect(() => {
    document.title = adminTitle(name);
  }, [name]);
}
