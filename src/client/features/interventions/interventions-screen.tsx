import { Mail, Phone, RotateCcw, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent } from '@/client/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { SearchInput } from '@/client/components/ui/search-input';
import { Spinner } from '@/client/components/ui/spinner';
import { toast, toastError } from '@/client/components/ui/toast';
import { ListFilters, ScreenHeader } from '@/client/features/admin/layout/screen-parts';
import { useAdminTitle } from '@/client/features/admin/layout/use-admin-title';
import { useCoalesced } from '@/client/lib/live-client';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { cn } from '@/client/lib/utils';
import { SEARCH_MAX } from '@/domain/common/limits';
import { formatPhone } from '@/domain/common/phone';
import { CONTACT_SERVICE_LABELS, type ContactService } from '@/domain/contact/services';
import { LOST_REASON_MAX } from '@/domain/interventions/decider';
import {
  PREFERRED_SLOT_LABELS,
  type PreferredSlot,
  SITE_TYPE_LABELS,
  type SiteType,
  URGENCY_LABELS,
  type Urgency,
} from '@/domain/interventions/labels';
import {
  INTERVENTION_STATUS_BADGES,
  INTERVENTION_STATUS_LABELS,
  INTERVENTION_STATUSES,
  type InterventionStatus,
} from '@/domain/interventions/pipeline';
import { frenchDateTime } from '@/domain/site/dates';
import { BillingSection } from './billing-section';
import { DevisSection } from './devis-dialog';
import { ReasonDialog } from './form-section';
import { PlanButton } from './planning-screen';
import { RodenticideEpisodes } from './visit/rodenticide-episodes';

type Row = RouterOutputs['interventions']['list'][number];

/** Any intervention event (another admin, a visitor's request) reloads the screen's queries. */
function useLiveInterventions() {
  const utils = trpc.useUtils();
  const reload = useCoalesced(() => {
    void utils.interventions.invalidate();
    void utils.visits.episodes.invalidate();
  }, 100);
  trpc.live.interventions.useSubscription(
    { lastEventId: null },
    {
      onData: ({ data }) => {
        for (const change of data.changes) {
          if ((change.type as string) === 'InterventionRequested') {
            toast({
              title: "Nouvelle demande d'intervention",
              description: `Demande ${change.orderNumber} reçue.`,
            });
          }
        }
        reload();
      },
    },
  );
}

/** « Interventions » (issue 36): the pipeline from request to invoice, with filters and search. */
export function InterventionsScreen() {
  useAdminTitle('Interventions');
  useLiveInterventions();
  const [status, setStatus] = useState<InterventionStatus | null>(null);
  const [search, setSearch] = useState('');
  const [urgentOnly, setUrgentOnly] = useState(false);
  const counts = trpc.interventions.counts.useQuery();
  const list = trpc.interventions.list.useQuery({ status, search, urgentOnly });
  const [losing, setLosing] = useState<Row | null>(null);
  const total = counts.data ? Object.values(counts.data).reduce((a, b) => a + b, 0) : null;

  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6">
      <ScreenHeader
        title="Interventions"
        summary={
          <p className="text-muted-foreground" data-testid="interventions-summary">
            {counts.data === undefined
              ? '\u00a0'
              : counts.data.requested === 0
                ? 'Aucune demande à traiter'
                : `${counts.data.requested} ${counts.data.requested > 1 ? 'demandes' : 'demande'} à traiter`}
          </p>
        }
      />
      <RodenticideEpisodes />
      <nav aria-label="Étapes" className="grid grid-cols-2 gap-2 @md:grid-cols-4 @3xl:grid-cols-8">
        <StageButton label="Toutes" count={total} active={status === null} onClick={() => setStatus(null)} />
        {INTERVENTION_STATUSES.map((s) => (
          <StageButton
            key={s}
            label={INTERVENTION_STATUS_LABELS[s]}
            count={counts.data?.[s] ?? null}
            active={status === s}
            onClick={() => setStatus(s)}
          />
        ))}
      </nav>
      <ListFilters>
        <SearchInput
          className="flex-1"
          placeholder="Numéro, nom, email, téléphone, ville…"
          aria-label="Rechercher une intervention"
          value={search}
          maxLength={SEARCH_MAX}
          onValueChange={setSearch}
        />
        <label className="flex h-10 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={urgentOnly}
            onChange={(e) => setUrgentOnly(e.target.checked)}
          />
          Urgentes seulement
        </label>
      </ListFilters>
      {list.isLoading ? (
        <Spinner />
      ) : list.isError ? (
        <p className="py-10 text-center text-destructive">Impossible de charger les interventions.</p>
      ) : !list.data || list.data.length === 0 ? (
        <p className="py-10 text-center text-muted-foreground">Aucune intervention ne correspond.</p>
      ) : (
        <ul className="grid gap-4" aria-label="Interventions">
          {list.data.map((row) => (
            <li key={row.id}>
              <InterventionCard row={row} onLose={() => setLosing(row)} />
            </li>
          ))}
        </ul>
      )}
      {losing && <LostDialog row={losing} onClose={() => setLosing(null)} />}
    </div>
  );
}

function StageButton({
  label,
  count,
  active,
  onClick,
}: {
  label: string;
  count: number | null;
  active: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'flex min-h-11 items-center justify-between gap-2 rounded-md border px-3 py-2 text-left text-sm font-medium',
        active ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-muted',
      )}
    >
      <span>{label}</span>
      <span className={cn('tabular-nums', active ? '' : 'text-muted-foreground')}>{count ?? '–'}</span>
    </button>
  );
}

