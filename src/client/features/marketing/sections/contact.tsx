import { Clock, Mail, MapPin, Phone, Send } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EmailText } from '@/client/components/ui/email-text';
import { Field, FormAlert } from '@/client/components/ui/field';
import { Input, PhoneInput, Textarea } from '@/client/components/ui/input';
import { toast } from '@/client/components/ui/toast';
import { useSiteSettings } from '@/client/features/site/use-site-settings';
import { errorMessage } from '@/client/lib/errors';
import { useForm } from '@/client/lib/use-form';
import {
  ADDRESS_MAX,
  CITY_MAX,
  EMAIL_MAX,
  FULL_NAME_MAX,
  MESSAGE_MAX,
  ZIP_CODE_LENGTH,
} from '@/domain/common/limits';
import { CONTACT_SERVICE_LABELS, CONTACT_SERVICES } from '../../../../domain/contact/services';
import {
  CALLBACK_CONSENT_WORDING,
  PREFERRED_SLOT_LABELS,
  PREFERRED_SLOTS,
  type PreferredSlot,
  SITE_TYPE_LABELS,
  SITE_TYPES,
  URGENCIES,
  URGENCY_LABELS,
} from '../../../../domain/interventions/labels';
import type { InterventionRequest } from '../../../../domain/interventions/request';
import { SectionHeading } from '../section-heading';
import { RequestPhotos } from './request-photos';

type Fields = {
  name: string;
  email: string;
  phone: string;
  service: string;
  siteType: string;
  street: string;
  zipCode: string;
  city: string;
  urgency: string;
  preferredSlots: PreferredSlot[];
  message: string;
  callbackConsent: boolean;
  photos: string[];
  website: string;
};
const empty: Fields = {
  name: '',
  email: '',
  phone: '',
  service: '',
  siteType: '',
  street: '',
  zipCode: '',
  city: '',
  urgency: 'flexible',
  preferredSlots: [],
  message: '',
  callbackConsent: false,
  photos: [],
  website: '',
};
const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base aria-invalid:border-destructive md:text-sm';

// The same schema as the server: the visitor sees the same French messages, sooner. It loads with
// the first interaction so zod stays out of the landing page's initial JavaScript.
// The request opens an intervention (issue 36): its schema is the procedure's.
const loadSchema = () =>
  import('../../../../domain/interventions/request').then((m) => m.interventionRequestSchema);
// The tRPC client too: the landing page's initial JavaScript holds no API client
// (docs/decisions/017-js-budget.md).
const loadApi = () => import('@/client/lib/trpc').then((m) => m.browserApiClients().trpcClient);

