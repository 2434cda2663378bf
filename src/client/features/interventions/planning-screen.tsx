import { CalendarPlus, ChevronLeft, ChevronRight, MapPin, Phone } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent } from '@/client/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { Field } from '@/client/components/ui/field';
import { SubmitButton } from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { Spinner } from '@/client/components/ui/spinner';
import { toast, toastError } from '@/client/components/ui/toast';
import { ScreenHeader } from '@/client/features/admin/layout/screen-parts';
import { useAdminRole } from '@/client/features/admin/layout/use-admin-role';
import { useAdminTitle } from '@/client/features/admin/layout/use-admin-title';
import { useLiveContracts } from '@/client/features/admin/live/use-live';
import {
  EarlierLateVisits,
  ToConfirmEntries,
  useVisitsToConfirm,
} from '@/client/features/contracts/planning-to-confirm';
import { errorMessage } from '@/client/lib/errors';
import { useCoalesced } from '@/client/lib/live-client';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { formatPhone } from '@/domain/common/phone';
import { CONTACT_SERVICE_LABELS, type ContactService } from '@/domain/contact/services';
import {
  APPOINTMENT_STATUS_LABELS,
  addDays,
  CANCEL_REASON_MAX,
  DEFAULT_TRAVEL_BUFFER_MINUTES,
  parisWallTime,
  TRAVEL_BUFFER_MAX,
} from '@/domain/interventions/appointments';
import { frenchCalendarDate, frenchWeekdayDate, parisDay } from '@/domain/site/dates';
import { DialogForm, FieldRow, ReasonDialog } from './form-section';
import { TechnicianFilter } from './technician-filter';

type Week = RouterOutputs['planning']['week'];
type Appointment = Week['appointments'][number];

/** « 1 h 30 », « 45 min ». */
export const durationLabel = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')}`;
};
const DURATIONS = [30, 45, 60, 90, 120, 180, 240, 360, 480];

/**
 * For the owner, any intervention event (a booking by another admin, a customer's confirmation)
 * reloads the week. Technicians reload with the page (the live feed is the admins').
 */
function LivePlanning() {
  const utils = trpc.useUtils();
  const reload = useCoalesced(() => void utils.planning.invalidate(), 100);
  trpc.live.interventions.useSubscription({ lastEventId: null }, { onData: () => reload() });
  // The contracts' visits « À confirmer » of the week follow the contract events.
  useLiveContracts();
  return null;
}

/**
 * « Planning » (issue 36, point 5): the week, Monday to Sunday in Paris time, of every technician
 * for the owner, of their own appointments for a technician (the server filters; this screen only
 * follows). On a phone the days are stacked, so nothing scrolls sideways.
 */
