/**
 * A technician's Certibiocide (ADR 037): number, category, last day of validity and the scan (a
 * PDF of the document pipeline), edited by the owner in the customer dialog. Treatments with a
 * professional-only product are refused once it has expired. Its own buttons (not the dialog's
 * form): it saves apart from the profile.
 */

import { useEffect, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Field, FormAlert } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { toast } from '@/client/components/ui/toast';
import { trpc } from '@/client/lib/trpc';
import { CERTIBIOCIDE_CATEGORIES, CERTIBIOCIDE_CATEGORY_CODES } from '@/domain/catalog/certibiocide';
import { CERTIFICATE_NUMBER_MAX } from '@/domain/common/limits';
import { frenchDay } from '@/domain/site/french-day';
import { parisDay } from '@/domain/site/time-zone';
import { UploadField } from '../upload-field';

export function TechnicianCertificate({ userId }: { userId: string }) {
  const current = trpc.visits.certificate.useQuery({ userId });
  const save = trpc.visits.saveCertificate.useMutation();
  const utils = trpc.useUtils();
  const [v, setV] = useState({ number: '', category: '', expiresOn: '', scan: '' });
  useEffect(() => {
    const c = current.data;
    if (c)
      setV({
        number: c.certificate?.number ?? '',
        category: c.certificate?.category ?? '',
        expiresOn: c.certificate?.expiresOn ?? '',
        scan: c.scan ?? '',
      });
  }, [current.data]);
  const expired = current.data?.certificate && current.data.certificate.expiresOn < parisDay(new Date());
  return (
    <section className="grid gap-3 rounded-md border p-4" aria-labelledby="technician-certificate">
      <h3 id="technician-certificate" className="text-base font-semibold">
        Certibiocide du technicien
      </h3>
      {expired && (
        <p className="text-sm font-semibold text-destructive" role="status">
          Expiré le {frenchDay(current.data!.certificate!.expiresOn)} : aucun produit réservé aux
          professionnels ne peut être appliqué.
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Numéro">
          {(c) => (
            <Input
              {...c}
              value={v.number}
              maxLength={CERTIFICATE_NUMBER_MAX}
              onChange={(e) => setV({ ...v, number: e.target.value })}
            />
          )}
        </Field>
        <Field label="Catégorie">
          {(c) => (
            <NativeSelect
              {...c}
              value={v.category}
              onChange={(e) => setV({ ...v, category: e.target.value })}
            >
              <option value="">Choisir…</option>
              {CERTIBIOCIDE_CATEGORY_CODES.map((code) => (
                <option key={code} value={code}>
                  {CERTIBIOCIDE_CATEGORIES[code].label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Fin de validité">
          {(c) => (
            <Input
              {...c}
              type="date"
              value={v.expiresOn}
              onChange={(e) => setV({ ...v, expiresOn: e.target.value })}
            />
          )}
        </Field>
      </div>
      <UploadField
        kind="pdf"
        label="Scan du certificat (PDF)"
        url={v.scan}
        onChange={(scan) => setV((old) => ({ ...old, scan }))}
        viewLabel="Voir le scan"
      />
      <FormAlert message={save.error?.message ?? null} />
      <div>
        <Button
          type="button"
          variant="outline"
          disabled={save.isPending}
          onClick={async () => {
            try {
              await save.mutateAsync({ userId, ...v, scan: v.scan || null });
            } catch {
              return; // The French message shows above the button (save.error).
            }
            await utils.visits.certificate.invalidate({ userId });
            toast({ title: 'Succès', description: 'Certibiocide enregistré.', variant: 'success' });
          }}
        >
          Enregistrer le certificat
        </Button>
      </div>
    </section>
  );
}
