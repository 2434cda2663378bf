import { Crosshair, ImageUp, Move, Trash2, X } from 'lucide-react';
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useRef,
  useState,
} from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { Label } from '@/client/components/ui/label';
import { NativeSelect } from '@/client/components/ui/native-select';
import { toast, toastError } from '@/client/components/ui/toast';
import { trpc } from '@/client/lib/trpc';
import { uploadImage } from '@/client/lib/upload-image';
import { cn } from '@/client/lib/utils';
import { DEVICE_KINDS, type DeviceKind, deviceKinds } from '@/domain/interventions/visit-events';
import { frenchDateTime } from '@/domain/site/dates';
import type { PlanPoint } from '@/domain/sites/site';
import { nudgedPoint, planPositionWords } from './plan-keys';
import { DEVICE_KIND_COLORS, type PlacedDevice, type SiteDetail, useSitesChanged } from './site-data';

/** What a tap on the plan does: nothing, place a new device, or move the selected one. */
type Mode = { kind: 'idle' } | { kind: 'place' } | { kind: 'move'; deviceId: string };

const clamp = (v: number) => Math.min(1, Math.max(0, v));
/** Where a pointer is on the plan, as fractions of its width and height. */
const pointOn = (element: HTMLElement, event: { clientX: number; clientY: number }): PlanPoint => {
  const rect = element.getBoundingClientRect();
  return {
    x: clamp((event.clientX - rect.left) / rect.width),
    y: clamp((event.clientY - rect.top) / rect.height),
  };
};
/** Past this many pixels a press on a marker is a drag, not a tap. */
const DRAG_PX = 5;

/**
 * The plan and its devices: upload a new version, tap to place the chosen kind in the chosen zone,
 * drag a marker (or « Déplacer » then tap) to move it, or focus it and use the arrow keys (Shift:
 * larger steps; saved when the key is released, like a drag on release). The plan keeps its
 * proportions at any width and the markers keep a finger's size.
 */
