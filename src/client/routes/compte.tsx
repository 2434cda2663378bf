import { CreditCard, LogOut, Package, ShieldCheck, UserRound } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { toast } from '@/client/components/ui/toast';
import { BackToShop } from '@/client/features/account/auth-shell';
import { DevisList } from '@/client/features/account/devis-list';
import { OrderList } from '@/client/features/account/order-list';
import { PaymentPanel } from '@/client/features/account/payment-panel';
import { MySites } from '@/client/features/account/site-space';
import { loadAuthApi, useAuthChanged, useSession } from '@/client/features/account/use-session';
import { MyContracts } from '@/client/features/contracts/customer-contracts';
import { MyAppointments } from '@/client/features/interventions/customer-appointments';
import { MyInterventionDocuments } from '@/client/features/interventions/customer-documents';
import { ShopContact } from '@/client/features/shop/shop-contact';
import { isTrpcError } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { usePageTitle } from '@/client/lib/utils';
import { formatEuros } from '@/domain/catalog/pricing';

/** The Certibiocide block (issue 27), beside the profile, downloaded with its tab. */
const CertibiocidePanel = lazy(() =>
  import('@/client/features/account/certibiocide-panel').then((m) => ({ default: m.CertibiocidePanel })),
);
/** The profile form is only downloaded when its tab opens. */
const ProfilePanel = lazy(() =>
  import('@/client/features/account/profile-panel').then((m) => ({ default: m.ProfilePanel })),
);
/** « Mes données »: download and deletion, with its dialog, only when the tab opens. */
const PrivacyPanel = lazy(() =>
  import('@/client/features/account/privacy-panel').then((m) => ({ default: m.PrivacyPanel })),
);
/** Follows the customer's orders live, over a websocket client of its own chunk. */
const LiveOrders = lazy(() => import('@/client/features/account/live-orders'));

function AccountHeader({ onSignOut, signingOut }: { onSignOut?: () => void; signingOut?: boolean }) {
  return (
    <header className="sticky top-0 z-30 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <BackToShop />
        <p className="text-base font-semibold sm:text-lg">Mon compte</p>
        {onSignOut ? (
          <Button variant="outline" size="sm" onClick={onSignOut} disabled={signingOut}>
            <LogOut aria-hidden="true" />
            <span className="hidden sm:inline">Se déconnecter</span>
            <span className="sr-only sm:hidden">Se déconnecter</span>
          </Button>
        ) : (
          <span className="w-10" />
        )}
      </div>
    </header>
  );
}

function initials(first: string, last: string, email: string) {
  const value = `${first.charAt(0)}${last.charAt(0)}`.trim();
  return (value || email.charAt(0)).toUpperCase();
}

