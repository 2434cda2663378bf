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
import { ADMIN_GROUPS } from './admin-pages';

export function AdminSidebar() {
  const { pathname } = useLocation();
  return (
    <Sidebar label="Menu de l'administration">
      <SidebarHeader className="border-b">
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild tooltip="Administration" className="h-12">
              <Link to="/admin/dashboard">
                <ShieldCheck className="!size-6 text-primary" aria-hidden="true" />
                <span className="flex flex-col leading-tight">
                  <span className="font-semibold">Hygiène 27</span>
                  <span className="text-xs text-muted-foreground">Administration</span>
                </span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        {ADMIN_GROUPS.map((group) => (
          <SidebarGroup key={group.label} role="group" aria-label={group.label}>
            <SidebarGroupLabel>{group.label}</SidebarGroupLabel>
            <SidebarMenu>
              {group.pages.map((page) => (
                <SidebarMenuItem key={page.path}>
                  <SidebarMenuButton asChild tooltip={page.name} isActive={pathname.startsWith(page.path)}>
                    <Link to={page.path}>
                      <page.icon aria-hidden="true" />
                      <span>{page.name}</span>
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
