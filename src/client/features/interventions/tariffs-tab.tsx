import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Field } from '@/client/components/ui/field';
import { FormErrorList } from '@/client/components/ui/form-error-list';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { SaveButton } from '@/client/components/ui/save-button';
import { Spinner } from '@/client/components/ui/spinner';
import { Switch } from '@/client/components/ui/switch';
import { toast } from '@/client/components/ui/toast';
import { trpc } from '@/client/lib/trpc';
import { type FormState, useForm } from '@/client/lib/use-form';
import {
  PRICING_KIND_LABELS,
  PRICING_KINDS,
  type PricingKind,
  parseTariffForm,
  type ServiceFormValues,
  TARIFF_MESSAGES,
  type TariffFormValues,
  type Tariffs,
  TIME_COUNTING_LABELS,
  TIME_COUNTINGS,
  type TimeCounting,
  type TravelMode,
  tariffFormValues,
  tariffsSchema,
} from '@/domain/interventions/tariffs';

type Form = FormState<TariffFormValues, Tariffs>;

/**
 * Paramètres › Interventions: the published tariff (the public « Tarifs » page is generated from
 * it) and the service catalogue the devis are built from. Its own save, like Facturation.
 */
export function InterventionTariffsTab() {
  const stored = trpc.interventions.tariffSettings.useQuery(undefined, { refetchOnWindowFocus: false });
  if (stored.isError) {
    return (
      <p role="alert" className="text-destructive">
        Impossible de charger les tarifs des interventions.
      </p>
    );
  }
  if (!stored.data) return <Spinner className="min-h-[30vh]" />;
  return <TariffsForm initial={stored.data.tariffs} />;
}

