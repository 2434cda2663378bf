import { useNavigate, useSearchParams } from 'react-router-dom';
import { SitePage } from '@/client/features/sites/site-page';
import { SitesScreen, sitePath } from '@/client/features/sites/sites-screen';

/** « Sites » (issue 38): the list, or one site's page with ?site=<id>. */
export default function AdminSites() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const siteId = params.get('site');
  return siteId ? (
    <SitePage key={siteId} siteId={siteId} />
  ) : (
    <SitesScreen onOpen={(id) => navigate(sitePath(id))} />
  );
}
