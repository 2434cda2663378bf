import { useParams } from 'react-router-dom';
import { FolderGone, InspectorFolder, useNoIndex } from '@/client/features/sites/inspector-folder';
import { trpc } from '@/client/lib/trpc';
import { SignedPage } from '../features/shop/signed-page';

/** /dossier/{token}: the inspector's folder (ADR 045), its own chunk, no account. */
export default function Dossier() {
  useNoIndex();
  const { token = '' } = useParams();
  const folder = trpc.inspector.folder.useQuery(
    { token },
    { retry: false, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false },
  );
  return (
    <SignedPage
      title="Dossier de lutte contre les nuisibles"
      width="4xl"
      query={folder}
      invalid={<FolderGone />}
    >
      {(data) => <InspectorFolder folder={data} token={token} />}
    </SignedPage>
  );
}
