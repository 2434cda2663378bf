import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Field } from '@/client/components/ui/field';
import { SubmitButton } from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { toast, toastError } from '@/client/components/ui/toast';
import { trpc } from '@/client/lib/trpc';
import { useForm } from '@/client/lib/use-form';
import { certibiocideExpiredWarning } from '@/domain/account/certibiocide-warning';
import { CERTIBIOCIDE_CATEGORIES, CERTIBIOCIDE_CATEGORY_CODES } from '@/domain/catalog/certibiocide';
import { parisDay } from '@/domain/site/time-zone';

const loadSchema = () => import('@/domain/account/certibiocide').then((m) => m.certibiocideSchema);

interface Values {
  number: string;
  category: string;
  expiresOn: string;
}

/**
 * The customer's Certibiocide, a block of its own beside the profile: a product reserved to
 * professionals is sold only to the holder of a valid certificate of its category.
 */
export function CertibiocidePanel() {
  const utils = trpc.useUtils();
  const stored = trpc.account.certibiocide.useQuery();
  const update = trpc.account.updateCertibiocide.useMutation();
  if (stored.isLoading) return null;
  return (
    <CertibiocideForm
      key={JSON.stringify(stored.data ?? null)}
      initial={{
        number: stored.data?.number ?? '',
        category: stored.data?.category ?? '',
        expiresOn: stored.data?.expiresOn ?? '',
      }}
      onSave={async (values) => {
        const saved = await update.mutateAsync(values);
        utils.account.certibiocide.setData(undefined, saved);
      }}
      saving={update.isPending}
    />
  );
}

function CertibiocideForm({
  initial,
  onSave,
  saving,
}: {
  initial: Values;
  onSave: (values: Values) => Promise<void>;
  saving: boolean;
}) {
  const form = useForm({ initial, schema: loadSchema });
  async function save() {
    try {
      await onSave(form.values);
      const expired = certibiocideExpiredWarning(form.values.expiresOn, parisDay(new Date()));
      toast(
        expired
          ? { title: 'Certibiocide enregistré, mais expiré', description: expired, variant: 'destructive' }
          : {
              title: 'Certibiocide enregistré',
              description: 'Votre certificat a été enregistré.',
              variant: 'success',
            },
      );
    } catch (error) {
      form.showServerErrors(error);
      toastError(error);
    }
  }
  const busy = saving || form.submitting;
  // Said as soon as the date typed is past, and whenever the stored one is.
  const expiredWarning = certibiocideExpiredWarning(form.values.expiresOn, parisDay(new Date()));
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Certibiocide (professionnels)</CardTitle>
        <CardDescription>
          Nécessaire pour acheter les produits biocides réservés aux professionnels. Son numéro figure dans
          notre registre des ventes de biocides.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(save)} aria-label="Certibiocide" className="space-y-5">
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Numéro du certificat" error={form.errors.number}>
              {(c) => <Input {...c} {...form.text('number')} autoComplete="off" disabled={busy} />}
            </Field>
            <Field label="Catégorie" error={form.errors.category}>
              {(c) => (
                <NativeSelect
                  {...c}
                  value={form.values.category}
                  onChange={(e) => form.set('category', e.target.value)}
                  disabled={busy}
                >
                  <option value="">—</option>
                  {CERTIBIOCIDE_CATEGORY_CODES.map((code) => (
                    <option key={code} value={code}>
                      {CERTIBIOCIDE_CATEGORIES[code].label}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label="Valable jusqu'au" error={form.errors.expiresOn}>
              {(c) => <Input {...c} {...form.text('expiresOn')} type="date" disabled={busy} />}
            </Field>
          </div>
          {expiredWarning ? (
            <p
              role="status"
              className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
              data-testid="certibiocide-expired"
            >
              {expiredWarning}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {initial.number && (
              <Button
                type="button"
                variant="ghost"
                disabled={busy}
                onClick={() => {
                  form.reset({ number: '', category: '', expiresOn: '' });
                }}
              >
                Effacer
              </Button>
            )}
            <SubmitButton submitting={busy}>Enregistrer le certificat</SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
