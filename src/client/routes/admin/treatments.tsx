import { TreatmentRegisterScreen } from '@/client/features/interventions/treatment-register-screen';

/** The biocide usage register (admins and auditors, ADR 040). */
export default function AdminTreatments() {
  return <TreatmentRegisterScreen />;
}
