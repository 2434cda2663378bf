/**
 * « Dispositifs »: a device checked on site (ADR 037), named by its label as typed (« P12 ») until
 * part 3 places devices on a site plan. The % shows with « Consommé », the reason with
 * « Inaccessible »; the rules themselves are the decider's. Sent through the phone's queue like
 * the other visit forms.
 */
import { useState } from 'react';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { DEVICE_LABEL_MAX } from '@/domain/common/limits';
import { DEVICE_KINDS, DEVICE_STATES, deviceKinds, deviceStates } from '@/domain/interventions/visit-events';
import type { VisitInput } from '@/domain/interventions/visit-input';
import { FormShell, type Target, useSubmit } from './visit-forms';

export const wholeNumber = (s: string) => (s.trim() === '' ? null : Number(s.trim().replace(',', '.')));

type Errors = Record<string, string | undefined>;

/** « Consommation (%) », asked with « Consommé » (this form and the site's checklist). */
export function ConsumptionField(p: { value: string; errors: Errors; onChange: (value: string) => void }) {
  return (
    <Field label="Consommation (%)" error={p.errors.consumptionPercent} required>
      {(c) => (
        <Input {...c} inputMode="numeric" value={p.value} onChange={(e) => p.onChange(e.target.value)} />
      )}
    </Field>
  );
}

/** « Raison », asked with « Inaccessible ». */
export function ReasonField(p: { value: string; errors: Errors; onChange: (value: string) => void }) {
  return (
    <Field label="Raison" error={p.errors.reason ?? p.errors.form} required>
      {(c) => <Input {...c} value={p.value} onChange={(e) => p.onChange(e.target.value)} />}
    </Field>
  );
}

/** « Captures », for the kinds that count them. */
export function CapturesField(p: { value: string; errors: Errors; onChange: (value: string) => void }) {
  return (
    <Field label="Captures" error={p.errors.captures}>
      {(c) => (
        <Input {...c} inputMode="numeric" value={p.value} onChange={(e) => p.onChange(e.target.value)} />
      )}
    </Field>
  );
}

export function DeviceCheckForm({ target, record }: { target: Target; record: (i: VisitInput) => void }) {
  const blank = {
    label: '',
    kind: '',
    state: '',
    consumptionPercent: '',
    reason: '',
    captures: '',
    note: '',
  };
  const [v, setV] = useState(blank);
  // The kind stays for the next device: a round checks several of the same kind in a row.
  const { errors, done, submit } = useSubmit(target, record, () => setV({ ...blank, kind: v.kind }));
  return (
    <FormShell
      submit="Enregistrer le contrôle"
      done={done}
      onSubmit={() =>
        submit(
          'RecordDeviceCheck',
          {
            label: v.label,
            kind: v.kind,
            state: v.state,
            consumptionPercent: v.state === 'consomme' ? wholeNumber(v.consumptionPercent) : null,
            reason: v.state === 'inaccessible' ? v.reason : '',
            captures: wholeNumber(v.captures),
            note: v.note,
          },
          `Contrôle de ${v.label.trim()} enregistré.`,
        )
      }
    >
      <div className="grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
        <Field label="Repère" error={errors.label} required description="Ex. P12">
          {(c) => (
            <Input
              {...c}
              value={v.label}
              maxLength={DEVICE_LABEL_MAX}
              autoCapitalize="characters"
              onChange={(e) => setV({ ...v, label: e.target.value })}
            />
          )}
        </Field>
        <Field label="Dispositif" error={errors.kind} required>
          {(c) => (
            <NativeSelect {...c} value={v.kind} onChange={(e) => setV({ ...v, kind: e.target.value })}>
              <option value="">Choisir…</option>
              {deviceKinds.map((k) => (
                <option key={k} value={k}>
                  {DEVICE_KINDS[k]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="État" error={errors.state} required>
          {(c) => (
            <NativeSelect {...c} value={v.state} onChange={(e) => setV({ ...v, state: e.target.value })}>
              <option value="">Choisir…</option>
              {deviceStates.map((s) => (
                <option key={s} value={s}>
                  {DEVICE_STATES[s]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
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
      </div>
      <div className="grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
        <CapturesField value={v.captures} errors={errors} onChange={(captures) => setV({ ...v, captures })} />
        <Field label="Note" error={errors.note}>
          {(c) => <Input {...c} value={v.note} onChange={(e) => setV({ ...v, note: e.target.value })} />}
        </Field>
      </div>
    </FormShell>
  );
}
