import { useParams } from 'react-router-dom';
import { SignedSites } from '@/client/features/account/site-space';
import { trpc } from '@/client/lib/trpc';
import { SignedPage } from '../features/shop/signed-page';

/**
 * /site/{token}: a customer's site without an account (issue 38 point 3): its plan, its reports and
 * invoices, « Signaler une observation ». The token (an HMAC of the site's id,
 * server/inspector/site-space.ts) is the right.
 */
export default function SitePage() {
  const { token = '' } = useParams();
  const sites = trpc.inspector.sitesByToken.useQuery({ token }, { retry: false });
  return (
    <SignedPage
      title="Mon site"
      width="5xl"
      help="Une question ?"
      query={sites}
      invalid="Ce lien est invalide ou a expiré."
    >
      {(data) => (
        <>
          <div>
            <h1 className="text-3xl font-bold tracking-tight">Mon site</h1>
            <p className="mt-1 text-muted-foreground">
              Le plan des dispositifs, les rapports et les factures de vos interventions.
            </p>
          </div>
          <SignedSites token={token} sites={data} />
        </>
      )}
    </SignedPage>
  );
}
