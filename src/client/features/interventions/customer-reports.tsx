import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { FormAlert } from '@/client/components/ui/field';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { frenchLongDate } from '@/domain/site/dates';
import { saveFile } from '../invoices/save-file';

interface ListedReport {
  interventionNumber: string;
  number: string;
  issuedAt: string;
  addenda: number[];
}

/** The customer's sealed reports (ADR 038), each with its PDF and its addenda's, as mailed. */
function ReportList({
  items,
  download,
}: {
  items: ListedReport[];
  download: (number: string) => Promise<{ filename: string; base64: string }>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const get = async (number: string) => {
    setError(null);
    setBusy(number);
    try {
      saveFile(await download(number), 'application/pdf');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  if (items.length === 0) return null;
  return (
    <section className="mt-8" aria-labelledby="customer-reports">
      <h2 id="customer-reports" className="mb-3 text-lg font-semibold">
        Mes rapports d’intervention
      </h2>
      <FormAlert message={error} />
      <ul className="divide-y rounded-lg border bg-card">
        {items.map((r) => (
          <li key={r.number} className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm">
            <span>
              <span className="font-medium">Rapport {r.number}</span>
              <span className="block text-muted-foreground">
                Intervention {r.interventionNumber} · scellé le {frenchLongDate(r.issuedAt)}
              </span>
            </span>
            <span className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" disabled={busy !== null} onClick={() => get(r.number)}>
                <Download className="size-4" aria-hidden="true" />
                Télécharger le rapport
              </Button>
              {r.addenda.map((a) => (
                <Button
                  key={a}
                  variant="outline"
                  size="sm"
                  disabled={busy !== null}
                  onClick={() => get(`${r.number}-A${a}`)}
                >
                  <Download className="size-4" aria-hidden="true" />
                  Additif n° {a}
                </Button>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /compte: the account's reports. */
export function MyReports() {
  const reports = trpc.reports.mine.useQuery();
  const utils = trpc.useUtils();
  return (
    <ReportList items={reports.data ?? []} download={(number) => utils.reports.minePdf.fetch({ number })} />
  );
}

/** The signed link's page (/rendez-vous/{token}): the intervention's reports. */
export function SignedReports({ token }: { token: string }) {
  const reports = trpc.reports.byToken.useQuery({ token }, { retry: false });
  const utils = trpc.useUtils();
  return (
    <ReportList
      items={reports.data ?? []}
      download={(number) => utils.reports.tokenPdf.fetch({ token, number })}
    />
  );
}
