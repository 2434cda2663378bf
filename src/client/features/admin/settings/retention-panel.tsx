import { Save } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/components/ui/toast';
import { trpc } from '@/client/lib/trpc';
import { useForm } from '@/client/lib/use-form';
import {
  DEFAULT_RETENTION,
  type RetentionSettings,
  retentionSettingsSchema,
} from '@/domain/privacy/retention';

type Values = Record<keyof RetentionSettings, string>;
const toValues = (s: RetentionSettings): Values => ({
  contactMonths: String(s.contactMonths),
  inactiveAccountMonths: String(s.inactiveAccountMonths),
  inactivityWarningDays: String(s.inactivityWarningDays),
  guestOrderMonths: String(s.guestOrderMonths),
  interventionRequestMonths: String(s.interventionRequestMonths),
  contractMonths: String(s.contractMonths),
  mailDays: String(s.mailDays),
});
/** Typed text into numbers; an unreadable one stays NaN and fails with its French message. */
const toInput = (v: Values) =>
  Object.fromEntries(
    Object.entries(v).map(([k, text]) => [k, text.trim() === '' ? Number.NaN : Number(text)]),
  );

const FIELDS: { name: keyof RetentionSettings; label: string; unit: 'mois' | 'jours'; law: string }[] = [
  {
    name: 'contactMonths',
    label: 'Demandes de contact et de devis',
    unit: 'mois',
    law: 'Après le dernier échange. Politique de confidentialité : 12 mois.',
  },
  {
    name: 'inactiveAccountMonths',
    label: 'Comptes clients sans activité',
    unit: 'mois',
    law: 'CNIL (référentiel clients) : 3 ans après le dernier achat ou contact.',
  },
  {
    name: 'inactivityWarningDays',
    label: 'Préavis envoyé par email avant la suppression d’un compte',
    unit: 'jours',
    law: 'L’email prévient le client qu’il lui suffit de se connecter pour garder son compte.',
  },
  {
    name: 'guestOrderMonths',
    label: 'Coordonnées des commandes sans compte',
    unit: 'mois',
    law: 'CNIL : 3 ans après le dernier achat. Les factures restent conservées 10 ans.',
  },
  {
    name: 'interventionRequestMonths',
    label: 'Demandes d’intervention sans compte',
    unit: 'mois',
    law: 'CNIL : 3 ans après le dernier contact. Les rapports et factures restent conservés 10 ans.',
  },
  {
    name: 'contractMonths',
    label: 'Clients des contrats d’entretien sans compte',
    unit: 'mois',
    law: 'CNIL : 3 ans après la fin du contrat. Les factures restent conservées 10 ans.',
  },
  {
    name: 'mailDays',
    label: 'Emails envoyés',
    unit: 'jours',
    law: 'Copies des emails envoyés par la boutique.',
  },
];

/** « Données personnelles »: the retention periods the job applies and the privacy policy states. */
export function RetentionPanel() {
  const stored = trpc.privacy.settings.useQuery(undefined, { refetchOnWindowFocus: false });
  if (stored.isError) {
    return (
      <p role="alert" className="text-destructive">
        Impossible de charger les durées de conservation.
      </p>
    );
  }
  if (!stored.data) return <Spinner />;
  return <RetentionForm initial={stored.data} />;
}

function RetentionForm({ initial }: { initial: RetentionSettings }) {
  const form = useForm<Values, RetentionSettings>({
    initial: toValues(initial),
    schema: retentionSettingsSchema,
    toInput,
  });
  const utils = trpc.useUtils();
  const update = trpc.privacy.updateSettings.useMutation();

  // Inside the settings page's form: a button, not a nested form.
  async function save() {
    const parsed = await form.validate();
    if (!parsed.ok) return;
    try {
      const saved = await update.mutateAsync(parsed.data);
      utils.privacy.settings.setData(undefined, saved);
      void utils.privacy.policy.invalidate();
      form.reset(toValues(saved));
      toast({ title: 'Succès', description: 'Durées de conservation enregistrées.', variant: 'success' });
    } catch (error) {
      form.showServerErrors(error);
      toast({ title: 'Erreur', description: 'Impossible d’enregistrer les durées.', variant: 'destructive' });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Données personnelles</CardTitle>
        <CardDescription>
          Durées de conservation appliquées chaque jour par la boutique et affichées dans la politique de
          confidentialité. Les valeurs par défaut sont celles de la loi et de la CNIL.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {FIELDS.map((f) => (
          <Field
            key={f.name}
            label={`${f.label} (${f.unit})`}
            description={`${f.law} Par défaut : ${DEFAULT_RETENTION[f.name]} ${f.unit}.`}
            error={form.errors[f.name]}
          >
            {(c) => <Input {...c} inputMode="numeric" className="sm:max-w-32" {...form.text(f.name)} />}
          </Field>
        ))}
        <div>
          <Button type="button" onClick={save} disabled={update.isPending}>
            <Save aria-hidden="true" />
            Enregistrer les durées
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
