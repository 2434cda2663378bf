import { useEffect } from 'react';

/** Sets the document title of a shop page. */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    if (title) document.title = `${title} | Hygiène - Anti-nuisibles 27`;
  }, [title]);
}
