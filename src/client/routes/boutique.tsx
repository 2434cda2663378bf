import { formatEuros } from '../../domain/catalog/pricing';
import { Spinner } from '../components/ui/spinner';
import { trpc } from '../lib/trpc';

export default function Boutique() {
  const products = trpc.catalog.list.useQuery();
  return (
    <main className="mx-auto max-w-6xl p-6">
      <h1 className="mb-6 text-3xl font-bold">Boutique</h1>
      {products.isLoading && <Spinner />}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="product-grid">
        {products.data?.map((p) => (
          <li key={p.id} className="rounded-lg border p-4">
            {p.mainImage && (
              <img
                src={`${p.mainImage}/320.webp`}
                alt={p.title}
                width={320}
                height={240}
                className="w-full rounded"
              />
            )}
            <h2 className="mt-2 font-semibold">{p.title}</h2>
            <p>{formatEuros(p.priceCents)}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
