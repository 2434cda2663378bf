import { CheckCircle2, Download } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button } from '@/client/components/ui/button';
import { Field, FormAlert } from '@/client/components/ui/field';
import { SubmitButton } from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { errorMessage } from '@/client/lib/errors';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { formatEuros } from '@/domain/catalog/pricing';
import { LOST_REASON_MAX } from '@/domain/interventions/decider';
import {
  CODE_LENGTH,
  CONCLUSION_MODE_LABELS,
  hoursLabel,
  lineQuantityLabel,
} from '@/domain/interventions/devis';
import { frenchDateTime, frenchDay, frenchLongDate } from '@/domain/site/dates';
import { saveFile } from '../features/invoices/save-file';
import { SignedPage } from '../features/shop/signed-page';

type Shown = RouterOutputs['devis']['show'];

/**
 * /devis/{token}: the signed devis page (issue 36), linked from the devis mail and from /compte.
 * No account: the token (an HMAC of the intervention id) is the right. The customer reads the
 * devis, downloads its PDF, and accepts it with their name and a one-time code sent by mail.
 */
export default function DevisPage() {
  const { token = '' } = useParams();
  const shown = trpc.devis.show.useQuery({ token }, { retry: false });
  return (
    <SignedPage
      title="Mon devis"
      help="Une question ?"
      query={shown}
      invalid="Ce lien de devis est invalide ou a expiré."
    >
      {(data) => <DevisView token={token} shown={data} />}
    </SignedPage>
  );
}

