import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { saveFile } from '@/client/features/invoices/save-file';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';

/**
 * « Télécharger mes données » on the signed order page (RGPD art. 15 and 20, ADR 020): this order's
 * data as a ZIP; the link's token is the right, as for the page.
 */
export function GuestData({ token }: { token: string }) {
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function download() {
    setBusy(true);
    setFailure(null);
    try {
      saveFile(await utils.withdrawal.data.fetch({ token }, { staleTime: 0 }), 'application/zip');
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="rounded-lg border bg-card p-5 sm:p-6">
      <h2 className="mb-2 text-lg font-semibold">Mes données</h2>
      <p className="mb-4 text-sm text-muted-foreground">
        Une archive ZIP : les données de cette commande (vos coordonnées, son historique, ses paiements, votre
        rétractation) et ses factures en PDF.
      </p>
      <Button variant="outline" onClick={download} disabled={busy}>
        <Download aria-hidden="true" />
        Télécharger mes données
      </Button>
      {failure && (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {failure}
        </p>
      )}
    </section>
  );
}
