import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Spinner } from '@/client/components/ui/spinner';
import { useSession } from '@/client/features/account/use-session';

/**
 * The access rule (back-office.md §2): a centred spinner while the check runs, then the screen for
 * an administrator and a redirect to /admin/login for anyone else, with nothing of the layout.
 * The server enforces the same rule on every admin procedure and on the upload route.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <Spinner className="min-h-svh" />;
  if (user?.role !== 'admin') return <Navigate to="/admin/login" replace />;
  return children;
}
