import { useParams } from 'react-router-dom';
import { Spinner } from '@/client/components/ui/spinner';
import { trpc } from '@/client/lib/trpc';
import { usePageTitle } from '@/client/lib/utils';
import { CONTACT_SERVICE_LABELS, type ContactService } from '@/domain/contact/services';
import { SignedAppointments } from '../features/interventions/customer-appointments';
import { SignedInterventionDocuments } from '../features/interventions/customer-documents';
import { ShopContact } from '../features/shop/shop-contact';
import { ShopLayout } from '../features/shop/shop-header';

/**
 * /rendez-vous/{token}: the intervention's signed page, linked from the appointment mails and from
 * /compte. No account needed: the token (an HMAC of the intervention id,
 * server/interventions/intervention-link.ts) is the right.
 */
export default function RendezVous() {
  usePageTitle('Mes rendez-vous');
  const { token = '' } = useParams();
  const page = trpc.planning.byToken.useQuery({ token }, { retry: false });
  return (
    <ShopLayout>
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        {page.isLoading ? (
          <Spinner className="min-h-[40vh]" />
        ) : !page.data ? (
          <p role="alert" className="rounded-lg border bg-card p-6 text-center">
            {page.error?.message ?? 'Ce lien de rendez-vous est invalide ou a expiré.'}
          </p>
        ) : (
          <>
            <div>
              <h1 className="text-3xl font-bold tracking-tight">Mes rendez-vous</h1>
              <p className="mt-1 text-muted-foreground">
                Intervention <span className="whitespace-nowrap">{page.data.number}</span> ·{' '}
                {CONTACT_SERVICE_LABELS[page.data.service as ContactService] ?? page.data.service} · heure de
                Paris
              </p>
            </div>
            <SignedAppointments token={token} items={page.data.appointments} />
            <SignedInterventionDocuments token={token} />
            <section className="rounded-lg border bg-card p-6">
              <h2 className="mb-2 text-lg font-semibold">Une question ?</h2>
              <ShopContact />
            </section>
          </>
        )}
      </div>
    </ShopLayout>
  );
}
