import type { ReactNode } from 'react';
import { Spinner } from '@/client/components/ui/spinner';
import { cn, usePageTitle } from '@/client/lib/utils';
import { ShopContact } from './shop-contact';
import { ShopLayout } from './shop-header';

/** The column's width: an order or a devis reads narrow, a site's plan needs room. */
const WIDTHS = { '3xl': 'max-w-3xl', '4xl': 'max-w-4xl', '5xl': 'max-w-5xl' } as const;

/**
 * The frame of every page opened without an account, by a signed link (/commande, /devis,
 * /rendez-vous, /contrat, /site, /dossier) or a printed code (/verifier): the shop's header and
 * footer, the page's title, one centred column, and the shop's contact under the content when
 * `help` names its heading.
 */
export function SignedPageFrame({
  title,
  width = '3xl',
  help,
  children,
}: {
  title: string;
  width?: keyof typeof WIDTHS;
  /** The contact block's heading (« Une question ? »); none: no contact block. */
  help?: string | undefined;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <ShopLayout>
      <div className={cn('mx-auto space-y-6 px-4 py-8 sm:px-6 sm:py-12', WIDTHS[width])}>
        {children}
        {help ? <HelpBlock heading={help} /> : null}
      </div>
    </ShopLayout>
  );
}

function HelpBlock({ heading }: { heading: string }) {
  return (
    <section className="rounded-lg border border-primary/20 bg-secondary p-5 sm:p-6">
      <h2 className="mb-2 text-lg font-semibold">{heading}</h2>
      <ShopContact />
    </section>
  );
}

/** What a signed page needs of its query (react-query's result fits). */
export interface SignedQuery<T> {
  isLoading: boolean;
  data: T | null | undefined;
  error: { message: string } | null;
}

/**
 * A page whose link is its right: the spinner while the server checks the link; a link it refuses
 * (forged, revoked, expired) shows the server's French message, else `invalid`, and the contact
 * block (the way to ask for a new link); a valid one shows `children(data)` then the contact.
 * `invalid` may be a whole state of the page's own instead of a message (the inspector's folder).
 */
export function SignedPage<T>({
  query,
  invalid,
  children,
  ...frame
}: {
  title: string;
  width?: keyof typeof WIDTHS;
  help?: string;
  query: SignedQuery<T>;
  invalid: string | ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { isLoading, data, error } = query;
  if (isLoading)
    return (
      <SignedPageFrame title={frame.title} width={frame.width}>
        <Spinner className="min-h-[40vh]" />
      </SignedPageFrame>
    );
  return (
    <SignedPageFrame {...frame}>
      {data != null ? (
        children(data)
      ) : typeof invalid === 'string' ? (
        <p role="alert" className="rounded-lg border bg-card p-6 text-center">
          {error?.message ?? invalid}
        </p>
      ) : (
        invalid
      )}
    </SignedPageFrame>
  );
}
