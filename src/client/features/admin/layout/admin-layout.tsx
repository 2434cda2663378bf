import { ExternalLink, LogOut } from 'lucide-react';
import { useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '@/client/components/ui/sidebar';
import { ConnectionNotice } from '../live/connection-notice';
import { useBackOfficeSignOut } from './admin-guard';
import { adminPageAt } from './admin-pages';
import { AdminSidebar } from './admin-sidebar';

/** Sidebar, header (badge naming the page, live connection notice, 'Voir le site', sign-out) and the screen. */
export function AdminLayout() {
  const { pathname } = useLocation();
  const page = adminPageAt(pathname);
  const signOut = useBackOfficeSignOut();
  const [leaving, setLeaving] = useState(false);

  async function onSignOut() {
    setLeaving(true);
    await signOut();
  }

  return (
    <SidebarProvider>
      <AdminSidebar />
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 items-center gap-2 border-b bg-background px-3 sm:px-4">
          <SidebarTrigger />
          <span className="h-5 w-px bg-border" aria-hidden="true" />
          {page ? (
            <Badge variant="secondary" className="min-w-0 truncate" data-testid="page-badge">
              {page.name}
            </Badge>
          ) : null}
          <ConnectionNotice />
          <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
            <Button asChild variant="ghost" size="sm">
              <Link to="/">
                <ExternalLink aria-hidden="true" />
                <span className="max-lg:sr-only">Voir le site</span>
              </Link>
            </Button>
            <Button variant="outline" size="sm" onClick={onSignOut} disabled={leaving}>
              <LogOut aria-hidden="true" />
              <span className="max-sm:sr-only">Déconnexion</span>
            </Button>
          </div>
        </header>
        <main className="@container flex-1 p-4 sm:p-6">
          <Outlet />
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}
