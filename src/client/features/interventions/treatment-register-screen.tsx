import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { NativeSelect } from '@/client/components/ui/native-select';
import { Spinner } from '@/client/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { ListFilters, ScreenHeader } from '@/client/features/admin/layout/screen-parts';
import { useAdminTitle } from '@/client/features/admin/layout/use-admin-title';
import { errorMessage } from '@/client/lib/errors';
import { useCoalesced } from '@/client/lib/live-client';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { biocideTypeLabel, registerDay } from '@/domain/catalog/biocide-register';
import {
  CERTIFICATE_STATUS_LABELS,
  type CertificateStatus,
  quantityLabel,
  siteLabel,
  type TreatmentRegisterFilters,
  treatmentRegisterFiltersSchema,
} from '@/domain/interventions/treatment-register';
import { frenchDay } from '@/domain/site/dates';

type Row = RouterOutputs['treatmentRegister']['list']['rows'][number];

/** A treatment or a sealed report (on any screen, by anyone) reloads the register. */
function useLiveRegister() {
  const utils = trpc.useUtils();
  const reload = useCoalesced(() => void utils.treatmentRegister.invalidate(), 100);
  trpc.live.treatments.useSubscription({ lastEventId: null }, { onData: () => reload() });
}

/** The files' address with the screen's filters (the list, the CSV and the PDF read one schema). */
function fileUrl(extension: 'csv' | 'pdf', f: TreatmentRegisterFilters) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(f)) if (value) params.set(key, value);
  const query = params.toString();
  return `/api/admin/treatment-register.${extension}${query ? `?${query}` : ''}`;
}

const STATUS_VARIANTS: Record<CertificateStatus, 'secondary' | 'destructive' | 'outline'> = {
  valid: 'secondary',
  expired: 'destructive',
  wrongCategory: 'destructive',
  none: 'outline',
};

function CertificateCell({ row }: { row: Row }) {
  return (
    <div className="grid gap-1">
      <span className="font-medium">{row.applicator_name}</span>
      <span className="text-xs text-muted-foreground">
        {row.certificate_number ? (
          <>
            Certibiocide {row.certificate_category}{' '}
            <span className="whitespace-nowrap">n° {row.certificate_number}</span>
            <br />
            valable jusqu'au {registerDay(row.certificate_expires_on ?? '')}
          </>
        ) : (
          'Aucun certificat'
        )}
      </span>
      <Badge variant={STATUS_VARIANTS[row.certificate_status]} className="w-fit">
        {row.certificate_status === 'valid'
          ? 'Valide le jour du traitement'
          : CERTIFICATE_STATUS_LABELS[row.certificate_status]}
      </Badge>
    </div>
  );
}

function ProductCell({ row }: { row: Row }) {
  return (
    <div className="grid gap-0.5">
      <span className="font-medium">{row.product_title}</span>
      <span className="text-xs text-muted-foreground">
        AMM {row.amm_number} · {biocideTypeLabel(row.biocide_type)}
        {row.professional_only ? ' · réservé aux professionnels' : ''}
      </span>
    </div>
  );
}

const reportLabel = (row: Row) => row.report_number ?? 'Rapport non scellé';

/**
 * « Registre des traitements » (issue 37, point 6; ADR 040): the biocides the firm's technicians
 * applied, read from the interventions' events. Admins and auditors read it; no one types in it.
 */
