import { FileText } from 'lucide-react';
import type { HazardInfo } from '../../../domain/catalog/hazards';
import { GhsPictogramIcon } from './ghs-pictogram';
import { ProductImage } from './product-image';

interface HazardFields {
  /** Resolved by the server (catalog/shop.ts): codes with their French texts. */
  hazards: HazardInfo | null;
  safetyDataSheet: string | null;
  labelImage: string | null;
}

/**
 * The "Dangers" block of a product page (CLP art. 48(2)): what a distance buyer must see before
 * buying a hazardous mixture: pictograms, signal word, hazard and precautionary statements, and
 * the safety data sheet.
 */
export function ProductHazards({ product }: { product: HazardFields }) {
  const info = product.hazards;
  if (!info && !product.safetyDataSheet && !product.labelImage) return null;
  return (
    <section
      aria-labelledby="dangers"
      className="min-w-0 space-y-3 rounded-lg border-2 border-red-700/70 bg-card p-4 [overflow-wrap:anywhere]"
    >
      <h2 id="dangers" className="text-lg font-semibold">
        Dangers
      </h2>
      {info && info.pictograms.length > 0 && (
        <ul className="flex flex-wrap gap-3" aria-label="Pictogrammes de danger">
          {info.pictograms.map((p) => (
            // Wide enough for « d’exclamation » on one line; words never break (issue 35).
            <li
              key={p.code}
              className="flex w-24 flex-col items-center gap-1 text-center text-xs [overflow-wrap:normal]"
            >
              <GhsPictogramIcon code={p.code} name={p.name} className="size-16" />
              <span aria-hidden="true">{p.name}</span>
            </li>
          ))}
        </ul>
      )}
      {info?.signalWord && (
        <p className="text-base font-bold uppercase tracking-wide text-red-800">
          <span className="sr-only">Mention d'avertissement : </span>
          {info.signalWord}
        </p>
      )}
      {info && info.hazards.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold">Mentions de danger</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {info.hazards.map((h) => (
              <li key={h.code}>
                <strong>{h.code}</strong> {h.text}
              </li>
            ))}
          </ul>
        </div>
      )}
      {info && info.precautions.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold">Conseils de prudence</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {info.precautions.map((p) => (
              <li key={p.code}>
                <strong>{p.code}</strong> {p.text}
              </li>
            ))}
          </ul>
        </div>
      )}
      {product.labelImage && (
        <figure className="space-y-1">
          <ProductImage
            base={product.labelImage}
            alt="Étiquette du produit"
            sizes="(min-width: 1024px) 480px, 100vw"
            className="max-h-96 w-full rounded-md border object-contain"
          />
          <figcaption className="text-xs text-muted-foreground">Étiquette du produit</figcaption>
        </figure>
      )}
      {product.safetyDataSheet && (
        <a
          href={product.safetyDataSheet}
          className="inline-flex items-center gap-2 text-sm font-medium text-primary underline underline-offset-4"
          target="_blank"
          rel="noopener"
        >
          <FileText className="size-4" aria-hidden="true" />
          Fiche de données de sécurité (PDF)
        </a>
      )}
    </section>
  );
}
