import {
  Archive,
  ArrowLeft,
  FileSignature,
  FolderLock,
  History,
  Layers,
  MapPinned,
  Pencil,
  Printer,
  TrendingUp,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { Spinner } from '@/client/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { Tabs, TabsContent } from '@/client/components/ui/tabs';
import { toast } from '@/client/components/ui/toast';
import { IconTabsList, ScreenHeader } from '@/client/features/admin/layout/screen-parts';
import { useAdminTitle } from '@/client/features/admin/layout/use-admin-title';
import { SiteContracts } from '@/client/features/contracts/site-contracts';
import { trpc } from '@/client/lib/trpc';
import { cn } from '@/client/lib/utils';
import { SITE_TYPE_LABELS, type SiteType } from '@/domain/interventions/labels';
import { DEVICE_KINDS } from '@/domain/interventions/visit-events';
import { frenchDateTime, shortDate } from '@/domain/site/dates';
import { DeviceTrends } from './device-trends';
import { InspectorLinks } from './inspector-links';
import { DEVICE_KIND_COLORS, type SiteDetail, siteLabelsUrl, useSitesChanged } from './site-data';
import { SiteDialog } from './site-dialog';
import { RemoveDeviceButton, SitePlan } from './site-plan';
import { SiteZones } from './site-zones';

/** The site page's tabs: plan and devices, zones, trends (ADR 043), contracts (ADR 044), inspector's folder (ADR 045). */
const SITE_TABS: {
  value: string;
  icon: typeof MapPinned;
  label: string;
  render: (d: SiteDetail, archived: boolean) => React.ReactNode;
}[] = [
  {
    value: 'plan',
    icon: MapPinned,
    label: 'Plan et dispositifs',
    render: (d, archived) => (
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <SitePlan detail={d} archived={archived} />
        <DevicesTable detail={d} archived={archived} />
        <PlanVersions detail={d} />
      </div>
    ),
  },
  {
    value: 'zones',
    icon: Layers,
    label: 'Zones',
    render: (d, archived) => <SiteZones detail={d} archived={archived} />,
  },
  {
    value: 'trends',
    icon: TrendingUp,
    label: 'Tendances',
    render: (d) => <DeviceTrends siteId={d.site.id} />,
  },
  {
    value: 'contracts',
    icon: FileSignature,
    label: 'Contrats',
    render: (d) => <SiteContracts siteId={d.site.id} />,
  },
  {
    value: 'folder',
    icon: FolderLock,
    label: 'Dossier inspecteur',
    render: (d) => <InspectorLinks siteId={d.site.id} />,
  },
];

/** One site (/admin/sites?site=<id>): details, zones, plan, devices, labels. */
export function SitePage({ siteId }: { siteId: string }) {
  const detail = trpc.sites.byId.useQuery({ siteId }, { retry: false });
  useAdminTitle(detail.data?.site.name ?? 'Site');
  const [editing, setEditing] = useState<number | null>(null);
  const [archiving, setArchiving] = useState(false);
  const [tab, setTab] = useState('plan');
  const changed = useSitesChanged();
  const archive = trpc.sites.archive.useMutation({
    onSuccess: async () => {
      setArchiving(false);
      toast({ title: 'Succès', description: 'Site archivé.', variant: 'success' });
      await changed();
    },
  });

  const back = (
    <Link
      to="/admin/sites"
      className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Tous les sites
    </Link>
  );
  if (detail.isLoading) return <Spinner />;
  if (!detail.data)
    return (
      <div className="mx-auto grid max-w-5xl gap-4">
        {back}
        <p className="py-10 text-center text-destructive">{detail.error?.message ?? 'Site introuvable.'}</p>
      </div>
    );
  const d = detail.data;
  const { site } = d;
  const archived = site.archivedAt !== null;

  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6">
      {back}
      <ScreenHeader
        title={site.name}
        summary={
          <div className="mt-1 grid gap-1 text-sm text-muted-foreground">
            <p>
              {site.street}, {site.zipCode} {site.city}
            </p>
            <p className="flex flex-wrap items-center gap-2">
              <Badge variant="secondary">
                {SITE_TYPE_LABELS[site.siteType as SiteType] ?? site.siteType}
              </Badge>
              <span>
                Client :{' '}
                {d.customer
                  ? d.customer.name
                    ? `${d.customer.name} (${d.customer.email})`
                    : d.customer.email
                  : 'aucun'}
              </span>
              {archived ? (
                <Badge variant="destructive">Archivé le {shortDate(site.archivedAt!)}</Badge>
              ) : null}
            </p>
          </div>
        }
      >
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <a href={siteLabelsUrl(site.id)} target="_blank" rel="noopener">
              <Printer aria-hidden="true" />
              Imprimer les étiquettes
            </a>
          </Button>
          {archived ? null : (
            <>
              <Button variant="outline" onClick={() => setEditing(Date.now())}>
                <Pencil aria-hidden="true" />
                Modifier
              </Button>
              <Button variant="outline" onClick={() => setArchiving(true)}>
                <Archive aria-hidden="true" />
                Archiver
              </Button>
            </>
          )}
        </div>
      </ScreenHeader>
      <Tabs value={tab} onValueChange={setTab} className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <IconTabsList tabs={SITE_TABS} className="w-full justify-start overflow-x-auto @xl:w-fit" />
        {SITE_TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            {t.render(d, archived)}
          </TabsContent>
        ))}
      </Tabs>
      {editing ? <SiteDialog key={editing} detail={d} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={archiving}
        title="Archiver ce site ?"
        description="Le site quitte la liste et ne peut plus être modifié. Ses dispositifs, son plan et son historique sont conservés."
        confirmLabel="Archiver"
        pendingLabel="Archivage..."
        pending={archive.isPending}
        error={archive.error?.message ?? null}
        onConfirm={() => archive.mutate({ siteId: site.id })}
        onClose={() => setArchiving(false)}
      />
    </div>
  );
}

