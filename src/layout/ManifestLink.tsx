// Points the page's web app manifest at the signed-in organisation's: installed, the portal carries
// its name and brand icon (issue 40). Before sign-in the manifest is the portal's own.
import { useEffect } from 'react';
import { endpoints } from '../domain/api/endpoints.ts';
import { useCaller } from '../common/useCaller.ts';

export function ManifestLink() {
  const organisationId = useCaller().identity?.organisation.id;
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link || !organisationId) return;
    link.href = `${endpoints.brandManifest}?organisation=${encodeURIComponent(organisationId)}`;
  }, [organisationId]);
  return null;
}
