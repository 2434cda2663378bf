import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Field } from '@/client/components/ui/field';
import { FormErrorList } from '@/client/components/ui/form-error-list';
import { Input, Textarea } from '@/client/components/ui/input';
import { SaveButton } from '@/client/components/ui/save-button';
import { Spinner } from '@/client/components/ui/spinner';
import { Switch } from '@/client/components/ui/switch';
import { toast } from '@/client/components/ui/toast';
import { trpc } from '@/client/lib/trpc';
import { useForm } from '@/client/lib/use-form';
import {
  awaitingIssuedMessage,
  IDENTITY_LABELS,
  IDENTITY_MESSAGES,
  isCompanyForm,
  type SellerIdentity,
  sellerIdentitySchema,
  VAT_EXEMPT_MENTION,
} from '@/domain/invoices/identity';

/**
 * Paramètres › Facturation: the seller's identity printed on every invoice and credit note (and read
 * by the legal notices). Its own save: it sits inside the settings form, so it uses no nested form.
 */
export function BillingTab() {
  const stored = trpc.invoices.identity.useQuery(undefined, { refetchOnWindowFocus: false });
  if (stored.isError) {
    return (
      <p role="alert" className="text-destructive">
        Impossible de charger les informations de facturation.
      </p>
    );
  }
  if (!stored.data) return <Spinner className="min-h-[30vh]" />;
  return <BillingForm initial={stored.data.identity} missing={stored.data.missing} />;
}

function BillingForm({ initial, missing }: { initial: SellerIdentity; missing: (keyof SellerIdentity)[] }) {
  const form = useForm<SellerIdentity, SellerIdentity>({ initial, schema: sellerIdentitySchema });
  const utils = trpc.useUtils();
  const save = trpc.invoices.saveIdentity.useMutation();
  const e = form.errors;
  const v = form.values;
  const label = (field: keyof SellerIdentity) => IDENTITY_LABELS[field];

  async function onSave() {
    if (save.isPending) return;
    const parsed = await form.validate();
    if (!parsed.ok) return;
    try {
      const saved = await save.mutateAsync(parsed.data);
      const { issued, ...identity } = saved;
      utils.invoices.identity.setData(undefined, identity);
      form.reset(saved.identity);
      toast({ title: 'Succès', description: IDENTITY_MESSAGES.saved, variant: 'success' });
      if (issued.length > 0) {
        // The paid orders that waited for a complete identity got their invoices.
        toast({ title: 'Factures émises', description: awaitingIssuedMessage(issued), variant: 'success' });
        void utils.invoices.invalidate();
        void utils.orders.invalidate();
      }
    } catch (error) {
      form.showServerErrors(error);
      toast({
        title: 'Erreur',
        description: 'Impossible d’enregistrer la facturation.',
        variant: 'destructive',
      });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Facturation</CardTitle>
        <CardDescription>
          L’identité du vendeur imprimée sur chaque facture et chaque avoir (art. 242 nonies A du CGI). Une
          facture émise garde les informations du jour de son émission.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {missing.length > 0 ? (
          <p
            role="status"
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          >
            Aucune facture ne peut être émise tant que ces mentions manquent :{' '}
            {missing.map((f) => label(f)).join(', ')}.
          </p>
        ) : (
          <p
            role="status"
            className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900"
          >
            Toutes les mentions obligatoires sont renseignées : les factures sont émises au paiement.
          </p>
        )}
        <FormErrorList title="Erreurs de validation :" messages={form.messages} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={label('legalName')} error={e.legalName} required>
            {(c) => <Input {...c} autoComplete="organization" {...form.text('legalName')} />}
          </Field>
          <Field label={label('legalForm')} error={e.legalForm} required description="EI, EURL, SARL, SAS…">
            {(c) => <Input {...c} {...form.text('legalForm')} />}
          </Field>
        </div>
        <Field
          label={label('shareCapital')}
          error={e.shareCapital}
          required={isCompanyForm(v.legalForm)}
          description="Obligatoire pour une société, par ex. « 10 000 € »."
        >
          {(c) => <Input {...c} className="sm:max-w-60" {...form.text('shareCapital')} />}
        </Field>
        <Field label={label('address')} error={e.address} required>
          {(c) => <Textarea {...c} rows={2} autoComplete="street-address" {...form.text('address')} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <Field label={label('zipCode')} error={e.zipCode} required>
            {(c) => <Input {...c} inputMode="numeric" autoComplete="postal-code" {...form.text('zipCode')} />}
          </Field>
          <Field label={label('city')} error={e.city} required>
            {(c) => <Input {...c} autoComplete="address-level2" {...form.text('city')} />}
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={label('siren')} error={e.siren} required>
            {(c) => <Input {...c} inputMode="numeric" {...form.text('siren')} />}
          </Field>
          <Field label={label('siret')} error={e.siret}>
            {(c) => <Input {...c} inputMode="numeric" {...form.text('siret')} />}
          </Field>
        </div>
        <Field
          label={label('registry')}
          error={e.registry}
          required
          description="Par ex. « RCS Évreux 123 456 789 » ou « RM 27 » pour un artisan."
        >
          {(c) => <Input {...c} {...form.text('registry')} />}
        </Field>
        <Field
          label={label('vatExempt')}
          inline
          description={`Imprime « ${VAT_EXEMPT_MENTION} » au lieu du numéro de TVA.`}
        >
          {(c) => <Switch {...c} checked={v.vatExempt} onCheckedChange={(on) => form.set('vatExempt', on)} />}
        </Field>
        {!v.vatExempt && (
          <Field
            label={label('vatNumber')}
            error={e.vatNumber}
            required
            description="FR suivi de 11 caractères."
          >
            {(c) => <Input {...c} className="sm:max-w-72" {...form.text('vatNumber')} />}
          </Field>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={label('invoicePrefix')} error={e.invoicePrefix} description="Numéros FA-2026-000001…">
            {(c) => <Input {...c} {...form.text('invoicePrefix')} />}
          </Field>
          <Field
            label={label('creditNotePrefix')}
            error={e.creditNotePrefix}
            description="Numéros AV-2026-000001…"
          >
            {(c) => <Input {...c} {...form.text('creditNotePrefix')} />}
          </Field>
        </div>
        <div>
          <SaveButton onClick={onSave} saving={save.isPending}>
            Enregistrer la facturation
          </SaveButton>
        </div>
      </CardContent>
    </Card>
  );
}
