import { InterventionsScreen } from '@/client/features/interventions/interventions-screen';

/** The interventions pipeline (admins). */
export default function AdminInterventions() {
  return <InterventionsScreen />;
}