export function PlanningScreen() {
  useAdminTitle('Planning');
  const { role } = useAdminRole();
  const isAdmin = role === 'admin';
  const [day, setDay] = useState(() => parisDay(new Date()));
  const [technicianId, setTechnicianId] = useState<string | null>(null);
  const [booking, setBooking] = useState(false);
  const [moving, setMoving] = useState<Appointment | null>(null);
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const week = trpc.planning.week.useQuery({ day, technicianId });
  const technicians = trpc.planning.technicians.useQuery(undefined, { enabled: isAdmin });
  const toConfirm = useVisitsToConfirm(week.data?.days, isAdmin);
  const names = new Map((technicians.data ?? week.data?.technicians ?? []).map((t) => [t.id, t.name]));
  const today = parisDay(new Date());

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <ScreenHeader
        title="Planning"
        summary={
          <p className="text-muted-foreground" data-testid="planning-week">
            {week.data
              ? `Semaine du ${frenchCalendarDate(week.data.days[0]!)} au ${frenchCalendarDate(week.data.days[6]!)}`
              : '\u00a0'}
          </p>
        }
      >
        {isAdmin && (
          <Button type="button" onClick={() => setBooking(true)}>
            <CalendarPlus aria-hidden="true" />
            Planifier un rendez-vous
          </Button>
        )}
      </ScreenHeader>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Semaine précédente"
          onClick={() => setDay(addDays(day, -7))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <Button type="button" variant="outline" onClick={() => setDay(today)}>
          Cette semaine
        </Button>
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Semaine suivante"
          onClick={() => setDay(addDays(day, 7))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
        {isAdmin && <TechnicianFilter value={technicianId} onChange={setTechnicianId} />}
      </div>
      {week.isLoading ? (
        <Spinner />
      ) : week.isError || !week.data ? (
        <p className="py-10 text-center text-destructive">
          {week.error ? errorMessage(week.error) : 'Impossible de charger le planning.'}
        </p>
      ) : (
        <>
          {isAdmin && technicians.data?.length === 0 && (
            <p className="rounded-md bg-muted p-3 text-sm">
              Aucun technicien : donnez le rôle « Technicien » à un utilisateur dans l’écran Clients.
            </p>
          )}
          <EarlierLateVisits visits={toConfirm.earlier} />
          <ol className="grid gap-3 @4xl:grid-cols-7" aria-label="Jours de la semaine">
            {week.data.days.map((d) => {
              const items = week.data.appointments.filter((a) => parisWallTime(a.startsAt).day === d);
              return (
                <li key={d} className="grid content-start gap-2" data-testid={`day-${d}`}>
                  <h2
                    className={`text-sm font-semibold first-letter:uppercase ${d === today ? 'text-primary' : ''}`}
                  >
                    {frenchWeekdayDate(d).replace(/ \d{4}$/, '')}
                  </h2>
                  <ToConfirmEntries visits={toConfirm.onDay(d)} />
                  {items.length === 0 ? (
                    <p className="text-sm text-muted-foreground">Aucun rendez-vous</p>
                  ) : (
                    <ul className="grid gap-2">
                      {items.map((a) => (
                        <li key={a.id}>
                          <AppointmentCard
                            a={a}
                            technician={technicianId || !isAdmin ? null : (names.get(a.technicianId) ?? null)}
                            onMove={isAdmin ? () => setMoving(a) : null}
                            onCancel={isAdmin ? () => setCancelling(a) : null}
                          />
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}
      {isAdmin && <TravelBufferSetting />}
      {isAdmin && <LivePlanning />}
      {booking && (
        <SlotDialog onClose={() => setBooking(false)} defaultDay={day} technicianId={technicianId} />
      )}
      {moving && (
        <SlotDialog onClose={() => setMoving(null)} moving={moving} defaultDay={day} technicianId={null} />
      )}
      {cancelling && <CancelDialog a={cancelling} onClose={() => setCancelling(null)} />}
    </div>
  );
}

function AppointmentCard({
  a,
  technician,
  onMove,
  onCancel,
}: {
  a: Appointment;
  technician: string | null;
  onMove: (() => void) | null;
  onCancel: (() => void) | null;
}) {
  const start = parisWallTime(a.startsAt);
  const end = parisWallTime(a.endsAt);
  const minutes = Math.round((Date.parse(a.endsAt) - Date.parse(a.startsAt)) / 60_000);
  return (
    <Card className="border-l-4 border-l-primary" data-testid="appointment">
      <CardContent className="grid gap-1 p-3 text-sm">
        <p className="font-semibold tabular-nums [overflow-wrap:anywhere]">
          <span className="whitespace-nowrap">
            {start.time} – {end.time}
          </span>{' '}
          <span className="font-normal text-muted-foreground">· {durationLabel(minutes)}</span>
        </p>
        <p className="break-words">
          {CONTACT_SERVICE_LABELS[a.service as ContactService] ?? a.service} · {a.name}
        </p>
        <p className="flex items-start gap-1 break-words text-muted-foreground">
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {a.street}, {a.zipCode} {a.city}
          </span>
        </p>
        {a.phone && (
          <a href={`tel:${a.phone}`} className="inline-flex items-center gap-1 text-primary hover:underline">
            <Phone className="size-4" aria-hidden="true" />
            {formatPhone(a.phone)}
          </a>
        )}
        <div className="flex flex-wrap items-center gap-1">
          <span className="font-mono text-xs">{a.interventionNumber}</span>
          <Badge
            variant={
              a.status === 'other_slot_asked'
                ? 'destructive'
                : a.status === 'confirmed'
                  ? 'default'
                  : 'secondary'
            }
          >
            {APPOINTMENT_STATUS_LABELS[a.status]}
          </Badge>
        </div>
        {technician && <p className="text-muted-foreground">Technicien : {technician}</p>}
        {a.customerMessage && a.status === 'other_slot_asked' && (
          <p className="rounded-md bg-muted p-2">« {a.customerMessage} »</p>
        )}
        {(onMove || onCancel) && (
          <div className="mt-1 flex flex-wrap gap-2">
            {onMove && (
              <Button type="button" size="sm" variant="outline" onClick={onMove}>
                Déplacer
              </Button>
            )}
            {onCancel && (
              <Button type="button" size="sm" variant="outline" onClick={onCancel}>
                Annuler
              </Button>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * « Planifier un rendez-vous » (or « Déplacer »): intervention, technician, Paris day and time,
 * duration. The server checks everything again and refuses a conflict with its French message.
 */
export function SlotDialog({
  onClose,
  defaultDay,
  technicianId,
  intervention,
  moving,
}: {
  onClose: () => void;
  defaultDay: string;
  technicianId: string | null;
  intervention?: { id: string; number: string; name: string };
  moving?: Appointment;
}) {
  const utils = trpc.useUtils();
  const technicians = trpc.planning.technicians.useQuery();
  const open = trpc.interventions.list.useQuery(
    { status: null, search: '', urgentOnly: false, limit: 200 },
    {
      enabled: !intervention && !moving,
    },
  );
  const from = moving ? parisWallTime(moving.startsAt) : null;
  const [values, setValues] = useState({
    interventionId: intervention?.id ?? moving?.interventionId ?? '',
    technicianId: moving?.technicianId ?? technicianId ?? '',
    day: from?.day ?? (defaultDay < parisDay(new Date()) ? parisDay(new Date()) : defaultDay),
    time: from?.time ?? '09:00',
    durationMinutes: moving
      ? Math.round((Date.parse(moving.endsAt) - Date.parse(moving.startsAt)) / 60_000)
      : 60,
  });
  const [error, setError] = useState<string | null>(null);
  const book = trpc.planning.book.useMutation();
  const move = trpc.planning.move.useMutation();
  const pending = book.isPending || move.isPending;
  const set = (patch: Partial<typeof values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setError(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!values.interventionId) return setError('Choisissez l’intervention.');
    if (!values.technicianId) return setError('Choisissez un technicien.');
    try {
      if (moving) await move.mutateAsync({ ...values, appointmentId: moving.id });
      else await book.mutateAsync(values);
      void utils.planning.invalidate();
      void utils.interventions.invalidate();
      toast({
        title: 'Succès',
        description: moving
          ? 'Rendez-vous déplacé : le client reçoit le nouveau créneau.'
          : 'Rendez-vous planifié : le client reçoit la confirmation.',
        variant: 'success',
      });
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  const choices = (open.data ?? []).filter((r) => !['lost', 'done', 'invoiced'].includes(r.status));
  const durations = DURATIONS.includes(values.durationMinutes)
    ? DURATIONS
    : [...DURATIONS, values.durationMinutes].sort((a, b) => a - b);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{moving ? 'Déplacer le rendez-vous' : 'Planifier un rendez-vous'}</DialogTitle>
          <DialogDescription>
            {moving
              ? `Intervention ${moving.interventionNumber} (${moving.name}). Heure de Paris.`
              : intervention
                ? `Intervention ${intervention.number} (${intervention.name}). Heure de Paris.`
                : 'Heure de Paris. Le client reçoit un email avec le rendez-vous à ajouter à son agenda.'}
          </DialogDescription>
        </DialogHeader>
        <DialogForm
          onSubmit={submit}
          onCancel={onClose}
          pending={pending}
          error={error}
          submit={moving ? 'Déplacer' : 'Planifier'}
        >
          {!intervention && !moving && (
            <Field label="Intervention">
              {(c) => (
                <NativeSelect
                  {...c}
                  value={values.interventionId}
                  onChange={(e) => set({ interventionId: e.target.value })}
                >
                  <option value="">Choisissez…</option>
                  {choices.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.number} – {r.name} ({r.city})
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          )}
          <Field label="Technicien">
            {(c) => (
              <NativeSelect
                {...c}
                value={values.technicianId}
                onChange={(e) => set({ technicianId: e.target.value })}
              >
                <option value="">Choisissez…</option>
                {technicians.data?.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <FieldRow layout="thirds">
            <Field label="Date">
              {(c) => (
                <Input {...c} type="date" value={values.day} onChange={(e) => set({ day: e.target.value })} />
              )}
            </Field>
            <Field label="Heure">
              {(c) => (
                <Input
                  {...c}
                  type="time"
                  step={900}
                  value={values.time}
                  onChange={(e) => set({ time: e.target.value })}
                />
              )}
            </Field>
            <Field label="Durée">
              {(c) => (
                <NativeSelect
                  {...c}
                  value={String(values.durationMinutes)}
                  onChange={(e) => set({ durationMinutes: Number(e.target.value) })}
                >
                  {durations.map((m) => (
                    <option key={m} value={m}>
                      {durationLabel(m)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          </FieldRow>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}

function CancelDialog({ a, onClose }: { a: Appointment; onClose: () => void }) {
  const utils = trpc.useUtils();
  const cancel = trpc.planning.cancel.useMutation();
  return (
    <ReasonDialog
      title="Annuler le rendez-vous"
      description={
        <>
          Intervention {a.interventionNumber} ({a.name}). Le client reçoit l’annulation par email.
        </>
      }
      maxLength={CANCEL_REASON_MAX}
      missing="Indiquez pourquoi le rendez-vous est annulé."
      pending={cancel.isPending}
      send={async (reason) => {
        await cancel.mutateAsync({ interventionId: a.interventionId, appointmentId: a.id, reason });
        void utils.planning.invalidate();
        void utils.interventions.invalidate();
        toast({
          title: 'Succès',
          description: 'Rendez-vous annulé : le client est prévenu.',
          variant: 'success',
        });
      }}
      onClose={onClose}
      cancelLabel="Retour"
      busyLabel="Annulation..."
      submit="Annuler le rendez-vous"
    />
  );
}

/** The travel buffer between two appointments of a technician (appointment_settings). */
function TravelBufferSetting() {
  const settings = trpc.planning.settings.useQuery();
  const utils = trpc.useUtils();
  const save = trpc.planning.saveSettings.useMutation({
    onSuccess: () => {
      void utils.planning.settings.invalidate();
      toast({ title: 'Succès', description: 'Temps de trajet enregistré.', variant: 'success' });
    },
    onError: toastError,
  });
  const [value, setValue] = useState<string | null>(null);
  const shown = value ?? String(settings.data?.travelBufferMinutes ?? DEFAULT_TRAVEL_BUFFER_MINUTES);
  return (
    <form
      className="flex flex-wrap items-end gap-3 rounded-md border p-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ travelBufferMinutes: Number(shown) });
      }}
    >
      <Field label="Temps de trajet entre deux rendez-vous (minutes)" className="min-w-0 flex-1 basis-64">
        {(c) => (
          <Input
            {...c}
            type="number"
            min={0}
            max={TRAVEL_BUFFER_MAX}
            step={5}
            value={shown}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
      </Field>
      <SubmitButton submitting={save.isPending} busyLabel="Enregistrement...">
        Enregistrer
      </SubmitButton>
    </form>
  );
}

/** « Planifier » on an intervention's card (the Interventions screen). */
export function PlanButton({ intervention }: { intervention: { id: string; number: string; name: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        <CalendarPlus aria-hidden="true" />
        Planifier
      </Button>
      {open && (
        <SlotDialog
          onClose={() => setOpen(false)}
          defaultDay={parisDay(new Date())}
          technicianId={null}
          intervention={intervention}
        />
      )}
    </>
  );
}