function InterventionCard({ row, onLose }: { row: Row; onLose: () => void }) {
  const utils = trpc.useUtils();
  const reopen = trpc.interventions.reopen.useMutation({
    onSuccess: () => {
      void utils.interventions.invalidate();
      toast({ title: 'Succès', description: `Intervention ${row.number} rouverte.`, variant: 'success' });
    },
    onError: toastError,
  });
  return (
    <Card>
      <CardContent className="grid gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm font-semibold">{row.number}</span>
          <Badge variant={row.status === 'lost' ? 'secondary' : 'default'}>
            {INTERVENTION_STATUS_BADGES[row.status]}
          </Badge>
          {row.urgency === 'urgent' && <Badge variant="destructive">{URGENCY_LABELS.urgent}</Badge>}
          <span className="ml-auto text-sm text-muted-foreground">{frenchDateTime(row.createdAt)}</span>
        </div>
        <div className="grid gap-1">
          <p className="font-semibold">
            {row.name} · {CONTACT_SERVICE_LABELS[row.service as ContactService]}
          </p>
          <p className="text-sm">
            {row.siteType ? SITE_TYPE_LABELS[row.siteType as SiteType] : 'Lieu non précisé'}
            {row.street ? ` — ${row.street}, ${row.zipCode} ${row.city}` : ' — adresse à demander'}
          </p>
          {row.urgency !== 'urgent' && (
            <p className="text-sm text-muted-foreground">
              Urgence : {URGENCY_LABELS[row.urgency as Urgency]}
            </p>
          )}
          {row.preferredSlots.length > 0 && (
            <p className="text-sm text-muted-foreground">
              Disponibilités :{' '}
              {row.preferredSlots.map((s) => PREFERRED_SLOT_LABELS[s as PreferredSlot]).join(' ; ')}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {row.phone && (
            <a
              href={`tel:${row.phone}`}
              className="inline-flex items-center gap-1 text-primary hover:underline"
            >
              <Phone className="size-4" aria-hidden="true" />
              {formatPhone(row.phone)}
            </a>
          )}
          {row.email && (
            <a
              href={`mailto:${row.email}`}
              className="inline-flex min-w-0 items-center gap-1 break-all text-primary hover:underline"
            >
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              {row.email}
            </a>
          )}
        </div>
        <p className="text-sm" data-testid="callback-consent">
          {row.callbackConsentAt
            ? `Accepte d’être rappelé(e) (« ${row.callbackConsentWording} », le ${frenchDateTime(row.callbackConsentAt)}).`
            : 'N’a pas donné son accord pour être rappelé(e) : répondre par email.'}
        </p>
        {row.message && <p className="whitespace-pre-line rounded-md bg-muted p-3 text-sm">{row.message}</p>}
        {row.photos.length > 0 && <RequestPhotoList number={row.number} photos={row.photos} />}
        <DevisSection row={row} />
        <BillingSection row={row} />
        {row.status === 'lost' && row.lostReason && (
          <p className="text-sm">
            <span className="font-medium">Motif de la perte :</span> {row.lostReason}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          {!['lost', 'done', 'invoiced'].includes(row.status) && <PlanButton intervention={row} />}
          {row.status === 'lost' ? (
            <Button
              type="button"
              variant="outline"
              disabled={reopen.isPending}
              onClick={() => reopen.mutate({ id: row.id })}
            >
              <RotateCcw aria-hidden="true" />
              Rouvrir
            </Button>
          ) : (
            row.status !== 'done' &&
            row.status !== 'invoiced' && (
              <Button type="button" variant="outline" onClick={onLose}>
                <XCircle aria-hidden="true" />
                Classer « Perdu »
              </Button>
            )
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** The visitor's photos: thumbnails, each opening full size in a dialog. */
function RequestPhotoList({ number, photos }: { number: string; photos: Row['photos'] }) {
  const [open, setOpen] = useState<number | null>(null);
  const shown = open === null ? null : photos[open];
  return (
    <>
      <ul aria-label="Photos de la demande" className="flex flex-wrap gap-2">
        {photos.map((p, i) => (
          <li key={p.id}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              aria-label={`Agrandir la photo ${i + 1}`}
              className="block overflow-hidden rounded-md border hover:opacity-90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <img
                src={p.thumbUrl}
                alt={`Pièce jointe ${i + 1} de la demande ${number}`}
                width={96}
                height={96}
                className="size-24 object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      {shown && (
        <Dialog open onOpenChange={(o) => !o && setOpen(null)}>
          <DialogContent className="max-w-4xl">
            <DialogHeader>
              <DialogTitle>
                Photo {open! + 1} sur {photos.length}
              </DialogTitle>
              <DialogDescription>Demande {number}</DialogDescription>
            </DialogHeader>
            <img
              src={shown.url}
              alt={`Pièce jointe ${open! + 1} de la demande ${number}, en grand`}
              className="max-h-[75vh] w-full rounded-md object-contain"
            />
            <DialogFooter className="flex-row justify-end gap-2">
              <Button asChild variant="outline">
                <a href={shown.url} target="_blank" rel="noopener">
                  Ouvrir dans un nouvel onglet
                </a>
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}

function LostDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const utils = trpc.useUtils();
  const lose = trpc.interventions.markLost.useMutation();
  return (
    <ReasonDialog
      title="Classer « Perdu »"
      description={
        <>
          Intervention {row.number} ({row.name}). Le motif est enregistré dans l’historique.
        </>
      }
      maxLength={LOST_REASON_MAX}
      missing="Indiquez pourquoi l’intervention est perdue."
      pending={lose.isPending}
      send={async (reason) => {
        await lose.mutateAsync({ id: row.id, reason });
        void utils.interventions.invalidate();
        toast({
          title: 'Succès',
          description: `Intervention ${row.number} classée « Perdu ».`,
          variant: 'success',
        });
      }}
      onClose={onClose}
      submit="Classer « Perdu »"
    />
  );
}
