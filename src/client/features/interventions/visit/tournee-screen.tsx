/**
 * « Tournée » (issue 37, ADR 037): the technician's day on a phone. Today's visits in order, the
 * address with a maps link, a call button, access notes and hazards, « Je pars », « Sur place »,
 * « Terminé », and what is recorded on site. Every action goes through the phone's queue
 * (visit-queue.ts), so a dropped connection loses nothing and sends nothing twice.
 */
import {
  AlertTriangle,
  ChevronLeft,
  ChevronRight,
  CloudOff,
  FileCheck2,
  FileSignature,
  KeyRound,
  MapPin,
  Navigation,
  Pencil,
  Phone,
  ScanLine,
} from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { ScreenHeader } from '@/client/features/admin/layout/screen-parts';
import { useAdminRole } from '@/client/features/admin/layout/use-admin-role';
import { useAdminTitle } from '@/client/features/admin/layout/use-admin-title';
import { TechnicianFilter } from '@/client/features/interventions/technician-filter';
import { errorMessage } from '@/client/lib/errors';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { cn } from '@/client/lib/utils';
import { formatPhone } from '@/domain/common/phone';
import { CONTACT_SERVICE_LABELS, type ContactService } from '@/domain/contact/services';
import { addDays } from '@/domain/interventions/appointments';
import { SITE_HAZARDS, type SiteHazard } from '@/domain/interventions/visit-decider';
import { DEVICE_KINDS, DEVICE_STATES } from '@/domain/interventions/visit-events';
import type { VisitInput } from '@/domain/interventions/visit-input';
import { frenchWeekdayDate } from '@/domain/site/dates';
import { frenchDay } from '@/domain/site/french-day';
import { parisDay } from '@/domain/site/time-zone';
import { frenchTime } from '@/domain/site/wall-time';
import { DeviceCheckForm } from './device-check-form';
import { SiteDeviceChecklist } from './site-device-checklist';
import {
  AdviceForm,
  ObservationForm,
  RecommendationForm,
  SiteNotesForm,
  TextForm,
  TreatmentForm,
} from './visit-forms';
import { newClientEventId, useVisitQueue } from './visit-queue';

type DayVisit = RouterOutputs['visits']['day']['visits'][number];
type Queue = ReturnType<typeof useVisitQueue>;

const mapsUrl = (v: DayVisit) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${v.street}, ${v.zipCode} ${v.city}`)}`;

function useOnline() {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return online;
}

const STAGE_TYPES: VisitInput['type'][] = ['DepartVisit', 'ArriveVisit', 'FinishVisit'];

/** The visit's stage, the server's times and what still waits in the phone's queue together. */
function stageOf(v: DayVisit, pending: VisitInput[]) {
  const queued = (type: VisitInput['type']) =>
    pending.some((p) => p.appointmentId === v.appointmentId && p.type === type);
  const departed = Boolean(v.departedAt) || queued('DepartVisit');
  const arrived = Boolean(v.arrivedAt) || queued('ArriveVisit');
  const finished = Boolean(v.finishedAt) || queued('FinishVisit');
  const label = finished ? 'Terminé' : arrived ? 'Sur place' : departed ? 'En route' : 'Prévu';
  return { departed, arrived, finished, label };
}

