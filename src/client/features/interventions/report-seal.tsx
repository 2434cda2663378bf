import { CheckCircle2, ChevronLeft, FileSignature } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Field, FormAlert } from '@/client/components/ui/field';
import { SubmitButton } from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { Spinner } from '@/client/components/ui/spinner';
import { useSession } from '@/client/features/account/use-session';
import { errorMessage } from '@/client/lib/errors';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { ADDENDUM_TEXT_MAX, printedShortCode } from '@/domain/interventions/report';
import { frenchDateTime, frenchDay } from '@/domain/site/dates';
import { parisWallTime } from '@/domain/site/wall-time';
import { SignaturePad } from './signature-pad';

type Draft = RouterOutputs['reports']['draft'];
const time = (at: string | null) => (at ? parisWallTime(at).time : '—');

/**
 * The report's last step on the technician's phone (issue 37 point 4, ADR 038): what the report will
 * state, the technician's and the customer's signatures drawn on the screen (or « Client absent »,
 * ticked explicitly), then « Sceller le rapport ». Once sealed, only a signed addendum corrects it.
 */
export function ReportSealScreen({
  interventionId,
  appointmentId,
}: {
  interventionId: string;
  appointmentId: string;
}) {
  const draft = trpc.reports.draft.useQuery({ interventionId, appointmentId }, { retry: false });
  if (draft.isLoading) return <Spinner className="min-h-[40vh]" />;
  if (!draft.data)
    return (
      <p role="alert" className="rounded-lg border bg-card p-6 text-center">
        {errorMessage(draft.error, 'Intervention introuvable.')}
      </p>
    );
  const d = draft.data;
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <div>
        <Link
          to="/admin/tournee"
          className="mb-2 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-primary hover:underline"
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
          Retour à la tournée
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">Rapport d’intervention</h1>
        <p className="text-sm text-muted-foreground">
          Intervention {d.interventionNumber} · {d.town}
        </p>
      </div>
      <VisitSummary visit={d.visit} />
      {d.report ? (
        <>
          <Card>
            <CardContent className="flex items-start gap-3 pt-6">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden="true" />
              <p role="status">
                Rapport <strong>{d.report.number}</strong> scellé le {frenchDateTime(d.report.issuedAt)} et
                envoyé au client. Code de vérification :{' '}
                <strong>{printedShortCode(d.report.shortCode)}</strong>
                {d.report.addenda.length > 0 ? ` · ${d.report.addenda.length} additif(s)` : ''}.
              </p>
            </CardContent>
          </Card>
          <AddendumForm
            interventionId={interventionId}
            appointmentId={appointmentId}
            reportNumber={d.report.number}
          />
        </>
      ) : (
        <SealForm
          interventionId={interventionId}
          appointmentId={appointmentId}
          customerName={d.customerName}
          finished={Boolean(d.visit?.finishedAt)}
        />
      )}
    </div>
  );
}

