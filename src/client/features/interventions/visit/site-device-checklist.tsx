/**
 * « Dispositifs » of a site's visit (issue 38, ADR 043): the site's devices as a checklist by
 * zone, one row each with quick choices (Intact, Consommé + %, Remplacé, Manquant, Inaccessible +
 * raison), the captures where the kind counts them, the state once checked and the counter
 * « 11 / 12 contrôlés ». Each check goes through the phone's queue like every visit action; the
 * server reads the device's label and kind from the site (the phone sends the device's id).
 */
import { CheckCircle2, Circle, Clock3 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Progress } from '@/client/components/ui/progress';
import type { RouterOutputs } from '@/client/lib/trpc';
import { cn } from '@/client/lib/utils';
import {
  DEVICE_KINDS,
  DEVICE_STATES,
  type DeviceKind,
  type DeviceState,
} from '@/domain/interventions/visit-events';
import type { VisitInput } from '@/domain/interventions/visit-input';
import { CapturesField, ConsumptionField, ReasonField, wholeNumber } from './device-check-form';
import { type Target, useSubmit } from './visit-forms';

type Detail = RouterOutputs['visits']['detail'];
type Device = NonNullable<Detail['siteDevices']>[number];
type Check = NonNullable<Detail['visit']>['deviceChecks'][number];

/** The kinds whose checks count captures (a bait station is consumed, not counted). */
const COUNTS_CAPTURES: Record<DeviceKind, boolean> = {
  poste_appatage: false,
  plaque_glu: true,
  desinsectiseur: true,
  piege_pheromones: true,
};

const STATE_BADGE: Record<DeviceState, string> = {
  intact: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  consomme: 'border-amber-300 bg-amber-50 text-amber-950',
  remplace: 'border-sky-300 bg-sky-50 text-sky-950',
  manquant: 'border-destructive/40 bg-destructive/5 text-destructive',
  inaccessible: 'border-slate-300 bg-slate-100 text-slate-900',
};

const stateText = (c: { state: DeviceState; consumptionPercent: number | null }) =>
  `${DEVICE_STATES[c.state]}${c.consumptionPercent === null ? '' : ` ${c.consumptionPercent} %`}`;

/** The reason of « Inaccessible » and the captures, under the device's name. */
const detailText = (c: { reason: string; captures: number | null }) =>
  [c.reason, c.captures === null ? '' : `${c.captures} capture${c.captures > 1 ? 's' : ''}`]
    .filter(Boolean)
    .join(' · ');

