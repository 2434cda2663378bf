import {
  Bell,
  Database,
  Download,
  Eraser,
  Landmark,
  Loader2,
  Receipt,
  Save,
  Scale,
  Settings,
  ShieldCheck,
  ShoppingCart,
  Store,
  Wrench,
} from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { SubmitButton } from '@/client/components/ui/form';
import { FormErrorList } from '@/client/components/ui/form-error-list';
import { Input, PhoneInput, Textarea } from '@/client/components/ui/input';
import { Spinner } from '@/client/components/ui/spinner';
import { Switch } from '@/client/components/ui/switch';
import { Tabs, TabsContent } from '@/client/components/ui/tabs';
import { toast } from '@/client/components/ui/toast';
import { trpc } from '@/client/lib/trpc';
import { type FormState, useForm } from '@/client/lib/use-form';
import {
  parseSettingsForm,
  SETTINGS_MESSAGES,
  type SettingsFormValues,
  type ShopSettings,
  settingsFormValues,
  shippingSwitchHint,
  shopSettingsSchema,
} from '@/domain/settings/settings';
import { frenchDateTime } from '@/domain/site/dates';
import { InterventionTariffsTab } from '../../interventions/tariffs-tab';
import { IconTabsList } from '../layout/screen-parts';
import { BillingTab } from './billing-tab';
import { PaymentTab } from './payment-tab';
import { RetentionPanel } from './retention-panel';
import { Section } from './section';
import { StatsPanel } from './stats-panel';

type Form = FormState<SettingsFormValues, ShopSettings>;

/** Which tab holds each field: after a refused save, the first tab with an error opens. */
const TAB_OF: Record<keyof SettingsFormValues, string> = {
  shopName: 'general',
  shopDescription: 'general',
  shopEmail: 'general',
  shopPhone: 'general',
  shopAddress: 'general',
  currency: 'general',
  taxRate: 'commerce',
  shippingEnabled: 'commerce',
  freeShippingThresholdCents: 'commerce',
  defaultShippingCostCents: 'commerce',
  notificationsEnabled: 'notifications',
  emailNotifications: 'notifications',
  orderNotifications: 'notifications',
  lowStockAlerts: 'notifications',
  lowStockThreshold: 'notifications',
  contactNotifications: 'notifications',
  customerStatusMails: 'notifications',
  maintenanceMode: 'system',
  publicationDirector: 'legal',
  hostName: 'legal',
  hostAddress: 'legal',
  hostPhone: 'legal',
  mediatorName: 'legal',
  mediatorAddress: 'legal',
  mediatorWebsite: 'legal',
  iban: 'payment',
  bic: 'payment',
  chequePayee: 'payment',
};

const TABS = [
  'general',
  'commerce',
  'billing',
  'payment',
  'notifications',
  'legal',
  'system',
  'stats',
  'privacy',
] as const;

/** "Paramètres" (back-office.md §2): loads the stored settings, then the form owns the edits. */
export function SettingsScreen() {
  const stored = trpc.settings.get.useQuery(undefined, { refetchOnWindowFocus: false });
  if (stored.isError) {
    return (
      <p role="alert" className="text-destructive">
        Impossible de charger les paramètres.
      </p>
    );
  }
  if (!stored.data) return <Spinner className="min-h-[50vh]" />;
  return (
    <SettingsForm
      initial={stored.data.settings}
      updatedAt={stored.data.updatedAt}
      updatedBy={stored.data.updatedByEmail}
    />
  );
}

