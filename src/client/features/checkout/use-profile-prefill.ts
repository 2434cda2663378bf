import { useEffect, useRef } from 'react';
import { trpc } from '@/client/lib/trpc';
import { formatPhone } from '@/domain/common/phone';
import type { CheckoutValues } from './use-checkout';

/** Signed-in customers start from their profile: only empty fields are filled, once. */
export function useProfilePrefill(
  fill: (change: (values: CheckoutValues) => Partial<CheckoutValues>) => void,
) {
  const me = trpc.session.me.useQuery(undefined, { staleTime: 60_000 });
  const profile = trpc.account.profile.useQuery(undefined, { enabled: Boolean(me.data), retry: false });
  const done = useRef(false);

  useEffect(() => {
    if (done.current || !me.data || profile.isLoading) return;
    done.current = true;
    const p = profile.data;
    const [first = '', ...rest] = me.data.name.split(' ');
    const known: Partial<CheckoutValues> = {
      firstName: p?.firstName || first,
      lastName: p?.lastName || rest.join(' '),
      email: p?.email || me.data.email,
      phone: p?.phone ? formatPhone(p.phone) : '',
      address: p?.address ?? '',
      city: p?.city ?? '',
      zipCode: p?.postalCode ?? '',
      // A profile with a company orders as "Professionnel" by default.
      ...(p?.companyName
        ? { isBusiness: true, companyName: p.companyName, siren: p.siren ?? '', vatNumber: p.vatNumber ?? '' }
        : {}),
    };
    fill((values) =>
      Object.fromEntries(
        Object.entries(known).filter(([key, value]) => value && !values[key as keyof CheckoutValues]),
      ),
    );
  }, [me.data, profile.isLoading, profile.data, fill]);
}
