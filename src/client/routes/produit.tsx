import { ArrowLeft, PackageSearch, ShoppingCart, Store, Truck } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { trpc } from '@/client/lib/trpc';
import { useHydrated } from '@/client/lib/use-hydrated';
import { cn, usePageTitle } from '@/client/lib/utils';
import { CERTIBIOCIDE_CATEGORIES, isCertibiocideCategory } from '../../domain/catalog/certibiocide';
import { formatEuros, isOutOfStock } from '../../domain/catalog/pricing';
import { BackLink } from '../features/shop/back-link';
import { BiocideNotice } from '../features/shop/biocide-notice';
import { useShop } from '../features/shop/order-totals';
import { Price, PromoBadge } from '../features/shop/price';
import { ProductHazards } from '../features/shop/product-hazards';
import { ProductImage } from '../features/shop/product-image';
import { ShopContact } from '../features/shop/shop-contact';
import { ShopLayout } from '../features/shop/shop-header';
import { StockBadge } from '../features/shop/stock-badge';
import { UnitPrice } from '../features/shop/unit-price';
import { useAddToCart } from '../features/shop/use-add-to-cart';

/** The spec shows the main image and at most 4 additional ones. */
const MAX_ADDITIONAL_IMAGES = 4;

export default function Produit() {
  const { id = '' } = useParams();
  // retryOnMount: a 'Produit non trouvé' rendered by the server is not asked again on hydration.
  const product = trpc.catalog.byId.useQuery({ id }, { retry: false, retryOnMount: false });
  const [selected, setSelected] = useState(0);
  const addToCart = useAddToCart();
  const hydrated = useHydrated();
  const shop = useShop().data;
  const rules = shop?.delivery;
  usePageTitle(product.data?.title ?? (product.isError ? 'Produit non trouvé' : null));

  if (product.isLoading) {
    return (
      <ShopLayout>
        <Spinner className="min-h-[60vh]" />
      </ShopLayout>
    );
  }

  if (!product.data) {
    return (
      <ShopLayout>
        <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
          <PackageSearch className="size-14 text-muted-foreground/60" aria-hidden="true" />
          <h1 className="text-2xl font-bold">Produit non trouvé</h1>
          <p className="text-muted-foreground">Ce produit n'existe pas ou n'est plus proposé à la vente.</p>
          <Button asChild>
            <Link to="/boutique">
              <ArrowLeft aria-hidden="true" />
              Retour à la boutique
            </Link>
          </Button>
        </div>
      </ShopLayout>
    );
  }

  const p = product.data;
  const images = [p.mainImage, ...p.additionalImages.slice(0, MAX_ADDITIONAL_IMAGES)].filter(
    (image): image is string => Boolean(image),
  );
  const main = images[selected] ?? images[0] ?? null;
  const out = isOutOfStock(p);
  const details = [
    ['Marque', p.brand],
    ['Catégorie', [p.category, p.subcategory].filter(Boolean).join(' › ')],
    ['Taille', p.size],
    ['Couleur', p.color],
    ['Poids', p.weightKg ? `${p.weightKg.toLocaleString('fr-FR')} kg` : null],
    ['Délai de livraison', p.deliveryTime],
    [
      'Contenance',
      p.netQuantity && p.netUnit
        ? `${p.netQuantity.toLocaleString('fr-FR')} ${p.netUnit === 'piece' ? 'pièce(s)' : p.netUnit}`
        : null,
    ],
  ].filter((row): row is [string, string] => Boolean(row[1]));

  return (
    <ShopLayout>
      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        <BackLink to="/boutique">Retour à la boutique</BackLink>
        <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
          <div className="space-y-3">
            <div className="relative overflow-hidden rounded-lg border bg-card">
              <ProductImage
                key={main}
                base={main}
                alt={p.title}
                sizes="(min-width: 1024px) 560px, 100vw"
                priority
                className="aspect-[4/3] w-full"
              />
              <PromoBadge product={p} className="absolute left-4 top-4 shadow" />
            </div>
            {images.length > 1 && (
              <ul className="grid grid-cols-5 gap-2" aria-label="Images du produit">
                {images.map((image, index) => (
                  <li key={image}>
                    <button
                      type="button"
                      onClick={() => setSelected(index)}
                      aria-label={`Image ${index + 1} sur ${images.length}`}
                      aria-pressed={index === selected}
                      className={cn(
                        'block w-full overflow-hidden rounded-md border-2 transition',
                        index === selected
                          ? 'border-primary'
                          : 'border-transparent opacity-80 hover:opacity-100',
                      )}
                    >
                      <ProductImage base={image} alt="" sizes="112px" className="aspect-square w-full" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>

          <div className="flex flex-col gap-5">
            <div className="space-y-2">
              {p.brand && (
                <p className="text-sm font-medium uppercase tracking-wide text-muted-foreground">{p.brand}</p>
              )}
              <h1 className="text-2xl font-bold leading-tight tracking-tight sm:text-3xl">{p.title}</h1>
              <StockBadge product={p} lowStockThreshold={shop?.lowStockThreshold} />
            </div>
            <div className="space-y-1">
              <Price product={p} size="lg" showReference />
              <UnitPrice product={p} className="text-sm" />
            </div>
            <BiocideNotice biocideType={p.biocideType} className="text-sm" />
            {p.professionalOnly && (
              <p className="rounded-md border bg-muted px-3 py-2 text-sm">
                <strong>Réservé aux professionnels</strong> titulaires du{' '}
                {isCertibiocideCategory(p.certibiocideCategory)
                  ? CERTIBIOCIDE_CATEGORIES[p.certibiocideCategory].label
                  : 'Certibiocide'}
                . Connectez-vous et renseignez votre certificat dans votre profil, ou appelez la boutique.
              </p>
            )}
            {p.miniDescription && <p className="text-lg text-muted-foreground">{p.miniDescription}</p>}
            <Button
              size="lg"
              className="w-full sm:w-auto sm:self-start"
              disabled={out || !hydrated}
              onClick={() => addToCart(p)}
            >
              <ShoppingCart aria-hidden="true" />
              {out ? 'Rupture de stock' : 'Ajouter au panier'}
            </Button>
            <ul className="grid gap-3 rounded-lg border bg-card p-4 text-sm sm:grid-cols-2">
              {rules?.shippingEnabled !== false && (
                <li className="flex items-start gap-3">
                  <Truck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                  <span>
                    <strong className="block">
                      {!rules || rules.defaultShippingCostCents === 0
                        ? 'Livraison gratuite'
                        : `Livraison offerte dès ${formatEuros(rules.freeShippingThresholdCents)}`}
                    </strong>
                    <span className="text-muted-foreground">{p.deliveryTime ?? 'Expédition rapide'}</span>
                  </span>
                </li>
              )}
              <li className="flex items-start gap-3">
                <Store className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                <span>
                  <strong className="block">Retrait en boutique</strong>
                  <span className="text-muted-foreground">Samedi uniquement</span>
                </span>
              </li>
            </ul>
            <ProductHazards product={p} />
            {p.description && (
              <section className="space-y-2">
                <h2 className="text-lg font-semibold">Description</h2>
                <p className="whitespace-pre-line leading-relaxed text-foreground/90">{p.description}</p>
              </section>
            )}
            {details.length > 0 && (
              <section className="space-y-2">
                <h2 className="text-lg font-semibold">Caractéristiques</h2>
                <dl className="divide-y rounded-lg border bg-card text-sm">
                  {details.map(([label, value]) => (
                    <div key={label} className="flex justify-between gap-4 px-4 py-2.5">
                      <dt className="text-muted-foreground">{label}</dt>
                      <dd className="text-right font-medium">{value}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            )}
            <section className="space-y-2">
              <h2 className="text-lg font-semibold">Une question sur ce produit ?</h2>
              <ShopContact className="rounded-lg border bg-card p-4" />
            </section>
          </div>
        </div>
      </div>
    </ShopLayout>
  );
}
