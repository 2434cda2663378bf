import { useSession } from '@/client/features/account/use-session';
import { type BackOfficeRole, isBackOffice } from '@/domain/account/roles';

/**
 * The back-office role of the signed-in user, for screens to hide what they may not use:
 * `canEdit` is false for an auditor, who reads everything and changes nothing (the server refuses
 * every change anyway; hiding the controls keeps the screen honest). Inside the layout the guard
 * has already checked the role, so `role` is an admin or an auditor there.
 */
export function useAdminRole(): { role: BackOfficeRole | null; canEdit: boolean; isAuditor: boolean } {
  const { user } = useSession();
  const role = isBackOffice(user?.role) ? user.role : null;
  return { role, canEdit: role === 'admin', isAuditor: role === 'auditor' };
}
