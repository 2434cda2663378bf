import { ImageIcon } from 'lucide-react';

/** A product's 40 px picture from the image pipeline, or « Pas d'image »; a broken file shows the placeholder. */
export function ProductThumb({ image }: { image: string | null }) {
  return image ? (
    <img
      src={`${image}/320.webp`}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      className="size-10 shrink-0 rounded-md border object-cover"
      onError={(e) => {
        e.currentTarget.src = '/placeholder.svg';
      }}
    />
  ) : (
    <div className="flex size-10 shrink-0 items-center justify-center rounded-md border bg-muted">
      <ImageIcon className="size-4 text-muted-foreground" aria-label="Pas d'image" />
    </div>
  );
}
