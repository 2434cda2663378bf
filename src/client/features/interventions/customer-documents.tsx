import { DocumentList, DownloadButton } from '@/client/features/account/order-documents';
import { trpc } from '@/client/lib/trpc';

const TITLE = 'Rapports et factures d’intervention';

/**
 * /compte: the documents of the account's interventions (ADR 038 reports and their addenda, ADR 039
 * invoices with their status), in the order documents' list, each PDF as issued.
 */
export function MyInterventionDocuments() {
  const documents = trpc.reports.mine.useQuery();
  const utils = trpc.useUtils();
  if (!documents.data || documents.data.length === 0) return null;
  return (
    <DocumentList
      className="mt-8"
      pageSection
      title={TITLE}
      documents={documents.data}
      action={(d) => (
        <DownloadButton document={d} fetch={() => utils.reports.minePdf.fetch({ number: d.number })} />
      )}
    />
  );
}

/** The signed link's page (/rendez-vous/{token}): the same for its intervention. */
export function SignedInterventionDocuments({ token }: { token: string }) {
  const documents = trpc.reports.byToken.useQuery({ token }, { retry: false });
  const utils = trpc.useUtils();
  if (!documents.data || documents.data.length === 0) return null;
  return (
    <DocumentList
      className="rounded-lg border bg-card p-5 sm:p-6"
      pageSection
      title={TITLE}
      documents={documents.data}
      action={(d) => (
        <DownloadButton
          document={d}
          fetch={() => utils.reports.tokenPdf.fetch({ token, number: d.number })}
        />
      )}
    />
  );
}
