/**
 * What the technician records on site (ADR 037): observation (with photos), treatment, safety
 * advice, recommendation, the customer's remark, and for an anticoagulant episode the written
 * analysis and the baits' removal. Each form builds one VisitInput with a fresh clientEventId and
 * hands it to the phone's queue; the schema is the procedure's (visit-input.ts).
 */

import { Camera, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Field, FormAlert } from '@/client/components/ui/field';
import { Input, Textarea } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { RECOMMENDATION_LIBRARY } from '@/domain/interventions/visit-decider';
import { INFESTATION_LEVELS, TREATMENT_UNITS } from '@/domain/interventions/visit-events';
import { ACCESS_NOTES_MAX, type VisitInput, visitInputSchema } from '@/domain/interventions/visit-input';
import { newClientEventId } from './visit-queue';

type Product = RouterOutputs['visits']['products'][number];
export type Target = { interventionId: string; appointmentId: string };
type Errors = Record<string, string>;

const LEVEL_LABELS: Record<(typeof INFESTATION_LEVELS)[number], string> = {
  aucune: 'Aucune',
  faible: 'Faible',
  moyenne: 'Moyenne',
  forte: 'Forte',
};

/** Parses with the procedure's schema; the French messages by field. */
function check(
  input: Record<string, unknown>,
): { ok: true; input: VisitInput } | { ok: false; errors: Errors } {
  const parsed = visitInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, input: input as VisitInput };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

export function useSubmit(target: Target, record: (input: VisitInput) => void, reset: () => void) {
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<string | null>(null);
  const submit = (type: VisitInput['type'], fields: Record<string, unknown>, saved: string) => {
    const result = check({
      ...target,
      type,
      clientEventId: newClientEventId(),
      at: new Date().toISOString(),
      ...fields,
    });
    if (!result.ok) {
      setErrors(result.errors);
      setDone(null);
      return;
    }
    setErrors({});
    record(result.input);
    reset();
    setDone(saved);
  };
  return { errors, done, submit };
}

export function FormShell({
  onSubmit,
  children,
  done,
  submit,
}: {
  onSubmit: () => void;
  children: ReactNode;
  done: string | null;
  submit: string;
}) {
  return (
    <form
      className="grid grid-cols-[minmax(0,1fr)] gap-3"
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" className="w-full sm:w-auto">
          {submit}
        </Button>
        {done && (
          <p className="text-sm text-emerald-700" role="status">
            {done}
          </p>
        )}
      </div>
    </form>
  );
}

async function uploadPhoto(file: File): Promise<{ ok: true; id: string } | { ok: false; message: string }> {
  if (!navigator.onLine)
    return { ok: false, message: 'Hors ligne : la photo sera à reprendre quand le réseau revient.' };
  try {
    const res = await fetch('/api/visit/photos', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name) },
      body: file,
    });
    const body = (await res.json().catch(() => null)) as { id?: string; message?: string } | null;
    if (res.ok && body?.id) return { ok: true, id: body.id };
    return { ok: false, message: body?.message ?? "La photo n'a pas pu être envoyée." };
  } catch {
    return { ok: false, message: "La photo n'a pas pu être envoyée : vérifiez le réseau." };
  }
}

