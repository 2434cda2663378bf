import { Button } from './button';

/** The back-office lists' next-page button: « Charger plus de … », « Chargement... » while it loads. */
export function LoadMore({
  list,
  label,
}: {
  list: { hasMore: boolean; loadingMore: boolean; loadMore: () => unknown };
  label: string;
}) {
  if (!list.hasMore) return null;
  return (
    <div className="flex justify-center pt-4">
      <Button variant="outline" onClick={() => list.loadMore()} disabled={list.loadingMore}>
        {list.loadingMore ? 'Chargement...' : label}
      </Button>
    </div>
  );
}
