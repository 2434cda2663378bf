import { CheckCircle2, MapPin, MessageSquareWarning } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Field, FormAlert } from '@/client/components/ui/field';
import { SubmitButton } from '@/client/components/ui/form';
import { Input, Textarea } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { DocumentList, DownloadButton } from '@/client/features/account/order-documents';
import { RequestPhotos } from '@/client/features/marketing/sections/request-photos';
import { errorMessage } from '@/client/lib/errors';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { useForm } from '@/client/lib/use-form';
import { SitePlan } from './site-plan';

type CustomerSite = RouterOutputs['inspector']['mySites'][number];
type Contact = { name: string; email: string; phone: string };

/** Where the site's data comes from: the account's session, or the signed site link. */
type Access = { kind: 'account' } | { kind: 'link'; token: string };

const loadSchema = () => import('@/domain/sites/sighting').then((m) => m.sightingSchema);

/**
 * /compte « Mes sites » (issue 38 point 3): each site of the account with its plan, its reports
 * and invoices, and « Signaler une observation ». Nothing when the account has no site.
 */
export function MySites({ contact }: { contact: Contact }) {
  const sites = trpc.inspector.mySites.useQuery();
  if (!sites.data || sites.data.length === 0) return null;
  return (
    <section aria-labelledby="mes-sites-titre" className="mt-8 space-y-4">
      <h2 id="mes-sites-titre" className="text-lg font-semibold">
        Mes sites
      </h2>
      {sites.data.map((site) => (
        <SiteCard key={site.id} site={site} access={{ kind: 'account' }} contact={contact} />
      ))}
    </section>
  );
}

/** The signed site link's page (/site/{token}): its one site, the same card. */
export function SignedSites({ token, sites }: { token: string; sites: CustomerSite[] }) {
  return (
    <div className="space-y-4">
      {sites.map((site) => (
        <SiteCard
          key={site.id}
          site={site}
          access={{ kind: 'link', token }}
          contact={{ name: '', email: '', phone: '' }}
        />
      ))}
    </div>
  );
}

function SiteCard({ site, access, contact }: { site: CustomerSite; access: Access; contact: Contact }) {
  const utils = trpc.useUtils();
  const [reporting, setReporting] = useState(false);
  return (
    <Card data-testid="customer-site">
      <CardHeader>
        <CardTitle className="text-xl">{site.name}</CardTitle>
        <CardDescription className="flex items-center gap-1.5">
          <MapPin className="size-4 shrink-0" aria-hidden="true" />
          {site.street}, {site.zipCode} {site.city}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <section aria-label="Plan des dispositifs">
            <h3 className="mb-2 text-sm font-semibold">Plan des dispositifs</h3>
            <SitePlan plan={site.plan} devices={site.devices} siteName={site.name} />
          </section>
          <section aria-label="Contrat" data-slot="site-contract" className="space-y-2">
            {/* The contract (next visits, « Résilier ») is placed here by the contracts feature. */}
            <h3 className="text-sm font-semibold">Une observation entre deux visites ?</h3>
            <p className="text-sm text-muted-foreground">
              Traces, dégâts, nuisible aperçu : dites-nous ce que vous avez vu et où, nous vous recontactons.
            </p>
            {!reporting && (
              <Button variant="outline" onClick={() => setReporting(true)}>
                <MessageSquareWarning aria-hidden="true" />
                Signaler une observation
              </Button>
            )}
          </section>
        </div>
        {reporting && (
          <SightingForm site={site} access={access} contact={contact} onClose={() => setReporting(false)} />
        )}
        {site.documents.length > 0 ? (
          <DocumentList
            title="Rapports et factures du site"
            documents={site.documents}
            action={(d) => (
              <DownloadButton
                document={d}
                fetch={() =>
                  access.kind === 'account'
                    ? utils.inspector.mySitePdf.fetch({ siteId: site.id, number: d.number })
                    : utils.inspector.tokenSitePdf.fetch({
                        token: access.token,
                        siteId: site.id,
                        number: d.number,
                      })
                }
              />
            )}
          />
        ) : (
          <p className="text-sm text-muted-foreground">
            Aucun rapport ni facture pour ce site pour le moment.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

interface SightingValues {
  siteId: string;
  zoneId: string;
  what: string;
  name: string;
  email: string;
  phone: string;
  photos: string[];
}

/** « Signaler une observation »: what was seen, the zone, photos; it becomes a request. */
function SightingForm({
  site,
  access,
  contact,
  onClose,
}: {
  site: CustomerSite;
  access: Access;
  contact: Contact;
  onClose: () => void;
}) {
  const form = useForm({
    initial: { siteId: site.id, zoneId: '', what: '', ...contact, photos: [] } as SightingValues,
    schema: loadSchema,
    toInput: (v) => ({ ...v, zoneId: v.zoneId || null }),
  });
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const mine = trpc.inspector.mySighting.useMutation();
  const signed = trpc.inspector.tokenSighting.useMutation();
  if (sent)
    return (
      <p
        role="status"
        className="flex items-start gap-2 rounded-md border border-green-700/30 bg-green-50 p-3 text-sm text-green-900"
      >
        <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        Merci : votre observation est transmise. Nous vous recontactons rapidement pour convenir d’un passage
        si nécessaire.
      </p>
    );
  return (
    <form
      noValidate
      aria-label="Signaler une observation"
      className="grid gap-4 rounded-md border bg-muted/30 p-4 sm:grid-cols-2"
      onFocus={form.preload}
      onSubmit={form.submitToServer(
        async (data) => {
          setFailure(null);
          if (access.kind === 'account') await mine.mutateAsync(data);
          else await signed.mutateAsync({ ...data, token: access.token });
          setSent(true);
        },
        (error) => setFailure(errorMessage(error)),
      )}
    >
      <Field label="Ce que vous avez observé" error={form.errors.what} className="sm:col-span-2">
        {(c) => (
          <Textarea
            {...c}
            {...form.text('what')}
            rows={3}
            placeholder="Par exemple : crottes de souris derrière le four, sac de farine rongé…"
          />
        )}
      </Field>
      <Field label="Zone du site" error={form.errors.zoneId}>
        {(c) => (
          <NativeSelect
            {...c}
            value={form.values.zoneId}
            onChange={(e) => form.set('zoneId', e.target.value)}
          >
            <option value="">Je ne sais pas / ailleurs</option>
            {site.zones.map((z) => (
              <option key={z.id} value={z.id}>
                {z.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Votre nom" error={form.errors.name}>
        {(c) => <Input {...c} {...form.text('name')} autoComplete="name" />}
      </Field>
      <Field label="Email" error={form.errors.email}>
        {(c) => <Input {...c} {...form.text('email')} type="email" autoComplete="email" />}
      </Field>
      <Field label="Téléphone" error={form.errors.phone}>
        {(c) => <Input {...c} {...form.text('phone')} type="tel" autoComplete="tel" />}
      </Field>
      <RequestPhotos
        ids={form.values.photos}
        onChange={(ids) => form.set('photos', ids)}
        onBusyChange={setUploading}
      />
      <FormAlert message={failure} className="sm:col-span-2" />
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onClose}>
          Annuler
        </Button>
        <SubmitButton submitting={form.submitting} disabled={uploading}>
          Envoyer l’observation
        </SubmitButton>
      </div>
    </form>
  );
}
