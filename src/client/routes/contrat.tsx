import { useParams } from 'react-router-dom';
import { trpc } from '@/client/lib/trpc';
import { SignedContract } from '../features/contracts/customer-contracts';
import { SignedPage } from '../features/shop/signed-page';

/**
 * /contrat/{token}: a yearly contract's signed page, mailed at signature and with every contract
 * mail. No account needed: the token (an HMAC of the contract id, server/contracts/contract-link.ts)
 * is the right.
 */
export default function Contrat() {
  const { token = '' } = useParams();
  const contracts = trpc.contracts.byToken.useQuery({ token }, { retry: false });
  return (
    <SignedPage
      title="Mon contrat"
      help="Une question ?"
      query={{ isLoading: contracts.isLoading, data: contracts.data?.[0], error: contracts.error }}
      invalid="Ce lien est invalide ou a expiré."
    >
      {(contract) => (
        <>
          <h1 className="text-3xl font-bold tracking-tight">Mon contrat d’entretien</h1>
          <SignedContract token={token} contract={contract} />
        </>
      )}
    </SignedPage>
  );
}