function VisitSummary({ visit }: { visit: Draft['visit'] }) {
  if (!visit)
    return (
      <p className="rounded-lg border bg-card p-4 text-sm">Aucun événement de visite pour ce rendez-vous.</p>
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Ce que le rapport indiquera</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p>
          {visit.day ? `Le ${frenchDay(visit.day)} : ` : ''}arrivée {time(visit.arrivedAt)}, fin{' '}
          {time(visit.finishedAt)}
        </p>
        {visit.observations.length > 0 && (
          <div>
            <h3 className="font-medium">Constats</h3>
            <ul className="list-disc pl-5">
              {visit.observations.map((o) => (
                <li key={o.at}>
                  {o.pest} · {o.zone} · {o.level} — {o.evidence}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div>
          <h3 className="font-medium">Traitements</h3>
          {visit.treatments.length === 0 ? (
            <p className="text-muted-foreground">Aucun produit appliqué.</p>
          ) : (
            <ul className="list-disc pl-5">
              {visit.treatments.map((t) => (
                <li key={t.at}>
                  {t.productTitle} (AMM {t.ammNumber}) · {String(t.quantity).replace('.', ',')} {t.unit} ·{' '}
                  {t.zone}
                </li>
              ))}
            </ul>
          )}
        </div>
        {visit.recommendations.length > 0 && (
          <div>
            <h3 className="font-medium">Recommandations</h3>
            <ul className="list-disc pl-5">
              {visit.recommendations.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </div>
        )}
        {visit.customerRemarks.length > 0 && (
          <div>
            <h3 className="font-medium">Remarques du client</h3>
            <ul className="list-disc pl-5">
              {visit.customerRemarks.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function SealForm(props: {
  interventionId: string;
  appointmentId: string;
  customerName: string;
  finished: boolean;
}) {
  const { user } = useSession();
  const utils = trpc.useUtils();
  const [technicianName, setTechnicianName] = useState(user?.name ?? '');
  const [technician, setTechnician] = useState('');
  const [customerName, setCustomerName] = useState(props.customerName);
  const [customer, setCustomer] = useState('');
  const [absent, setAbsent] = useState(false);
  const seal = trpc.reports.seal.useMutation({
    // The day's card then links to the sealed report (« Voir le rapport … »).
    onSuccess: () => Promise.all([utils.reports.draft.invalidate(), utils.visits.day.invalidate()]),
  });
  // « Dispositifs non contrôlés » (ADR 043): the refusal names them; the first opens the checklist.
  const refusal = seal.error?.data as
    | { domainCode?: string; details?: { devices?: { id: string; label: string }[] } | null }
    | undefined;
  const uncheckedDevice =
    refusal?.domainCode === 'DEVICES_UNCHECKED' ? refusal.details?.devices?.[0] : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    seal.mutate({
      interventionId: props.interventionId,
      appointmentId: props.appointmentId,
      technician: { name: technicianName, strokes: technician },
      customer: absent ? null : { name: customerName, strokes: customer },
      customerAbsent: absent,
    });
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <FileSignature className="size-5" aria-hidden="true" />
            Signatures
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-5">
          {!props.finished && (
            <FormAlert message="Enregistrez « Terminé » avant de faire signer le rapport." />
          )}
          <Field label="Nom du technicien" required>
            {(control) => (
              <Input
                {...control}
                value={technicianName}
                onChange={(e) => setTechnicianName(e.target.value)}
              />
            )}
          </Field>
          <SignaturePad
            id="signature-technicien"
            label="Signature du technicien"
            value={technician}
            onChange={(strokes) => {
              seal.reset();
              setTechnician(strokes);
            }}
          />
          <label className="flex items-start gap-3 rounded-md border p-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-5"
              checked={absent}
              onChange={(e) => {
                seal.reset();
                setAbsent(e.target.checked);
              }}
            />
            <span>
              <strong>Client absent</strong> : le rapport est scellé sans la signature du client.
            </span>
          </label>
          {!absent && (
            <>
              <Field label="Nom du client" required>
                {(control) => (
                  <Input
                    {...control}
                    value={customerName}
                    onChange={(e) => setCustomerName(e.target.value)}
                  />
                )}
              </Field>
              <SignaturePad
                id="signature-client"
                label="Signature du client"
                value={customer}
                onChange={(strokes) => {
                  seal.reset();
                  setCustomer(strokes);
                }}
              />
            </>
          )}
          <FormAlert message={seal.error ? errorMessage(seal.error) : null} />
          {uncheckedDevice && (
            // The visit's checklist stays open until the report is sealed (ADR 043): straight to the first one.
            <Button asChild variant="outline" className="w-full">
              <Link to={`/admin/tournee?dispositif=${uncheckedDevice.id}`}>Contrôler les dispositifs</Link>
            </Button>
          )}
          <SubmitButton
            submitting={seal.isPending}
            busyLabel="Scellement..."
            className="w-full"
            disabled={!props.finished}
          >
            Sceller le rapport
          </SubmitButton>
          <p className="text-xs text-muted-foreground">
            Le rapport scellé est numéroté, envoyé au client par email et vérifiable par son QR code. Il ne
            peut plus être modifié : une correction se fait par un additif signé.
          </p>
        </CardContent>
      </Card>
    </form>
  );
}

function AddendumForm(props: { interventionId: string; appointmentId: string; reportNumber: string }) {
  const { user } = useSession();
  const utils = trpc.useUtils();
  const [text, setText] = useState('');
  const [name, setName] = useState(user?.name ?? '');
  const [strokes, setStrokes] = useState('');
  const addendum = trpc.reports.addendum.useMutation({
    onSuccess: () => {
      setText('');
      setStrokes('');
      return utils.reports.draft.invalidate();
    },
  });
  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        addendum.mutate({
          interventionId: props.interventionId,
          reportNumber: props.reportNumber,
          text,
          technician: { name, strokes },
        });
      }}
    >
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Ajouter un additif</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <Field label="Correction" required description={`${ADDENDUM_TEXT_MAX} caractères au plus.`}>
            {(control) => (
              <textarea
                {...control}
                rows={4}
                maxLength={ADDENDUM_TEXT_MAX}
                className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm"
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
            )}
          </Field>
          <Field label="Nom du technicien" required>
            {(control) => <Input {...control} value={name} onChange={(e) => setName(e.target.value)} />}
          </Field>
          <SignaturePad
            id="signature-additif"
            label="Signature du technicien"
            value={strokes}
            onChange={(s) => {
              addendum.reset();
              setStrokes(s);
            }}
          />
          <FormAlert message={addendum.error ? errorMessage(addendum.error) : null} />
          {addendum.isSuccess && (
            <p role="status" className="text-sm text-green-800">
              Additif n° {addendum.data.addendum} scellé et envoyé au client.
            </p>
          )}
          <SubmitButton submitting={addendum.isPending} busyLabel="Scellement..." className="w-full">
            Sceller l’additif
          </SubmitButton>
        </CardContent>
      </Card>
    </form>
  );
}
