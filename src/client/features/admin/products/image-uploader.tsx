import { ArrowLeft, ArrowRight, ImagePlus, Loader2, X } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/toast';
import { mapLimited, uploadImage } from '@/client/lib/upload-image';
import { cn } from '@/client/lib/utils';
import { MAX_PRODUCT_IMAGES } from '@/domain/catalog/product';

const ACCEPT = 'image/jpeg,image/jpg,image/png,image/gif,image/webp';

/**
 * The product's images (back-office.md §2): up to 5, the first marked "Principal" (main_image),
 * reordered by dragging or with the arrow buttons (keyboard), removed one by one.
 */
export function ImageUploader({
  images,
  onChange,
  onUploaded,
  onRemove,
  describedBy,
}: {
  images: string[];
  onChange: (images: string[]) => void;
  /** Files stored by the server during this dialog (removed again if the dialog is cancelled). */
  onUploaded: (urls: string[]) => void;
  onRemove: (url: string) => void;
  describedBy?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [uploading, setUploading] = useState(0);
  const [failures, setFailures] = useState<{ name: string; message: string }[]>([]);
  const [dragged, setDragged] = useState<number | null>(null);
  // The latest list, for uploads that finish after other changes.
  const latest = useRef(images);
  latest.current = images;

  async function onFiles(list: FileList | null) {
    const files = [...(list ?? [])];
    if (input.current) input.current.value = '';
    if (files.length === 0) return;
    const room = MAX_PRODUCT_IMAGES - images.length - uploading;
    if (files.length > room) {
      toast({
        title: 'Limite atteinte',
        description: 'Vous ne pouvez ajouter que 5 images maximum.',
        variant: 'destructive',
      });
    }
    const chosen = files.slice(0, Math.max(0, room));
    if (chosen.length === 0) return;
    setFailures([]);
    setUploading((n) => n + chosen.length);
    const results = await mapLimited(chosen, 2, async (file) => {
      const result = await uploadImage(file);
      setUploading((n) => n - 1);
      return { file, result };
    });
    const urls = results.flatMap(({ result }) => (result.ok ? [result.url] : []));
    setFailures(
      results.flatMap(({ file, result }) =>
        result.ok ? [] : [{ name: file.name, message: result.message }],
      ),
    );
    if (urls.length > 0) {
      onUploaded(urls);
      onChange([...latest.current, ...urls].slice(0, MAX_PRODUCT_IMAGES));
      toast({
        title: 'Images uploadées',
        description: `${urls.length} image(s) ajoutée(s) avec succès.`,
        variant: 'success',
      });
    }
    if (urls.length < chosen.length) {
      toast({
        title: "Erreur d'upload",
        description: "Certaines images n'ont pas pu être uploadées.",
        variant: 'destructive',
      });
    }
  }

  const move = (from: number, to: number) => {
    if (to < 0 || to >= images.length || from === to) return;
    const next = [...images];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };

  const remove = (index: number) => {
    const url = images[index]!;
    onChange(images.filter((_, i) => i !== index));
    onRemove(url);
    toast({
      title: 'Image supprimée',
      description: "L'image a été supprimée avec succès.",
      variant: 'success',
    });
  };

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragged !== null) move(dragged, index);
    setDragged(null);
  };

  return (
    <div className="grid gap-3">
      {images.length > 0 || uploading > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="product-images">
          {images.map((url, index) => (
            <li
              key={url}
              draggable
              onDragStart={() => setDragged(index)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => onDrop(e, index)}
              onDragEnd={() => setDragged(null)}
              className={cn(
                'group relative overflow-hidden rounded-md border bg-muted',
                dragged === index && 'opacity-50',
              )}
              data-url={url}
            >
              <img
                src={`${url}/320.webp`}
                alt={index === 0 ? 'Principale' : `Vue ${index + 1}`}
                className="aspect-square w-full cursor-grab object-cover"
                onError={(e) => {
                  e.currentTarget.src = '/placeholder.svg';
                }}
              />
              {index === 0 ? <Badge className="absolute left-2 top-2">Principal</Badge> : null}
              <div className="absolute inset-x-0 bottom-0 flex items-center justify-between gap-1 bg-background/90 p-1">
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  onClick={() => move(index, index - 1)}
                  disabled={index === 0}
                  aria-label={`Déplacer l'image ${index + 1} vers la gauche`}
                >
                  <ArrowLeft />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8 text-destructive hover:text-destructive"
                  onClick={() => remove(index)}
                  aria-label={`Supprimer l'image ${index + 1}`}
                >
                  <X />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  onClick={() => move(index, index + 1)}
                  disabled={index === images.length - 1}
                  aria-label={`Déplacer l'image ${index + 1} vers la droite`}
                >
                  <ArrowRight />
                </Button>
              </div>
            </li>
          ))}
          {Array.from({ length: uploading }, (_, i) => `uploading-${i}`).map((key) => (
            <li
              key={key}
              className="flex aspect-square items-center justify-center rounded-md border border-dashed bg-muted"
            >
              <Loader2 className="size-6 animate-spin text-primary" aria-hidden="true" />
              <span className="sr-only">Envoi en cours</span>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => onFiles(e.target.files)}
        data-testid="image-input"
      />
      <button
        type="button"
        onClick={() => input.current?.click()}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
        className="flex flex-col items-center justify-center gap-1 rounded-md border-2 border-dashed border-input px-4 py-6 text-center text-sm transition-colors hover:border-primary hover:bg-muted disabled:cursor-not-allowed disabled:opacity-50 cursor-pointer"
      >
        <ImagePlus className="size-6 text-muted-foreground" aria-hidden="true" />
        <span className="font-medium">Ajouter des images</span>
        <span id={hintId} className="text-xs text-muted-foreground">
          PNG, JPG, GIF ou WebP jusqu'à 10MB ({images.length}/{MAX_PRODUCT_IMAGES})
        </span>
      </button>
      {failures.length > 0 ? (
        <ul className="grid gap-1 text-sm text-destructive" role="alert">
          {failures.map((f) => (
            <li key={f.name}>
              {f.name} : {f.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