export function ObservationForm({ target, record }: { target: Target; record: (i: VisitInput) => void }) {
  const blank = { pest: '', zone: '', level: '', evidence: '' };
  const [v, setV] = useState(blank);
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const { errors, done, submit } = useSubmit(target, record, () => {
    setV(blank);
    setPhotos([]);
  });
  return (
    <FormShell
      submit="Enregistrer l'observation"
      done={done}
      onSubmit={() => submit('RecordObservation', { ...v, photoIds: photos }, 'Observation enregistrée.')}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Nuisible" error={errors.pest} required>
          {(c) => <Input {...c} value={v.pest} onChange={(e) => setV({ ...v, pest: e.target.value })} />}
        </Field>
        <Field label="Zone" error={errors.zone} required>
          {(c) => <Input {...c} value={v.zone} onChange={(e) => setV({ ...v, zone: e.target.value })} />}
        </Field>
        <Field label="Niveau" error={errors.level} required>
          {(c) => (
            <NativeSelect {...c} value={v.level} onChange={(e) => setV({ ...v, level: e.target.value })}>
              <option value="">Choisir…</option>
              {INFESTATION_LEVELS.map((l) => (
                <option key={l} value={l}>
                  {LEVEL_LABELS[l]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <Field label="Indices" error={errors.evidence}>
        {(c) => (
          <Textarea
            {...c}
            rows={2}
            value={v.evidence}
            onChange={(e) => setV({ ...v, evidence: e.target.value })}
          />
        )}
      </Field>
      <Field
        label="Photos"
        error={photoError ?? errors.photoIds}
        description="Les données de localisation sont retirées."
      >
        {(c) => (
          <div className="flex flex-wrap items-center gap-2">
            {photos.map((id) => (
              <span key={id} className="relative">
                <img
                  src={`/images/${id}/320.webp`}
                  alt="Observation jointe"
                  className="size-16 rounded object-cover"
                />
                <button
                  type="button"
                  className="absolute -right-2 -top-2 rounded-full bg-background p-0.5 shadow"
                  aria-label="Retirer la photo"
                  onClick={() => setPhotos(photos.filter((p) => p !== id))}
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              </span>
            ))}
            <label className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm font-semibold">
              <Camera className="size-4" aria-hidden="true" />
              {uploading ? 'Envoi…' : 'Ajouter une photo'}
              <input
                {...c}
                type="file"
                accept="image/*"
                capture="environment"
                className="sr-only"
                onChange={async (e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (!file) return;
                  setUploading(true);
                  const result = await uploadPhoto(file);
                  setUploading(false);
                  setPhotoError(result.ok ? null : result.message);
                  if (result.ok) setPhotos((p) => [...p, result.id]);
                }}
              />
            </label>
          </div>
        )}
      </Field>
    </FormShell>
  );
}

export function TreatmentForm({
  target,
  record,
  products,
}: {
  target: Target;
  record: (i: VisitInput) => void;
  products: Product[];
}) {
  const blank = { productId: '', quantity: '', unit: 'g', method: '', zone: '', target: '', species: '' };
  const [v, setV] = useState(blank);
  const { errors, done, submit } = useSubmit(target, record, () => setV(blank));
  const product = products.find((p) => p.id === v.productId);
  return (
    <FormShell
      submit="Enregistrer le traitement"
      done={done}
      onSubmit={() =>
        submit(
          'RecordTreatment',
          {
            ...v,
            quantity: v.quantity.trim() === '' ? undefined : Number(v.quantity.replace(',', '.')),
            species: v.species || null,
          },
          'Traitement enregistré.',
        )
      }
    >
      <Field label="Produit" error={errors.productId} required>
        {(c) => (
          <NativeSelect
            {...c}
            value={v.productId}
            onChange={(e) => setV({ ...v, productId: e.target.value })}
          >
            <option value="">Choisir…</option>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
                {p.ammNumber ? ` — AMM ${p.ammNumber}` : ''}
                {p.professionalOnly ? ' (professionnel)' : ''}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      {product && (
        <p className="text-sm text-muted-foreground">
          {product.biocideType}
          {product.ammNumber ? ` · AMM ${product.ammNumber}` : ''}
          {product.professionalOnly ? ' · Réservé aux titulaires du Certibiocide' : ''}
          {product.anticoagulantRodenticide ? ' · Rodenticide anticoagulant' : ''}
        </p>
      )}
      <div className="grid grid-cols-2 gap-3">
        <Field label="Quantité" error={errors.quantity} required>
          {(c) => (
            <Input
              {...c}
              inputMode="decimal"
              value={v.quantity}
              onChange={(e) => setV({ ...v, quantity: e.target.value })}
            />
          )}
        </Field>
        <Field label="Unité" error={errors.unit} required>
          {(c) => (
            <NativeSelect {...c} value={v.unit} onChange={(e) => setV({ ...v, unit: e.target.value })}>
              {TREATMENT_UNITS.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Méthode" error={errors.method} required>
          {(c) => <Input {...c} value={v.method} onChange={(e) => setV({ ...v, method: e.target.value })} />}
        </Field>
        <Field label="Zone traitée" error={errors.zone} required>
          {(c) => <Input {...c} value={v.zone} onChange={(e) => setV({ ...v, zone: e.target.value })} />}
        </Field>
        <Field label="Cible" error={errors.target} required>
          {(c) => <Input {...c} value={v.target} onChange={(e) => setV({ ...v, target: e.target.value })} />}
        </Field>
      </div>
      {product?.anticoagulantRodenticide && (
        <Field label="Espèce visée" error={errors.species} required>
          {(c) => (
            <NativeSelect {...c} value={v.species} onChange={(e) => setV({ ...v, species: e.target.value })}>
              <option value="">Choisir…</option>
              <option value="souris">Souris</option>
              <option value="rats">Rats</option>
            </NativeSelect>
          )}
        </Field>
      )}
    </FormShell>
  );
}

export function AdviceForm({
  target,
  record,
  products,
}: {
  target: Target;
  record: (i: VisitInput) => void;
  products: Product[];
}) {
  const blank = { productId: '', reentryDelayHours: '', ventilation: '' };
  const [v, setV] = useState(blank);
  const { errors, done, submit } = useSubmit(target, record, () => setV(blank));
  const product = products.find((p) => p.id === v.productId);
  return (
    <FormShell
      submit="Enregistrer les consignes"
      done={done}
      onSubmit={() =>
        submit(
          'GiveSafetyAdvice',
          {
            productId: v.productId || null,
            reentryDelayHours: v.reentryDelayHours.trim() === '' ? null : Number(v.reentryDelayHours),
            ventilation: v.ventilation,
          },
          'Consignes enregistrées.',
        )
      }
    >
      <Field label="Produit appliqué" error={errors.productId}>
        {(c) => (
          <NativeSelect
            {...c}
            value={v.productId}
            onChange={(e) => setV({ ...v, productId: e.target.value })}
          >
            <option value="">Aucun</option>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      {product && (
        <p className="text-sm text-muted-foreground">
          Antidote : {product.antidote || 'non indiqué'} · Réentrée :{' '}
          {product.reentryDelayHours === null ? 'non indiquée' : `${product.reentryDelayHours} h`}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Délai de réentrée (heures)"
          error={errors.reentryDelayHours}
          description="Vide : celui de l'étiquette du produit."
        >
          {(c) => (
            <Input
              {...c}
              inputMode="numeric"
              value={v.reentryDelayHours}
              onChange={(e) => setV({ ...v, reentryDelayHours: e.target.value })}
            />
          )}
        </Field>
        <Field label="Aération" error={errors.ventilation}>
          {(c) => (
            <Input
              {...c}
              value={v.ventilation}
              onChange={(e) => setV({ ...v, ventilation: e.target.value })}
            />
          )}
        </Field>
      </div>
    </FormShell>
  );
}

export function RecommendationForm({ target, record }: { target: Target; record: (i: VisitInput) => void }) {
  const [libraryId, setLibraryId] = useState('');
  const [text, setText] = useState('');
  const { errors, done, submit } = useSubmit(target, record, () => {
    setLibraryId('');
    setText('');
  });
  return (
    <FormShell
      submit="Ajouter la recommandation"
      done={done}
      onSubmit={() =>
        submit('AddRecommendation', { libraryId: libraryId || null, text }, 'Recommandation ajoutée.')
      }
    >
      <Field label="Bibliothèque" error={errors.libraryId}>
        {(c) => (
          <NativeSelect {...c} value={libraryId} onChange={(e) => setLibraryId(e.target.value)}>
            <option value="">Texte libre</option>
            {RECOMMENDATION_LIBRARY.map((r) => (
              <option key={r.id} value={r.id}>
                {r.text}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      {!libraryId && (
        <Field label="Recommandation" error={errors.text ?? errors.form}>
          {(c) => <Textarea {...c} rows={2} value={text} onChange={(e) => setText(e.target.value)} />}
        </Field>
      )}
    </FormShell>
  );
}

/** One text box forms: the customer's remark, the written analysis, the baits' removal. */
export function TextForm({
  target,
  record,
  type,
  label,
  submitLabel,
  saved,
  field,
  required = true,
}: {
  target: Target;
  record: (i: VisitInput) => void;
  type: 'AddCustomerRemark' | 'WriteRodenticideAnalysis' | 'RemoveRodenticideBaits';
  label: string;
  submitLabel: string;
  saved: string;
  field: 'text' | 'note';
  required?: boolean;
}) {
  const [text, setText] = useState('');
  const { errors, done, submit } = useSubmit(target, record, () => setText(''));
  return (
    <FormShell submit={submitLabel} done={done} onSubmit={() => submit(type, { [field]: text }, saved)}>
      <Field label={label} error={errors[field]} required={required}>
        {(c) => <Textarea {...c} rows={3} value={text} onChange={(e) => setText(e.target.value)} />}
      </Field>
    </FormShell>
  );
}

/** Access notes and hazards of the site (the appointment's technician and admins). */
export function SiteNotesForm({
  interventionId,
  initial,
  onDone,
}: {
  interventionId: string;
  initial: { accessNotes: string; hazards: string[] };
  onDone: () => void;
}) {
  const [notes, setNotes] = useState(initial.accessNotes);
  const [hazards, setHazards] = useState<string[]>(initial.hazards);
  const save = trpc.visits.saveSite.useMutation();
  const utils = trpc.useUtils();
  const toggle = (h: string, on: boolean) =>
    setHazards(on ? [...hazards.filter((x) => x !== h), h] : hazards.filter((x) => x !== h));
  return (
    <form
      className="grid gap-3"
      onSubmit={async (e) => {
        e.preventDefault();
        await save.mutateAsync({ interventionId, accessNotes: notes, hazards: hazards as never });
        await utils.visits.day.invalidate();
        onDone();
      }}
    >
      <Field
        label="Notes d'accès"
        description="Chiffrées ; visibles du technicien du rendez-vous et des administrateurs."
      >
        {(c) => (
          <Textarea
            {...c}
            rows={2}
            value={notes}
            maxLength={ACCESS_NOTES_MAX}
            onChange={(e) => setNotes(e.target.value)}
          />
        )}
      </Field>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-1 text-sm font-medium">Dangers sur place</legend>
        {(
          [
            ['children', 'Enfants'],
            ['pets', 'Animaux domestiques'],
            ['aquarium', 'Aquarium'],
          ] as const
        ).map(([h, l]) => (
          <label key={h} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={hazards.includes(h)}
              onChange={(e) => toggle(h, e.target.checked)}
            />
            {l}
          </label>
        ))}
      </fieldset>
      <FormAlert message={save.error?.message ?? null} />
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          Enregistrer
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Annuler
        </Button>
      </div>
    </form>
  );
}
