import { ArrowDown, ArrowUp, Check, Pencil, Plus, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { toast, toastError } from '@/client/components/ui/toast';
import { trpc } from '@/client/lib/trpc';
import { useForm } from '@/client/lib/use-form';
import { addZoneInputSchema, renameZoneInputSchema, ZONE_NAME_MAX } from '@/domain/sites/site';
import { type SiteDetail, useSitesChanged } from './site-data';

type Zone = SiteDetail['zones'][number];

/** The site's zones: add, rename, order, remove (refused while a device is in it). */
export function SiteZones({ detail, archived }: { detail: SiteDetail; archived: boolean }) {
  const siteId = detail.site.id;
  const changed = useSitesChanged();
  const form = useForm({ initial: { siteId, name: '' }, schema: addZoneInputSchema });
  const add = trpc.sites.addZone.useMutation();
  const reorder = trpc.sites.reorderZones.useMutation({ onSuccess: () => changed(), onError: toastError });
  const zones = detail.zones;

  // A name already used on the site (ZONE_TAKEN) is said under the field; other failures in a toast.
  const onAdd = form.submitToServer(async (input) => {
    await add.mutateAsync(input);
    form.reset({ siteId, name: '' });
    await changed();
  }, toastError);

  const swap = (index: number, by: number) => {
    const ids = zones.map((z) => z.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate({ siteId, zoneIds: ids });
  };

  return (
    <Card>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle>Zones</CardTitle>
        <CardDescription>
          Les parties du site où les dispositifs sont posés : cuisine, réserve, cave… Le technicien les
          retrouve sur chaque étiquette.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {zones.length === 0 ? (
          <p className="text-sm text-muted-foreground">Aucune zone pour l’instant.</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Zones du site">
            {zones.map((zone, i) => (
              <ZoneRow
                key={zone.id}
                zone={zone}
                archived={archived}
                first={i === 0}
                last={i === zones.length - 1}
                onUp={() => swap(i, -1)}
                onDown={() => swap(i, 1)}
              />
            ))}
          </ul>
        )}
        {archived ? null : (
          <form onSubmit={onAdd} className="flex items-start gap-2" noValidate>
            <Field label="Nouvelle zone" error={form.errors.name} className="flex-1" labelClassName="sr-only">
              {(c) => (
                <Input
                  {...c}
                  {...form.text('name')}
                  maxLength={ZONE_NAME_MAX}
                  placeholder="Nom de la zone (ex. Cuisine)"
                />
              )}
            </Field>
            <Button type="submit" disabled={add.isPending}>
              <Plus aria-hidden="true" />
              Ajouter
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

function ZoneRow({
  zone,
  archived,
  first,
  last,
  onUp,
  onDown,
}: {
  zone: Zone;
  archived: boolean;
  first: boolean;
  last: boolean;
  onUp: () => void;
  onDown: () => void;
}) {
  const changed = useSitesChanged();
  const [editing, setEditing] = useState(false);
  const form = useForm({ initial: { zoneId: zone.id, name: zone.name }, schema: renameZoneInputSchema });
  const rename = trpc.sites.renameZone.useMutation();
  // A name already used on the site (ZONE_TAKEN) is said under the field; other failures in a toast.
  const onRename = form.submitToServer(async (input) => {
    await rename.mutateAsync(input);
    setEditing(false);
    await changed();
  }, toastError);
  const cancel = () => {
    form.reset({ zoneId: zone.id, name: zone.name });
    setEditing(false);
  };
  const remove = trpc.sites.removeZone.useMutation({
    onSuccess: async () => {
      toast({ title: 'Succès', description: `Zone « ${zone.name} » supprimée.`, variant: 'success' });
      await changed();
    },
    onError: toastError,
  });
  return (
    <li className="flex min-h-12 items-center gap-1 px-3 py-1.5" data-testid="zone-row">
      {editing ? (
        <form className="flex flex-1 items-start gap-1" noValidate onSubmit={onRename}>
          <Field
            label={`Nouveau nom de la zone ${zone.name}`}
            error={form.errors.name}
            className="flex-1"
            labelClassName="sr-only"
          >
            {(c) => <Input {...c} {...form.text('name')} maxLength={ZONE_NAME_MAX} autoFocus />}
          </Field>
          <Button type="submit" variant="ghost" size="icon" aria-label="Enregistrer le nom">
            <Check aria-hidden="true" />
          </Button>
          <Button type="button" variant="ghost" size="icon" aria-label="Annuler" onClick={cancel}>
            <X aria-hidden="true" />
          </Button>
        </form>
      ) : (
        <>
          <span className="min-w-0 flex-1 truncate font-medium">{zone.name}</span>
          <span className="shrink-0 text-sm text-muted-foreground">
            {zone.deviceCount} dispositif{zone.deviceCount > 1 ? 's' : ''}
          </span>
          {archived ? null : (
            <span className="flex shrink-0">
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Monter ${zone.name}`}
                disabled={first}
                onClick={onUp}
              >
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Descendre ${zone.name}`}
                disabled={last}
                onClick={onDown}
              >
                <ArrowDown aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Renommer ${zone.name}`}
                onClick={() => setEditing(true)}
              >
                <Pencil aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="text-destructive hover:text-destructive"
                aria-label={`Supprimer ${zone.name}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate({ zoneId: zone.id })}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </span>
          )}
        </>
      )}
    </li>
  );
}
