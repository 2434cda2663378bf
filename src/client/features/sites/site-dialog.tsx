import { type FormEvent, useState } from 'react';
import { Field, FormAlert } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { SearchInput } from '@/client/components/ui/search-input';
import { toast } from '@/client/components/ui/toast';
import { useSettled } from '@/client/features/admin/layout/paged-list';
import { FormDialog } from '@/client/features/admin/layout/screen-parts';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { useForm } from '@/client/lib/use-form';
import { SITE_TYPE_LABELS, SITE_TYPES, type SiteType } from '@/domain/interventions/labels';
import { type SiteInput, siteInputSchema } from '@/domain/sites/site';
import { type SiteDetail, useSitesChanged } from './site-data';

interface SiteFormValues {
  customerId: string;
  name: string;
  street: string;
  zipCode: string;
  city: string;
  siteType: SiteType | '';
}

const emptySite: SiteFormValues = {
  customerId: '',
  name: '',
  street: '',
  zipCode: '',
  city: '',
  siteType: '',
};

/** « Nouveau site » / « Modifier le site »: the form of siteInputSchema, the procedure's own. */
export function SiteDialog({
  detail,
  onClose,
  onCreated,
}: {
  /** null: a new site. */
  detail: SiteDetail | null;
  onClose: () => void;
  onCreated?: (siteId: string) => void;
}) {
  const site = detail?.site ?? null;
  const form = useForm<SiteFormValues, SiteInput>({
    initial: site
      ? {
          customerId: site.customerId ?? '',
          name: site.name,
          street: site.street,
          zipCode: site.zipCode,
          city: site.city,
          siteType: site.siteType as SiteType,
        }
      : emptySite,
    schema: siteInputSchema,
    toInput: (v) => ({ ...v, customerId: v.customerId || null, siteType: v.siteType || undefined }),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const changed = useSitesChanged();
  const create = trpc.sites.create.useMutation();
  const update = trpc.sites.update.useMutation();
  const saving = create.isPending || update.isPending;

  const onSubmit = form.submitToServer(
    async (data) => {
      setFailure(null);
      if (site) await update.mutateAsync({ siteId: site.id, ...data });
      else onCreated?.((await create.mutateAsync(data)).id);
      toast({
        title: 'Succès',
        description: site ? 'Site mis à jour.' : 'Site créé.',
        variant: 'success',
      });
      await changed();
      onClose();
    },
    (error) => {
      const message = errorMessage(
        error,
        site ? 'Impossible de mettre à jour le site' : 'Impossible de créer le site',
      );
      setFailure(message);
    },
  );

  const e = form.errors;
  return (
    <FormDialog
      onOpenChange={(open) => !open && !saving && onClose()}
      title={site ? 'Modifier le site' : 'Nouveau site'}
      description={
        site
          ? 'Modifiez l’adresse, le type ou le client du site.'
          : 'Le lieu des interventions : son adresse, son type et, s’il est connu, le client.'
      }
      onSubmit={(event) => void onSubmit(event as FormEvent<HTMLFormElement>)}
      editing={site !== null}
      saving={saving}
      onCancel={onClose}
    >
      <FormAlert message={failure} />
      <Field label="Nom du site" required error={e.name}>
        {(c) => (
          <Input {...c} {...form.text('name')} placeholder="Restaurant Le Vieux Port" autoComplete="off" />
        )}
      </Field>
      <Field label="Adresse" required error={e.street}>
        {(c) => <Input {...c} {...form.text('street')} autoComplete="off" />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <Field label="Code postal" required error={e.zipCode}>
          {(c) => <Input {...c} {...form.text('zipCode')} inputMode="numeric" autoComplete="off" />}
        </Field>
        <Field label="Commune" required error={e.city}>
          {(c) => <Input {...c} {...form.text('city')} autoComplete="off" />}
        </Field>
      </div>
      <Field label="Type de site" required error={e.siteType}>
        {(c) => (
          <NativeSelect {...c} {...form.text('siteType')}>
            <option value="">Choisissez…</option>
            {SITE_TYPES.map((t) => (
              <option key={t} value={t}>
                {SITE_TYPE_LABELS[t]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <CustomerPicker
        value={form.values.customerId}
        current={detail?.customer ? { id: site?.customerId ?? '', ...detail.customer } : null}
        onChange={(id) => form.set('customerId', id)}
        error={e.customerId}
      />
    </FormDialog>
  );
}

const customerLabel = (c: { firstName?: string; lastName?: string; name?: string | null; email: string }) => {
  const name = c.name ?? `${c.firstName ?? ''} ${c.lastName ?? ''}`.trim();
  return name ? `${name} (${c.email})` : c.email;
};

/** The site's customer: optional, chosen among the customer accounts (searched on the server). */
function CustomerPicker({
  value,
  current,
  onChange,
  error,
}: {
  value: string;
  current: { id: string; name: string | null; email: string } | null;
  onChange: (id: string) => void;
  error: string | undefined;
}) {
  const [search, setSearch] = useState('');
  const settled = useSettled(search.trim());
  const found = trpc.adminCustomers.list.useQuery({ search: settled, role: 'user', limit: 20 });
  const options = (found.data?.items ?? []).map((c) => ({ id: c.id, label: customerLabel(c) }));
  if (current && value === current.id && !options.some((o) => o.id === current.id))
    options.unshift({ id: current.id, label: customerLabel(current) });
  return (
    <Field
      label="Client"
      error={error}
      description="Facultatif : le site peut être rattaché plus tard à un compte client."
    >
      {(c) => (
        <div className="grid gap-2">
          <SearchInput
            value={search}
            onValueChange={setSearch}
            placeholder="Rechercher un client par nom ou email…"
            aria-label="Rechercher un client"
          />
          <NativeSelect {...c} name="customerId" value={value} onChange={(ev) => onChange(ev.target.value)}>
            <option value="">Aucun client</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
    </Field>
  );
}
