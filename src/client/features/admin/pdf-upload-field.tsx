/**
 * One PDF of the document pipeline (src/server/images/documents.ts) as a form field: a file input
 * that uploads on choice, the upload's French error under it, a link to the stored PDF and, when
 * the field may be emptied, a button to remove it. The product's safety data sheet and the
 * technician's Certibiocide scan use it.
 */
import { useState } from 'react';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { uploadDocument } from '@/client/lib/upload-image';

export function PdfUploadField({
  label,
  url,
  onChange,
  error,
  description,
  viewLabel,
  removeLabel,
}: {
  label: string;
  /** The stored PDF's URL, '' when none. */
  url: string;
  onChange: (url: string) => void;
  /** The form's own message for the field, shown when the upload has none. */
  error?: string | undefined;
  description?: string | undefined;
  viewLabel: string;
  /** Without it the field has no remove button. */
  removeLabel?: string;
}) {
  const [uploadError, setUploadError] = useState<string | null>(null);
  return (
    <Field label={label} error={uploadError ?? error} description={description}>
      {(c) => (
        <div className="flex flex-wrap items-center gap-2">
          <Input
            {...c}
            type="file"
            accept="application/pdf"
            onChange={async (ev) => {
              const file = ev.target.files?.[0];
              if (!file) return;
              const result = await uploadDocument(file);
              setUploadError(result.ok ? null : result.message);
              if (result.ok) onChange(result.url);
            }}
          />
          {url && (
            <>
              <a href={url} target="_blank" rel="noopener" className="text-sm underline">
                {viewLabel}
              </a>
              {removeLabel && (
                <button type="button" className="text-sm underline" onClick={() => onChange('')}>
                  {removeLabel}
                </button>
              )}
            </>
          )}
        </div>
      )}
    </Field>
  );
}
