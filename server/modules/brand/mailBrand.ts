// The brand an organisation's mails wear (its name, colours and logo), for the outbox.
import type { Queryable } from '../../db/database.ts';
import type { MailBrand } from '../mail/index.ts';
import { getOrganisation } from '../../tenancy/organisation.ts';
import { getBrandConfiguration } from './service.ts';

export async function mailBrandOf(
  db: Queryable,
  organisationId: string,
): Promise<MailBrand | undefined> {
  const organisation = await getOrganisation(db, organisationId);
  if (!organisation) return undefined;
  return {
    organisationName: organisation.name,
    brand: await getBrandConfiguration(db, organisationId),
  };
}
