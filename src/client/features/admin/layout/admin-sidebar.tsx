import { ShieldCheck } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
} from '@/client/components/ui/sidebar';
import { trpc } from '@/client/lib/trpc';
import { adminGroupsFor, adminHomeFor } from './admin-pages';
import { useAdminRole } from './use-admin-role';

const CONTACT_PATH = '/admin/contact';

/** How many contact requests no admin has handled yet: refreshed every minute and after each mark. */
function NewContactBadge() {
  const count = trpc.contact.newCount.useQuery(undefined, { refetchInterval: 60_000 });
  if (!count.data) return null;
  return (
    <span
      data-testid="contact-badge"
      className="ml-auto shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground"
    >
      {count.data}
      <span className="sr-only"> {count.data > 1 ? 'nouvelles' : 'nouvelle'}</span>
    </span>
  );
}

/** The sidebar shows the screens of the signed-in role only (admin-pages.ts). */
export function AdminSidebar() {
  const { pathname } = useLocation();
  const { role, canEdit } = useAdminRole();
  const groups = role ? adminGroupsFor(role) : [];
  return (
    <Sidebar label="Menu de l'administration">
      <SidebarHeader className="border-b">
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild tooltip="Administration" className="h-12">
              <Link to={role ? adminHomeFor(role) : '/admin/dashboard'}>
                <ShieldCheck className="!size-6 text-primary" aria-hidden="true" />
                <span className="flex flex-col leading-tight">
                  <span className="font-semibold">Hygiène 27</span>
                  <span className="text-xs text-muted-foreground">
                    {role === 'auditor'
                      ? 'Audit (lecture seule)'
                      : role === 'technician'
                        ? 'Technicien'
                        : 'Administration'}
                  </span>
                </span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        {groups.map((group) => (
          <SidebarGroup key={group.label} role="group" aria-label={group.label}>
            <SidebarGroupLabel>{group.label}</SidebarGroupLabel>
            <SidebarMenu>
              {group.pages.map((page) => (
                <SidebarMenuItem key={page.path}>
                  <SidebarMenuButton asChild tooltip={page.name} isActive={pathname.startsWith(page.path)}>
                    <Link to={page.path}>
                      <page.icon aria-hidden="true" />
                      <span>{page.name}</span>
                      {page.path === CONTACT_PATH && canEdit ? <NewContactBadge /> : null}
                    </Link>
                  </SidebarMenuButton>
                </SidebarMenuItem>
              ))}
            </SidebarMenu>
          </SidebarGroup>
        ))}
      </SidebarContent>
    </Sidebar>
  );
}
