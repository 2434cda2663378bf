import { Clock, Mail, MapPin, Phone, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Input, Textarea } from '@/client/components/ui/input';
import { FieldError, Label } from '@/client/components/ui/label';
import { toast } from '@/client/components/ui/toast';
import { errorMessage, fieldErrors } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import type { ContactRequestInput } from '../../../../domain/contact/schema';
import { CONTACT_SERVICE_LABELS, CONTACT_SERVICES } from '../../../../domain/contact/services';
import { BUSINESS } from '../business';
import { EmailText } from '../email-text';
import { SectionHeading } from '../section-heading';

type Fields = Required<Omit<ContactRequestInput, 'service'>> & { service: string };
const empty: Fields = { name: '', email: '', phone: '', service: '', message: '', website: '' };

export function ContactSection() {
  const [values, setValues] = useState<Fields>(empty);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const send = trpc.contact.send.useMutation();

  const set = (field: keyof Fields) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    // The same schema as the server: the visitor sees the same French messages, sooner. It is
    // loaded on the first submit so zod stays out of the landing page's initial JavaScript.
    const { contactRequestSchema } = await import('../../../../domain/contact/schema');
    const parsed = contactRequestSchema.safeParse(values);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        next[key] ??= issue.message;
      }
      setErrors(next);
      document.getElementById(`contact-${Object.keys(next)[0]}`)?.focus();
      return;
    }
    try {
      await send.mutateAsync(parsed.data);
      setValues(empty);
      setErrors({});
      toast({
        title: 'Message envoyé !',
        description: 'Merci, nous vous recontactons très rapidement pour votre demande.',
        variant: 'success',
      });
    } catch (error) {
      // Nothing typed is lost: the fields keep their values and the visitor is told so.
      setErrors(fieldErrors(error));
      const message = `${errorMessage(error)} Votre saisie est conservée : vous pouvez réessayer ou nous appeler au ${BUSINESS.phoneDisplay}.`;
      setFailure(message);
      toast({ title: 'Erreur', description: message, variant: 'destructive' });
    }
  };

  const field = (name: keyof Fields) => ({
    id: `contact-${name}`,
    name,
    value: values[name],
    onChange: set(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-erreur` : undefined,
  });

  return (
    <section
      id="contact"
      aria-labelledby="contact-titre"
      className="scroll-mt-16 [contain-intrinsic-size:auto_900px] [content-visibility:auto] bg-muted py-20 md:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="contact-titre"
          eyebrow="Contact"
          title="Demandez votre devis gratuit"
          intro="Décrivez-nous votre problème : nous vous rappelons rapidement pour organiser l'intervention."
        />
        <div className="mt-12 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <aside className="rounded-2xl bg-primary p-8 text-white">
            <h3 className="text-xl font-bold">
              Une urgence&nbsp;? <span className="whitespace-nowrap">Appelez-nous</span>
            </h3>
            <p className="mt-2 text-emerald-50/90">24h/24 et 7j/7, jours fériés compris.</p>
            <ul className="mt-8 space-y-5">
              <li className="flex items-start gap-3">
                <Phone className="mt-0.5 size-5 text-amber-300" aria-hidden="true" />
                <a href={BUSINESS.phoneHref} className="text-lg font-bold hover:underline">
                  {BUSINESS.phoneDisplay}
                </a>
              </li>
              <li className="flex items-start gap-3">
                <Mail className="mt-0.5 size-5 shrink-0 text-amber-300" aria-hidden="true" />
                <a href={`mailto:${BUSINESS.email}`} className="hover:underline">
                  <EmailText />
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
          </aside>

          <form
            onSubmit={onSubmit}
            noValidate
            className="rounded-2xl bg-white p-6 shadow-sm sm:p-8"
            aria-labelledby="contact-titre"
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <div className="grid gap-2">
                <Label htmlFor="contact-name">Nom complet *</Label>
                <Input {...field('name')} autoComplete="name" required maxLength={120} />
                <FieldError id="contact-name-erreur" message={errors.name} />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="contact-phone">Téléphone *</Label>
                <Input {...field('phone')} type="tel" autoComplete="tel" required maxLength={30} />
                <FieldError id="contact-phone-erreur" message={errors.phone} />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="contact-email">Email *</Label>
                <Input {...field('email')} type="email" autoComplete="email" required maxLength={200} />
                <FieldError id="contact-email-erreur" message={errors.email} />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="contact-service">Service souhaité *</Label>
                <select
                  {...field('service')}
                  required
                  className="flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base aria-invalid:border-destructive md:text-sm"
                >
                  <option value="">Choisissez un service</option>
                  {CONTACT_SERVICES.map((s) => (
                    <option key={s} value={s}>
                      {CONTACT_SERVICE_LABELS[s]}
                    </option>
                  ))}
                </select>
                <FieldError id="contact-service-erreur" message={errors.service} />
              </div>
              <div className="grid gap-2 sm:col-span-2">
                <Label htmlFor="contact-message">Votre message</Label>
                <Textarea
                  {...field('message')}
                  rows={5}
                  maxLength={2000}
                  placeholder="Décrivez le problème : type de nuisible, lieu, urgence..."
                />
                <FieldError id="contact-message-erreur" message={errors.message} />
              </div>
              {/* Honeypot: invisible to people and to assistive technologies, filled only by robots. */}
              <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
                <label htmlFor="contact-website">Site web</label>
                <input
                  id="contact-website"
                  name="website"
                  tabIndex={-1}
                  autoComplete="off"
                  value={values.website}
                  onChange={set('website')}
                />
              </div>
            </div>
            {failure && (
              <p
                role="alert"
                className="mt-5 rounded-md border border-destructive/30 bg-red-50 p-3 text-sm text-destructive"
              >
                {failure}
              </p>
            )}
            <p className="mt-5 text-xs text-muted-foreground">
              * Champs obligatoires. Vos données servent uniquement à répondre à votre demande (voir notre
              politique de confidentialité).
            </p>
            <button
              type="submit"
              disabled={send.isPending}
              className="mt-5 inline-flex h-12 w-full items-center justify-center gap-2 rounded-md bg-accent px-6 text-base font-bold text-accent-foreground shadow hover:bg-amber-400 disabled:opacity-70 sm:w-auto"
            >
              <Send className="size-5" aria-hidden="true" />
              {send.isPending ? 'Envoi en cours...' : 'Envoyer ma demande'}
            </button>
          </form>
        </div>
      </div>
    </section>
  );
}
