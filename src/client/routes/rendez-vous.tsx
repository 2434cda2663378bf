import { useParams } from 'react-router-dom';
import { trpc } from '@/client/lib/trpc';
import { CONTACT_SERVICE_LABELS, type ContactService } from '@/domain/contact/services';
import { SignedAppointments } from '../features/interventions/customer-appointments';
import { SignedInterventionDocuments } from '../features/interventions/customer-documents';
import { SignedPage } from '../features/shop/signed-page';

/**
 * /rendez-vous/{token}: the intervention's signed page, linked from the appointment mails and from
 * /compte. No account needed: the token (an HMAC of the intervention id,
 * server/interventions/intervention-link.ts) is the right.
 */
export default function RendezVous() {
  const { token = '' } = useParams();
  const page = trpc.planning.byToken.useQuery({ token }, { retry: false });
  return (
    <SignedPage
      title="Mes rendez-vous"
      help="Une question ?"
      query={page}
      invalid="Ce lien de rendez-vous est invalide ou a expiré."
    >
      {(data) => (
        <>
          <div>
            <h1 className="text-3xl font-bold tracking-tight">Mes rendez-vous</h1>
            <p className="mt-1 text-muted-foreground">
              Intervention <span className="whitespace-nowrap">{data.number}</span> ·{' '}
              {CONTACT_SERVICE_LABELS[data.service as ContactService] ?? data.service} · heure de Paris
            </p>
          </div>
          <SignedAppointments token={token} items={data.appointments} />
          <SignedInterventionDocuments token={token} />
        </>
      )}
    </SignedPage>
  );
}
