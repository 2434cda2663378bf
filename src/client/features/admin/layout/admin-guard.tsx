import { createContext, type ReactNode, useContext, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Spinner } from '@/client/components/ui/spinner';
import { signOut } from '@/client/features/account/auth-api';
import { useAuthChanged, useSession } from '@/client/features/account/use-session';
import { isBackOffice } from '@/domain/account/roles';
import { adminHomeFor, adminPageAt } from './admin-pages';

const SignOutContext = createContext<() => Promise<void>>(async () => {});

/** « Déconnexion » in the back-office: ends the session and lands on /boutique (back-office.md). */
export const useBackOfficeSignOut = () => useContext(SignOutContext);

/**
 * The access rule (back-office.md §2): a centred spinner while the check runs, then the screen for
 * a member of staff (an administrator, or an auditor on the screens open to auditors) and a
 * redirect to /admin/login for anyone else, with nothing of the layout. An auditor who opens an
 * admin-only screen lands on their own home instead. The server enforces the same rule on every
 * procedure and on the upload and export routes.
 *
 * Signing out goes through the guard: the navigation to /boutique is a transition that keeps this
 * screen up while the shop's chunk loads, and the session may be gone before it arrives. While
 * leaving, a signed-out visitor gets the spinner, never the redirect to /admin/login (which would
 * win the race on a cold chunk: the fresh-clone CI found it).
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const authChanged = useAuthChanged();
  const [leaving, setLeaving] = useState(false);

  async function leave() {
    setLeaving(true);
    navigate('/boutique');
    await signOut();
    await authChanged();
  }

  if (isLoading) return <Spinner className="min-h-svh" />;
  if (!isBackOffice(user?.role))
    return leaving ? <Spinner className="min-h-svh" /> : <Navigate to="/admin/login" replace />;
  const page = adminPageAt(pathname);
  if (page && !page.roles.includes(user.role)) return <Navigate to={adminHomeFor(user.role)} replace />;
  return <SignOutContext.Provider value={leave}>{children}</SignOutContext.Provider>;
}
