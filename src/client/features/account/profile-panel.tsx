import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Field } from '@/client/components/ui/field';
import { SubmitButton } from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { toast, toastError } from '@/client/components/ui/toast';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { useForm } from '@/client/lib/use-form';
import type { ProfileInput } from '@/domain/account/profile';
import { profileFormValues } from '@/domain/account/profile-form';
import { formatPhone } from '@/domain/common/phone';
import { frenchCalendarDate } from '@/domain/site/dates';

/** zod loads when the form opens, not with the account page. */
const loadSchema = () => import('@/domain/account/profile').then((m) => m.profileSchema);

type Profile = RouterOutputs['account']['profile'];
type FieldName = keyof ProfileInput;

const fields: { name: FieldName; label: string; type?: string; autoComplete?: string; wide?: boolean }[] = [
  { name: 'firstName', label: 'Prénom', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Nom', autoComplete: 'family-name' },
  { name: 'phone', label: 'Téléphone', type: 'tel', autoComplete: 'tel' },
  { name: 'dateOfBirth', label: 'Date de naissance', type: 'date', autoComplete: 'bday' },
  { name: 'address', label: 'Adresse', autoComplete: 'street-address', wide: true },
  { name: 'postalCode', label: 'Code postal', autoComplete: 'postal-code' },
  { name: 'city', label: 'Ville', autoComplete: 'address-level2' },
  { name: 'country', label: 'Pays', autoComplete: 'country-name' },
  { name: 'companyName', label: 'Société (professionnel)', autoComplete: 'organization', wide: true },
  { name: 'siren', label: 'SIREN' },
  { name: 'vatNumber', label: 'N° de TVA intracommunautaire' },
];

function shown(profile: Profile, name: FieldName): string | null {
  if (name === 'dateOfBirth') return profile.dateOfBirth ? frenchCalendarDate(profile.dateOfBirth) : null;
  if (name === 'phone') return profile.phone ? formatPhone(profile.phone) : null;
  return profile[name] || null;
}

export function ProfilePanel({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  const form = useForm({ initial: profileFormValues(profile), schema: loadSchema });
  const utils = trpc.useUtils();
  const update = trpc.account.updateProfile.useMutation();

  async function save() {
    try {
      const saved = await update.mutateAsync(form.values);
      utils.account.profile.setData(undefined, saved);
      void utils.session.me.invalidate();
      setEditing(false);
      toast({
        title: 'Profil mis à jour',
        description: 'Vos informations ont été enregistrées.',
        variant: 'success',
      });
    } catch (error) {
      form.showServerErrors(error);
      toastError(error);
    }
  }
  const saving = form.submitting || update.isPending;

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle>Mes informations</CardTitle>
          <CardDescription>Utilisées pour préremplir vos commandes.</CardDescription>
        </div>
        {!editing ? (
          <Button
            variant="outline"
            size="sm"
            className="w-full sm:w-auto"
            onClick={() => {
              form.preload();
              form.reset(profileFormValues(profile));
              setEditing(true);
            }}
          >
            <Pencil aria-hidden="true" />
            Modifier mes informations
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {editing ? (
          <form
            noValidate
            onSubmit={form.handleSubmit(save)}
            aria-label="Modifier mes informations"
            className="space-y-5"
          >
            <div className="grid gap-4 sm:grid-cols-2">
              {fields.map((f) => (
                <Field
                  key={f.name}
                  label={f.label}
                  error={form.errors[f.name]}
                  className={f.wide ? 'sm:col-span-2' : undefined}
                >
                  {(c) => (
                    <Input
                      {...c}
                      {...form.text(f.name)}
                      type={f.type ?? 'text'}
                      autoComplete={f.autoComplete}
                      inputMode={f.name === 'postalCode' ? 'numeric' : undefined}
                      disabled={saving}
                    />
                  )}
                </Field>
              ))}
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="ghost" disabled={saving} onClick={() => setEditing(false)}>
                Annuler
              </Button>
              <SubmitButton submitting={saving}>Enregistrer</SubmitButton>
            </div>
          </form>
        ) : (
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Email</dt>
              <dd className="mt-1 text-sm [overflow-wrap:anywhere]">{profile.email}</dd>
            </div>
            {fields.map((f) => {
              const value = shown(profile, f.name);
              return (
                <div key={f.name} className={f.wide ? 'sm:col-span-2' : undefined}>
                  <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                    {f.label}
                  </dt>
                  <dd className={value ? 'mt-1 text-sm' : 'mt-1 text-sm italic text-muted-foreground'}>
                    {value ?? 'Non renseigné'}
                  </dd>
                </div>
              );
            })}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
