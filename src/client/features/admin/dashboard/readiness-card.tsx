import { AlertTriangle, CheckCircle2, Circle, FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { toast } from '@/client/components/ui/toast';
import { loadAuthApi, useSession } from '@/client/features/account/use-session';
import { trpc } from '@/client/lib/trpc';
import { frenchSpaces } from '@/client/lib/typography';
import type { ReadinessItem } from '@/domain/settings/readiness';
import { dashboardQueryOptions } from './use-dashboard';

/**
 * « Mise en service » (issue 35): what the shop still needs before it may sell, each item with its
 * screen. Computed on the server from the settings (src/domain/settings/readiness.ts), the same
 * computation that closes the checkout in production.
 */
export function ReadinessCard() {
  const readiness = trpc.dashboard.readiness.useQuery(undefined, dashboardQueryOptions);
  if (!readiness.data) return null;
  const { items, closedBecause } = readiness.data;
  const done = items.filter((i) => i.done).length;
  const fictitious = items.some((i) => i.fictitious);
  return (
    <Card data-testid="readiness">
      <CardHeader className="gap-2 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Mise en service</CardTitle>
          <Badge variant={done === items.length ? 'default' : 'secondary'} data-testid="readiness-count">
            {done} / {items.length} terminé{done > 1 ? 's' : ''}
          </Badge>
        </div>
        <CardDescription>
          {done === items.length
            ? 'La boutique a tout ce qu’il faut pour vendre.'
            : 'Ce que la boutique doit encore avoir avant de vendre.'}
        </CardDescription>
        {closedBecause && (
          <p
            role="alert"
            data-testid="readiness-closed"
            className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0">{closedBecause}</span>
          </p>
        )}
        {fictitious && (
          <p
            data-testid="readiness-fictitious"
            className="flex gap-2 rounded-md border border-amber-500/50 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          >
            <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0">
              Identité fictive de démonstration : la société, les mentions légales, le médiateur et les
              coordonnées bancaires affichés aux clients sont inventés. Remplacez-les par les vôtres avant de
              vendre pour de vrai.
            </span>
          </p>
        )}
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <ul className="divide-y rounded-md border">
          {items.map((item) => (
            <ReadinessRow key={item.key} item={item} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function ReadinessRow({ item }: { item: ReadinessItem }) {
  const Icon = item.done ? CheckCircle2 : Circle;
  return (
    <li className="flex gap-3 p-3" data-testid={`readiness-${item.key}`} data-done={item.done}>
      <Icon
        className={`mt-0.5 size-5 shrink-0 ${item.done ? 'text-primary' : 'text-muted-foreground'}`}
        aria-label={item.done ? 'Fait' : 'À faire'}
      />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{item.title}</span>
          {item.fictitious && <Badge variant="outline">Fictif (démo)</Badge>}
          {item.closesCheckout && !item.done && !item.fictitious && (
            <Badge variant="destructive">Obligatoire pour vendre</Badge>
          )}
        </div>
        <p className="text-sm text-muted-foreground">{frenchSpaces(item.hint)}</p>
        {item.missing.length > 0 && (
          <p className="text-sm break-words">
            <span className="text-muted-foreground">{'À compléter\u00a0: '}</span>
            {item.missing.join(', ')}
          </p>
        )}
      </div>
      {!item.done && (
        <div className="shrink-0 self-center">
          {item.href ? (
            <Button asChild size="sm" variant="outline">
              <Link to={item.href} aria-label={`Compléter : ${item.title}`}>
                Compléter
              </Link>
            </Button>
          ) : (
            <PasswordLinkButton />
          )}
        </div>
      )}
    </li>
  );
}

/** Mails the admin a link to choose their password (the reset flow: no other way to change it). */
function PasswordLinkButton() {
  const { user } = useSession();
  const [sending, setSending] = useState(false);
  async function send() {
    if (!user || sending) return;
    setSending(true);
    const { requestPasswordReset } = await loadAuthApi();
    const result = await requestPasswordReset(user.email);
    setSending(false);
    toast(
      result.ok
        ? {
            title: 'Email envoyé',
            description: `Un lien pour choisir votre mot de passe a été envoyé à ${user.email}.`,
            variant: 'success',
          }
        : { title: 'Erreur', description: result.message, variant: 'destructive' },
    );
  }
  return (
    <Button size="sm" variant="outline" onClick={send} disabled={!user || sending}>
      {sending ? 'Envoi...' : 'Recevoir le lien'}
    </Button>
  );
}
