import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import type { FormState } from '@/client/lib/use-form';
import type { SettingsFormValues, ShopSettings } from '@/domain/settings/settings';
import { Section } from './section';

/**
 * Paramètres › Paiement (issue 35): the shop's IBAN and BIC (checked: mod 97, ISO 9362) and the
 * cheques' payee. The confirmation mail and /compte give them to customers paying that way.
 */
export function PaymentTab({ form }: { form: FormState<SettingsFormValues, ShopSettings> }) {
  const e = form.errors;
  return (
    <div className="grid gap-6">
      <Section
        title="Virement bancaire"
        description="Envoyés au client avec la confirmation de sa commande, et affichés dans son compte"
      >
        <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <Field label="IBAN" error={e.iban} description="ex. FR76 3000 6000 0112 3456 7890 189">
            {(c) => <Input {...c} autoComplete="off" spellCheck={false} {...form.text('iban')} />}
          </Field>
          <Field label="BIC" error={e.bic} description="ex. AGRIFRPP882">
            {(c) => <Input {...c} autoComplete="off" spellCheck={false} {...form.text('bic')} />}
          </Field>
        </div>
      </Section>
      <Section title="Chèque" description="L'ordre à indiquer sur les chèques">
        <Field label="Ordre des chèques" error={e.chequePayee}>
          {(c) => <Input {...c} {...form.text('chequePayee')} />}
        </Field>
      </Section>
    </div>
  );
}