function SettingsForm({
  initial,
  updatedAt,
  updatedBy,
}: {
  initial: ShopSettings;
  updatedAt: string | null;
  updatedBy: string | null;
}) {
  // Edits live here, above the tabs: switching tabs keeps them until "Sauvegarder".
  const form = useForm<SettingsFormValues, ShopSettings>({
    initial: settingsFormValues(initial),
    schema: shopSettingsSchema,
    toInput: parseSettingsForm,
  });
  // /admin/settings?onglet=legal (the dashboard's « Mise en service » links) opens that tab.
  const [params] = useSearchParams();
  const asked = params.get('onglet');
  const [tab, setTab] = useState<string>(TABS.find((t) => t === asked) ?? 'general');
  const utils = trpc.useUtils();
  const update = trpc.settings.update.useMutation();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    const parsed = await form.validate();
    if (!parsed.ok) {
      openFirstError(parsed.messages);
      toast({ title: 'Erreur', description: SETTINGS_MESSAGES.saveFailed, variant: 'destructive' });
      return;
    }
    try {
      const saved = await update.mutateAsync(parsed.data);
      utils.settings.get.setData(undefined, saved);
      form.reset(settingsFormValues(saved.settings));
      void utils.settings.shop.invalidate();
      void utils.settings.history.invalidate();
      toast({ title: 'Succès', description: SETTINGS_MESSAGES.saved, variant: 'success' });
    } catch (error) {
      form.showServerErrors(error);
      toast({ title: 'Erreur', description: SETTINGS_MESSAGES.saveFailed, variant: 'destructive' });
    }
  }

  function openFirstError(_messages: string[]) {
    const result = shopSettingsSchema.safeParse(parseSettingsForm(form.values));
    const first = result.success ? undefined : result.error.issues[0]?.path[0];
    if (typeof first === 'string') setTab(TAB_OF[first as keyof SettingsFormValues] ?? tab);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Paramètres</h1>
          <p className="text-muted-foreground">Configurez votre boutique</p>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="settings-last-change">
            {updatedAt
              ? `Dernière modification le ${frenchDateTime(updatedAt)}${updatedBy ? ` par ${updatedBy}` : ''}`
              : 'Valeurs par défaut : jamais modifiés.'}
          </p>
        </div>
        <SubmitButton submitting={update.isPending} busyLabel="Sauvegarde...">
          <Save aria-hidden="true" />
          Sauvegarder
        </SubmitButton>
      </div>
      <FormErrorList title="Erreurs de validation :" messages={form.messages} />
      <Tabs value={tab} onValueChange={setTab}>
        <div>
          <IconTabsList
            className="h-auto flex-wrap justify-start"
            tabs={[
              { value: 'general', icon: Store, label: 'Général' },
              { value: 'commerce', icon: ShoppingCart, label: 'Commerce' },
              { value: 'billing', icon: Receipt, label: 'Facturation' },
              { value: 'payment', icon: Landmark, label: 'Paiement' },
              { value: 'interventions', icon: Wrench, label: 'Interventions' },
              { value: 'notifications', icon: Bell, label: 'Notifications' },
              { value: 'legal', icon: Scale, label: 'Mentions légales' },
              { value: 'system', icon: Settings, label: 'Système' },
              { value: 'stats', icon: Database, label: 'Statistiques' },
              { value: 'privacy', icon: ShieldCheck, label: 'Données personnelles' },
            ]}
          />
        </div>
        <TabsContent value="general">
          <GeneralTab form={form} />
        </TabsContent>
        <TabsContent value="commerce">
          <CommerceTab form={form} />
        </TabsContent>
        <TabsContent value="billing">
          <BillingTab />
        </TabsContent>
        <TabsContent value="payment">
          <PaymentTab form={form} />
        </TabsContent>
        <TabsContent value="interventions">
          <InterventionTariffsTab />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationsTab form={form} />
        </TabsContent>
        <TabsContent value="legal">
          <LegalTab form={form} />
        </TabsContent>
        <TabsContent value="system">
          <SystemTab form={form} />
        </TabsContent>
        <TabsContent value="stats">
          <StatsPanel />
        </TabsContent>
        <TabsContent value="privacy">
          <RetentionPanel />
        </TabsContent>
      </Tabs>
    </form>
  );
}

