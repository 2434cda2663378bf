import { useSearchParams } from 'react-router-dom';
import { useAdminTitle } from '@/client/features/admin/layout/use-admin-title';
import { ReportSealScreen } from '@/client/features/interventions/report-seal';

/**
 * /admin/rapport?intervention={id}&rendez-vous={id}: the report's signatures and sealing (ADR 038),
 * for the appointment's technician on their phone and for the owner. The technician's day screen
 * (issue 37 point 1) links here after « Terminé ».
 */
export default function AdminRapport() {
  useAdminTitle('Rapport d’intervention');
  const [params] = useSearchParams();
  return (
    <ReportSealScreen
      interventionId={params.get('intervention') ?? ''}
      appointmentId={params.get('rendez-vous') ?? ''}
    />
  );
}
