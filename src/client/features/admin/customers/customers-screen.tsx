import { Download, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent } from '@/client/components/ui/card';
import { LoadMore } from '@/client/components/ui/load-more';
import { NativeSelect } from '@/client/components/ui/native-select';
import { SearchInput } from '@/client/components/ui/search-input';
import { Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/components/ui/toast';
import { SEARCH_MAX } from '@/domain/account/customers';
import { ROLE_LABELS, ROLES, type Role } from '@/domain/account/roles';
import { useSettled } from '../layout/paged-list';
import { ListFilters, ScreenHeader } from '../layout/screen-parts';
import { useLiveCustomers } from '../live/use-live';
import { CustomerDialog } from './customer-dialog';
import { CustomerTable } from './customer-table';
import { DeleteCustomerDialog } from './delete-customer-dialog';
import { type AdminCustomer, useAdminCustomers } from './use-admin-customers';

/** The CSV export of the filtered list (the server streams it, server/customers/csv-download.ts). */
function customersExportUrl(search: string, role: Role | null): string {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (role) params.set('role', role);
  const query = params.toString();
  return `/api/admin/customers.csv${query ? `?${query}` : ''}`;
}

/** "Gestion des Clients" (back-office.md §2): search and role filter run on the server. */
export function CustomersScreen() {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | null>(null);
  const settled = useSettled(search.trim());
  const list = useAdminCustomers(settled, role);
  useLiveCustomers();
  // The dialog is mounted anew for each opening: its form starts from the customer (or empty).
  const [dialog, setDialog] = useState<{ key: number; customer: AdminCustomer | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminCustomer | null>(null);
  const filtered = settled !== '' || role !== null;
  const total = list.total ?? 0;

  useEffect(() => {
    if (list.isError)
      toast({ title: 'Erreur', description: 'Impossible de charger les clients.', variant: 'destructive' });
  }, [list.isError]);

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <ScreenHeader
        title="Gestion des Clients"
        summary={
          <p className="text-muted-foreground" data-testid="customer-total" aria-live="polite">
            {list.isLoading ? 'Chargement...' : `${total} client${total > 1 ? 's' : ''}`}
          </p>
        }
      >
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setDialog({ key: Date.now(), customer: null })}>
            <Plus aria-hidden="true" />
            Nouveau client
          </Button>
          <Button variant="outline" asChild>
            <a href={customersExportUrl(settled, role)} download>
              <Download aria-hidden="true" />
              Exporter (CSV)
            </a>
          </Button>
        </div>
      </ScreenHeader>
      <ListFilters>
        <SearchInput
          className="flex-1 @2xl:max-w-md"
          value={search}
          maxLength={SEARCH_MAX}
          onValueChange={setSearch}
          placeholder="Rechercher par nom, email, téléphone ou ville..."
          aria-label="Rechercher des clients"
        />
        <NativeSelect
          aria-label="Filtrer par rôle"
          className="@2xl:w-56"
          value={role ?? ''}
          onChange={(e) => setRole((e.target.value || null) as Role | null)}
        >
          <option value="">Tous les rôles</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r].plural} uniquement
            </option>
          ))}
        </NativeSelect>
      </ListFilters>
      <Card>
        <CardContent className="px-1 py-4 sm:p-6">
          {list.isLoading ? (
            <Spinner />
          ) : list.isError ? (
            <p className="py-10 text-center text-destructive">Impossible de charger les clients</p>
          ) : list.items.length === 0 ? (
            <p className="py-10 text-center text-muted-foreground">
              {filtered ? 'Aucun client ne correspond aux critères de recherche' : 'Aucun client enregistré'}
            </p>
          ) : (
            <CustomerTable
              customers={list.items}
              onEdit={(customer) => setDialog({ key: Date.now(), customer })}
              onDelete={setDeleting}
            />
          )}
          <LoadMore list={list} label="Charger plus de clients" />
        </CardContent>
      </Card>
      {dialog ? (
        <CustomerDialog key={dialog.key} customer={dialog.customer} onClose={() => setDialog(null)} />
      ) : null}
      <DeleteCustomerDialog customer={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
