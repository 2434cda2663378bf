import { type FormEvent, useState } from 'react';
import { Field, FieldError, FormAlert } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { FormDialog } from '@/client/features/admin/layout/screen-parts';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { type FormState, useForm } from '@/client/lib/use-form';
import { cn } from '@/client/lib/utils';
import { BILLING_RHYTHM_LABELS, BILLING_RHYTHMS, type BillingRhythm } from '@/domain/contracts/calendar';
import {
  CONCLUSION_MODE_LABELS,
  CONCLUSION_MODES,
  CONTRACT_PEST_LABELS,
  CONTRACT_PESTS,
  type ConclusionMode,
  type ContractInput,
  type ContractPest,
  type CustomerKind,
  contractInputSchema,
} from '@/domain/contracts/contract';
import { eurosToCents } from '@/domain/orders/money';

/**
 * The form as typed: one flat field per input, named as the schema's key it fills (the customer's
 * fields as in `customer`), so the schema's and the server's messages land under their input.
 */
interface ContractFormValues {
  siteId: string;
  customerKind: CustomerKind;
  companyName: string;
  siren: string;
  name: string;
  email: string;
  phone: string;
  street: string;
  zipCode: string;
  city: string;
  headcount: string;
  activity: string;
  withinMainActivity: 'unknown' | 'yes' | 'no';
  conclusionMode: ConclusionMode;
  signedOnline: boolean;
  pests: ContractPest[];
  zones: string;
  /** Bait stations planned (the device baseline). */
  deviceBaseline: string;
  visitsPerYear: string;
  /** Euros, as typed (« 1 200,50 »). */
  yearlyPriceExclCents: string;
  billingRhythm: BillingRhythm;
  startDate: string;
  termMonths: string;
  noticeMonths: string;
  tacitRenewal: boolean;
}

const today = () => new Date().toISOString().slice(0, 10);

const initialValues = (): ContractFormValues => ({
  siteId: '',
  customerKind: 'professionnel',
  companyName: '',
  siren: '',
  name: '',
  email: '',
  phone: '',
  street: '',
  zipCode: '',
  city: '',
  headcount: '',
  activity: '',
  withinMainActivity: 'unknown',
  conclusionMode: 'en_etablissement',
  signedOnline: false,
  pests: ['rongeurs'],
  zones: '',
  deviceBaseline: '0',
  visitsPerYear: '6',
  yearlyPriceExclCents: '',
  billingRhythm: 'quarterly',
  startDate: today(),
  termMonths: '12',
  noticeMonths: '1',
  tacitRenewal: true,
});

/** A typed count: empty is 0 (the schema says what is missing), anything not a number stays NaN. */
const count = (text: string) => Number(text.trim() || '0');

/** The schema's input: what a professional's fields say only for a professional. */
function toInput(v: ContractFormValues) {
  const pro = v.customerKind === 'professionnel';
  return {
    customerId: null,
    siteId: v.siteId,
    customer: {
      name: v.name,
      email: v.email,
      phone: v.phone,
      street: v.street,
      zipCode: v.zipCode,
      city: v.city,
      companyName: pro ? v.companyName : '',
      siren: pro ? v.siren : '',
    },
    customerKind: v.customerKind,
    headcount: pro && v.headcount.trim() !== '' ? count(v.headcount) : null,
    activity: pro ? v.activity : '',
    withinMainActivity: pro && v.withinMainActivity !== 'unknown' ? v.withinMainActivity === 'yes' : null,
    conclusionMode: v.conclusionMode,
    signedOnline: v.signedOnline,
    pests: v.pests,
    zones: v.zones
      .split(',')
      .map((z) => z.trim())
      .filter(Boolean),
    visitsPerYear: count(v.visitsPerYear),
    deviceBaseline: count(v.deviceBaseline) > 0 ? { poste_appatage: count(v.deviceBaseline) } : {},
    yearlyPriceExclCents:
      v.yearlyPriceExclCents.trim() === '' ? 0 : (eurosToCents(v.yearlyPriceExclCents) ?? Number.NaN),
    billingRhythm: v.billingRhythm,
    startDate: v.startDate,
    termMonths: count(v.termMonths),
    tacitRenewal: v.tacitRenewal,
    noticeMonths: count(v.noticeMonths),
  };
}

type TextKey = {
  [K in keyof ContractFormValues]: ContractFormValues[K] extends string ? K : never;
}[keyof ContractFormValues];

/**
 * « Nouveau contrat » (ADR 044): the form of contractInputSchema, the procedure's own; each
 * message under its field, the server's too; a new contract opens its page.
 */
