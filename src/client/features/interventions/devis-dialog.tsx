import { FileText, Plus, Send, Signature, Trash2 } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { Field } from '@/client/components/ui/field';
import { Input, Textarea } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { toast } from '@/client/components/ui/toast';
import { errorMessage } from '@/client/lib/errors';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { formatEuros } from '@/domain/catalog/pricing';
import { NOTES_MAX } from '@/domain/common/limits';
import { addDays } from '@/domain/dashboard/periods';
import {
  CONCLUSION_MODE_LABELS,
  type CustomerKind,
  DEVIS_VALIDITY_DAYS_DEFAULT,
  type DevisDraftLine,
  devisDraftSchema,
  priceLine,
  resolveDraftLines,
} from '@/domain/interventions/devis';
import { SITE_TYPE_LABELS, SITE_TYPES, type SiteType } from '@/domain/interventions/labels';
import { WITHDRAWAL_DAYS } from '@/domain/legal/cgv';
import { frenchDay } from '@/domain/site/dates';
import { parisDay } from '@/domain/site/time-zone';
import { saveFile } from '../invoices/save-file';
import { DialogForm, FieldRow } from './form-section';

type Row = RouterOutputs['interventions']['list'][number];

/**
 * The devis part of an intervention's card (issue 36, docs/decisions/035-devis.md): the current
 * devis and the contract, « Établir un devis » / « Nouvelle version », the PDF, and the record of
 * a devis signed at the customer's home. Amounts shown here are a preview: the server computes them.
 */
