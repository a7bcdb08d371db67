// The brand a sign-in page wears (issue 16): the organisation's, when reached through its own link
// (`/login?organisation=`) or a host name staff gave it; otherwise the portal's own.
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type { PublicBrandReply } from '../../domain/api/organisations.ts';

export type LoginBrand = NonNullable<PublicBrandReply['brand']>;

export function useLoginBrand(): LoginBrand | undefined {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [params] = useSearchParams();
  const organisation = params.get('organisation') ?? undefined;
  const query = organisation ? { organisation } : { host: window.location.hostname };
  const brand = useQuery({
    queryKey: ['loginBrand', query],
    queryFn: () => dataProvider.getPublicBrand(query),
    retry: false,
    staleTime: Infinity,
  });
  return brand.data?.brand ?? undefined;
}
