// /qr?code=…&claim=…: the page a device's printed QR label opens. Signed in, it goes on to the
// device's machine or equipment asset, or to onboarding with the code and claim code filled in;
// staff learn where a device of another organisation is. Not signed in: sign in first, then on.
import { Alert, Button, CircularProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { useAuthProvider, useDataProvider, useTranslate } from 'react-admin';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { rememberReturn, takeReturn } from '../../authProvider/returnTo.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type { QrTargetReply } from '../../domain/api/sensors.ts';
import { links } from '../../domain/paths.ts';
import { AccountCard } from '../account/AccountCard.tsx';

export function QrPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const authProvider = useAuthProvider();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const code = params.get('code')?.trim() ?? '';
  const claim = params.get('claim')?.trim() ?? '';
  const [outcome, setOutcome] = useState<QrTargetReply | 'unknown' | null>(null);

  useEffect(() => {
    let live = true;
    const go = async () => {
      const signedIn = await (authProvider?.checkAuth({}) ?? Promise.reject(new Error())).then(
        () => true,
        () => false,
      );
      if (!live) return;
      if (!signedIn) {
        rememberReturn(location.pathname + location.search);
        void navigate(links.login(), {
          replace: true,
          state: { nextPathname: location.pathname, nextSearch: location.search },
        });
        return;
      }
      takeReturn();
      if (!code) return setOutcome('unknown');
      try {
        const target = await dataProvider.resolveQr(code, claim);
        if (!live) return;
        if (target.target === 'machine' && target.machineId)
          void navigate(links.machine(target.machineId), { replace: true });
        else if (target.target === 'asset' && target.equipmentAssetId)
          void navigate(links.assetDetails(target.equipmentAssetId), { replace: true });
        else if (target.target === 'onboard')
          void navigate(links.machineOnboard({ sensor: target.code, claim }), { replace: true });
        else setOutcome(target);
      } catch {
        if (live) setOutcome('unknown');
      }
    };
    void go();
    return () => {
      live = false;
    };
  }, [authProvider, claim, code, dataProvider, location.pathname, location.search, navigate]);

  const title = translate('app.devices.qr.title', { code });
  return (
    <AccountCard title={title}>
      {outcome === null ? <CircularProgress aria-label={translate('ra.page.loading')} /> : null}
      {outcome === 'unknown' ? (
        <Alert severity="warning" data-testid="qr-unknown">
          {translate('app.devices.qr.unknown', { code })}
        </Alert>
      ) : null}
      {outcome && outcome !== 'unknown' ? (
        <Alert severity="info" data-testid="qr-elsewhere">
          {translate('app.devices.qr.elsewhere', {
            machine: outcome.machineName ?? '',
            organisation: outcome.organisationName ?? '',
          })}
        </Alert>
      ) : null}
      {outcome ? (
        <Button component={Link} to={links.machines()} sx={{ mt: 2 }}>
          {translate('app.not_found.home')}
        </Button>
      ) : null}
    </AccountCard>
  );
}

export default QrPage;
