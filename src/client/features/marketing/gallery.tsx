import { lazy, Suspense, useRef, useState } from 'react';
import { SceneArt } from './art';
import { wrapIndex } from './carousel';
import type { GalleryItem } from './content';

// The viewer (Radix Dialog) loads on the first click: service pages stay light.
const GalleryViewer = lazy(() => import('./gallery-viewer'));

/**
 * Grid of illustrations with a full-screen viewer: previous/next wrap around, Escape closes,
 * Left/Right move, a counter shows 'n / N'. Focus stays in the viewer and returns to the image.
 */
export function Gallery({ items, title }: { items: GalleryItem[]; title: string }) {
  const [open, setOpen] = useState<number | null>(null);
  // The thumbnail that opened the viewer gets focus back when it closes (the dialog has no trigger).
  const opener = useRef<HTMLButtonElement | null>(null);
  const move = (step: number) => setOpen((i) => (i === null ? i : wrapIndex(i + step, items.length)));
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="gallery">
        {items.map((item, i) => (
          <li key={item.caption}>
            <button
              type="button"
              onClick={(event) => {
                opener.current = event.currentTarget;
                setOpen(i);
              }}
              className="group block w-full overflow-hidden rounded-2xl border bg-white text-left shadow-sm transition hover:shadow-md"
              aria-label={`Agrandir l'image : ${item.caption}`}
            >
              <SceneArt
                scene={item.scene}
                pest={item.pest}
                label={item.alt}
                className="h-auto w-full transition duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
              />
              <span className="block px-4 py-3 text-sm font-semibold text-primary">{item.caption}</span>
            </button>
          </li>
        ))}
      </ul>
      {open !== null && (
        <Suspense fallback={null}>
          <GalleryViewer
            items={items}
            title={title}
            index={open}
            onMove={move}
            onClose={() => setOpen(null)}
            returnFocus={() => opener.current?.focus()}
          />
        </Suspense>
      )}
    </>
  );
}