const WIDE = 'hidden @2xl:table-cell';
/** On a phone the marker's colour and the legend say the kind: the row keeps its actions in view. */
const KIND = 'hidden @md:table-cell';

/** The devices in place: label, kind, zone, placed on, replacement label, remove. */
function DevicesTable({ detail, archived }: { detail: SiteDetail; archived: boolean }) {
  const devices = detail.devices;
  return (
    <Card>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle>
          Dispositifs <span className="font-normal text-muted-foreground">({devices.length})</span>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-1 pb-4 sm:px-6 sm:pb-6">
        {devices.length === 0 ? (
          <p className="px-3 text-sm text-muted-foreground">Aucun dispositif : placez-les sur le plan.</p>
        ) : (
          <Table data-testid="devices-table">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Étiquette</TableHead>
                <TableHead className={KIND}>Type</TableHead>
                <TableHead>Zone</TableHead>
                <TableHead className={WIDE}>Posé le</TableHead>
                <TableHead className={WIDE}>Code</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {devices.map((d) => (
                <TableRow key={d.id} data-testid="device-row">
                  <TableCell>
                    <span
                      className={cn('rounded-full px-2 py-0.5 text-xs font-bold', DEVICE_KIND_COLORS[d.kind])}
                    >
                      {d.label}
                    </span>
                  </TableCell>
                  <TableCell className={cn(KIND, 'whitespace-normal')}>{DEVICE_KINDS[d.kind]}</TableCell>
                  <TableCell>
                    {d.zoneName ?? <span className="text-muted-foreground">Sans zone</span>}
                  </TableCell>
                  <TableCell className={WIDE}>{shortDate(d.placedAt)}</TableCell>
                  <TableCell className={cn(WIDE, 'font-mono')}>{d.code}</TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-1">
                      <Button variant="ghost" size="icon" asChild>
                        <a
                          href={siteLabelsUrl(detail.site.id, d.id)}
                          target="_blank"
                          rel="noopener"
                          aria-label={`Étiquette de ${d.label}`}
                        >
                          <Printer aria-hidden="true" />
                        </a>
                      </Button>
                      {archived ? null : <RemoveDeviceButton device={d} compact />}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** Every version of the plan, the current one first: reports of their time refer to them. */
function PlanVersions({ detail }: { detail: SiteDetail }) {
  if (detail.planVersions.length === 0) return null;
  return (
    <Card>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle className="flex items-center gap-2">
          <History className="size-5" aria-hidden="true" />
          Versions du plan
        </CardTitle>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <ul className="divide-y rounded-md border" aria-label="Versions du plan">
          {detail.planVersions.map((p, i) => (
            <li key={p.version} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
              <span className="font-medium">Version {p.version}</span>
              {i === 0 ? <Badge>Actuelle</Badge> : null}
              <span className="text-muted-foreground">
                {frenchDateTime(p.uploadedAt)} · {p.uploadedByEmail}
              </span>
              <a
                href={p.imageUrl}
                target="_blank"
                rel="noopener"
                className="ml-auto text-primary underline-offset-4 hover:underline"
              >
                Voir l’image
              </a>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
