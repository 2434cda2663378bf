import { ChevronRight, MapPinned, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent } from '@/client/components/ui/card';
import { SearchInput } from '@/client/components/ui/search-input';
import { Spinner } from '@/client/components/ui/spinner';
import { useSettled } from '@/client/features/admin/layout/paged-list';
import { ListFilters, ScreenHeader } from '@/client/features/admin/layout/screen-parts';
import { useAdminTitle } from '@/client/features/admin/layout/use-admin-title';
import { trpc } from '@/client/lib/trpc';
import { SEARCH_MAX } from '@/domain/common/limits';
import { SITE_TYPE_LABELS, type SiteType } from '@/domain/interventions/labels';
import type { SiteListRow } from './site-data';
import { SiteDialog } from './site-dialog';

/** The page of one site: /admin/sites?site=<id>. */
export const sitePath = (siteId: string) => `/admin/sites?site=${encodeURIComponent(siteId)}`;

/** « Sites » (issue 38): the owner's sites, searched by name, town or customer. */
export function SitesScreen({ onOpen }: { onOpen: (siteId: string) => void }) {
  useAdminTitle('Sites');
  const [search, setSearch] = useState('');
  const [archived, setArchived] = useState(false);
  const settled = useSettled(search.trim());
  const list = trpc.sites.list.useQuery({ search: settled, archived });
  const [creating, setCreating] = useState<number | null>(null);
  const count = list.data?.length ?? 0;

  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6">
      <ScreenHeader
        title="Sites"
        summary={
          <p className="text-muted-foreground" aria-live="polite">
            {list.isLoading
              ? 'Chargement...'
              : `${count} site${count > 1 ? 's' : ''}${archived ? ` archivé${count > 1 ? 's' : ''}` : ''}`}
          </p>
        }
      >
        <Button onClick={() => setCreating(Date.now())}>
          <Plus aria-hidden="true" />
          Nouveau site
        </Button>
      </ScreenHeader>
      <ListFilters>
        <SearchInput
          className="flex-1"
          value={search}
          maxLength={SEARCH_MAX}
          onValueChange={setSearch}
          placeholder="Nom du site, commune, client…"
          aria-label="Rechercher un site"
        />
        <label className="flex h-10 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={archived}
            onChange={(e) => setArchived(e.target.checked)}
          />
          Sites archivés
        </label>
      </ListFilters>
      {list.isLoading ? (
        <Spinner />
      ) : list.isError ? (
        <p className="py-10 text-center text-destructive">Impossible de charger les sites.</p>
      ) : count === 0 ? (
        <Card>
          <CardContent className="grid justify-items-center gap-2 py-12 text-center">
            <MapPinned className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="text-muted-foreground">
              {settled ? 'Aucun site ne correspond à la recherche.' : 'Aucun site pour l’instant.'}
            </p>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-3" aria-label="Sites">
          {list.data!.map((row) => (
            <li key={row.id}>
              <SiteCard row={row} />
            </li>
          ))}
        </ul>
      )}
      {creating ? (
        <SiteDialog key={creating} detail={null} onClose={() => setCreating(null)} onCreated={onOpen} />
      ) : null}
    </div>
  );
}

function SiteCard({ row }: { row: SiteListRow }) {
  return (
    <Link
      to={sitePath(row.id)}
      className="flex items-center gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-sm transition-colors hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring"
    >
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{row.name}</span>
          <Badge variant="secondary">{SITE_TYPE_LABELS[row.siteType as SiteType] ?? row.siteType}</Badge>
        </div>
        <p className="truncate text-sm text-muted-foreground">
          {row.street}, {row.zipCode} {row.city}
        </p>
        <p className="text-sm text-muted-foreground">
          {row.customerName ?? row.customerEmail ?? 'Sans client'} · {row.deviceCount} dispositif
          {row.deviceCount > 1 ? 's' : ''} · {row.planVersion ? `plan v${row.planVersion}` : 'pas de plan'}
        </p>
      </div>
      <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
    </Link>
  );
}
