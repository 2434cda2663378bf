import { cn } from '@/client/lib/utils';

/** The current plan image of a site with its devices marked, read-only. */
export interface PlanView {
  imageUrl: string;
  width: number;
  height: number;
  version: number;
}
export interface PlanDevice {
  id: string;
  label: string;
  zoneName: string | null;
  x: number | null;
  y: number | null;
}

/**
 * The site's plan, its devices drawn at their place (fractions of the plan's width and height), as
 * the customer's space and the inspector's folder show it: the width of its column, down to a phone's
 * 375 px, the markers' labels kept legible at any scale.
 */
export function SitePlan({
  plan,
  devices,
  siteName,
  className,
}: {
  plan: PlanView | null;
  devices: PlanDevice[];
  siteName: string;
  className?: string;
}) {
  if (!plan)
    return (
      <p className={cn('rounded-md border border-dashed p-4 text-sm text-muted-foreground', className)}>
        Le plan du site n’a pas encore été déposé.
      </p>
    );
  const placed = devices.filter((d) => d.x !== null && d.y !== null);
  return (
    <figure className={cn('space-y-2', className)}>
      <div className="relative w-full overflow-hidden rounded-md border bg-muted">
        <img
          src={plan.imageUrl}
          alt={`Plan de ${siteName}, version ${plan.version}`}
          width={plan.width}
          height={plan.height}
          className="block h-auto w-full"
        />
        {placed.map((d) => (
          <span
            key={d.id}
            className="absolute flex -translate-x-1/2 -translate-y-1/2 items-center gap-1"
            style={{ left: `${(d.x as number) * 100}%`, top: `${(d.y as number) * 100}%` }}
            title={d.zoneName ? `${d.label} · ${d.zoneName}` : d.label}
          >
            <span
              className="size-3 rounded-full border-2 border-white bg-red-600 shadow"
              aria-hidden="true"
            />
            <span className="rounded bg-white/90 px-1 text-[10px] leading-4 font-semibold text-foreground shadow-sm sm:text-xs">
              {d.label}
            </span>
          </span>
        ))}
      </div>
      <figcaption className="text-xs text-muted-foreground">
        {placed.length} dispositif{placed.length > 1 ? 's' : ''} placé{placed.length > 1 ? 's' : ''} sur le
        plan (version {plan.version}).
      </figcaption>
    </figure>
  );
}
