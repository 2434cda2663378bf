import { Archive, Lock } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { Spinner } from '@/client/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { toast, toastError } from '@/client/components/ui/toast';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { formatEuros } from '@/domain/catalog/pricing';
import { YEAR_DIGITS } from '@/domain/common/limits';
import { CLOSURE_KIND_LABELS, type ClosureKind, closureLabel } from '@/domain/orders/closures';
import { paymentMethodLabel } from '@/domain/orders/money';
import { frenchDateTime } from '@/domain/site/dates';
import { parisDay } from '@/domain/site/time-zone';

/** Where the server streams a signed archive (src/server/audit/log-download.ts). */
const ARCHIVE_URL = '/api/admin/audit/archive';

const yesterday = () => parisDay(new Date(Date.now() - 24 * 3600 * 1000));

/**
 * « Clôtures » (issue 24, point 4): the till's daily, monthly and yearly closures, each sealed in
 * the log; admins close past days on demand (the server closes them by itself too), and anyone of
 * staff downloads a signed archive.
 */
export function ClosuresCard({ canEdit }: { canEdit: boolean }) {
  const closures = trpc.audit.closures.useQuery();
  const utils = trpc.useUtils();
  const [day, setDay] = useState(yesterday);
  const [year, setYear] = useState(() => day.slice(0, 4));
  const close = trpc.audit.close.useMutation({
    onSuccess: ({ written }) => {
      toast({
        title: 'Succès',
        description:
          written > 0
            ? `${written} clôture${written > 1 ? 's' : ''} écrite${written > 1 ? 's' : ''}.`
            : 'Rien à clôturer.',
        variant: 'success',
      });
      void utils.audit.invalidate();
    },
    onError: toastError,
  });
  return (
    <Card>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle className="text-lg">Clôtures</CardTitle>
        <CardDescription>
          Chaque journée passée avec des paiements ou remboursements est clôturée : totaux par moyen de
          paiement et par taux de TVA, nombre de mouvements et grand total perpétuel. Une période clôturée ne
          reçoit plus aucun mouvement.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 pb-4 sm:px-6 sm:pb-6" data-testid="audit-closures">
        <div className="flex flex-wrap items-end gap-3">
          {canEdit ? (
            <form
              className="flex flex-wrap items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                close.mutate({ day });
              }}
            >
              <Field label="Clôturer jusqu'au">
                {(control) => (
                  <Input
                    {...control}
                    type="date"
                    value={day}
                    max={yesterday()}
                    onChange={(e) => setDay(e.target.value)}
                  />
                )}
              </Field>
              <Button type="submit" variant="outline" disabled={close.isPending}>
                <Lock aria-hidden="true" /> Clôturer
              </Button>
            </form>
          ) : null}
          <div className="flex flex-wrap items-end gap-2">
            <Field label="Archive de l'année">
              {(control) => (
                <Input
                  {...control}
                  className="w-24"
                  inputMode="numeric"
                  maxLength={YEAR_DIGITS}
                  value={year}
                  onChange={(e) => setYear(e.target.value.replace(/\D/g, ''))}
                />
              )}
            </Field>
            <Button asChild variant="outline">
              <a href={`${ARCHIVE_URL}?periode=${year || 'tout'}`} download>
                <Archive aria-hidden="true" /> Télécharger l'archive signée
              </a>
            </Button>
          </div>
        </div>
        {closures.isLoading ? (
          <Spinner />
        ) : !closures.data || closures.data.length === 0 ? (
          <p className="text-muted-foreground">Aucune clôture pour l'instant.</p>
        ) : (
          <div className="@container">
            {/* A phone or a narrow column: one card per closure, never a table to scroll sideways. */}
            <ul className="grid gap-3 @3xl:hidden" aria-label="Clôtures">
              {closures.data.map((c) => (
                <li
                  key={c.position}
                  className="grid gap-2 rounded-md border p-3 text-sm"
                  data-testid="closure-card"
                >
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                    <p className="font-medium">
                      {closureLabel(c.kind as ClosureKind, c.period)}{' '}
                      <span className="text-xs font-normal text-muted-foreground">
                        {CLOSURE_KIND_LABELS[c.kind as ClosureKind]}
                      </span>
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {c.movementCount} mouvement{c.movementCount > 1 ? 's' : ''}
                    </p>
                  </div>
                  <dl className="grid grid-cols-2 gap-2">
                    <div>
                      <dt className="text-xs text-muted-foreground">Net</dt>
                      <dd className="whitespace-nowrap font-medium tabular-nums">
                        {formatEuros(c.netCents)}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-xs text-muted-foreground">Grand total</dt>
                      <dd className="whitespace-nowrap tabular-nums">{formatEuros(c.grandTotalCents)}</dd>
                    </div>
                  </dl>
                  <ClosureTotals closure={c} />
                  <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                    Scellée le {frenchDateTime(c.closedAt)} ·{' '}
                    <span className="font-mono" title={c.lastEventHash ?? undefined}>
                      {c.lastEventHash ? `${c.lastEventHash.slice(0, 12)}…` : '—'}
                    </span>
                  </p>
                </li>
              ))}
            </ul>
            <Table className="hidden @3xl:table">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Période</TableHead>
                  <TableHead className="text-right">Mouvements</TableHead>
                  <TableHead>Par moyen</TableHead>
                  <TableHead className="text-right">Net</TableHead>
                  <TableHead className="text-right">Grand total</TableHead>
                  <TableHead>Scellée</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {closures.data.map((c) => (
                  <TableRow key={c.position}>
                    <TableCell className="min-w-36">
                      <p className="font-medium">{closureLabel(c.kind as ClosureKind, c.period)}</p>
                      <p className="text-xs text-muted-foreground">
                        {CLOSURE_KIND_LABELS[c.kind as ClosureKind]}
                      </p>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{c.movementCount}</TableCell>
                    <TableCell className="min-w-40 text-xs">
                      <ClosureTotals closure={c} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-right font-medium tabular-nums">
                      {formatEuros(c.netCents)}
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-right tabular-nums">
                      {formatEuros(c.grandTotalCents)}
                    </TableCell>
                    <TableCell className="min-w-36 text-xs text-muted-foreground">
                      {frenchDateTime(c.closedAt)}
                      <br />
                      <span className="font-mono" title={c.lastEventHash ?? undefined}>
                        {c.lastEventHash ? `${c.lastEventHash.slice(0, 12)}…` : '—'}
                      </span>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

type Closure = RouterOutputs['audit']['closures'][number];

/** A closure's totals by payment method and by VAT rate (the card and the table). */
function ClosureTotals({ closure: c }: { closure: Closure }) {
  return (
    <div className="text-xs">
      {Object.entries(c.totals.byMethod).map(([method, amount]) => (
        <p key={method} className="tabular-nums">
          {paymentMethodLabel(method)}&nbsp;: <span className="whitespace-nowrap">{formatEuros(amount)}</span>
        </p>
      ))}
      {c.totals.byVat.map((v) => (
        <p key={v.rate} className="tabular-nums text-muted-foreground">
          TVA {v.rate.toLocaleString('fr-FR')}&nbsp;%&nbsp;:{' '}
          <span className="whitespace-nowrap">{formatEuros(v.vatCents)}</span>
        </p>
      ))}
    </div>
  );
}