function TariffsForm({ initial }: { initial: Tariffs }) {
  const form = useForm<TariffFormValues, Tariffs>({
    initial: tariffFormValues(initial),
    schema: tariffsSchema,
    toInput: parseTariffForm,
  });
  const utils = trpc.useUtils();
  const save = trpc.interventions.saveTariffs.useMutation();
  const v = form.values;
  const e = form.errors;

  async function onSave() {
    if (save.isPending) return;
    const parsed = await form.validate();
    if (!parsed.ok) return;
    try {
      const saved = await save.mutateAsync(parsed.data);
      utils.interventions.tariffSettings.setData(undefined, saved);
      void utils.interventions.tariffs.invalidate();
      form.reset(tariffFormValues(saved.tariffs));
      toast({ title: 'Succès', description: TARIFF_MESSAGES.saved, variant: 'success' });
    } catch (error) {
      form.showServerErrors(error);
      toast({ title: 'Erreur', description: TARIFF_MESSAGES.saveFailed, variant: 'destructive' });
    }
  }

  const setRate = (i: number, change: Partial<{ label: string; cents: string }>) =>
    form.set(
      'hourlyRates',
      v.hourlyRates.map((r, j) => (j === i ? { ...r, ...change } : r)),
    );

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Tarifs des interventions</CardTitle>
          <CardDescription>
            Publiés sur la page « Tarifs » du site, comme l’exige l’arrêté du 24 janvier 2017 : taux horaires
            TTC, décompte du temps, déplacement, prix du devis et majorations.{' '}
            <a href="/tarifs" target="_blank" rel="noreferrer" className="font-medium text-primary underline">
              Voir la page publique
            </a>
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <FormErrorList title="Erreurs de validation :" messages={form.messages} />
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-semibold">Taux horaires de main-d’œuvre (TTC)</legend>
            {v.hourlyRates.map((rate, i) => (
              <div key={i} className="grid grid-cols-[minmax(0,1fr)_8rem_auto] items-end gap-2">
                <Field label={`Taux ${i + 1}`}>
                  {(c) => (
                    <Input
                      {...c}
                      value={rate.label}
                      onChange={(ev) => setRate(i, { label: ev.target.value })}
                    />
                  )}
                </Field>
                <Field label="€ TTC / h">
                  {(c) => (
                    <Input
                      {...c}
                      inputMode="decimal"
                      value={rate.cents}
                      onChange={(ev) => setRate(i, { cents: ev.target.value })}
                    />
                  )}
                </Field>
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label={`Supprimer le taux ${i + 1}`}
                  disabled={v.hourlyRates.length === 1}
                  onClick={() =>
                    form.set(
                      'hourlyRates',
                      v.hourlyRates.filter((_, j) => j !== i),
                    )
                  }
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            ))}
            {e.hourlyRates && <p className="text-sm text-destructive">{e.hourlyRates}</p>}
            {v.hourlyRates.length < 3 && (
              <div>
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => form.set('hourlyRates', [...v.hourlyRates, { label: '', cents: '' }])}
                >
                  <Plus aria-hidden="true" />
                  Ajouter un taux
                </Button>
              </div>
            )}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Décompte du temps" error={e.timeCounting}>
              {(c) => (
                <NativeSelect
                  {...c}
                  value={v.timeCounting}
                  onChange={(ev) => form.set('timeCounting', ev.target.value as TimeCounting)}
                >
                  {TIME_COUNTINGS.map((k) => (
                    <option key={k} value={k}>
                      {TIME_COUNTING_LABELS[k]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field
              label="Minimum facturé (minutes)"
              error={e.minimumMinutes}
              description="0 : pas de minimum."
            >
              {(c) => <Input {...c} inputMode="numeric" {...form.text('minimumMinutes')} />}
            </Field>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Déplacement" error={e.travelMode}>
              {(c) => (
                <NativeSelect
                  {...c}
                  value={v.travelMode}
                  onChange={(ev) => form.set('travelMode', ev.target.value as TravelMode)}
                >
                  <option value="forfait">Forfait par intervention</option>
                  <option value="km">Au kilomètre</option>
                </NativeSelect>
              )}
            </Field>
            {v.travelMode === 'forfait' ? (
              <Field label="Forfait (€ TTC)" error={e.travelFlatCents} description="0 : déplacement gratuit.">
                {(c) => <Input {...c} inputMode="decimal" {...form.text('travelFlatCents')} />}
              </Field>
            ) : (
              <>
                <Field label="Prix du km (€ TTC)" error={e.travelPerKmCents}>
                  {(c) => <Input {...c} inputMode="decimal" {...form.text('travelPerKmCents')} />}
                </Field>
                <Field label="Km inclus" error={e.travelFreeKm}>
                  {(c) => <Input {...c} inputMode="numeric" {...form.text('travelFreeKm')} />}
                </Field>
              </>
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Devis gratuit" inline>
              {(c) => (
                <Switch {...c} checked={v.quoteFree} onCheckedChange={(on) => form.set('quoteFree', on)} />
              )}
            </Field>
            {!v.quoteFree && (
              <Field label="Prix du devis (€ TTC)" error={e.quotePriceCents}>
                {(c) => <Input {...c} inputMode="decimal" {...form.text('quotePriceCents')} />}
              </Field>
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Majoration de nuit (%)" error={e.nightSurchargePercent} description="0 : aucune.">
              {(c) => <Input {...c} inputMode="numeric" {...form.text('nightSurchargePercent')} />}
            </Field>
            <Field label="Majoration dimanche et fériés (%)" error={e.sundaySurchargePercent}>
              {(c) => <Input {...c} inputMode="numeric" {...form.text('sundaySurchargePercent')} />}
            </Field>
            <Field label="Majoration d’urgence (%)" error={e.urgencySurchargePercent}>
              {(c) => <Input {...c} inputMode="numeric" {...form.text('urgencySurchargePercent')} />}
            </Field>
          </div>
        </CardContent>
      </Card>
      <ServicesCard form={form} />
      <div>
        <SaveButton onClick={onSave} saving={save.isPending}>
          Enregistrer les tarifs
        </SaveButton>
      </div>
    </div>
  );
}

const newService = (): ServiceFormValues => ({
  id: crypto.randomUUID(),
  label: '',
  pests: '',
  pricing: 'forfait',
  priceCents: '',
  defaultMinutes: '60',
});

function ServicesCard({ form }: { form: Form }) {
  const services = form.values.services;
  const setService = (i: number, change: Partial<ServiceFormValues>) =>
    form.set(
      'services',
      services.map((s, j) => (j === i ? { ...s, ...change } : s)),
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Catalogue des prestations</CardTitle>
        <CardDescription>
          Les prestations courantes affichées sur la page « Tarifs », et à partir desquelles les devis sont
          construits.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {services.length === 0 && (
          <p className="text-sm text-muted-foreground">Aucune prestation : ajoutez la première.</p>
        )}
        {services.map((s, i) => (
          <fieldset key={s.id} className="grid gap-3 rounded-lg border p-4">
            <legend className="px-1 text-sm font-semibold">{s.label || `Prestation ${i + 1}`}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Libellé">
                {(c) => (
                  <Input
                    {...c}
                    value={s.label}
                    onChange={(ev) => setService(i, { label: ev.target.value })}
                  />
                )}
              </Field>
              <Field label="Nuisibles visés" description="Par ex. « Guêpes, frelons ».">
                {(c) => (
                  <Input
                    {...c}
                    value={s.pests}
                    onChange={(ev) => setService(i, { pests: ev.target.value })}
                  />
                )}
              </Field>
            </div>
            <div className="grid gap-3 sm:grid-cols-3">
              <Field label="Règle de prix">
                {(c) => (
                  <NativeSelect
                    {...c}
                    value={s.pricing}
                    onChange={(ev) => setService(i, { pricing: ev.target.value as PricingKind })}
                  >
                    {PRICING_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {PRICING_KIND_LABELS[k]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
              {s.pricing !== 'horaire' && (
                <Field label={s.pricing === 'forfait' ? 'Prix (€ TTC)' : 'Prix par dispositif (€ TTC)'}>
                  {(c) => (
                    <Input
                      {...c}
                      inputMode="decimal"
                      value={s.priceCents}
                      onChange={(ev) => setService(i, { priceCents: ev.target.value })}
                    />
                  )}
                </Field>
              )}
              <Field label="Durée habituelle (minutes)">
                {(c) => (
                  <Input
                    {...c}
                    inputMode="numeric"
                    value={s.defaultMinutes}
                    onChange={(ev) => setService(i, { defaultMinutes: ev.target.value })}
                  />
                )}
              </Field>
            </div>
            <div>
              <Button
                type="button"
                variant="outline"
                onClick={() =>
                  form.set(
                    'services',
                    services.filter((_, j) => j !== i),
                  )
                }
              >
                <Trash2 aria-hidden="true" />
                Retirer cette prestation
              </Button>
            </div>
          </fieldset>
        ))}
        {form.errors.services && <p className="text-sm text-destructive">{form.errors.services}</p>}
        <div>
          <Button
            type="button"
            variant="outline"
            onClick={() => form.set('services', [...services, newService()])}
          >
            <Plus aria-hidden="true" />
            Ajouter une prestation
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