export default function ComptePage() {
  const { user, isLoading } = useSession();
  const navigate = useNavigate();
  const authChanged = useAuthChanged();
  const [signingOut, setSigningOut] = useState(false);
  const [tab, setTab] = useState('orders');
  const enabled = Boolean(user);
  const profile = trpc.account.profile.useQuery(undefined, { enabled });
  const totals = trpc.account.totals.useQuery(undefined, { enabled });
  const orders = trpc.account.orders.useQuery(undefined, { enabled });
  // A call refused as signed out (the account was just deleted, the session ended elsewhere) is no
  // failure to load: the page leaves for /auth, without a red « Impossible de charger vos données ».
  const signedOut = [profile.error, totals.error, orders.error].some(
    (error) => isTrpcError(error) && error.data?.code === 'UNAUTHORIZED',
  );
  const failed = !signedOut && (profile.isError || totals.isError || orders.isError);

  usePageTitle('Mon compte');
  useEffect(() => {
    if (failed)
      toast({ title: 'Erreur', description: 'Impossible de charger vos données', variant: 'destructive' });
  }, [failed]);

  /**
   * Leaves /compte for the shop once the session is gone (signed out, or the account deleted). The
   * shop's chunk may still be loading when the session query says « nobody »: until it is shown,
   * this page shows a spinner, never its redirect to /auth (which would win: issue 40's flaky test).
   */
  async function leave() {
    setSigningOut(true);
    navigate('/boutique');
    await authChanged();
  }

  async function onSignOut() {
    setSigningOut(true);
    const result = await loadAuthApi().then(
      (api) => api.signOut(),
      () => ({ ok: false as const, message: 'Une erreur est survenue' }),
    );
    if (!result.ok) {
      setSigningOut(false);
      toast({ title: 'Erreur', description: result.message, variant: 'destructive' });
      return;
    }
    await leave();
  }

  if (isLoading) return <Spinner className="min-h-dvh" />;
  if (!user || signedOut)
    return signingOut || user ? <Spinner className="min-h-dvh" /> : <Navigate to="/auth" replace />;

  const loading = profile.isLoading || totals.isLoading || orders.isLoading;

  return (
    <div className="min-h-dvh bg-muted/50">
      <AccountHeader onSignOut={onSignOut} signingOut={signingOut} />
      <Suspense fallback={null}>
        <LiveOrders />
      </Suspense>
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
        <h1 className="sr-only">Mon compte</h1>
        {failed ? (
          <Card className="mx-auto max-w-lg p-8 text-center">
            <p role="alert" className="font-medium text-destructive">
              Impossible de charger vos données
            </p>
            <Button
              className="mt-4"
              variant="outline"
              onClick={() => {
                void profile.refetch();
                void totals.refetch();
                void orders.refetch();
              }}
            >
              Réessayer
            </Button>
          </Card>
        ) : loading || !profile.data || !totals.data || !orders.data ? (
          <Spinner />
        ) : (
          <div className="grid gap-6 lg:grid-cols-[300px_1fr] lg:items-start">
            <Card className="lg:sticky lg:top-24" data-testid="account-card">
              <CardHeader className="items-center text-center">
                <span
                  className="mb-2 flex size-16 items-center justify-center rounded-full bg-primary text-xl font-bold text-primary-foreground"
                  aria-hidden="true"
                >
                  {initials(profile.data.firstName, profile.data.lastName, profile.data.email)}
                </span>
                {/* An h2 (the card titles are h3): it follows the page's h1 (axe's heading-order). */}
                <h2 className="text-lg font-semibold leading-tight" data-testid="account-name">
                  {`${profile.data.firstName} ${profile.data.lastName}`.trim() || 'Mon compte'}
                </h2>
                <CardDescription className="[overflow-wrap:anywhere]">{profile.data.email}</CardDescription>
              </CardHeader>
              <CardContent>
                <dl className="grid grid-cols-2 divide-x rounded-lg border bg-muted/40 text-center">
                  <div className="p-3">
                    <dt className="text-xs text-muted-foreground">Commandes</dt>
                    <dd className="mt-1 text-xl font-bold tabular-nums" data-testid="order-count">
                      {totals.data.orderCount}
                    </dd>
                  </div>
                  <div className="p-3">
                    <dt className="text-xs text-muted-foreground">Total dépensé</dt>
                    <dd className="mt-1 text-xl font-bold tabular-nums" data-testid="total-spent">
                      {formatEuros(totals.data.totalSpentCents)}
                    </dd>
                  </div>
                </dl>
                <div className="mt-5 border-t pt-4 text-left">
                  <p className="mb-2 text-sm font-semibold">Une question ? Contactez-nous</p>
                  <ShopContact />
                </div>
              </CardContent>
            </Card>

            <Tabs value={tab} onValueChange={setTab} className="min-w-0">
              <TabsList
                aria-label="Mon compte"
                className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:w-auto"
              >
                <TabsTrigger value="orders" className="py-2">
                  <Package className="hidden size-4 sm:block" aria-hidden="true" />
                  Commandes
                </TabsTrigger>
                <TabsTrigger value="profile" className="py-2">
                  <UserRound className="hidden size-4 sm:block" aria-hidden="true" />
                  Profil
                </TabsTrigger>
                <TabsTrigger value="payment" className="py-2">
                  <CreditCard className="hidden size-4 sm:block" aria-hidden="true" />
                  Paiement
                </TabsTrigger>
                <TabsTrigger value="privacy" className="py-2">
                  <ShieldCheck className="hidden size-4 sm:block" aria-hidden="true" />
                  Mes données
                </TabsTrigger>
              </TabsList>
              <TabsContent value="orders">
                <MyAppointments />
                <h2 className="mb-3 text-lg font-semibold">Mes commandes</h2>
                <OrderList orders={orders.data} />
                <DevisList />
                <MyInterventionDocuments />
                <MyContracts />
                {profile.data && (
                  <MySites
                    contact={{
                      name: `${profile.data.firstName} ${profile.data.lastName}`.trim(),
                      email: profile.data.email,
                      phone: profile.data.phone ?? '',
                    }}
                  />
                )}
              </TabsContent>
              <TabsContent value="profile">
                <Suspense fallback={<Spinner />}>
                  <ProfilePanel profile={profile.data} />
                  <CertibiocidePanel />
                </Suspense>
              </TabsContent>
              <TabsContent value="privacy">
                <Suspense fallback={<Spinner />}>
                  <PrivacyPanel email={profile.data.email} onDeleted={leave} />
                </Suspense>
              </TabsContent>
              <TabsContent value="payment">
                <PaymentPanel />
              </TabsContent>
            </Tabs>
          </div>
        )}
      </main>
    </div>
  );
}