export function SiteDeviceChecklist({
  target,
  devices,
  checks,
  pending,
  record,
  focusDeviceId,
}: {
  target: Target;
  devices: Device[];
  checks: Check[];
  /** This visit's checks still in the phone's queue. */
  pending: VisitInput[];
  record: (input: VisitInput) => void;
  /** The device whose QR was scanned: opened and scrolled to. */
  focusDeviceId: string | null;
}) {
  // The last check of each device (a device checked twice shows its latest state).
  const latest = new Map<string, Check>();
  for (const c of checks) if (c.deviceId) latest.set(c.deviceId, c);
  const waiting = new Set(
    pending.flatMap((p) => (p.type === 'RecordDeviceCheck' && p.device ? [p.device] : [])),
  );
  const done = devices.filter((d) => latest.has(d.id) || waiting.has(d.id)).length;
  const zones = new Map<string, Device[]>();
  for (const d of devices) {
    const zone = d.zoneName ?? 'Sans zone';
    zones.set(zone, [...(zones.get(zone) ?? []), d]);
  }
  const [open, setOpen] = useState<string | null>(focusDeviceId);
  useEffect(() => {
    if (focusDeviceId) setOpen(focusDeviceId);
  }, [focusDeviceId]);

  return (
    <section className="grid grid-cols-[minmax(0,1fr)] gap-3" aria-label="Dispositifs du site">
      <div className="grid gap-2">
        <p
          className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm font-medium"
          data-testid="device-counter"
        >
          <span className="whitespace-nowrap">
            {done} / {devices.length} contrôlés
          </span>
          {done < devices.length && (
            <span className="font-normal text-muted-foreground">
              {devices.length - done} à contrôler avant le rapport
            </span>
          )}
        </p>
        <Progress
          value={devices.length ? (done / devices.length) * 100 : 0}
          aria-label="Dispositifs contrôlés"
        />
      </div>
      {devices.length === 0 && (
        <p className="text-sm text-muted-foreground">Aucun dispositif n’est posé sur ce site.</p>
      )}
      {[...zones.entries()].map(([zone, list]) => (
        <div key={zone} className="grid grid-cols-[minmax(0,1fr)] gap-2">
          <h3 className="text-sm font-semibold text-muted-foreground">{zone}</h3>
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
            {list.map((d) => (
              <DeviceRow
                key={d.id}
                target={target}
                device={d}
                check={latest.get(d.id) ?? null}
                waiting={waiting.has(d.id)}
                open={open === d.id}
                focused={focusDeviceId === d.id}
                onOpen={() => setOpen(open === d.id ? null : d.id)}
                onDone={() => setOpen(null)}
                record={record}
              />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

const QUICK: DeviceState[] = ['intact', 'consomme', 'remplace', 'manquant', 'inaccessible'];

function DeviceRow({
  target,
  device,
  check,
  waiting,
  open,
  focused,
  onOpen,
  onDone,
  record,
}: {
  target: Target;
  device: Device;
  check: Check | null;
  waiting: boolean;
  open: boolean;
  focused: boolean;
  onOpen: () => void;
  onDone: () => void;
  record: (input: VisitInput) => void;
}) {
  const counts = COUNTS_CAPTURES[device.kind];
  const blank = { state: '' as DeviceState | '', consumptionPercent: '', reason: '', captures: '' };
  const [v, setV] = useState(blank);
  const { errors, submit } = useSubmit(target, record, () => {
    setV(blank);
    onDone();
  });
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (focused) ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [focused]);
  const send = (state: DeviceState, fields: Partial<typeof v> = v) =>
    submit(
      'RecordDeviceCheck',
      {
        device: device.id,
        label: device.label,
        kind: device.kind,
        state,
        consumptionPercent: state === 'consomme' ? wholeNumber(fields.consumptionPercent ?? '') : null,
        reason: state === 'inaccessible' ? (fields.reason ?? '') : '',
        captures: counts ? wholeNumber(fields.captures ?? '') : null,
        note: '',
      },
      `${device.label} contrôlé.`,
    );
  const choose = (state: DeviceState) => {
    // One tap when nothing else is asked: intact, replaced or missing of a device that counts nothing.
    if (!counts && (state === 'intact' || state === 'remplace' || state === 'manquant')) send(state);
    else setV({ ...v, state });
  };
  const checked = Boolean(check) || waiting;
  const id = `device-${device.id}`;
  return (
    <li
      ref={ref}
      data-testid="device-row"
      data-device={device.label}
      className={cn('rounded-md border bg-card', focused && 'ring-2 ring-primary', checked && 'bg-muted/40')}
    >
      <button
        type="button"
        className="flex w-full items-center gap-3 p-3 text-left"
        aria-expanded={open}
        aria-controls={id}
        onClick={onOpen}
      >
        {check ? (
          <CheckCircle2 className="size-5 shrink-0 text-emerald-600" aria-hidden="true" />
        ) : waiting ? (
          <Clock3 className="size-5 shrink-0 text-amber-600" aria-hidden="true" />
        ) : (
          <Circle className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        )}
        <span className="min-w-0 flex-1">
          <span className="font-semibold tabular-nums">{device.label}</span>{' '}
          <span className="text-sm text-muted-foreground">{DEVICE_KINDS[device.kind]}</span>
          {check && detailText(check) && (
            <span className="block break-words text-sm text-muted-foreground">{detailText(check)}</span>
          )}
        </span>
        {check ? (
          <Badge variant="outline" className={cn('shrink-0', STATE_BADGE[check.state])}>
            {stateText(check)}
          </Badge>
        ) : waiting ? (
          <Badge variant="outline">En attente d’envoi</Badge>
        ) : (
          <span className="text-sm text-muted-foreground">À contrôler</span>
        )}
      </button>
      {open && (
        <div id={id} className="grid gap-3 border-t p-3">
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">État de {device.label}</legend>
            <div className="grid grid-cols-2 gap-2 min-[420px]:grid-cols-3">
              {QUICK.map((s) => (
                <Button
                  key={s}
                  type="button"
                  variant={v.state === s ? 'default' : 'outline'}
                  aria-pressed={v.state === s}
                  onClick={() => choose(s)}
                >
                  {DEVICE_STATES[s]}
                </Button>
              ))}
            </div>
          </fieldset>
          {v.state && (
            <form
              className="grid gap-3"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                send(v.state as DeviceState);
              }}
            >
              {v.state === 'consomme' && (
                <ConsumptionField
                  value={v.consumptionPercent}
                  errors={errors}
                  onChange={(consumptionPercent) => setV({ ...v, consumptionPercent })}
                />
              )}
              {v.state === 'inaccessible' && (
                <ReasonField value={v.reason} errors={errors} onChange={(reason) => setV({ ...v, reason })} />
              )}
              {counts && (
                <CapturesField
                  value={v.captures}
                  errors={errors}
                  onChange={(captures) => setV({ ...v, captures })}
                />
              )}
              <Button type="submit" className="w-full sm:w-auto">
                Enregistrer {device.label} : {DEVICE_STATES[v.state as DeviceState].toLowerCase()}
              </Button>
            </form>
          )}
        </div>
      )}
    </li>
  );
}
