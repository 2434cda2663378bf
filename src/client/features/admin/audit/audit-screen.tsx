import { Download, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Progress } from '@/client/components/ui/progress';
import { Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/components/ui/toast';
import { useAdminTitle } from '@/client/features/admin/layout/use-admin-title';
import { errorMessage } from '@/client/lib/errors';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { frenchDateTime } from '@/domain/site/dates';
import { useAdminRole } from '../layout/use-admin-role';
import { ClosuresCard } from './closures-card';
import { ProblemTable } from './problem-table';

type Run = RouterOutputs['audit']['run'];
type Checkpoint = NonNullable<RouterOutputs['audit']['overview']['checkpoint']>;

/** Where the server streams the NDJSON export (src/server/audit/log-download.ts). */
const EXPORT_URL = '/api/admin/audit/export';
/** How often a running verification is read back. */
const POLL_MS = 500;

const count = (n: number, one: string, many: string) => `${n.toLocaleString('fr-FR')} ${n > 1 ? many : one}`;

/** The order log's audit (issue 13, point 10): admins and auditors alike. */
export function AuditScreen() {
  useAdminTitle('Audit');
  const utils = trpc.useUtils();
  const overview = trpc.audit.overview.useQuery();
  const { canEdit } = useAdminRole();
  const [startedId, setStartedId] = useState<string | null>(null);
  const latest = overview.data?.latestRun ?? null;
  // A run started here, or one already running when the page opened (started by someone else).
  const watchedId = startedId ?? (latest?.status === 'running' ? latest.id : null);
  const watched = trpc.audit.run.useQuery(
    { id: watchedId ?? '' },
    {
      enabled: watchedId !== null,
      refetchInterval: (query) => (query.state.data?.status === 'running' ? POLL_MS : false),
    },
  );
  const run: Run | null = (watchedId !== null ? watched.data : null) ?? latest;
  const running = run?.status === 'running';

  useEffect(() => {
    if (watched.data && watched.data.status !== 'running') void utils.audit.overview.invalidate();
  }, [watched.data, utils]);

  const verify = trpc.audit.verify.useMutation({
    onSuccess: ({ id }) => setStartedId(id),
    onError: (error) =>
      toast({
        title: 'Erreur',
        description: errorMessage(error, 'Impossible de lancer la vérification.'),
        variant: 'destructive',
      }),
  });

  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-col gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Audit du journal des commandes</h1>
          <p className="text-muted-foreground">
            Chaque commande est un journal d’événements scellés : vérifiez qu’aucun n’a été modifié, supprimé
            ou déplacé.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => verify.mutate()} disabled={running || verify.isPending}>
            <ShieldCheck aria-hidden="true" />
            Vérifier maintenant
          </Button>
          <Button asChild variant="outline">
            <a href={EXPORT_URL} download>
              <Download aria-hidden="true" />
              Exporter le journal
            </a>
          </Button>
        </div>
      </div>

      {overview.isLoading ? (
        <Spinner />
      ) : overview.isError ? (
        <p className="py-10 text-center text-destructive">Impossible de charger l’audit du journal.</p>
      ) : (
        <>
          <Card>
            <CardHeader className="p-4 sm:p-6">
              <CardTitle className="text-lg">Dernière vérification</CardTitle>
              <CardDescription>
                Le journal compte {count(overview.data?.events ?? 0, 'événement', 'événements')}.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4 px-4 pb-4 sm:px-6 sm:pb-6" data-testid="audit-run">
              {run ? (
                <RunResult run={run} />
              ) : (
                <p className="text-muted-foreground">Aucune vérification pour l’instant.</p>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="p-4 sm:p-6">
              <CardTitle className="text-lg">Dernier point de contrôle</CardTitle>
              <CardDescription>
                Un point de contrôle signé fige la liste des événements déjà vérifiés ; le serveur en écrit un
                régulièrement.
              </CardDescription>
            </CardHeader>
            <CardContent className="px-4 pb-4 sm:px-6 sm:pb-6" data-testid="audit-checkpoint">
              <CheckpointSummary
                checkpoint={overview.data?.checkpoint ?? null}
                events={overview.data?.events ?? 0}
              />
            </CardContent>
          </Card>
          <ClosuresCard canEdit={canEdit} />
        </>
      )}
    </div>
  );
}

function RunResult({ run }: { run: Run }) {
  const who = `par ${run.startedByName}`;
  if (run.status === 'running') {
    const pct = run.total > 0 ? (run.checked / run.total) * 100 : 0;
    return (
      <div className="grid gap-2">
        <p className="font-medium">Vérification en cours…</p>
        <Progress value={pct} aria-label="Avancement de la vérification" />
        <p className="text-sm text-muted-foreground">
          {run.checked.toLocaleString('fr-FR')} /{' '}
          {count(run.total, 'événement vérifié', 'événements vérifiés')} ({Math.floor(pct)} %)
        </p>
      </div>
    );
  }
  const when = frenchDateTime(run.finishedAt ?? run.startedAt);
  if (run.status === 'failed') {
    return (
      <div className="grid gap-1">
        <Badge variant="destructive" className="w-fit">
          Vérification interrompue
        </Badge>
        <p>{run.error}</p>
        <p className="text-sm text-muted-foreground">
          Lancée le {frenchDateTime(run.startedAt)} {who}.
        </p>
      </div>
    );
  }
  const checked = count(run.checked, 'événement vérifié', 'événements vérifiés');
  const streams = count(run.streams ?? 0, 'commande', 'commandes');
  if (run.status === 'ok') {
    return (
      <div className="grid gap-1">
        <Badge className="w-fit bg-emerald-600 text-white">Journal intègre</Badge>
        <p>
          {checked} dans {streams} : aucune anomalie.
        </p>
        <p className="text-sm text-muted-foreground">
          Le {when} {who}.
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <div className="grid gap-1">
        <Badge variant="destructive" className="w-fit">
          Anomalies détectées
        </Badge>
        <p>
          {count(run.problemCount, 'anomalie', 'anomalies')} sur {checked} dans {streams}.
        </p>
        <p className="text-sm text-muted-foreground">
          Le {when} {who}. Exportez le journal et conservez-le : il sert de preuve.
        </p>
      </div>
      <ProblemTable problems={run.problems} />
    </div>
  );
}

function CheckpointSummary({ checkpoint, events }: { checkpoint: Checkpoint | null; events: number }) {
  if (!checkpoint) {
    return <p className="text-muted-foreground">Aucun point de contrôle pour l’instant.</p>;
  }
  const unsealed = Math.max(0, events - checkpoint.eventCount);
  return (
    <div className="grid gap-1">
      <p>
        Point de contrôle n° {checkpoint.id}, écrit le {frenchDateTime(checkpoint.createdAt)} :{' '}
        {count(checkpoint.eventCount, 'événement scellé', 'événements scellés')}, jusqu’à la position{' '}
        {checkpoint.maxPosition.toLocaleString('fr-FR')}.
      </p>
      <p className="text-sm text-muted-foreground">
        {unsealed === 0
          ? 'Tous les événements du journal sont scellés.'
          : `${count(unsealed, 'événement plus récent', 'événements plus récents')}, pas encore ${unsealed > 1 ? 'scellés' : 'scellé'}.`}
      </p>
    </div>
  );
}
