import { CheckCircle2, FileCheck2, ShieldCheck, XCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { Spinner } from '@/client/components/ui/spinner';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { matchingDocument, normalizeShortCode, printedShortCode } from '@/domain/interventions/report';
import { frenchDay, frenchLongDate } from '@/domain/site/dates';
import { SignedPageFrame } from '../features/shop/signed-page';

type View = RouterOutputs['reports']['verify'];

/**
 * /verifier/{code}: the public verification of a sealed report (ADR 038), opened by the QR code
 * printed on the PDF. No account: what it shows holds no personal data (the town, not the address;
 * the applicators' certificate status, not their names). It says whether a PDF in hand is the one
 * sealed, hashed in the browser (SubtleCrypto): the file never leaves the device.
 */
export default function Verifier() {
  const { code = '' } = useParams();
  return (
    <SignedPageFrame title="Vérifier un rapport d’intervention">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Vérifier un rapport d’intervention</h1>
        <p className="mt-1 text-muted-foreground">
          Saisissez le code imprimé sous le QR code du rapport, puis comparez votre fichier au rapport scellé.
        </p>
      </div>
      {code ? <Verification key={code} code={code} /> : <CodeForm />}
    </SignedPageFrame>
  );
}

function CodeForm({ initial = '' }: { initial?: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const code = normalizeShortCode(value);
    if (!code) setError('Le code compte 10 caractères (lettres et chiffres), par exemple ABCDE-FGH23.');
    else navigate(`/verifier/${code}`);
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row sm:items-end"
    >
      <Field label="Code du rapport" error={error} className="flex-1">
        {(control) => (
          <Input
            {...control}
            value={value}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            placeholder="ABCDE-FGH23"
            onChange={(e) => setValue(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit">Vérifier</Button>
    </form>
  );
}

function Verification({ code }: { code: string }) {
  const view = trpc.reports.verify.useQuery({ code }, { retry: false, staleTime: Number.POSITIVE_INFINITY });
  if (view.isLoading) return <Spinner className="min-h-[30vh]" />;
  if (!view.data)
    return (
      <>
        <p
          role="alert"
          className="flex items-start gap-3 rounded-lg border border-destructive/40 bg-card p-4"
        >
          <XCircle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
          {view.error?.message ?? 'Aucun rapport ne correspond à ce code.'}
        </p>
        <CodeForm initial={code} />
      </>
    );
  return <ReportFacts view={view.data} code={code} />;
}

const STATUS_LABEL = { valid: 'valide', expired: 'expiré' } as const;

function ReportFacts({ view, code }: { view: View; code: string }) {
  return (
    <>
      <section className="rounded-lg border bg-card p-5" aria-labelledby="report-facts">
        <div className="flex items-start gap-3">
          <ShieldCheck className="mt-1 size-6 shrink-0 text-green-700" aria-hidden="true" />
          <div>
            <h2 id="report-facts" className="text-lg font-semibold">
              Rapport {view.number} : scellé le {frenchLongDate(view.issuedAt)}
            </h2>
            <p className="text-sm text-muted-foreground">
              Code {printedShortCode(normalizeShortCode(code) ?? code)} · {view.sellerName}
            </p>
          </div>
        </div>
        <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium">Date de l’intervention</dt>
          <dd>{view.day ? frenchDay(view.day) : '—'}</dd>
          <dt className="font-medium">Lieu</dt>
          <dd>{view.town ? `${view.town} (${view.siteLabel})` : view.siteLabel}</dd>
          <dt className="font-medium">Signature du client</dt>
          <dd>{view.customerSigned ? 'Signé par le client' : 'Client absent'}</dd>
          <dt className="font-medium">Applicateur(s)</dt>
          <dd>
            <ul>
              {view.applicators.map((a, i) => (
                <li key={i}>
                  {a.status === 'none'
                    ? 'Certibiocide non renseigné (aucun produit appliqué)'
                    : `Certibiocide ${a.category} ${STATUS_LABEL[a.status]} le jour de l’intervention (échéance ${frenchDay(a.expiresOn)})`}
                </li>
              ))}
            </ul>
          </dd>
          <dt className="font-medium">Additifs</dt>
          <dd>
            {view.addenda.length === 0
              ? 'Aucun additif : le rapport n’a pas été corrigé.'
              : view.addenda
                  .map((a) => `Additif n° ${a.addendum} du ${frenchLongDate(a.issuedAt)}`)
                  .join(' · ')}
          </dd>
        </dl>
        <h3 className="mt-5 mb-2 font-medium">Produits appliqués</h3>
        {view.products.length === 0 ? (
          <p className="text-sm text-muted-foreground">Aucun produit appliqué.</p>
        ) : (
          <>
            {/* A phone reads one product per line; wider screens get the table. */}
            <ul className="divide-y text-sm sm:hidden">
              {view.products.map((p) => (
                <li key={`${p.ammNumber}-${p.productTitle}-${p.quantity}`} className="py-2">
                  <span className="font-medium">{p.productTitle}</span>
                  <span className="block text-muted-foreground">
                    AMM {p.ammNumber} · {p.biocideType} · {String(p.quantity).replace('.', ',')} {p.unit}
                  </span>
                </li>
              ))}
            </ul>
            <table className="hidden w-full text-left text-sm sm:table">
              <thead className="border-b text-muted-foreground">
                <tr>
                  <th className="py-1 pr-3 font-medium">Produit</th>
                  <th className="py-1 pr-3 font-medium">N° AMM</th>
                  <th className="py-1 pr-3 font-medium">Type</th>
                  <th className="py-1 text-right font-medium">Quantité</th>
                </tr>
              </thead>
              <tbody>
                {view.products.map((p) => (
                  <tr
                    key={`${p.ammNumber}-${p.productTitle}-${p.quantity}`}
                    className="border-b last:border-0"
                  >
                    <td className="py-1.5 pr-3">{p.productTitle}</td>
                    <td className="py-1.5 pr-3 whitespace-nowrap">{p.ammNumber}</td>
                    <td className="py-1.5 pr-3">{p.biocideType}</td>
                    <td className="py-1.5 text-right whitespace-nowrap tabular-nums">
                      {String(p.quantity).replace('.', ',')} {p.unit}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
      <FileCheck view={view} />
    </>
  );
}

async function sha256Hex(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

type Match = { ok: true; what: string } | { ok: false } | null;

/** « Mon fichier est-il le bon ? »: a PDF hashed in the browser, or a SHA-256 pasted. */
function FileCheck({ view }: { view: View }) {
  const [match, setMatch] = useState<Match>(null);
  const [hash, setHash] = useState('');
  const [hashError, setHashError] = useState<string | undefined>();
  const compare = (hex: string) => {
    const what = matchingDocument(view, hex);
    setMatch(what ? { ok: true, what } : { ok: false });
  };
  return (
    <section className="rounded-lg border bg-card p-5" aria-labelledby="file-check">
      <h2 id="file-check" className="flex items-center gap-2 text-lg font-semibold">
        <FileCheck2 className="size-5" aria-hidden="true" />
        Votre fichier est-il authentique ?
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Choisissez le PDF reçu : son empreinte est calculée sur cet appareil, le fichier n’est pas envoyé.
      </p>
      <div className="mt-4 space-y-4">
        <Field label="Fichier PDF du rapport">
          {(control) => (
            <input
              {...control}
              type="file"
              accept="application/pdf,.pdf"
              className="block w-full text-sm file:mr-3 file:rounded-md file:border file:bg-secondary file:px-3 file:py-2 file:text-sm"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                if (file) compare(await sha256Hex(file));
              }}
            />
          )}
        </Field>
        <form
          noValidate
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (!/^[0-9a-fA-F]{64}$/.test(hash.trim())) {
              setHashError('Une empreinte SHA-256 compte 64 caractères hexadécimaux.');
              return;
            }
            setHashError(undefined);
            compare(hash);
          }}
        >
          <Field label="Ou collez son empreinte SHA-256" error={hashError} className="flex-1">
            {(control) => (
              <Input
                {...control}
                value={hash}
                spellCheck={false}
                autoComplete="off"
                className="font-mono text-xs"
                onChange={(e) => setHash(e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" variant="outline">
            Comparer
          </Button>
        </form>
        {match && (
          <p
            role="status"
            className={`flex items-start gap-3 rounded-md border p-3 text-sm ${
              match.ok
                ? 'border-green-700/40 bg-green-50 text-green-900'
                : 'border-destructive/40 bg-red-50 text-red-900'
            }`}
          >
            {match.ok ? (
              <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            ) : (
              <XCircle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            )}
            {match.ok
              ? `Ce fichier correspond : c’est bien ${match.what}, tel qu’il a été scellé.`
              : 'Ce fichier ne correspond pas au rapport scellé ni à ses additifs : il a pu être modifié. Demandez l’original à l’entreprise.'}
          </p>
        )}
        <p className="break-all text-xs text-muted-foreground">
          Empreinte du PDF scellé (SHA-256) : <span className="font-mono">{view.pdfSha256}</span>
        </p>
      </div>
    </section>
  );
}