function GeneralTab({ form }: { form: Form }) {
  const e = form.errors;
  return (
    <Section title="Informations générales" description="Les informations de base de votre boutique">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Nom de la boutique" error={e.shopName}>
          {(c) => <Input {...c} {...form.text('shopName')} />}
        </Field>
        <Field label="Email de contact" error={e.shopEmail}>
          {(c) => <Input {...c} type="email" {...form.text('shopEmail')} />}
        </Field>
      </div>
      <Field label="Description" error={e.shopDescription}>
        {(c) => <Textarea {...c} rows={3} {...form.text('shopDescription')} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Téléphone" error={e.shopPhone}>
          {(c) => <PhoneInput {...c} placeholder="ex. 06 12 34 56 78" {...form.text('shopPhone')} />}
        </Field>
        <Field label="Devise" error={e.currency} description="Les prix sont en euros.">
          {(c) => <Input {...c} {...form.text('currency')} />}
        </Field>
      </div>
      <Field label="Adresse" error={e.shopAddress}>
        {(c) => <Textarea {...c} rows={2} {...form.text('shopAddress')} />}
      </Field>
    </Section>
  );
}

/** Mentions légales (issue 26): what the legal notices (LCEN art. 6 III) and the CGV (L612-1) name. */
function LegalTab({ form }: { form: Form }) {
  const e = form.errors;
  return (
    <div className="grid gap-6">
      <Section
        title="Publication et hébergement"
        description="Affichés dans les mentions légales du site (loi pour la confiance dans l'économie numérique, art. 6 III)"
      >
        <Field label="Directeur de la publication" error={e.publicationDirector}>
          {(c) => <Input {...c} {...form.text('publicationDirector')} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Hébergeur (nom)" error={e.hostName}>
            {(c) => <Input {...c} {...form.text('hostName')} />}
          </Field>
          <Field label="Téléphone de l'hébergeur" error={e.hostPhone}>
            {(c) => <PhoneInput {...c} {...form.text('hostPhone')} />}
          </Field>
        </div>
        <Field label="Adresse de l'hébergeur" error={e.hostAddress}>
          {(c) => <Textarea {...c} rows={2} {...form.text('hostAddress')} />}
        </Field>
      </Section>
      <Section
        title="Médiateur de la consommation"
        description="Nommé dans les conditions générales de vente (Code de la consommation, art. L612-1)"
      >
        <Field label="Nom du médiateur" error={e.mediatorName}>
          {(c) => <Input {...c} {...form.text('mediatorName')} />}
        </Field>
        <Field label="Adresse du médiateur" error={e.mediatorAddress}>
          {(c) => <Textarea {...c} rows={2} {...form.text('mediatorAddress')} />}
        </Field>
        <Field
          label="Site internet du médiateur"
          error={e.mediatorWebsite}
          description="ex. https://www.exemple-mediation.fr"
        >
          {(c) => <Input {...c} type="url" {...form.text('mediatorWebsite')} />}
        </Field>
      </Section>
    </div>
  );
}

function CommerceTab({ form }: { form: Form }) {
  const e = form.errors;
  const v = form.values;
  return (
    <Section
      title="Paramètres commerciaux"
      description="TVA et livraison, appliquées aux nouvelles commandes"
    >
      <Field label="Taux de TVA (%)" error={e.taxRate} description="Les prix affichés incluent la TVA.">
        {(c) => <Input {...c} inputMode="decimal" className="sm:max-w-48" {...form.text('taxRate')} />}
      </Field>
      <Field
        label="Activer la livraison"
        inline
        error={e.shippingEnabled}
        description={shippingSwitchHint(v.shippingEnabled)}
      >
        {(c) => (
          <Switch
            {...c}
            checked={v.shippingEnabled}
            onCheckedChange={(on) => form.set('shippingEnabled', on)}
          />
        )}
      </Field>
      {v.shippingEnabled && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Frais de livraison par défaut (€)" error={e.defaultShippingCostCents}>
            {(c) => <Input {...c} inputMode="decimal" {...form.text('defaultShippingCostCents')} />}
          </Field>
          <Field
            label="Livraison gratuite à partir de (€)"
            error={e.freeShippingThresholdCents}
            description="Montant du panier à partir duquel la livraison est offerte."
          >
            {(c) => <Input {...c} inputMode="decimal" {...form.text('freeShippingThresholdCents')} />}
          </Field>
        </div>
      )}
    </Section>
  );
}

function NotificationsTab({ form }: { form: Form }) {
  const v = form.values;
  const off = !v.notificationsEnabled;
  const threshold = Number.isInteger(Number(v.lowStockThreshold)) ? v.lowStockThreshold : '…';
  const sub: [
    keyof SettingsFormValues &
      ('emailNotifications' | 'orderNotifications' | 'lowStockAlerts' | 'contactNotifications'),
    string,
    string,
  ][] = [
    ['emailNotifications', 'Notifications par email', "Envoyer les notifications à l'email de contact"],
    ['orderNotifications', 'Nouvelles commandes', 'Être averti de chaque nouvelle commande'],
    [
      'contactNotifications',
      "Demandes d'intervention",
      'Être averti de chaque demande de contact, avec le service et le téléphone',
    ],
    [
      'lowStockAlerts',
      'Alertes de stock faible',
      `Être averti quand un produit passe à ${threshold} unités ou moins`,
    ],
  ];
  return (
    <div className="grid gap-6">
      <Section title="Notifications" description="Les emails que la boutique vous envoie">
        <Field label="Activer les notifications" inline>
          {(c) => (
            <Switch
              {...c}
              checked={v.notificationsEnabled}
              onCheckedChange={(on) => form.set('notificationsEnabled', on)}
            />
          )}
        </Field>
        <div className="grid gap-4 border-l-2 pl-4">
          {sub.map(([name, label, description]) => (
            <Field key={name} label={label} description={description} inline>
              {(c) => (
                <Switch
                  {...c}
                  disabled={off}
                  checked={v[name]}
                  onCheckedChange={(on) => form.set(name, on)}
                />
              )}
            </Field>
          ))}
          <Field
            label="Seuil de stock faible"
            error={form.errors.lowStockThreshold}
            description="Nombre d'unités à partir duquel un produit est en stock faible."
          >
            {(c) => (
              <Input {...c} inputMode="numeric" className="sm:max-w-32" {...form.text('lowStockThreshold')} />
            )}
          </Field>
        </div>
      </Section>
      <Section title="Emails aux clients" description="Envoyés au client à chaque étape de sa commande">
        <Field
          label="Suivi de commande"
          inline
          description="Un email quand la commande est confirmée, expédiée (avec le transporteur et le numéro de suivi), livrée ou annulée."
        >
          {(c) => (
            <Switch
              {...c}
              checked={v.customerStatusMails}
              onCheckedChange={(on) => form.set('customerStatusMails', on)}
            />
          )}
        </Field>
      </Section>
    </div>
  );
}

function SystemTab({ form }: { form: Form }) {
  const v = form.values;
  const clear = trpc.settings.clearCache.useMutation({
    onSuccess: () =>
      toast({ title: 'Succès', description: SETTINGS_MESSAGES.cacheCleared, variant: 'success' }),
    onError: () =>
      toast({ title: 'Erreur', description: 'Impossible de vider le cache.', variant: 'destructive' }),
  });
  return (
    <div className="grid gap-6">
      <Section title="Maintenance" description="Fermer temporairement le site aux visiteurs">
        <Field
          label="Mode maintenance"
          inline
          description="En mode maintenance, seuls les administrateurs peuvent accéder au site."
        >
          {(c) => (
            <Switch
              {...c}
              checked={v.maintenanceMode}
              onCheckedChange={(on) => form.set('maintenanceMode', on)}
            />
          )}
        </Field>
      </Section>
      <Section title="Base de données et cache" description="Sauvegarde des données et caches du serveur">
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild variant="outline">
            <a href="/api/admin/backup" download>
              <Download aria-hidden="true" />
              Sauvegarder la base
            </a>
          </Button>
          <Button type="button" variant="outline" onClick={() => clear.mutate({})} disabled={clear.isPending}>
            {clear.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Eraser aria-hidden="true" />
            )}
            Vider le cache
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">
          La sauvegarde est un fichier NDJSON cohérent (catalogue, clients, commandes et journal des
          commandes), restaurable dans une base vide avec <code>npm run db:restore</code>.
        </p>
      </Section>
    </div>
  );
}
