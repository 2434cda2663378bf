import { useParams } from 'react-router-dom';
import { Spinner } from '@/client/components/ui/spinner';
import { SignedSites } from '@/client/features/account/site-space';
import { trpc } from '@/client/lib/trpc';
import { usePageTitle } from '@/client/lib/utils';
import { ShopContact } from '../features/shop/shop-contact';
import { ShopLayout } from '../features/shop/shop-header';

/**
 * /site/{token}: a customer's site without an account (issue 38 point 3): its plan, its reports and
 * invoices, « Signaler une observation ». The token (an HMAC of the site's id,
 * server/inspector/site-space.ts) is the right.
 */
export default function SitePage() {
  usePageTitle('Mon site');
  const { token = '' } = useParams();
  const sites = trpc.inspector.sitesByToken.useQuery({ token }, { retry: false });
  return (
    <ShopLayout>
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        {sites.isLoading ? (
          <Spinner className="min-h-[40vh]" />
        ) : !sites.data ? (
          <p role="alert" className="rounded-lg border bg-card p-6 text-center">
            {sites.error?.message ?? 'Ce lien est invalide ou a expiré.'}
          </p>
        ) : (
          <>
            <div>
              <h1 className="text-3xl font-bold tracking-tight">Mon site</h1>
              <p className="mt-1 text-muted-foreground">
                Le plan des dispositifs, les rapports et les factures de vos interventions.
              </p>
            </div>
            <SignedSites token={token} sites={sites.data} />
            <section className="rounded-lg border bg-card p-6">
              <h2 className="mb-2 text-lg font-semibold">Une question ?</h2>
              <ShopContact />
            </section>
          </>
        )}
      </div>
    </ShopLayout>
  );
}