export function SitePlan({ detail, archived }: { detail: SiteDetail; archived: boolean }) {
  const siteId = detail.site.id;
  const plan = detail.plan;
  const changed = useSitesChanged();
  const [kind, setKind] = useState<DeviceKind>('poste_appatage');
  const [zoneId, setZoneId] = useState<string>(detail.zones[0]?.id ?? '');
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [selected, setSelected] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  /** A marker being dragged or moved by the keys: where it is now (sent on release). */
  const [dragging, setDragging] = useState<{ id: string; point: PlanPoint } | null>(null);
  /** What the live region last said of a marker moved by the keys. */
  const [spoken, setSpoken] = useState('');
  const surface = useRef<HTMLDivElement | null>(null);
  const press = useRef<{ id: string; x: number; y: number; moved: boolean } | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);

  const onError = (error: unknown) => {
    toastError(error);
    void changed();
  };
  const add = trpc.sites.addDevice.useMutation({ onSuccess: () => changed(), onError });
  const move = trpc.sites.moveDevice.useMutation({ onSuccess: () => changed(), onError });
  /**
   * One move in flight at a time, the latest position queued behind it: quick key presses are
   * saved in their order, and the last one wins.
   */
  const saving = useRef<{ busy: boolean; next: { deviceId: string; point: PlanPoint } | null }>({
    busy: false,
    next: null,
  });
  function save(deviceId: string, point: PlanPoint, label: string) {
    if (saving.current.busy) {
      saving.current.next = { deviceId, point };
      return;
    }
    saving.current.busy = true;
    move.mutate(
      { deviceId, point },
      {
        onSuccess: () => setSpoken(`${label} enregistré ${planPositionWords(point)}.`),
        onSettled: () => {
          saving.current.busy = false;
          const next = saving.current.next;
          saving.current.next = null;
          if (next) save(next.deviceId, next.point, label);
          // Back to the saved position, unless a key moved the marker on meanwhile.
          else setDragging((now) => (now?.point === point ? null : now));
        },
      },
    );
  }
  const recordPlan = trpc.sites.recordPlan.useMutation();
  const zoneOf = zoneId && detail.zones.some((z) => z.id === zoneId) ? zoneId : null;
  const selectedDevice = detail.devices.find((d) => d.id === selected) ?? null;

  async function upload(file: File) {
    setUploading(true);
    try {
      const stored = await uploadImage(file);
      if (!stored.ok) {
        toast({ title: 'Erreur', description: stored.message, variant: 'destructive' });
        return;
      }
      const version = await recordPlan.mutateAsync({ siteId, imageId: stored.id });
      toast({
        title: 'Succès',
        description: `Plan enregistré (version ${version.version}).`,
        variant: 'success',
      });
      await changed();
    } catch (error) {
      toastError(error);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  function onPlanClick(event: ReactPointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    if (!surface.current || archived) return;
    const point = pointOn(surface.current, event);
    if (mode.kind === 'place') add.mutate({ siteId, kind, zoneId: zoneOf, point });
    else if (mode.kind === 'move') {
      move.mutate({ deviceId: mode.deviceId, point });
      setMode({ kind: 'idle' });
    } else setSelected(null);
  }

  function onMarkerDown(event: ReactPointerEvent<HTMLButtonElement>, device: PlacedDevice) {
    if (archived) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    press.current = { id: device.id, x: event.clientX, y: event.clientY, moved: false };
  }
  function onMarkerMove(event: ReactPointerEvent<HTMLButtonElement>) {
    const p = press.current;
    if (!p || !surface.current) return;
    if (!p.moved && Math.hypot(event.clientX - p.x, event.clientY - p.y) < DRAG_PX) return;
    p.moved = true;
    setDragging({ id: p.id, point: pointOn(surface.current, event) });
  }
  function onMarkerUp(event: ReactPointerEvent<HTMLButtonElement>, device: PlacedDevice) {
    // The marker's release is not a tap on the plan under it.
    event.stopPropagation();
    const p = press.current;
    press.current = null;
    if (p?.moved && surface.current) {
      const point = pointOn(surface.current, event);
      setDragging({ id: device.id, point });
      save(device.id, point, device.label);
      setSelected(device.id);
    }
  }

  /** An arrow key moves the focused marker a step (Shift: a larger one); its release saves. */
  function onMarkerKeyDown(
    event: ReactKeyboardEvent<HTMLButtonElement>,
    device: PlacedDevice,
    at: PlanPoint,
  ) {
    if (archived || mode.kind !== 'idle') return;
    const point = nudgedPoint(at, event.key, event.shiftKey);
    if (!point) return;
    event.preventDefault();
    setSelected(device.id);
    setDragging({ id: device.id, point });
    setSpoken(`${device.label} ${planPositionWords(point)}.`);
  }
  function onMarkerKeyUp(event: ReactKeyboardEvent<HTMLButtonElement>, device: PlacedDevice) {
    if (dragging?.id !== device.id || !nudgedPoint(dragging.point, event.key, false)) return;
    save(device.id, dragging.point, device.label);
  }

  const hint =
    mode.kind === 'place'
      ? `Touchez le plan pour placer : ${DEVICE_KINDS[kind].toLowerCase()}${zoneOf ? `, zone « ${detail.zones.find((z) => z.id === zoneOf)?.name} »` : ', sans zone'}.`
      : mode.kind === 'move'
        ? `Touchez le plan à la nouvelle place de ${detail.devices.find((d) => d.id === mode.deviceId)?.label ?? 'ce dispositif'}.`
        : null;

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 p-4 sm:p-6 @2xl:flex-row @2xl:items-center @2xl:justify-between">
        <div className="grid gap-1">
          <CardTitle className="text-lg">Plan et dispositifs</CardTitle>
          <p className="text-sm text-muted-foreground" data-testid="plan-version">
            {plan
              ? `Version ${plan.version} du ${frenchDateTime(plan.uploadedAt)}`
              : 'Aucun plan : envoyez une image (photo ou scan du plan des locaux).'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            className="sr-only"
            aria-label="Image du plan"
            data-testid="plan-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
          />
          <Button
            variant="outline"
            disabled={uploading || archived}
            onClick={() => fileInput.current?.click()}
          >
            <ImageUp aria-hidden="true" />
            {uploading ? 'Envoi...' : plan ? 'Nouvelle version du plan' : 'Envoyer le plan'}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {plan && !archived ? (
          <div className="grid gap-3 rounded-md border bg-muted/30 p-3 @2xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] @2xl:items-end">
            <div className="grid gap-1.5">
              <Label htmlFor="device-kind">Type de dispositif</Label>
              <NativeSelect
                id="device-kind"
                value={kind}
                onChange={(e) => setKind(e.target.value as DeviceKind)}
              >
                {deviceKinds.map((k) => (
                  <option key={k} value={k}>
                    {DEVICE_KINDS[k]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="device-zone">Zone</Label>
              <ZoneSelect
                id="device-zone"
                zones={detail.zones}
                value={zoneOf}
                onChange={(id) => setZoneId(id ?? '')}
              />
            </div>
            <Button
              variant={mode.kind === 'place' ? 'default' : 'outline'}
              aria-pressed={mode.kind === 'place'}
              onClick={() => setMode(mode.kind === 'place' ? { kind: 'idle' } : { kind: 'place' })}
            >
              <Crosshair aria-hidden="true" />
              {mode.kind === 'place' ? 'Terminer le placement' : 'Placer sur le plan'}
            </Button>
          </div>
        ) : null}
        {hint ? (
          <p className="rounded-md bg-primary/10 px-3 py-2 text-sm" role="status">
            {hint}
          </p>
        ) : null}
        {plan ? (
          <div className="overflow-hidden rounded-md border bg-white">
            {/* The plan's own proportions: the markers' fractions land on the same spot at any width. */}
            <div
              ref={surface}
              className={cn('relative w-full select-none', mode.kind !== 'idle' && 'cursor-crosshair')}
              style={{ aspectRatio: `${plan.width} / ${plan.height}` }}
              onPointerUp={onPlanClick}
              data-testid="site-plan"
            >
              <img
                src={plan.imageUrl}
                alt={`Plan du site, version ${plan.version}`}
                className="pointer-events-none absolute inset-0 size-full object-contain"
                draggable={false}
              />
              {detail.devices.map((d) => {
                const at =
                  dragging?.id === d.id
                    ? dragging.point
                    : d.x !== null && d.y !== null
                      ? { x: d.x, y: d.y }
                      : null;
                if (!at) return null;
                return (
                  <button
                    key={d.id}
                    type="button"
                    data-testid="device-marker"
                    aria-label={`${d.label}, ${DEVICE_KINDS[d.kind]}${d.zoneName ? `, ${d.zoneName}` : ''}`}
                    aria-describedby={archived ? undefined : 'plan-keys-help'}
                    aria-pressed={selected === d.id}
                    className={cn(
                      'absolute flex h-7 min-w-9 -translate-x-1/2 -translate-y-1/2 touch-none items-center justify-center rounded-full border-2 border-white px-1.5 text-[11px] font-bold leading-none shadow-md',
                      // A finger-sized target around the small pill.
                      'before:absolute before:-inset-2 before:content-[""]',
                      DEVICE_KIND_COLORS[d.kind],
                      selected === d.id && 'ring-2 ring-primary',
                    )}
                    style={{ left: `${at.x * 100}%`, top: `${at.y * 100}%` }}
                    onClick={(e) => {
                      e.stopPropagation();
                      if (mode.kind === 'idle') setSelected(selected === d.id ? null : d.id);
                    }}
                    onPointerDown={(e) => onMarkerDown(e, d)}
                    onPointerMove={onMarkerMove}
                    onPointerUp={(e) => onMarkerUp(e, d)}
                    onKeyDown={(e) => onMarkerKeyDown(e, d, at)}
                    onKeyUp={(e) => onMarkerKeyUp(e, d)}
                  >
                    {d.label}
                  </button>
                );
              })}
            </div>
          </div>
        ) : null}
        {plan && !archived ? (
          <>
            <p id="plan-keys-help" className="sr-only">
              Flèches : déplacer le dispositif sur le plan ; Maj + flèches : par grands pas.
            </p>
            <p className="sr-only" role="status" aria-live="polite" data-testid="plan-position">
              {spoken}
            </p>
          </>
        ) : null}
        {selectedDevice && !archived ? (
          <SelectedDevice
            device={selectedDevice}
            detail={detail}
            onMove={() => setMode({ kind: 'move', deviceId: selectedDevice.id })}
            onClose={() => setSelected(null)}
          />
        ) : null}
        <Legend />
      </CardContent>
    </Card>
  );
}

/** A device's zone among the site's, or none. */
function ZoneSelect({
  id,
  zones,
  value,
  onChange,
}: {
  id: string;
  zones: SiteDetail['zones'];
  value: string | null;
  onChange: (zoneId: string | null) => void;
}) {
  return (
    <NativeSelect id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
      <option value="">Sans zone</option>
      {zones.map((z) => (
        <option key={z.id} value={z.id}>
          {z.name}
        </option>
      ))}
    </NativeSelect>
  );
}

/** The kinds' colours, under the plan. */
function Legend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground" aria-label="Légende">
      {deviceKinds.map((k) => (
        <li key={k} className="flex items-center gap-1.5">
          <span
            className={cn('inline-block size-3 rounded-full', DEVICE_KIND_COLORS[k])}
            aria-hidden="true"
          />
          {DEVICE_KINDS[k]}
        </li>
      ))}
    </ul>
  );
}

/** The tapped marker's device: its zone, « Déplacer », its label, « Retirer ». */
function SelectedDevice({
  device,
  detail,
  onMove,
  onClose,
}: {
  device: PlacedDevice;
  detail: SiteDetail;
  onMove: () => void;
  onClose: () => void;
}) {
  const changed = useSitesChanged();
  const changeZone = trpc.sites.changeDeviceZone.useMutation({
    onSuccess: () => changed(),
    onError: toastError,
  });
  return (
    <div className="flex flex-wrap items-end gap-3 rounded-md border p-3" data-testid="selected-device">
      <div className="grid gap-1">
        <span className="text-xs text-muted-foreground">Dispositif</span>
        <Badge className={DEVICE_KIND_COLORS[device.kind]}>{device.label}</Badge>
      </div>
      <div className="grid min-w-40 flex-1 gap-1.5">
        <Label htmlFor="selected-zone">Zone</Label>
        <ZoneSelect
          id="selected-zone"
          zones={detail.zones}
          value={device.zoneId}
          onChange={(zoneId) => changeZone.mutate({ deviceId: device.id, zoneId })}
        />
      </div>
      <Button variant="outline" onClick={onMove}>
        <Move aria-hidden="true" />
        Déplacer
      </Button>
      <RemoveDeviceButton device={device} onRemoved={onClose} />
      <Button variant="ghost" size="icon" aria-label="Fermer" onClick={onClose}>
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}

/** « Retirer »: the device leaves the site (its history stays); confirmed first. */
export function RemoveDeviceButton({
  device,
  onRemoved,
  compact = false,
}: {
  device: PlacedDevice;
  onRemoved?: () => void;
  compact?: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const changed = useSitesChanged();
  const remove = trpc.sites.removeDevice.useMutation({
    onSuccess: async () => {
      toast({ title: 'Succès', description: `${device.label} retiré du site.`, variant: 'success' });
      setConfirming(false);
      onRemoved?.();
      await changed();
    },
  });
  return (
    <>
      <Button
        variant={compact ? 'ghost' : 'outline'}
        size={compact ? 'icon' : 'default'}
        className="text-destructive hover:text-destructive"
        aria-label={compact ? `Retirer ${device.label}` : undefined}
        onClick={() => setConfirming(true)}
      >
        <Trash2 aria-hidden="true" />
        {compact ? null : 'Retirer'}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Retirer ${device.label} ?`}
        description="Le dispositif quitte le plan et la liste. Ses contrôles passés restent dans l’historique, et son numéro ne sera pas réattribué."
        confirmLabel="Retirer"
        pendingLabel="Retrait..."
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={() => remove.mutate({ deviceId: device.id })}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
