import { ImagePlus, Loader2, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { MAX_REQUEST_PHOTOS, REQUEST_PHOTO_MESSAGES } from '@/domain/interventions/labels';

const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';
const PATH = '/api/demande/photos';

// The upload code loads when a file is chosen, not with the landing page (docs/decisions/017-js-budget.md).
const loadUpload = () => import('@/client/lib/upload-image');

/**
 * The request's photos (issue 36): each file goes to the image pipeline as soon as it is chosen
 * (the server checks, strips and resizes it) and the form keeps its id; the request names the ids.
 */
export function RequestPhotos({
  ids,
  onChange,
  onBusyChange,
}: {
  ids: string[];
  onChange: (ids: string[]) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [uploading, setUploading] = useState(0);
  const [failures, setFailures] = useState<string[]>([]);
  // The latest list, for uploads that finish after other changes.
  const latest = useRef(ids);
  latest.current = ids;

  async function onFiles(list: FileList | null) {
    const files = [...(list ?? [])];
    if (input.current) input.current.value = '';
    if (files.length === 0) return;
    const room = MAX_REQUEST_PHOTOS - ids.length - uploading;
    const chosen = files.slice(0, Math.max(0, room));
    const refused = files.length > chosen.length ? [REQUEST_PHOTO_MESSAGES.tooMany] : [];
    setFailures(refused);
    if (chosen.length === 0) return;
    setUploading((n) => n + chosen.length);
    onBusyChange(true);
    const { mapLimited, uploadImage } = await loadUpload().catch(() => ({
      mapLimited: null,
      uploadImage: null,
    }));
    const results =
      mapLimited && uploadImage
        ? await mapLimited(chosen, 2, (file) => uploadImage(file, PATH))
        : chosen.map(() => ({ ok: false as const, message: "L'image n'a pas pu être envoyée." }));
    setUploading((n) => n - chosen.length);
    onBusyChange(false);
    const added = results.flatMap((r) => (r.ok ? [r.id] : []));
    if (added.length > 0) onChange([...latest.current, ...added].slice(0, MAX_REQUEST_PHOTOS));
    setFailures([
      ...refused,
      ...results.flatMap((r, i) => (r.ok ? [] : [`${chosen[i]!.name} : ${r.message}`])),
    ]);
  }

  const full = ids.length + uploading >= MAX_REQUEST_PHOTOS;
  return (
    <fieldset className="sm:col-span-2" aria-describedby={hintId}>
      <legend className="text-sm font-medium">Photos (facultatif)</legend>
      <p id={hintId} className="mt-1 text-xs text-muted-foreground">
        Jusqu’à {MAX_REQUEST_PHOTOS} photos du nid, des traces ou des dégâts (JPEG, PNG, GIF ou WebP, 10 Mo
        chacune) : elles nous aident à préparer l’intervention.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {ids.map((id, index) => (
          <div key={id} className="relative size-20 overflow-hidden rounded-md border bg-muted">
            <img
              src={`/images/${id}/320.webp`}
              alt={`Pièce jointe ${index + 1}`}
              className="size-full object-cover"
              width={80}
              height={80}
            />
            <button
              type="button"
              aria-label={`Retirer la photo ${index + 1}`}
              onClick={() => onChange(ids.filter((x) => x !== id))}
              className="absolute top-1 right-1 flex size-6 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        ))}
        {uploading > 0 && (
          <div
            className="flex size-20 items-center justify-center rounded-md border border-dashed"
            role="status"
            aria-label={`Envoi de ${uploading} photo${uploading > 1 ? 's' : ''}…`}
          >
            <Loader2 className="size-5 animate-spin text-muted-foreground" aria-hidden="true" />
          </div>
        )}
        {!full && (
          <label className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-input bg-background px-4 text-sm font-medium hover:bg-muted focus-within:ring-2 focus-within:ring-ring">
            <ImagePlus className="size-4" aria-hidden="true" />
            Ajouter des photos
            <input
              ref={input}
              type="file"
              accept={ACCEPT}
              multiple
              className="sr-only"
              onChange={(e) => void onFiles(e.target.files)}
            />
          </label>
        )}
      </div>
      {failures.length > 0 && (
        <ul role="alert" className="mt-2 grid gap-1 text-sm text-destructive">
          {failures.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
