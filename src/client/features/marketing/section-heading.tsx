import { frenchSpaces } from '@/client/lib/typography';
import { cn } from '@/client/lib/utils';

export function SectionHeading({
  eyebrow,
  title,
  intro,
  id,
  light = false,
  className,
}: {
  eyebrow?: string;
  title: string;
  intro?: string;
  id?: string;
  light?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto max-w-3xl text-center', className)}>
      {eyebrow && (
        <p
          className={cn(
            'text-sm font-semibold uppercase tracking-[0.14em]',
            light ? 'text-amber-300' : 'text-amber-700',
          )}
        >
          {eyebrow}
        </p>
      )}
      <h2
        id={id}
        className={cn(
          'mt-2 text-balance text-3xl font-extrabold tracking-tight sm:text-4xl',
          light ? 'text-white' : 'text-primary',
        )}
      >
        {frenchSpaces(title)}
      </h2>
      {intro && (
        <p className={cn('mt-4 text-pretty text-lg', light ? 'text-emerald-50/90' : 'text-muted-foreground')}>
          {frenchSpaces(intro)}
        </p>
      )}
    </div>
  );
}
