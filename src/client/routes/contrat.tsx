import { useParams } from 'react-router-dom';
import { usePageTitle } from '@/client/lib/utils';
import { SignedContract } from '../features/contracts/customer-contracts';
import { ShopContact } from '../features/shop/shop-contact';
import { ShopLayout } from '../features/shop/shop-header';

/**
 * /contrat/{token}: a yearly contract's signed page, mailed at signature and with every contract
 * mail. No account needed: the token (an HMAC of the contract id, server/contracts/contract-link.ts)
 * is the right.
 */
export default function Contrat() {
  usePageTitle('Mon contrat');
  const { token = '' } = useParams();
  return (
    <ShopLayout>
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="text-3xl font-bold tracking-tight">Mon contrat d’entretien</h1>
        <SignedContract token={token} />
        <section className="rounded-lg border bg-card p-6">
          <h2 className="mb-2 text-lg font-semibold">Une question ?</h2>
          <ShopContact />
        </section>
      </div>
    </ShopLayout>
  );
}
