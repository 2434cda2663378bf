import { useParams } from 'react-router-dom';
import { InspectorFolder } from '@/client/features/sites/inspector-folder';
import { usePageTitle } from '@/client/lib/utils';
import { ShopLayout } from '../features/shop/shop-header';

/** /dossier/{token}: the inspector's folder (ADR 045), its own chunk, no account. */
export default function Dossier() {
  usePageTitle('Dossier de lutte contre les nuisibles');
  const { token = '' } = useParams();
  return (
    <ShopLayout>
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
        <InspectorFolder token={token} />
      </div>
    </ShopLayout>
  );
}