function DevisView({ token, shown }: { token: string; shown: Shown }) {
  const d = shown.devis;
  const utils = trpc.useUtils();
  const [downloading, setDownloading] = useState(false);
  async function download() {
    setDownloading(true);
    try {
      saveFile(await utils.devis.pdf.fetch({ token, number: d.number }), 'application/pdf');
    } finally {
      setDownloading(false);
    }
  }
  return (
    <>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">
          Devis <span className="whitespace-nowrap">{d.number}</span>
        </h1>
        <p className="mt-1 text-muted-foreground">
          Émis le {frenchLongDate(d.issuedAt)} · valable jusqu’au {frenchDay(d.validUntil)}
          {d.version > 1 ? ` · version ${d.version} (remplace ${d.replaces})` : ''}
        </p>
      </div>
      <section className="rounded-lg border bg-card p-5 sm:p-6" aria-labelledby="devis-lines">
        <h2 id="devis-lines" className="mb-1 text-lg font-semibold">
          Intervention {d.interventionNumber}
        </h2>
        <p className="text-sm text-muted-foreground">
          {d.site.address.line}, {d.site.address.zipCode} {d.site.address.city} — {d.site.label}
        </p>
        {d.description && <p className="mt-2 text-sm">{d.description}</p>}
        <p className="mt-1 text-sm">Durée estimée : {hoursLabel(d.estimatedMinutes)}</p>
        <ul className="mt-3 divide-y text-sm">
          {d.lines.map((l, i) => (
            <li key={i} className="flex justify-between gap-4 py-3">
              <span>
                <span className="font-medium">{l.label}</span>
                <span className="block text-muted-foreground">
                  {lineQuantityLabel(l)} · TVA {l.vatRate} %
                </span>
              </span>
              <span className="font-semibold tabular-nums">{formatEuros(l.totalInclCents)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t pt-4 text-sm">
          {d.vat.map((v) => (
            <div key={v.rate} className="contents">
              <dt>
                TVA à {v.rate} % (base {formatEuros(v.baseCents)} HT)
              </dt>
              <dd className="text-right tabular-nums">{formatEuros(v.vatCents)}</dd>
            </div>
          ))}
          <dt>Total HT</dt>
          <dd className="text-right tabular-nums">{formatEuros(d.totalExclCents)}</dd>
          <dt className="font-semibold">Total TTC</dt>
          <dd className="text-right font-semibold tabular-nums" data-testid="devis-total">
            {formatEuros(d.totalInclCents)}
          </dd>
        </dl>
        {d.vatCertification && (
          <p className="mt-4 rounded-md bg-muted p-3 text-sm" data-testid="vat-certification">
            {d.vatCertification}
          </p>
        )}
        <div className="mt-4">
          <Button type="button" variant="outline" onClick={download} disabled={downloading}>
            <Download aria-hidden="true" />
            Télécharger le devis (PDF)
          </Button>
        </div>
      </section>
      <section className="space-y-2 rounded-lg border bg-card p-5 text-sm sm:p-6">
        <h2 className="text-lg font-semibold">Conditions</h2>
        <p>{d.quoteFee}</p>
        {d.tariffInfo.map((t) => (
          <p key={t}>{t}</p>
        ))}
        {d.professionalNote && <p>{d.professionalNote}</p>}
        {d.withdrawal && (
          <>
            <h3 className="pt-2 font-semibold">Droit de rétractation</h3>
            {d.withdrawal.information.map((t) => (
              <p key={t}>{t}</p>
            ))}
            <details className="rounded-md border p-3">
              <summary className="cursor-pointer font-medium">Formulaire de rétractation</summary>
              {d.withdrawal.modelForm.map((t) => (
                <p key={t} className="mt-2">
                  {t}
                </p>
              ))}
            </details>
          </>
        )}
      </section>
      <Decision token={token} shown={shown} />
    </>
  );
}

function Decision({ token, shown }: { token: string; shown: Shown }) {
  const d = shown.devis;
  if (shown.contract && shown.contract.number === d.number) {
    return (
      <section
        className="rounded-lg border border-primary/30 bg-primary/5 p-5 sm:p-6"
        data-testid="devis-accepted"
      >
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <CheckCircle2 className="size-5 text-primary" aria-hidden="true" />
          Devis accepté
        </h2>
        <p className="mt-1 text-sm">
          {CONCLUSION_MODE_LABELS[shown.contract.mode]} ·{' '}
          {shown.contract.mode === 'a_distance'
            ? `le ${frenchDateTime(shown.contract.at)}`
            : `signé le ${frenchDay(shown.contract.at)}`}{' '}
          par {shown.contract.signerName}. Nous vous contactons pour fixer le rendez-vous.
        </p>
      </section>
    );
  }
  if (!shown.acceptable) {
    return (
      <p role="status" className="rounded-lg border bg-card p-5 text-sm sm:p-6">
        {shown.status === 'lost' && shown.lostReason
          ? shown.lostReason
          : 'Ce devis ne peut plus être accepté en ligne. Contactez-nous pour un nouveau devis.'}
      </p>
    );
  }
  return (
    <>
      <AcceptForm token={token} shown={shown} />
      <RefuseForm token={token} number={d.number} />
    </>
  );
}

/** « Refuser le devis »: the intervention is closed as « Perdu » with the customer's reason. */
function RefuseForm({ token, number }: { token: string; number: string }) {
  const utils = trpc.useUtils();
  const refuse = trpc.devis.refuse.useMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (refuse.isPending) return;
    try {
      await refuse.mutateAsync({ token, number, reason });
      await utils.devis.show.invalidate();
    } catch (e) {
      setError(errorMessage(e));
    }
  }
  return (
    <details className="rounded-lg border bg-card p-5 text-sm sm:p-6">
      <summary className="cursor-pointer font-medium">Refuser ce devis</summary>
      <form onSubmit={submit} className="mt-4 grid gap-4" noValidate>
        <Field label="Motif (facultatif)">
          {(c) => (
            <Input
              {...c}
              maxLength={LOST_REASON_MAX}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
        <FormAlert message={error} />
        <div>
          <SubmitButton variant="outline" submitting={refuse.isPending} busyLabel="Enregistrement...">
            Refuser le devis
          </SubmitButton>
        </div>
      </form>
    </details>
  );
}

function AcceptForm({ token, shown }: { token: string; shown: Shown }) {
  const d = shown.devis;
  const utils = trpc.useUtils();
  const [express, setExpress] = useState(false);
  const [ack, setAck] = useState(false);
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | undefined>();
  const requestCode = trpc.devis.requestCode.useMutation();
  const accept = trpc.devis.accept.useMutation();

  async function sendCode() {
    setError(null);
    if (name.trim().length < 2) {
      setNameError('Indiquez votre nom et prénom.');
      return;
    }
    try {
      const r = await requestCode.mutateAsync({ token, number: d.number });
      setSentTo(r.sentTo);
    } catch (e) {
      setError(errorMessage(e));
    }
  }
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (accept.isPending) return;
    if (!sentTo) return sendCode();
    setError(null);
    try {
      await accept.mutateAsync({
        token,
        number: d.number,
        hash: shown.hash,
        signerName: name,
        code: code.trim(),
        expressRequest: express,
        acknowledgement: ack,
      });
      await utils.devis.show.invalidate();
    } catch (e) {
      setError(errorMessage(e));
    }
  }
  return (
    <section className="rounded-lg border bg-card p-5 sm:p-6" aria-labelledby="accept-title">
      <h2 id="accept-title" className="text-lg font-semibold">
        Accepter le devis
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Votre acceptation est liée à ce devis ({formatEuros(d.totalInclCents)} TTC), à votre nom et à un code
        à usage unique envoyé à votre adresse email.
      </p>
      <form onSubmit={submit} className="mt-4 grid gap-4" noValidate>
        {d.withdrawal && (
          <div className="grid gap-3">
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-5 shrink-0 accent-primary"
                checked={express}
                onChange={(e) => setExpress(e.target.checked)}
              />
              <span>{shown.expressRequestWording} (facultatif)</span>
            </label>
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-5 shrink-0 accent-primary"
                checked={ack}
                onChange={(e) => setAck(e.target.checked)}
              />
              <span>{shown.acknowledgementWording} (facultatif)</span>
            </label>
          </div>
        )}
        <Field label="Votre nom et prénom" required error={nameError}>
          {(c) => (
            <Input
              {...c}
              autoComplete="name"
              maxLength={shown.signerNameMax}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setNameError(undefined);
              }}
            />
          )}
        </Field>
        {sentTo ? (
          <>
            <p className="text-sm" role="status">
              Un code à 6 chiffres a été envoyé à {sentTo}. Il est valable 15 minutes.
            </p>
            <Field label="Code reçu par email" required>
              {(c) => (
                <Input
                  {...c}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={CODE_LENGTH}
                  className="max-w-40 tracking-widest"
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                />
              )}
            </Field>
          </>
        ) : null}
        <FormAlert message={error} />
        <div className="flex flex-wrap gap-2">
          {sentTo ? (
            <>
              <SubmitButton submitting={accept.isPending} busyLabel="Enregistrement...">
                Accepter le devis
              </SubmitButton>
              <Button type="button" variant="outline" onClick={sendCode} disabled={requestCode.isPending}>
                Renvoyer un code
              </Button>
            </>
          ) : (
            <SubmitButton submitting={requestCode.isPending} busyLabel="Envoi...">
              Recevoir mon code par email
            </SubmitButton>
          )}
        </div>
      </form>
    </section>
  );
}
