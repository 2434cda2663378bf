import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '@/client/components/ui/spinner';
import { useSession } from '@/client/features/account/use-session';
import { isBackOffice } from '@/domain/account/roles';
import { adminHomeFor, adminPageAt } from './admin-pages';

/**
 * The access rule (back-office.md §2): a centred spinner while the check runs, then the screen for
 * a member of staff (an administrator, or an auditor on the screens open to auditors) and a
 * redirect to /admin/login for anyone else, with nothing of the layout. An auditor who opens an
 * admin-only screen lands on their own home instead. The server enforces the same rule on every
 * procedure and on the upload and export routes.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const { pathname } = useLocation();
  if (isLoading) return <Spinner className="min-h-svh" />;
  if (!isBackOffice(user?.role)) return <Navigate to="/admin/login" replace />;
  const page = adminPageAt(pathname);
  if (page && !page.roles.includes(user.role)) return <Navigate to={adminHomeFor(user.role)} replace />;
  return children;
}
