import { Archive, FileDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { Spinner } from '@/client/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { toastError } from '@/client/components/ui/toast';
import { saveFile } from '@/client/features/invoices/save-file';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { formatEuros, formatVatRate } from '@/domain/catalog/pricing';
import { documentSign, type RegisterFilters } from '@/domain/invoices/register';
import { shortDateTime } from '@/domain/site/dates';
import { ListFilters, ScreenHeader } from '../layout/screen-parts';
import { AwaitingInvoices } from './awaiting-invoices';

/** One rate's (or the period's) totals as label–amount pairs: the phone layout of the totals table. */
function TotalsList({ title, excl, vat, incl }: { title: string; excl: number; vat: number; incl: number }) {
  return (
    <>
      <p>{title}</p>
      <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 text-sm">
        <dt className="text-muted-foreground">Total HT</dt>
        <dd className="whitespace-nowrap text-right tabular-nums">{formatEuros(excl)}</dd>
        <dt className="text-muted-foreground">TVA</dt>
        <dd className="whitespace-nowrap text-right tabular-nums">{formatEuros(vat)}</dd>
        <dt className="text-muted-foreground">Total TTC</dt>
        <dd className="whitespace-nowrap text-right tabular-nums">{formatEuros(incl)}</dd>
      </dl>
    </>
  );
}

/** A document's PDF, named for screen readers by its number. */
function DownloadButton({ number, onDownload }: { number: string; onDownload: (number: string) => void }) {
  return (
    <Button type="button" size="sm" variant="ghost" onClick={() => onDownload(number)}>
      <FileDown aria-hidden="true" />
      <span className="sr-only">Télécharger {number}</span>
    </Button>
  );
}

/** The register's period: its first and its last day. */
const PERIOD_FILTERS = [
  { key: 'from', label: 'Du' },
  { key: 'to', label: 'Au' },
] as const;

/** "Factures" (admins and auditors): the register by period and series, totals per rate, the export. */
export function InvoicesScreen() {
  const [filters, setFilters] = useState<RegisterFilters>({});
  const list = trpc.invoices.list.useQuery(filters);
  const utils = trpc.useUtils();
  const [exporting, setExporting] = useState(false);
  const set = (change: Partial<RegisterFilters>) => setFilters((f) => ({ ...f, ...change }));
  const clean = (v: string) => (v ? v : undefined);

  async function exportZip() {
    setExporting(true);
    try {
      saveFile(await utils.invoices.export.fetch(filters), 'application/zip');
    } catch (error) {
      toastError(error);
    } finally {
      setExporting(false);
    }
  }

  async function download(number: string) {
    try {
      saveFile(await utils.invoices.download.fetch({ number }), 'application/pdf');
    } catch (error) {
      toastError(error);
    }
  }

  const data = list.data;
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <ScreenHeader
        title="Factures"
        summary={
          <p className="text-muted-foreground">
            Factures et avoirs émis, numérotés sans rupture. Conservés dix ans, jamais modifiés.
          </p>
        }
      >
        <Button type="button" onClick={exportZip} disabled={exporting}>
          <Archive aria-hidden="true" />
          Exporter (ZIP des PDF + CSV)
        </Button>
      </ScreenHeader>
      <AwaitingInvoices />
      <ListFilters>
        {PERIOD_FILTERS.map(({ key, label }) => (
          <Field key={key} label={label} className="@2xl:w-44">
            {(c) => (
              <Input
                {...c}
                type="date"
                value={filters[key] ?? ''}
                onChange={(e) => set({ [key]: clean(e.target.value) })}
              />
            )}
          </Field>
        ))}
        <Field label="Série" className="@2xl:w-48">
          {(c) => (
            <NativeSelect
              {...c}
              value={filters.series ?? ''}
              onChange={(e) => set({ series: clean(e.target.value) })}
            >
              <option value="">Toutes les séries</option>
              {(data?.series ?? []).map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </ListFilters>
      {list.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(list.error)}
        </p>
      ) : !data ? (
        <Spinner />
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>Totaux par taux de TVA</CardTitle>
            </CardHeader>
            {/* Under 32rem of room (a phone, a tablet beside the menu), one block per rate: four columns
                of amounts do not fit. With the room, the table. */}
            <CardContent data-testid="invoice-totals" className="@container">
              <ul className="grid gap-3 @lg:hidden">
                {data.totals.rates.map((r) => (
                  <li key={r.rate} className="rounded-md border p-3">
                    <TotalsList
                      title={`TVA à ${formatVatRate(r.rate)}`}
                      excl={r.baseCents}
                      vat={r.vatCents}
                      incl={r.totalInclCents}
                    />
                  </li>
                ))}
                <li className="rounded-md border bg-muted/40 p-3 font-semibold">
                  <TotalsList
                    title="Total (avoirs déduits)"
                    excl={data.totals.totalExclCents}
                    vat={data.totals.totalVatCents}
                    incl={data.totals.totalInclCents}
                  />
                </li>
              </ul>
              <Table className="hidden @lg:table">
                <TableHeader>
                  <TableRow>
                    <TableHead>Taux</TableHead>
                    <TableHead className="text-right">Total HT</TableHead>
                    <TableHead className="text-right">TVA</TableHead>
                    <TableHead className="text-right">Total TTC</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.totals.rates.map((r) => (
                    <TableRow key={r.rate}>
                      <TableCell>{formatVatRate(r.rate)}</TableCell>
                      <TableCell className="whitespace-nowrap text-right tabular-nums">
                        {formatEuros(r.baseCents)}
                      </TableCell>
                      <TableCell className="whitespace-nowrap text-right tabular-nums">
                        {formatEuros(r.vatCents)}
                      </TableCell>
                      <TableCell className="whitespace-nowrap text-right tabular-nums">
                        {formatEuros(r.totalInclCents)}
                      </TableCell>
                    </TableRow>
                  ))}
                  <TableRow className="font-semibold">
                    <TableCell>Total (avoirs déduits)</TableCell>
                    <TableCell className="whitespace-nowrap text-right tabular-nums">
                      {formatEuros(data.totals.totalExclCents)}
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-right tabular-nums">
                      {formatEuros(data.totals.totalVatCents)}
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-right tabular-nums">
                      {formatEuros(data.totals.totalInclCents)}
                    </TableCell>
                  </TableRow>
                </TableBody>
              </Table>
            </CardContent>
          </Card>
          {/* The register: a table when the main area has the room for its seven columns, else one
              block per document (a phone, a tablet beside the sidebar). */}
          <Card>
            <CardContent className="p-0">
              <ul className="divide-y @4xl:hidden" data-testid="invoice-register-list">
                {data.rows.length === 0 ? (
                  <li className="px-4 py-8 text-center text-muted-foreground">
                    Aucune facture sur cette période.
                  </li>
                ) : (
                  data.rows.map((r) => {
                    const sign = documentSign(r);
                    return (
                      <li key={r.number} className="grid gap-1 p-4 text-sm">
                        <div className="flex items-start justify-between gap-2">
                          <div className="min-w-0">
                            <p className="font-medium">
                              {r.kind === 'invoice' ? 'Facture' : 'Avoir'}{' '}
                              <span className="whitespace-nowrap">{r.number}</span>
                            </p>
                            {r.citesNumber ? (
                              <p className="text-xs text-muted-foreground">sur {r.citesNumber}</p>
                            ) : null}
                          </div>
                          <DownloadButton number={r.number} onDownload={download} />
                        </div>
                        <p className="[overflow-wrap:anywhere]">{r.customerName}</p>
                        <p className="text-xs text-muted-foreground tabular-nums">
                          <span className="whitespace-nowrap">{shortDateTime(r.issuedAt)}</span> ·{' '}
                          <span className="whitespace-nowrap">{r.orderNumber}</span>
                        </p>
                        <p className="tabular-nums">
                          <span className="whitespace-nowrap font-medium">
                            {formatEuros(sign * r.totalInclCents)} TTC
                          </span>{' '}
                          <span className="whitespace-nowrap text-muted-foreground">
                            · {formatEuros(sign * r.totalExclCents)} HT
                          </span>
                        </p>
                      </li>
                    );
                  })
                )}
              </ul>
              <Table data-testid="invoice-register" className="hidden @4xl:table">
                <TableHeader>
                  <TableRow>
                    <TableHead>Numéro</TableHead>
                    <TableHead>Date</TableHead>
                    <TableHead>Origine</TableHead>
                    <TableHead>Client</TableHead>
                    <TableHead className="text-right">HT</TableHead>
                    <TableHead className="text-right">TTC</TableHead>
                    <TableHead>
                      <span className="sr-only">PDF</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.rows.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={7} className="py-8 text-center text-muted-foreground">
                        Aucune facture sur cette période.
                      </TableCell>
                    </TableRow>
                  ) : (
                    data.rows.map((r) => {
                      const sign = documentSign(r);
                      return (
                        <TableRow key={r.number}>
                          <TableCell className="whitespace-nowrap font-medium">
                            {r.kind === 'invoice' ? 'Facture' : 'Avoir'} {r.number}
                            {r.citesNumber ? (
                              <span className="block text-xs text-muted-foreground">sur {r.citesNumber}</span>
                            ) : null}
                          </TableCell>
                          <TableCell className="whitespace-nowrap">{shortDateTime(r.issuedAt)}</TableCell>
                          <TableCell className="whitespace-nowrap">{r.orderNumber}</TableCell>
                          <TableCell>{r.customerName}</TableCell>
                          <TableCell className="whitespace-nowrap text-right tabular-nums">
                            {formatEuros(sign * r.totalExclCents)}
                          </TableCell>
                          <TableCell className="whitespace-nowrap text-right tabular-nums">
                            {formatEuros(sign * r.totalInclCents)}
                          </TableCell>
                          <TableCell>
                            <DownloadButton number={r.number} onDownload={download} />
                          </TableCell>
                        </TableRow>
                      );
                    })
                  )}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
