import { PlanningScreen } from '@/client/features/interventions/planning-screen';

/** The week calendar: the owner's, and each technician's own (ADR 036). */
export default function AdminPlanning() {
  return <PlanningScreen />;
}
