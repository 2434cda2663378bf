import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/client/lib/utils';

/**
 * A product image from the image pipeline (`/images/<id>` + /320.webp, /640.webp, /1280.webp),
 * responsive through srcset. A broken image becomes a placeholder graphic; no image at all shows
 * the box emoji (visitor-site.md §8).
 */
export function ProductImage({
  base,
  alt,
  sizes,
  className,
  priority = false,
}: {
  base: string | null;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown, so the browser picks the right file. */
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const frame = cn('flex items-center justify-center bg-muted text-muted-foreground', className);
  // alt="" says the picture is decorative (its line names the product): no image role, hidden.
  const role = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true };
  if (!base) {
    return (
      <div className={frame} {...role}>
        <span className="text-5xl" aria-hidden="true">
          📦
        </span>
      </div>
    );
  }
  if (failed === base) {
    return (
      <div className={frame} {...role} data-testid="image-placeholder">
        <ImageOff className="size-10 opacity-60" aria-hidden="true" />
      </div>
    );
  }
  return (
    <img
      src={`${base}/640.webp`}
      srcSet={`${base}/320.webp 320w, ${base}/640.webp 640w, ${base}/1280.webp 1280w`}
      sizes={sizes}
      alt={alt}
      width={640}
      height={480}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailed(base)}
      className={cn('bg-muted object-cover', className)}
    />
  );
}