export function ContactSection() {
  const { identity: site } = useSiteSettings();
  const form = useForm<Fields, InterventionRequest>({ initial: empty, schema: loadSchema });
  const toggleSlot = (slot: PreferredSlot, on: boolean) =>
    form.set(
      'preferredSlots',
      on ? [...form.values.preferredSlots, slot] : form.values.preferredSlots.filter((s) => s !== slot),
    );
  const [failure, setFailure] = useState<string | null>(null);
  const [photosBusy, setPhotosBusy] = useState(false);
  const preload = () => {
    form.preload();
    loadApi().catch(() => {}); // the submit tries again and says so
  };

  async function submit(request: InterventionRequest) {
    setFailure(null);
    try {
      const api = await loadApi();
      await api.interventions.request.mutate(request);
      form.reset(empty);
      toast({
        title: 'Message envoyé !',
        description: 'Merci, nous vous recontactons très rapidement pour votre demande.',
        variant: 'success',
      });
    } catch (error) {
      // Nothing typed is lost: the fields keep their values and the visitor is told so.
      form.showServerErrors(error);
      const message = `${errorMessage(error)} Votre saisie est conservée : vous pouvez réessayer ou nous appeler au ${site.phone}.`;
      setFailure(message);
      toast({ title: 'Erreur', description: message, variant: 'destructive' });
    }
  }

  // No content-visibility here, unlike the sections above: skipped while off screen, the section
  // kept its 900 px guess while the request form is twice as tall at 375 px, and the form, laid out
  // past the section's box, overlapped the footer (axe read a footer link over the amber button).
  return (
    <section id="contact" aria-labelledby="contact-titre" className="scroll-mt-16 bg-muted py-20 md:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="contact-titre"
          eyebrow="Contact"
          title="Demandez votre devis gratuit"
          intro="Décrivez-nous votre problème : nous vous rappelons rapidement pour organiser l'intervention."
        />
        <div className="mt-12 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <aside className="rounded-2xl bg-primary p-8 text-white lg:self-start">
            <h3 className="text-xl font-bold">
              Une urgence&nbsp;? <span className="whitespace-nowrap">Appelez-nous</span>
            </h3>
            <p className="mt-2 text-emerald-50/90">24h/24 et 7j/7, jours fériés compris.</p>
            <ul className="mt-8 space-y-5">
              <li className="flex items-start gap-3">
                <Phone className="mt-0.5 size-5 text-amber-300" aria-hidden="true" />
                <a href={site.phoneHref ?? undefined} className="text-lg font-bold hover:underline">
                  {site.phone}
                </a>
              </li>
              <li className="flex items-start gap-3">
                <Mail className="mt-0.5 size-5 shrink-0 text-amber-300" aria-hidden="true" />
                <a href={`mailto:${site.email}`} className="hover:underline">
                  <EmailText email={site.email} />
                </a>
              </li>
              <li className="flex items-start gap-3">
                <MapPin className="mt-0.5 size-5 text-amber-300" aria-hidden="true" />
                <span>Eure (27), Normandie et Île-de-France</span>
              </li>
              <li className="flex items-start gap-3">
                <Clock className="mt-0.5 size-5 text-amber-300" aria-hidden="true" />
                <span>Interventions 24h/24 · Boutique le samedi</span>
              </li>
            </ul>
            <p className="mt-8 border-t border-white/20 pt-5 text-emerald-50/90">
              Taux horaires, déplacement, majorations :{' '}
              <Link to="/tarifs" className="font-semibold text-white underline">
                consultez nos tarifs
              </Link>
              .
            </p>
          </aside>

          <form
            onSubmit={form.handleSubmit(submit, () => setFailure(null))}
            onFocus={preload}
            onPointerDown={preload}
            noValidate
            className="rounded-2xl bg-white p-6 shadow-sm sm:p-8"
            aria-labelledby="contact-titre"
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label="Nom complet *" error={form.errors.name}>
                {(c) => (
                  <Input
                    {...c}
                    {...form.text('name')}
                    autoComplete="name"
                    required
                    maxLength={FULL_NAME_MAX}
                  />
                )}
              </Field>
              <Field label="Téléphone *" error={form.errors.phone}>
                {(c) => <PhoneInput {...c} {...form.text('phone')} required />}
              </Field>
              <Field label="Email *" error={form.errors.email}>
                {(c) => (
                  <Input
                    {...c}
                    {...form.text('email')}
                    type="email"
                    autoComplete="email"
                    required
                    maxLength={EMAIL_MAX}
                  />
                )}
              </Field>
              <Field label="Service souhaité *" error={form.errors.service}>
                {(c) => (
                  <select {...c} {...form.text('service')} required className={selectClass}>
                    <option value="">Choisissez un service</option>
                    {CONTACT_SERVICES.map((s) => (
                      <option key={s} value={s}>
                        {CONTACT_SERVICE_LABELS[s]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label="Type de lieu *" error={form.errors.siteType}>
                {(c) => (
                  <select {...c} {...form.text('siteType')} required className={selectClass}>
                    <option value="">Choisissez le type de lieu</option>
                    {SITE_TYPES.map((s) => (
                      <option key={s} value={s}>
                        {SITE_TYPE_LABELS[s]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label="Urgence" error={form.errors.urgency}>
                {(c) => (
                  <select {...c} {...form.text('urgency')} className={selectClass}>
                    {URGENCIES.map((u) => (
                      <option key={u} value={u}>
                        {URGENCY_LABELS[u]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label="Adresse de l'intervention *" error={form.errors.street} className="sm:col-span-2">
                {(c) => (
                  <Input
                    {...c}
                    {...form.text('street')}
                    autoComplete="street-address"
                    required
                    maxLength={ADDRESS_MAX}
                  />
                )}
              </Field>
              <Field label="Code postal *" error={form.errors.zipCode}>
                {(c) => (
                  <Input
                    {...c}
                    {...form.text('zipCode')}
                    inputMode="numeric"
                    autoComplete="postal-code"
                    required
                    maxLength={ZIP_CODE_LENGTH}
                  />
                )}
              </Field>
              <Field label="Ville *" error={form.errors.city}>
                {(c) => (
                  <Input
                    {...c}
                    {...form.text('city')}
                    autoComplete="address-level2"
                    required
                    maxLength={CITY_MAX}
                  />
                )}
              </Field>
              <fieldset className="sm:col-span-2">
                <legend className="text-sm font-medium">Vos disponibilités (facultatif)</legend>
                <div className="mt-2 flex flex-col gap-2">
                  {PREFERRED_SLOTS.map((slot) => (
                    <label key={slot} className="flex min-h-6 items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        checked={form.values.preferredSlots.includes(slot)}
                        onChange={(e) => toggleSlot(slot, e.target.checked)}
                      />
                      {PREFERRED_SLOT_LABELS[slot]}
                    </label>
                  ))}
                </div>
              </fieldset>
              <Field label="Votre message" error={form.errors.message} className="sm:col-span-2">
                {(c) => (
                  <Textarea
                    {...c}
                    {...form.text('message')}
                    rows={5}
                    maxLength={MESSAGE_MAX}
                    placeholder="Décrivez le problème : type de nuisible, lieu, urgence..."
                  />
                )}
              </Field>
              <RequestPhotos
                ids={form.values.photos}
                onChange={(ids) => form.set('photos', ids)}
                onBusyChange={setPhotosBusy}
              />
              {form.errors.photos && (
                <p className="text-sm text-destructive sm:col-span-2">{form.errors.photos}</p>
              )}
              {/* Honeypot: invisible to people and to assistive technologies, filled only by robots. */}
              <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
                <label htmlFor="contact-website">Site web</label>
                <input id="contact-website" tabIndex={-1} autoComplete="off" {...form.text('website')} />
              </div>
            </div>
            <label className="mt-5 flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-primary"
                checked={form.values.callbackConsent}
                onChange={(e) => form.set('callbackConsent', e.target.checked)}
              />
              {CALLBACK_CONSENT_WORDING}
            </label>
            <FormAlert message={failure} className="mt-5 bg-red-50 p-3" />
            <p className="mt-5 text-xs text-muted-foreground">
              * Champs obligatoires. Vos données servent uniquement à répondre à votre demande (voir notre
              politique de confidentialité).
            </p>
            <button
              type="submit"
              disabled={form.submitting || photosBusy}
              className="mt-5 inline-flex h-12 w-full items-center justify-center gap-2 rounded-md bg-accent px-6 text-base font-bold text-accent-foreground shadow hover:bg-amber-400 disabled:opacity-70 sm:w-auto"
            >
              <Send className="size-5" aria-hidden="true" />
              {form.submitting
                ? 'Envoi en cours...'
                : photosBusy
                  ? 'Envoi des photos...'
                  : 'Envoyer ma demande'}
            </button>
          </form>
        </div>
      </div>
    </section>
  );
}