export function TourneeScreen() {
  useAdminTitle('Tournée');
  const { role } = useAdminRole();
  const [day, setDay] = useState(() => parisDay(new Date()));
  const [technicianId, setTechnicianId] = useState<string | null>(null);
  const online = useOnline();
  const utils = trpc.useUtils();
  // The stage actions the server accepted, until the day is read again: if the network drops right
  // after one was sent, the re-read fails and the card must not step back (« Sur place » → « En route »).
  const [accepted, setAccepted] = useState<VisitInput[]>([]);
  const refresh = useCallback(
    (sent: VisitInput[]) => {
      setAccepted((a) => [...a, ...sent.filter((s) => STAGE_TYPES.includes(s.type))]);
      void utils.visits.day.invalidate();
      void utils.visits.detail.invalidate();
    },
    [utils],
  );
  const queue = useVisitQueue(refresh);
  // The QR on a device's label opens /admin/tournee?dispositif=CODE: the visit on site there (ADR 043).
  const [params] = useSearchParams();
  const code = params.get('dispositif')?.trim() ?? '';
  const located = trpc.visits.locate.useQuery({ code }, { enabled: code !== '', retry: false });
  const focus = located.data ?? null;
  useEffect(() => {
    if (focus) setDay(parisDay(new Date(focus.startsAt)));
  }, [focus]);
  const visits = trpc.visits.day.useQuery({ day, technicianId }, { staleTime: 30_000 });
  const products = trpc.visits.products.useQuery(undefined, { staleTime: 5 * 60_000 });

  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-4">
      <ScreenHeader
        title="Tournée"
        summary={<p className="text-muted-foreground first-letter:uppercase">{frenchWeekdayDate(day)}</p>}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label="Jour précédent"
          onClick={() => setDay(addDays(day, -1))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button variant="outline" onClick={() => setDay(parisDay(new Date()))}>
          Aujourd'hui
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label="Jour suivant"
          onClick={() => setDay(addDays(day, 1))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
        {role === 'admin' && <TechnicianFilter value={technicianId} onChange={setTechnicianId} />}
      </div>
      {(!online || queue.pending.length > 0) && (
        <div
          role="status"
          data-testid="visit-queue-status"
          className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {!online ? 'Hors ligne : vos saisies sont gardées sur ce téléphone. ' : ''}
            {queue.pending.length > 0
              ? `${queue.pending.length} ${queue.pending.length > 1 ? 'actions' : 'action'} en attente d'envoi.`
              : 'Rien en attente.'}
          </span>
        </div>
      )}
      {code !== '' && located.error && (
        <div
          role="alert"
          data-testid="device-scan"
          className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <span>
            {errorMessage(located.error, 'Dispositif inconnu : vérifiez le code imprimé sur l’étiquette.')}
          </span>
        </div>
      )}
      {focus && (
        <div
          role="status"
          data-testid="device-scan"
          className="flex items-start gap-2 rounded-md border border-primary/40 bg-primary/5 p-3 text-sm"
        >
          <ScanLine className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>
            {focus.device.label}
            {focus.device.zoneName ? ` (${focus.device.zoneName})` : ''} : choisissez son état ci-dessous.
          </span>
        </div>
      )}
      {queue.refused.map((r) => (
        <div
          key={r.input.clientEventId}
          role="alert"
          className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <span className="flex-1">{r.message}</span>
          <Button size="sm" variant="ghost" onClick={() => queue.dismiss(r.input.clientEventId)}>
            Fermer
          </Button>
        </div>
      ))}
      {visits.isPending ? (
        <Spinner label="Chargement de la tournée" />
      ) : visits.data?.visits.length === 0 ? (
        <Card>
          <CardContent className="py-8 text-center text-muted-foreground">
            Aucune visite ce jour-là.
          </CardContent>
        </Card>
      ) : (
        <ol className="grid grid-cols-[minmax(0,1fr)] gap-4">
          {visits.data?.visits.map((v, index) => (
            <li key={v.appointmentId}>
              <VisitCard
                visit={v}
                index={index + 1}
                queue={queue}
                accepted={accepted}
                products={products.data ?? []}
                showTechnician={role === 'admin' && !technicianId}
                focusDeviceId={focus?.appointmentId === v.appointmentId ? focus.device.id : null}
              />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function VisitCard({
  visit: v,
  index,
  queue,
  accepted,
  products,
  showTechnician,
  focusDeviceId,
}: {
  visit: DayVisit;
  index: number;
  queue: Queue;
  /** Stage actions the server accepted since the day was last read. */
  accepted: VisitInput[];
  products: RouterOutputs['visits']['products'];
  showTechnician: boolean;
  /** The site device whose QR was scanned for this visit. */
  focusDeviceId: string | null;
}) {
  const stage = stageOf(v, [...queue.pending, ...accepted]);
  const [editingSite, setEditingSite] = useState(false);
  const target = { interventionId: v.interventionId, appointmentId: v.appointmentId };
  const act = (type: 'DepartVisit' | 'ArriveVisit' | 'FinishVisit') =>
    queue.record({ ...target, type, clientEventId: newClientEventId(), at: new Date().toISOString() });
  const onSite = stage.arrived && !stage.finished;
  return (
    <Card className={cn(stage.finished && 'opacity-80')} data-testid="visit-card">
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4 p-4 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm text-muted-foreground">
              {index}. {frenchTime(v.startsAt)} – {frenchTime(v.endsAt)} · {v.interventionNumber}
              {showTechnician ? ` · ${v.technicianName}` : ''}
            </p>
            <h2 className="truncate text-lg font-semibold">{v.name}</h2>
            <p className="text-sm">{CONTACT_SERVICE_LABELS[v.service as ContactService] ?? v.service}</p>
          </div>
          <Badge
            variant={stage.finished ? 'secondary' : onSite ? 'default' : 'outline'}
            className="shrink-0 whitespace-nowrap"
            data-testid="visit-stage"
          >
            {stage.label}
          </Badge>
        </div>

        <div className="grid gap-2 text-sm">
          <a
            href={mapsUrl(v)}
            target="_blank"
            rel="noopener"
            className="flex items-start gap-2 rounded-md border p-3 hover:bg-muted"
          >
            <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span className="min-w-0 flex-1">
              {v.street}, {v.zipCode} {v.city}
              <span className="block text-xs text-muted-foreground">Ouvrir l'itinéraire</span>
            </span>
          </a>
          {v.phone && (
            <a
              href={`tel:${v.phone}`}
              className="flex items-center gap-2 rounded-md border p-3 hover:bg-muted"
            >
              <Phone className="size-4 shrink-0 text-primary" aria-hidden="true" />
              Appeler {formatPhone(v.phone)}
            </a>
          )}
          {v.message && <p className="rounded-md bg-muted p-3 text-muted-foreground">« {v.message} »</p>}
          {editingSite ? (
            <div className="rounded-md border p-3">
              <SiteNotesForm
                interventionId={v.interventionId}
                initial={{ accessNotes: v.accessNotes, hazards: v.hazards }}
                onDone={() => setEditingSite(false)}
              />
            </div>
          ) : (
            <div className="flex items-start gap-2 rounded-md border p-3">
              <KeyRound className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="whitespace-pre-line">{v.accessNotes || "Pas de notes d'accès."}</p>
                {v.hazards.length > 0 && (
                  <p className="mt-2 flex flex-wrap gap-1">
                    <span className="sr-only">Dangers sur place : </span>
                    {v.hazards.map((h) => (
                      <Badge key={h} variant="destructive">
                        {SITE_HAZARDS[h as SiteHazard]}
                      </Badge>
                    ))}
                  </p>
                )}
              </div>
              <Button
                size="icon"
                variant="ghost"
                aria-label="Modifier les notes d'accès"
                onClick={() => setEditingSite(true)}
              >
                <Pencil aria-hidden="true" />
              </Button>
            </div>
          )}
        </div>

        <div className="grid grid-cols-3 gap-2">
          <Button
            size="lg"
            variant={stage.departed ? 'outline' : 'default'}
            className="px-2"
            disabled={stage.departed || stage.arrived}
            onClick={() => act('DepartVisit')}
          >
            <Navigation aria-hidden="true" />
            Je pars
          </Button>
          <Button
            size="lg"
            variant={stage.arrived ? 'outline' : 'default'}
            className="px-2"
            disabled={stage.arrived}
            onClick={() => act('ArriveVisit')}
          >
            Sur place
          </Button>
          <Button
            size="lg"
            variant={stage.finished ? 'outline' : 'accent'}
            className="px-2"
            disabled={!stage.arrived || stage.finished}
            onClick={() => act('FinishVisit')}
          >
            Terminé
          </Button>
        </div>
        {v.finishedAt && (
          // The report follows « Terminé » once the server has it (ADR 038): signed here, then sealed.
          <Button asChild size="lg" variant={v.reportNumber ? 'outline' : 'default'}>
            <Link to={`/admin/rapport?intervention=${v.interventionId}&rendez-vous=${v.appointmentId}`}>
              {v.reportNumber ? <FileCheck2 aria-hidden="true" /> : <FileSignature aria-hidden="true" />}
              {v.reportNumber ? `Voir le rapport ${v.reportNumber}` : 'Rédiger et signer le rapport'}
            </Link>
          </Button>
        )}
        {(stage.arrived || stage.finished) && (
          <VisitRecords
            target={target}
            queue={queue}
            products={products}
            onSite={onSite}
            focusDeviceId={focusDeviceId}
          />
        )}
      </CardContent>
    </Card>
  );
}

const PENDING_LABELS: Partial<Record<VisitInput['type'], string>> = {
  RecordObservation: 'Observation',
  RecordTreatment: 'Traitement',
  GiveSafetyAdvice: 'Consignes de sécurité',
  AddRecommendation: 'Recommandation',
  AddCustomerRemark: 'Remarque du client',
  WriteRodenticideAnalysis: 'Analyse écrite',
  RemoveRodenticideBaits: 'Retrait des appâts',
  RecordDeviceCheck: 'Contrôle de dispositif',
};

function VisitRecords({
  target,
  queue,
  products,
  onSite,
  focusDeviceId,
}: {
  target: { interventionId: string; appointmentId: string };
  queue: Queue;
  products: RouterOutputs['visits']['products'];
  onSite: boolean;
  focusDeviceId: string | null;
}) {
  const detail = trpc.visits.detail.useQuery(target, { retry: false });
  const visit = detail.data?.visit;
  const episode = detail.data?.episode;
  const devices = detail.data?.siteDevices ?? null;
  const [tab, setTab] = useState(focusDeviceId ? 'dispositifs' : 'observation');
  useEffect(() => {
    if (focusDeviceId) setTab('dispositifs');
  }, [focusDeviceId]);
  const checklist = devices && (
    <SiteDeviceChecklist
      target={target}
      devices={devices}
      checks={visit?.deviceChecks ?? []}
      pending={queue.pending.filter((p) => p.appointmentId === target.appointmentId)}
      record={queue.record}
      focusDeviceId={focusDeviceId}
    />
  );
  const pending = queue.pending.filter(
    (p) => p.appointmentId === target.appointmentId && PENDING_LABELS[p.type],
  );
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 border-t pt-4">
      {episode && (
        <div
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="episode"
        >
          <p className="font-semibold">
            Traitement anticoagulant en cours depuis le {frenchDay(episode.openedOn)}
          </p>
          {episode.nextInspection && (
            <p>
              Prochaine inspection entre le {frenchDay(episode.nextInspection.from)} et le{' '}
              {frenchDay(episode.nextInspection.to)}
              {episode.overdue ? ' (en retard)' : ''}.
            </p>
          )}
          <p>
            Au-delà du {frenchDay(episode.analysisDueAfter)}, poursuivre demande une analyse écrite
            {episode.analysisWrittenOn ? ` (rédigée le ${frenchDay(episode.analysisWrittenOn)})` : ''}.
          </p>
        </div>
      )}
      {visit && (
        <ul className="grid gap-1 text-sm" aria-label="Saisies enregistrées">
          {visit.observations.map((o) => (
            <li key={o.clientEventId}>
              Observation : {o.pest}, {o.zone}, niveau {o.level}
              {o.photos.length ? ` · ${o.photos.length} photo${o.photos.length > 1 ? 's' : ''}` : ''}
            </li>
          ))}
          {visit.treatments.map((t) => (
            <li key={t.clientEventId}>
              Traitement : {t.productTitle}
              {t.ammNumber ? ` (AMM ${t.ammNumber})` : ''}, {t.quantity} {t.unit}, {t.zone}
            </li>
          ))}
          {visit.advice.map((a) => (
            <li key={a.clientEventId}>
              Consignes : {a.reentryDelayHours === null ? '' : `réentrée ${a.reentryDelayHours} h`}
              {a.antidote ? ` · antidote ${a.antidote}` : ''}
              {a.ventilation ? ` · ${a.ventilation}` : ''}
            </li>
          ))}
          {visit.recommendations.map((r) => (
            <li key={r.clientEventId}>Recommandation : {r.text}</li>
          ))}
          {visit.remarks.map((r) => (
            <li key={r.clientEventId}>Remarque du client : {r.text}</li>
          ))}
          {visit.deviceChecks
            .filter((d) => !devices || !d.deviceId)
            .map((d) => (
              <li key={d.clientEventId}>
                Dispositif {d.label} ({DEVICE_KINDS[d.kind]}) : {DEVICE_STATES[d.state]}
                {d.consumptionPercent === null ? '' : ` ${d.consumptionPercent} %`}
                {d.reason ? `, ${d.reason}` : ''}
                {d.captures === null ? '' : ` · ${d.captures} capture${d.captures > 1 ? 's' : ''}`}
              </li>
            ))}
        </ul>
      )}
      {pending.length > 0 && (
        <ul className="grid gap-1 text-sm text-amber-900" aria-label="En attente d'envoi">
          {pending.map((p) => (
            <li key={p.clientEventId}>{PENDING_LABELS[p.type]} · en attente d'envoi</li>
          ))}
        </ul>
      )}
      {!onSite && checklist && !detail.data?.reportSealed && (
        // After « Terminé », until the report is sealed: the devices still to check (ADR 043).
        <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
          <h3 className="font-semibold">Dispositifs</h3>
          {checklist}
        </div>
      )}
      {onSite && (
        <Tabs value={tab} onValueChange={setTab} className="grid grid-cols-[minmax(0,1fr)] gap-3">
          <TabsList
            className="grid h-auto w-full grid-cols-2 gap-1 min-[420px]:grid-cols-3"
            aria-label="Saisir"
          >
            <TabsTrigger value="observation">Observation</TabsTrigger>
            <TabsTrigger value="traitement">Traitement</TabsTrigger>
            <TabsTrigger value="consignes">Consignes</TabsTrigger>
            <TabsTrigger value="recommandation">Recommandation</TabsTrigger>
            <TabsTrigger value="remarque">Remarque</TabsTrigger>
            <TabsTrigger value="dispositifs">Dispositifs</TabsTrigger>
            {episode && <TabsTrigger value="episode">Anticoagulant</TabsTrigger>}
          </TabsList>
          <TabsContent value="observation">
            <ObservationForm target={target} record={queue.record} />
          </TabsContent>
          <TabsContent value="traitement">
            <TreatmentForm target={target} record={queue.record} products={products} />
          </TabsContent>
          <TabsContent value="consignes">
            <AdviceForm target={target} record={queue.record} products={products} />
          </TabsContent>
          <TabsContent value="recommandation">
            <RecommendationForm target={target} record={queue.record} />
          </TabsContent>
          <TabsContent value="remarque">
            <TextForm
              target={target}
              record={queue.record}
              type="AddCustomerRemark"
              field="text"
              label="Remarque du client"
              submitLabel="Enregistrer la remarque"
              saved="Remarque enregistrée."
            />
          </TabsContent>
          <TabsContent value="dispositifs">
            {checklist ?? <DeviceCheckForm target={target} record={queue.record} />}
          </TabsContent>
          {episode && (
            <TabsContent value="episode" className="grid gap-6">
              <TextForm
                target={target}
                record={queue.record}
                type="WriteRodenticideAnalysis"
                field="text"
                label="Analyse écrite (au-delà de 35 jours)"
                submitLabel="Enregistrer l'analyse"
                saved="Analyse enregistrée."
              />
              <TextForm
                target={target}
                record={queue.record}
                type="RemoveRodenticideBaits"
                field="note"
                required={false}
                label="Retrait des appâts et des cadavres"
                submitLabel="Appâts retirés : clore le traitement"
                saved="Retrait enregistré."
              />
            </TabsContent>
          )}
        </Tabs>
      )}
    </div>
  );
}
