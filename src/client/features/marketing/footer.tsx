import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { EmailText } from '@/client/components/ui/email-text';
import { useSiteSettings } from '@/client/features/site/use-site-settings';
import { LogoMark } from './art';
import { DEPARTMENTS, RUBRIQUES } from './content';

export const LEGAL_LINKS = [
  { label: 'Mentions légales', href: '/mentions-legales' },
  { label: 'CGV', href: '/cgv' },
  { label: 'Politique de confidentialité', href: '/politique-confidentialite' },
] as const;

export function Footer() {
  const { identity: site } = useSiteSettings();
  return (
    <footer className="bg-[#0b2a18] text-emerald-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-[1fr_0.9fr_1.35fr_0.85fr] lg:gap-x-8">
        <div>
          <div className="flex items-center gap-2.5">
            <LogoMark size={40} />
            {/* Lines break between the name's parts, never at the hyphen of "Anti-nuisibles". */}
            <p className="text-lg font-bold text-white">
              {site.name.split(' - ').map((part, i, parts) => (
                <Fragment key={part}>
                  <span className="whitespace-nowrap">
                    {part}
                    {i < parts.length - 1 ? ' -' : ''}
                  </span>
                  {/* The space between the parts is outside them: the one place the name breaks. */}
                  {i < parts.length - 1 ? ' ' : ''}
                </Fragment>
              ))}
            </p>
          </div>
          <p className="mt-4 text-sm leading-relaxed text-emerald-100/85">
            Dératisation, désinsectisation, destruction de nids de guêpes et de frelons, désinfection.
            Urgences 24h/24 et 7j/7, jours fériés compris.
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-accent">Nos rubriques</h2>
          <ul className="mt-4 space-y-1 text-sm">
            {RUBRIQUES.map((r) => (
              <li key={r.id}>
                <Link
                  to={`/rubriques/${r.id}`}
                  className="inline-block py-1 text-emerald-100/85 hover:text-white hover:underline"
                >
                  {r.title}
                </Link>
              </li>
            ))}
            <li>
              <Link
                to="/tarifs"
                className="inline-block py-1 text-emerald-100/85 hover:text-white hover:underline"
              >
                Tarifs des interventions
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-accent">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm text-emerald-100/85">
            <li className="flex gap-2">
              <Phone className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <a href={site.phoneHref ?? undefined} className="hover:text-white hover:underline">
                {site.phone}
              </a>
            </li>
            <li className="flex gap-2">
              <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <a href={`mailto:${site.email}`} className="hover:text-white hover:underline">
                <EmailText email={site.email} />
              </a>
            </li>
            <li className="flex gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{site.address}</span>
            </li>
            <li className="flex gap-2">
              <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>Interventions 24h/24, 7j/7 · Boutique ouverte le samedi</span>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-accent">Zone d'intervention</h2>
          <ul className="mt-4 space-y-2 text-sm text-emerald-100/85">
            {DEPARTMENTS.map((d) => (
              <li key={d.code}>
                {d.name} ({d.code})
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-emerald-100/80 sm:px-6 md:flex-row md:items-center md:justify-between">
          <p>
            © {site.name}. Tous droits réservés.
            {site.entity?.siret
              ? ` SIRET ${site.entity.siret}.`
              : site.entity?.siren
                ? ` SIREN ${site.entity.siren}.`
                : ''}
          </p>
          <nav aria-label="Informations légales">
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {LEGAL_LINKS.map((l) => (
                <li key={l.href}>
                  <Link to={l.href} className="inline-block py-1 hover:text-white hover:underline">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
