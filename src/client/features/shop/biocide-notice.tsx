import { cn } from '@/client/lib/utils';
import { biocideSentence } from '../../../domain/catalog/biocides';

/**
 * The sentence every advertisement of a biocide carries, set apart (Reg. 528/2012 art. 72):
 * under the price of every card, product page, cart line and order mail.
 */
export function BiocideNotice({
  biocideType,
  className,
}: {
  biocideType: string | null | undefined;
  className?: string;
}) {
  if (!biocideType) return null;
  return (
    <p
      className={cn(
        'rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-xs font-medium leading-snug text-amber-950',
        className,
      )}
    >
      {biocideSentence(biocideType)}
    </p>
  );
}