export function TreatmentRegisterScreen() {
  useAdminTitle('Registre des traitements');
  useLiveRegister();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [product, setProduct] = useState('');
  const [technician, setTechnician] = useState('');
  const raw = {
    from: from || undefined,
    to: to || undefined,
    product: product || undefined,
    technician: technician || undefined,
  };
  // A period typed backwards is said here, not sent.
  const parsed = treatmentRegisterFiltersSchema.safeParse(raw);
  const filters: TreatmentRegisterFilters = parsed.success ? parsed.data : {};
  const list = trpc.treatmentRegister.list.useQuery(filters, { enabled: parsed.success });
  const choices = trpc.treatmentRegister.choices.useQuery();
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? null;

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6">
      <ScreenHeader
        title="Registre des traitements"
        summary={
          <p className="text-muted-foreground" data-testid="register-summary">
            {total === null
              ? '\u00a0'
              : total === 0
                ? 'Aucun traitement sur la période'
                : `${total} ${total > 1 ? 'traitements' : 'traitement'} biocide${total > 1 ? 's' : ''}${
                    total > rows.length ? ` (les ${rows.length} premiers affichés)` : ''
                  }`}
          </p>
        }
      >
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <a href={fileUrl('csv', filters)} download>
              <Download aria-hidden="true" />
              Exporter (CSV)
            </a>
          </Button>
          <Button variant="outline" asChild>
            <a href={fileUrl('pdf', filters)} download>
              <FileText aria-hidden="true" />
              Exporter (PDF)
            </a>
          </Button>
        </div>
      </ScreenHeader>
      <p className="-mt-3 max-w-3xl text-sm text-muted-foreground">
        Les produits biocides appliqués par nos techniciens, tels qu'ils ont été enregistrés pendant les
        visites (produit, numéro d'AMM, certificat de l'applicateur le jour du traitement) et repris dans les
        rapports d'intervention. Le registre se remplit seul : il ne se modifie pas.
      </p>
      <ListFilters>
        <div className="grid grid-cols-2 gap-3 @2xl:flex @2xl:gap-3">
          <div className="grid min-w-0 gap-1">
            <Label htmlFor="register-from">Du</Label>
            <Input
              id="register-from"
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              className="min-w-0 @2xl:w-40"
            />
          </div>
          <div className="grid min-w-0 gap-1">
            <Label htmlFor="register-to">Au</Label>
            <Input
              id="register-to"
              type="date"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              aria-invalid={!parsed.success}
              className="min-w-0 @2xl:w-40"
            />
          </div>
        </div>
        <div className="grid gap-1 @2xl:w-64">
          <Label htmlFor="register-product">Produit</Label>
          <NativeSelect id="register-product" value={product} onChange={(e) => setProduct(e.target.value)}>
            <option value="">Tous les produits</option>
            {choices.data?.products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1 @2xl:w-56">
          <Label htmlFor="register-technician">Technicien</Label>
          <NativeSelect
            id="register-technician"
            value={technician}
            onChange={(e) => setTechnician(e.target.value)}
          >
            <option value="">Tous les techniciens</option>
            {choices.data?.technicians.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      </ListFilters>
      {parsed.success ? null : (
        <p role="alert" className="-mt-3 text-sm text-destructive">
          {parsed.error.issues[0]?.message}
        </p>
      )}
      <Card>
        <CardContent className="px-1 py-4 sm:p-6 xl:px-3">
          {list.isLoading && parsed.success ? (
            <Spinner />
          ) : list.isError ? (
            <p role="alert" className="py-10 text-center text-destructive">
              {errorMessage(list.error)}
            </p>
          ) : rows.length === 0 ? (
            <p className="py-10 text-center text-muted-foreground">
              Aucun traitement enregistré sur la période.
            </p>
          ) : (
            <RegisterRows rows={rows} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function RegisterRows({ rows }: { rows: Row[] }) {
  return (
    <>
      <ul className="grid gap-3 px-3 sm:px-0 xl:hidden" data-testid="register-cards">
        {rows.map((row) => (
          <li
            key={`${row.intervention_id}/${row.version}`}
            className="grid gap-3 rounded-lg border p-3 text-sm"
            data-testid="register-card"
          >
            <div className="flex items-start justify-between gap-2">
              <div>
                <p className="font-medium tabular-nums">{frenchDay(row.day)}</p>
                <p className="text-xs text-muted-foreground">
                  {row.intervention_number} · {reportLabel(row)}
                </p>
              </div>
              <p className="whitespace-nowrap font-semibold tabular-nums">{quantityLabel(row)}</p>
            </div>
            <ProductCell row={row} />
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
              <dt className="text-muted-foreground">Site</dt>
              <dd>{siteLabel(row) || '—'}</dd>
              <dt className="text-muted-foreground">Méthode</dt>
              <dd>{row.method}</dd>
              <dt className="text-muted-foreground">Cible</dt>
              <dd>{row.target}</dd>
              <dt className="text-muted-foreground">Zone</dt>
              <dd>{row.zone}</dd>
            </dl>
            <CertificateCell row={row} />
          </li>
        ))}
      </ul>
      <Table
        data-testid="register-table"
        className="hidden xl:table [&_td]:px-2 [&_td]:align-top [&_th]:px-2"
      >
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Date, intervention</TableHead>
            <TableHead>Site</TableHead>
            <TableHead>Produit</TableHead>
            <TableHead className="text-right">Quantité</TableHead>
            <TableHead>Méthode, cible, zone</TableHead>
            <TableHead>Applicateur</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={`${row.intervention_id}/${row.version}`} data-testid="register-row">
              <TableCell className="whitespace-nowrap">
                <p className="font-medium tabular-nums">{frenchDay(row.day)}</p>
                <p className="text-xs">{row.intervention_number}</p>
                <p className="text-xs text-muted-foreground">{reportLabel(row)}</p>
              </TableCell>
              <TableCell className="min-w-28">{siteLabel(row) || '—'}</TableCell>
              <TableCell className="min-w-40">
                <ProductCell row={row} />
              </TableCell>
              <TableCell className="whitespace-nowrap text-right font-medium tabular-nums">
                {quantityLabel(row)}
              </TableCell>
              <TableCell className="min-w-32">
                <p>{row.method}</p>
                <p className="text-xs text-muted-foreground">
                  {row.target} · {row.zone}
                </p>
              </TableCell>
              <TableCell className="min-w-48">
                <CertificateCell row={row} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
