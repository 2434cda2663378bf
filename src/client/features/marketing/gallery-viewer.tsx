import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Dialog, DialogContent, DialogTitle } from '@/client/components/ui/dialog';
import { SceneArt } from './art';
import type { GalleryItem } from './content';

/** The full-screen viewer of Gallery (the dialog's full-screen placement): Escape closes, Left/Right move, counter 'n / N'. */
export default function GalleryViewer({
  items,
  title,
  index,
  onMove,
  onClose,
  returnFocus,
}: {
  items: GalleryItem[];
  title: string;
  index: number;
  onMove: (step: number) => void;
  onClose: () => void;
  returnFocus: () => void;
}) {
  const current = items[index];
  const move = onMove;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'ArrowLeft') move(-1);
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        placement="fullscreen"
        onKeyDown={onKeyDown}
        aria-describedby={undefined}
        data-testid="gallery-viewer"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <DialogTitle className="sr-only">Galerie : {title}</DialogTitle>
        {current && (
          <figure className="flex w-full max-w-4xl flex-col items-center">
            <SceneArt
              scene={current.scene}
              pest={current.pest}
              label={current.alt}
              className="h-auto max-h-[75vh] w-full rounded-xl"
            />
            <figcaption className="mt-4 flex items-center gap-4 text-white">
              <span className="font-semibold">{current.caption}</span>
              <span
                className="rounded-full bg-white/15 px-3 py-1 text-sm tabular-nums"
                data-testid="gallery-counter"
              >
                {index + 1} / {items.length}
              </span>
            </figcaption>
          </figure>
        )}
        <button
          type="button"
          onClick={() => move(-1)}
          aria-label="Image précédente"
          className="absolute left-2 top-1/2 inline-flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25 sm:left-6"
        >
          <ChevronLeft className="size-7" aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={() => move(1)}
          aria-label="Image suivante"
          className="absolute right-2 top-1/2 inline-flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25 sm:right-6"
        >
          <ChevronRight className="size-7" aria-hidden="true" />
        </button>
      </DialogContent>
    </Dialog>
  );
}
