import { TourneeScreen } from '@/client/features/interventions/visit/tournee-screen';

/** The technician's day on a phone (ADR 037): their own visits; the owner sees everyone's. */
export default function AdminTournee() {
  return <TourneeScreen />;
}
