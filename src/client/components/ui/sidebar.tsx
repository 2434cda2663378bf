import { Slot } from '@radix-ui/react-slot';
import { PanelLeft } from 'lucide-react';
import {
  type ComponentProps,
  type CSSProperties,
  createContext,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { cn } from '@/client/lib/utils';
import { Button } from './button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './sheet';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './tooltip';

/*
 * A collapsible sidebar (back-office.md §2: cookie for 7 days, 16rem, 18rem on mobile, 3rem
 * collapsed, Ctrl/Cmd+B, mobile below 768px), in the shape of shadcn's sidebar, on Radix.
 * The admin is rendered in the browser only, so the cookie is read before the first paint: the
 * sidebar appears in its saved state, never open-then-closed.
 */

export const SIDEBAR_COOKIE = 'sidebar_state';
const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
const MOBILE_QUERY = '(max-width: 767.98px)';

function readCookie(): boolean | null {
  if (typeof document === 'undefined') return null;
  const match = document.cookie.match(new RegExp(`(?:^|; )${SIDEBAR_COOKIE}=(true|false)`));
  return match ? match[1] === 'true' : null;
}

function subscribeMobile(onChange: () => void) {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribeMobile,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}

interface SidebarState {
  /** 'expanded' or 'collapsed' (desktop). */
  state: 'expanded' | 'collapsed';
  open: boolean;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggle: () => void;
}

const SidebarContext = createContext<SidebarState | null>(null);

export function useSidebar(): SidebarState {
  const context = use(SidebarContext);
  if (!context) throw new Error('useSidebar must be used inside SidebarProvider');
  return context;
}

export function SidebarProvider({
  defaultOpen = true,
  className,
  style,
  children,
}: {
  defaultOpen?: boolean;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState(() => readCookie() ?? defaultOpen);
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps this state in a 7-day cookie; the Cookie Store API is not in every browser
    document.cookie = `${SIDEBAR_COOKIE}=${next}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((o) => !o);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  const value = useMemo<SidebarState>(
    () => ({ state: open ? 'expanded' : 'collapsed', open, openMobile, setOpenMobile, isMobile, toggle }),
    [open, openMobile, isMobile, toggle],
  );

  return (
    <SidebarContext value={value}>
      <TooltipProvider delayDuration={0}>
        <div
          style={
            {
              '--sidebar-width': '16rem',
              '--sidebar-width-icon': '3rem',
              ...style,
            } as CSSProperties
          }
          className={cn('flex min-h-svh w-full bg-muted/40', className)}
        >
          {children}
        </div>
      </TooltipProvider>
    </SidebarContext>
  );
}

export function Sidebar({ label, children }: { label: string; children: ReactNode }) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();
  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          side="left"
          data-sidebar="sidebar"
          data-mobile="true"
          className="w-[18rem] max-w-[18rem] gap-0 p-0"
        >
          <SheetTitle className="sr-only">{label}</SheetTitle>
          <SheetDescription className="sr-only">Navigation de l'administration</SheetDescription>
          <div className="flex h-full flex-col">{children}</div>
        </SheetContent>
      </Sheet>
    );
  }
  return (
    <div className="group peer hidden md:block" data-state={state} data-testid="sidebar">
      {/* Holds the sidebar's room in the page flow; the panel itself is fixed. */}
      <div
        className={cn(
          'relative w-[var(--sidebar-width)] transition-[width] duration-200 ease-linear',
          state === 'collapsed' && 'w-[var(--sidebar-width-icon)]',
        )}
      />
      <aside
        aria-label={label}
        className={cn(
          'fixed inset-y-0 left-0 z-10 flex h-svh w-[var(--sidebar-width)] flex-col border-r bg-background transition-[width] duration-200 ease-linear',
          state === 'collapsed' && 'w-[var(--sidebar-width-icon)]',
        )}
      >
        {children}
      </aside>
    </div>
  );
}

export function SidebarTrigger({ className }: { className?: string }) {
  const { toggle, open, openMobile, isMobile } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn('size-9', className)}
      onClick={toggle}
      aria-expanded={isMobile ? openMobile : open}
      aria-keyshortcuts="Control+B Meta+B"
      data-testid="sidebar-trigger"
    >
      <PanelLeft />
      <span className="sr-only">Afficher ou masquer le menu</span>
    </Button>
  );
}

export function SidebarInset({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex min-w-0 flex-1 flex-col', className)} {...props} />;
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-2 p-2', className)} {...props} />;
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto overflow-x-hidden', className)}
      {...props}
    />
  );
}

export function SidebarFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-2 p-2', className)} {...props} />;
}

export function SidebarGroup({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('relative flex w-full min-w-0 flex-col p-2', className)} {...props} />;
}

export function SidebarGroupLabel({ className, ...props }: ComponentProps<'div'>) {
  const { state, isMobile } = useSidebar();
  return (
    <div
      className={cn(
        'flex h-8 shrink-0 items-center px-2 text-xs font-medium text-muted-foreground transition-opacity',
        state === 'collapsed' && !isMobile && 'pointer-events-none opacity-0',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return <ul className={cn('flex w-full min-w-0 flex-col gap-1', className)} {...props} />;
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return <li className={cn('relative', className)} {...props} />;
}

/** A menu entry: icon and label; collapsed, the icon alone with the label as a tooltip. */
export function SidebarMenuButton({
  asChild = false,
  isActive = false,
  tooltip,
  className,
  ...props
}: ComponentProps<'button'> & { asChild?: boolean; isActive?: boolean; tooltip: string }) {
  const { state, isMobile, setOpenMobile } = useSidebar();
  const Comp = asChild ? Slot : 'button';
  const collapsed = state === 'collapsed' && !isMobile;
  const button = (
    <Comp
      data-active={isActive}
      aria-current={isActive ? 'page' : undefined}
      onClick={isMobile ? () => setOpenMobile(false) : undefined}
      className={cn(
        'flex h-9 w-full items-center gap-2 overflow-hidden rounded-md px-2 text-left text-sm outline-ring transition-[width,height,padding] hover:bg-muted focus-visible:outline-2 [&>svg]:size-4 [&>svg]:shrink-0 [&>span]:truncate',
        isActive && 'bg-secondary font-semibold text-secondary-foreground',
        collapsed && 'size-8 justify-center p-2 [&>span]:sr-only',
        className,
      )}
      {...props}
    />
  );
  if (!collapsed) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side="right" align="center">
        {tooltip}
      </TooltipContent>
    </Tooltip>
  );
}