export function NewContractDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const sites = trpc.contracts.sites.useQuery(undefined, { enabled: open });
  const utils = trpc.useUtils();
  const create = trpc.contracts.create.useMutation({ onSuccess: () => utils.contracts.list.invalidate() });
  const form = useForm<ContractFormValues, ContractInput>({
    initial: initialValues(),
    schema: contractInputSchema,
    toInput,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const saving = create.isPending;
  const close = () => {
    form.reset(initialValues());
    setFailure(null);
    onClose();
  };
  const onSubmit = form.submitToServer(
    async (data) => {
      setFailure(null);
      const created = await create.mutateAsync(data);
      close();
      if (created.id) onCreated(created.id);
    },
    // A refusal naming a field (SITE_UNKNOWN: the site archived meanwhile) lands under it instead.
    (error) => setFailure(errorMessage(error, 'Impossible de créer le contrat')),
  );
  const v = form.values;
  const e = form.errors;
  const pro = v.customerKind === 'professionnel';
  const text = (label: string, key: TextKey, props: React.ComponentProps<typeof Input> = {}) => (
    <Field label={label} required={props.required} error={e[key]}>
      {(control) => <Input {...control} {...form.text(key)} autoComplete="off" {...props} />}
    </Field>
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && !saving && close()}
      title="Nouveau contrat"
      description="Le client, le site, les nuisibles couverts, les visites de l’année et la facturation."
      onSubmit={(event) => void onSubmit(event as FormEvent<HTMLFormElement>)}
      editing={false}
      saving={saving}
      onCancel={close}
      submitLabel="Créer le contrat"
      busyLabel="Enregistrement..."
    >
      <FormAlert message={failure} />
      <Field label="Site" required error={e.siteId}>
        {(control) => (
          <NativeSelect {...control} {...form.text('siteId')}>
            <option value="">Choisir un site…</option>
            {(sites.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} – {s.city}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <fieldset className="grid gap-3 rounded-md border p-3 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold">Client</legend>
        <Field label="Type de client" className="sm:col-span-2" error={e.customerKind}>
          {(control) => (
            <NativeSelect {...control} {...form.text('customerKind')}>
              <option value="professionnel">Professionnel</option>
              <option value="particulier">Particulier</option>
            </NativeSelect>
          )}
        </Field>
        {pro && text('Raison sociale', 'companyName', { required: true })}
        {pro && text('SIREN', 'siren', { required: true, inputMode: 'numeric' })}
        {text(pro ? 'Nom du contact' : 'Nom', 'name', { required: true })}
        {text('Email', 'email', { required: true, type: 'email' })}
        {text('Téléphone', 'phone', { type: 'tel' })}
        {text('Adresse de facturation', 'street', { required: true })}
        {text('Code postal', 'zipCode', { required: true, inputMode: 'numeric' })}
        {text('Commune', 'city', { required: true })}
        {pro && text('Effectif (salariés)', 'headcount', { inputMode: 'numeric' })}
        {pro && text('Activité principale', 'activity')}
        {pro && (
          <Field
            label="La lutte contre les nuisibles relève-t-elle de son activité principale ?"
            className="sm:col-span-2"
            error={e.withinMainActivity}
          >
            {(control) => (
              <NativeSelect {...control} {...form.text('withinMainActivity')}>
                <option value="unknown">Non renseigné</option>
                <option value="no">Non</option>
                <option value="yes">Oui</option>
              </NativeSelect>
            )}
          </Field>
        )}
      </fieldset>
      <fieldset className="grid gap-3 rounded-md border p-3 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold">Contrat</legend>
        <Field label="Mode de conclusion" error={e.conclusionMode}>
          {(control) => (
            <NativeSelect {...control} {...form.text('conclusionMode')}>
              {CONCLUSION_MODES.map((m) => (
                <option key={m} value={m}>
                  {CONCLUSION_MODE_LABELS[m]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Checkbox form={form} name="signedOnline" label="Signé en ligne" className="self-end" />
        <PestsField form={form} />
        {text('Zones (séparées par des virgules)', 'zones')}
        {text('Postes d’appâtage prévus', 'deviceBaseline', { inputMode: 'numeric' })}
        {text('Visites par an', 'visitsPerYear', { required: true, inputMode: 'numeric' })}
        {text('Prix annuel HT (€)', 'yearlyPriceExclCents', { required: true, inputMode: 'decimal' })}
        <Field label="Facturation" error={e.billingRhythm}>
          {(control) => (
            <NativeSelect {...control} {...form.text('billingRhythm')}>
              {BILLING_RHYTHMS.map((r) => (
                <option key={r} value={r}>
                  {BILLING_RHYTHM_LABELS[r]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        {text('Début', 'startDate', { required: true, type: 'date' })}
        {text('Durée (mois)', 'termMonths', { required: true, inputMode: 'numeric' })}
        {text('Préavis de non-reconduction (mois)', 'noticeMonths', { inputMode: 'numeric' })}
        <Checkbox form={form} name="tacitRenewal" label="Reconduction tacite" />
      </fieldset>
    </FormDialog>
  );
}

type Form = FormState<ContractFormValues, ContractInput>;

function Checkbox({
  form,
  name,
  label,
  className,
}: {
  form: Form;
  name: 'signedOnline' | 'tacitRenewal';
  label: string;
  className?: string;
}) {
  return (
    <label className={cn('flex items-center gap-2 text-sm', className)}>
      <input
        type="checkbox"
        name={name}
        className="size-4 accent-primary"
        checked={form.values[name]}
        onChange={(event) => form.set(name, event.target.checked)}
      />
      {label}
    </label>
  );
}

/** « Nuisibles couverts »: at least one, its message under the group. */
function PestsField({ form }: { form: Form }) {
  const pests = form.values.pests;
  const error = form.errors.pests;
  return (
    <fieldset
      className="grid gap-1 text-sm sm:col-span-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? 'contract-pests-error' : undefined}
    >
      <legend className="mb-1 font-medium">Nuisibles couverts</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {CONTRACT_PESTS.map((p) => (
          <label key={p} className="flex items-center gap-2">
            <input
              type="checkbox"
              name="pests"
              className="size-4 accent-primary"
              checked={pests.includes(p)}
              onChange={(event) =>
                form.set('pests', event.target.checked ? [...pests, p] : pests.filter((x) => x !== p))
              }
            />
            {CONTRACT_PEST_LABELS[p]}
          </label>
        ))}
      </div>
      <FieldError id="contract-pests-error" message={error} />
    </fieldset>
  );
}