export function DevisSection({ row }: { row: Row }) {
  const [building, setBuilding] = useState(false);
  const [signing, setSigning] = useState(false);
  const utils = trpc.useUtils();
  // Booked before it is signed, the intervention shows « Planifié » while its devis is still open.
  const unsigned = row.status === 'scheduled' && row.contract === null;
  const canBuild = row.status === 'requested' || row.status === 'quote_sent' || unsigned;
  async function pdf(number: string) {
    try {
      saveFile(await utils.devis.adminPdf.fetch({ id: row.id, number }), 'application/pdf');
    } catch (e) {
      toast({ title: 'Erreur', description: errorMessage(e), variant: 'destructive' });
    }
  }
  return (
    <div className="grid gap-2">
      {row.devis && (
        <p className="text-sm" data-testid="devis-summary">
          <span className="font-medium">Devis {row.devis.number}</span>
          {row.devis.version > 1 ? ` (version ${row.devis.version})` : ''} ·{' '}
          {formatEuros(row.devis.totalInclCents)} TTC · envoyé à {row.devis.email}, valable jusqu’au{' '}
          {frenchDay(row.devis.validUntil)}
        </p>
      )}
      {row.contract && (
        <p className="text-sm" data-testid="contract-summary">
          <span className="font-medium">
            Contrat conclu {CONCLUSION_MODE_LABELS[row.contract.mode].toLowerCase()}
          </span>{' '}
          par {row.contract.signerName}
          {row.contract.expressRequest
            ? ` · demande expresse de commencer avant ${WITHDRAWAL_DAYS} jours`
            : ''}
          {row.contract.paymentBanUntil
            ? ` · aucun paiement avant le ${frenchDay(addDays(row.contract.paymentBanUntil, 1))} (L221-10)${row.contract.urgentException ? ', sauf urgence demandée par écrit par le client' : ''}`
            : ''}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {row.devis && (
          <Button type="button" variant="outline" onClick={() => pdf(row.devis!.number)}>
            <FileText aria-hidden="true" />
            PDF du devis
          </Button>
        )}
        {(row.status === 'quote_sent' || (unsigned && row.devis)) && (
          <Button type="button" variant="outline" onClick={() => setSigning(true)}>
            <Signature aria-hidden="true" />
            Signé au domicile
          </Button>
        )}
        {canBuild && (
          <Button type="button" onClick={() => setBuilding(true)}>
            <Plus aria-hidden="true" />
            {row.devis ? 'Nouvelle version du devis' : 'Établir un devis'}
          </Button>
        )}
      </div>
      {building && <DevisDialog row={row} onClose={() => setBuilding(false)} />}
      {signing && row.devis && <OffPremisesDialog row={row} onClose={() => setSigning(false)} />}
    </div>
  );
}

type DraftLine = DevisDraftLine & { key: number };
let nextKey = 1;

function DevisDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const tariffs = trpc.interventions.tariffSettings.useQuery();
  const products = trpc.devis.products.useQuery();
  const send = trpc.devis.send.useMutation();
  const utils = trpc.useUtils();
  const [siteType, setSiteType] = useState<SiteType | ''>((row.siteType as SiteType | null) ?? '');
  const [customerKind, setCustomerKind] = useState<CustomerKind>('particulier');
  const [companyName, setCompanyName] = useState('');
  const [siren, setSiren] = useState('');
  const [headcount, setHeadcount] = useState('');
  const [activity, setActivity] = useState('');
  const [description, setDescription] = useState('');
  const [validityDays, setValidityDays] = useState(String(DEVIS_VALIDITY_DAYS_DEFAULT));
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const t = tariffs.data?.tariffs;

  const preview = useMemo(() => {
    // An old inbox item's site was never asked: no VAT (no preview) until the owner says it.
    if (!t || lines.length === 0 || !siteType) return null;
    try {
      const resolved = resolveDraftLines({ lines }, t, products.data ?? []);
      return resolved.lines.map((l) => priceLine(l, siteType));
    } catch {
      return null;
    }
  }, [t, lines, products.data, siteType]);
  const total = preview?.reduce((s, l) => s + l.totalInclCents, 0) ?? 0;

  function add(line: DevisDraftLine) {
    setLines((ls) => [...ls, { ...line, key: nextKey++ }]);
  }
  function update(key: number, patch: Partial<DevisDraftLine>) {
    setLines((ls) => ls.map((l) => (l.key === key ? ({ ...l, ...patch } as DraftLine) : l)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = devisDraftSchema.safeParse({
      siteType,
      customerKind,
      companyName,
      siren,
      headcount: headcount === '' ? null : Number(headcount),
      activity,
      description,
      validityDays: Number(validityDays),
      lines: lines.map(({ key: _, ...l }) => l),
    });
    if (!parsed.success) {
      setErrors([...new Set(parsed.error.issues.map((i) => i.message))]);
      return;
    }
    try {
      const r = await send.mutateAsync({ id: row.id, draft: parsed.data });
      void utils.interventions.invalidate();
      toast({ title: 'Succès', description: `Devis ${r.number} envoyé à ${row.email}.`, variant: 'success' });
      onClose();
    } catch (e) {
      setErrors([errorMessage(e)]);
    }
  }
  const reduced = preview?.some((l) => l.vatRate === 10) ?? false;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>
            {row.devis ? `Nouvelle version du devis ${row.devis.number}` : 'Établir un devis'}
          </DialogTitle>
          <DialogDescription>
            Intervention {row.number} · {row.name}
            {row.street ? ` · ${row.street}, ${row.zipCode} ${row.city}` : ''}. Une fois envoyé, le devis ne
            change plus : une modification est une nouvelle version.
          </DialogDescription>
        </DialogHeader>
        {!t ? null : (
          <DialogForm
            onSubmit={submit}
            onCancel={onClose}
            pending={send.isPending}
            busyLabel="Envoi..."
            error={errors.length ? errors.join(' ') : null}
            submit={
              <>
                <Send aria-hidden="true" />
                Envoyer le devis
              </>
            }
          >
            <FieldRow>
              <Field label="Lieu de l’intervention" description="Décide le taux de TVA.">
                {(c) => (
                  <NativeSelect
                    {...c}
                    value={siteType}
                    onChange={(e) => setSiteType(e.target.value as SiteType)}
                  >
                    {!siteType && <option value="">Choisissez le type de lieu</option>}
                    {SITE_TYPES.map((s) => (
                      <option key={s} value={s}>
                        {SITE_TYPE_LABELS[s]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
              <Field label="Client">
                {(c) => (
                  <NativeSelect
                    {...c}
                    value={customerKind}
                    onChange={(e) => setCustomerKind(e.target.value as CustomerKind)}
                  >
                    <option value="particulier">Particulier</option>
                    <option value="professionnel">Professionnel</option>
                  </NativeSelect>
                )}
              </Field>
            </FieldRow>
            {customerKind === 'professionnel' && (
              <FieldRow>
                <Field label="Raison sociale" required>
                  {(c) => (
                    <Input {...c} value={companyName} onChange={(e) => setCompanyName(e.target.value)} />
                  )}
                </Field>
                <Field label="SIREN" required>
                  {(c) => (
                    <Input
                      {...c}
                      inputMode="numeric"
                      value={siren}
                      onChange={(e) => setSiren(e.target.value)}
                    />
                  )}
                </Field>
                <Field
                  label="Effectif (salariés)"
                  required
                  description="5 ou moins : protégé comme un consommateur (L221-3)."
                >
                  {(c) => (
                    <Input
                      {...c}
                      inputMode="numeric"
                      value={headcount}
                      onChange={(e) => setHeadcount(e.target.value.replace(/\D/g, ''))}
                    />
                  )}
                </Field>
                <Field label="Activité principale" required>
                  {(c) => <Input {...c} value={activity} onChange={(e) => setActivity(e.target.value)} />}
                </Field>
              </FieldRow>
            )}
            <Field label="Description des travaux">
              {(c) => (
                <Textarea
                  {...c}
                  rows={2}
                  maxLength={NOTES_MAX}
                  value={description}
                  onChange={(e) => setDescription(e.target.value)}
                />
              )}
            </Field>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Lignes du devis</legend>
              {lines.length === 0 && (
                <p className="text-sm text-muted-foreground">
                  Ajoutez une prestation, du temps, le déplacement ou un produit.
                </p>
              )}
              <ul className="grid gap-2" aria-label="Lignes du devis">
                {lines.map((l, i) => (
                  <li
                    key={l.key}
                    className="grid gap-2 rounded-md border p-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
                  >
                    <LineEditor
                      line={l}
                      tariffs={t}
                      products={products.data ?? []}
                      onChange={(p) => update(l.key, p)}
                    />
                    <div className="flex items-center justify-end gap-2">
                      <span className="text-sm tabular-nums">
                        {preview?.[i] ? formatEuros(preview[i].totalInclCents) : ''}
                      </span>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label="Retirer la ligne"
                        onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
              {t.services.length === 0 && (
                <p className="text-sm text-muted-foreground">
                  Aucune prestation au catalogue : ajoutez-en dans Paramètres › Interventions.
                </p>
              )}
              <div className="flex flex-wrap gap-2">
                {newLines(t, products.data ?? []).map((n) => (
                  <Button
                    key={n.label}
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={!n.line}
                    onClick={() => n.line && add(n.line)}
                  >
                    + {n.label}
                  </Button>
                ))}
              </div>
            </fieldset>
            <div className="flex flex-wrap items-end justify-between gap-4">
              <Field label="Validité (jours)">
                {(c) => (
                  <Input
                    {...c}
                    className="w-24"
                    inputMode="numeric"
                    value={validityDays}
                    onChange={(e) => setValidityDays(e.target.value.replace(/\D/g, ''))}
                  />
                )}
              </Field>
              <p className="text-right text-sm">
                TVA {reduced ? '10 % (attestation du client imprimée sur le devis)' : '20 %'}
                <br />
                <span className="text-base font-semibold" data-testid="devis-preview-total">
                  Total estimé : {formatEuros(total)} TTC
                </span>
              </p>
            </div>
          </DialogForm>
        )}
      </DialogContent>
    </Dialog>
  );
}

type TariffsData = RouterOutputs['interventions']['tariffSettings']['tariffs'];

/** The buttons adding a line, each with the line it starts from (null: nothing to choose from). */
function newLines(
  tariffs: TariffsData,
  products: { id: string }[],
): { label: string; line: DevisDraftLine | null }[] {
  const service = tariffs.services[0];
  const product = products[0];
  return [
    {
      label: 'Prestation',
      line: service ? { kind: 'service', serviceId: service.id, quantity: 1, minutes: null } : null,
    },
    { label: 'Main-d’œuvre', line: { kind: 'labour', rateIndex: 0, minutes: 60 } },
    { label: 'Déplacement', line: { kind: 'travel', km: 0 } },
    { label: 'Produit', line: product ? { kind: 'product', productId: product.id, quantity: 1 } : null },
  ];
}

function LineEditor({
  line,
  tariffs,
  products,
  onChange,
}: {
  line: DevisDraftLine;
  tariffs: TariffsData;
  products: { id: string; title: string; priceCents: number }[];
  onChange: (patch: Partial<DevisDraftLine>) => void;
}) {
  switch (line.kind) {
    case 'service':
      return (
        <ChoiceAndCount
          label="Prestation"
          value={line.serviceId}
          options={tariffs.services.map((s) => ({ value: s.id, label: s.label }))}
          onChoose={(serviceId) => onChange({ serviceId })}
          countLabel="Quantité"
          count={line.quantity}
          onCount={(quantity) => onChange({ quantity })}
        />
      );
    case 'labour':
      return (
        <ChoiceAndCount
          label="Main-d’œuvre"
          value={String(line.rateIndex)}
          options={tariffs.hourlyRates.map((r, i) => ({
            value: String(i),
            label: `${r.label} (${formatEuros(r.cents)} TTC / h)`,
          }))}
          onChoose={(rateIndex) => onChange({ rateIndex: Number(rateIndex) })}
          countLabel="Minutes"
          count={line.minutes}
          onCount={(minutes) => onChange({ minutes })}
        />
      );
    case 'travel':
      return tariffs.travelMode === 'forfait' ? (
        <p className="text-sm">Déplacement (forfait {formatEuros(tariffs.travelFlatCents)} TTC)</p>
      ) : (
        <CountField label="Déplacement (km aller)" count={line.km} onCount={(km) => onChange({ km })} />
      );
    case 'product':
      return (
        <ChoiceAndCount
          label="Produit"
          value={line.productId}
          options={products.map((p) => ({ value: p.id, label: p.title }))}
          onChoose={(productId) => onChange({ productId })}
          countLabel="Quantité"
          count={line.quantity}
          onCount={(quantity) => onChange({ quantity })}
        />
      );
  }
}

/**
 * A whole number typed in a text field (empty counts 0). Anything but digits (« 12,5 », « 3 h ») is
 * kept as typed and passed on as NaN: the form's own check then names the field's rule, instead of
 * the field silently reading « 12,5 » as 125.
 */
function CountField({
  label,
  count,
  onCount,
}: {
  label: string;
  count: number;
  onCount: (count: number) => void;
}) {
  const [text, setText] = useState(Number.isNaN(count) ? '' : String(count));
  const whole = /^\d*$/.test(text.trim());
  return (
    <Field label={label} error={whole ? undefined : 'Un nombre entier, sans virgule.'}>
      {(c) => (
        <Input
          {...c}
          inputMode="numeric"
          value={text}
          onChange={(e) => {
            const typed = e.target.value;
            setText(typed);
            onCount(/^\d*$/.test(typed.trim()) ? Number(typed.trim() || '0') : Number.NaN);
          }}
        />
      )}
    </Field>
  );
}

/** One devis line's row: what (a choice from the tariffs or the products) and how much. */
function ChoiceAndCount({
  label,
  value,
  options,
  onChoose,
  countLabel,
  count,
  onCount,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChoose: (value: string) => void;
  countLabel: string;
  count: number;
  onCount: (count: number) => void;
}) {
  return (
    <FieldRow layout="amount">
      <Field label={label}>
        {(c) => (
          <NativeSelect {...c} value={value} onChange={(e) => onChoose(e.target.value)}>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <CountField label={countLabel} count={count} onCount={onCount} />
    </FieldRow>
  );
}

function OffPremisesDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const record = trpc.devis.recordOffPremises.useMutation();
  const utils = trpc.useUtils();
  const [signerName, setSignerName] = useState(row.name);
  const [signedOn, setSignedOn] = useState(parisDay(new Date()));
  const [urgent, setUrgent] = useState(false);
  const [urgentWords, setUrgentWords] = useState('');
  const [express, setExpress] = useState(false);
  const [ack, setAck] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (record.isPending || !row.devis) return;
    try {
      await record.mutateAsync({
        id: row.id,
        number: row.devis.number,
        signerName,
        signedOn,
        urgentWords: urgent ? urgentWords : null,
        expressRequest: express,
        acknowledgement: ack,
      });
      void utils.interventions.invalidate();
      toast({
        title: 'Succès',
        description: `Devis ${row.devis.number} enregistré comme signé au domicile.`,
        variant: 'success',
      });
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Devis signé au domicile du client</DialogTitle>
          <DialogDescription>
            Contrat conclu hors établissement : aucun paiement ne peut être reçu pendant 7 jours (article
            L221-10 du Code de la consommation), sauf travaux urgents demandés par écrit par le client.
          </DialogDescription>
        </DialogHeader>
        <DialogForm
          onSubmit={submit}
          onCancel={onClose}
          pending={record.isPending}
          error={error}
          submit="Enregistrer la signature"
        >
          <Field label="Nom du signataire" required>
            {(c) => <Input {...c} value={signerName} onChange={(e) => setSignerName(e.target.value)} />}
          </Field>
          <Field label="Date de signature" required>
            {(c) => (
              <Input {...c} type="date" value={signedOn} onChange={(e) => setSignedOn(e.target.value)} />
            )}
          </Field>
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-5 accent-primary"
              checked={express}
              onChange={(e) => setExpress(e.target.checked)}
            />
            Le client a demandé par écrit que l’intervention commence avant la fin du délai de rétractation.
          </label>
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-5 accent-primary"
              checked={ack}
              onChange={(e) => setAck(e.target.checked)}
            />
            Le client a reconnu par écrit perdre son droit de rétractation une fois l’intervention pleinement
            exécutée.
          </label>
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-5 accent-primary"
              checked={urgent}
              onChange={(e) => setUrgent(e.target.checked)}
            />
            Le client a demandé lui-même par écrit une intervention urgente.
          </label>
          {urgent && (
            <Field label="Demande écrite du client, mot pour mot" required>
              {(c) => (
                <Textarea
                  {...c}
                  rows={3}
                  value={urgentWords}
                  onChange={(e) => setUrgentWords(e.target.value)}
                />
              )}
            </Field>
          )}
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
