import { ContractsScreen } from '@/client/features/contracts/contracts-screen';

/** The yearly contracts (admins, ADR 044). */
export default function AdminContracts() {
  return <ContractsScreen />;
}
