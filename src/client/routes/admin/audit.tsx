import { AuditScreen } from '@/client/features/admin/audit/audit-screen';

/** The order log's audit (admins and auditors): latest verification and checkpoint, verify, export. */
export default function AdminAudit() {
  return <AuditScreen />;
}
