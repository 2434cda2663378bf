/**
 * One uploaded file as a form field: a file input that uploads on choice (a PDF to the document
 * pipeline, an image to the image pipeline: the server checks the bytes), the upload's French
 * error under it, a link to the stored file and, when the field may be emptied, a button to remove
 * it. The product's safety data sheet and label image and the technician's Certibiocide scan.
 */
import { useState } from 'react';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { type UploadResult, uploadDocument, uploadImage } from '@/client/lib/upload-image';

const KINDS = {
  pdf: { accept: 'application/pdf', upload: uploadDocument },
  image: { accept: 'image/*', upload: uploadImage },
} satisfies Record<string, { accept: string; upload: (file: File) => Promise<UploadResult> }>;

export function UploadField({
  kind,
  label,
  url,
  onChange,
  error,
  description,
  viewLabel,
  removeLabel,
}: {
  kind: keyof typeof KINDS;
  label: string;
  /** The stored file's URL, '' when none. */
  url: string;
  onChange: (url: string) => void;
  /** The form's own message for the field, shown when the upload has none. */
  error?: string | undefined;
  description?: string | undefined;
  /** Without it the stored file has no link. */
  viewLabel?: string;
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
            accept={KINDS[kind].accept}
            onChange={async (ev) => {
              const file = ev.target.files?.[0];
              if (!file) return;
              const result = await KINDS[kind].upload(file);
              setUploadError(result.ok ? null : result.message);
              if (result.ok) onChange(result.url);
            }}
          />
          {url && (
            <>
              {viewLabel && (
                <a href={url} target="_blank" rel="noopener" className="text-sm underline">
                  {viewLabel}
                </a>
              )}
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
