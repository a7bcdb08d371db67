// /organisation/brand-configuration (spec points 2, 4, 5, 8): the organisation's logo and colours
// with a live preview. Save sends only the colours that changed, plus a chosen logo; Reset brings
// the defaults back. Both change the portal of every user of the organisation at once.
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { accountKeys } from '../../dataProvider/account.ts';
import type { BrandConfigurationReply, UserSettingsReply } from '../../domain/api/session.ts';
import { DEFAULT_BRAND_CONFIGURATION, LOGO_LIMITS } from '../../domain/brand.ts';
import { failsAaContrast } from '../../domain/colour.ts';
import { useCaller } from '../../common/useCaller.ts';
import { useUserSettings } from '../../settings/useUserSettings.ts';
import { BrandPreview } from './BrandPreview.tsx';
import { ColourField } from './ColourField.tsx';
import {
  allValid,
  changedColours,
  coloursOf,
  logoProblem,
  type BrandColours,
  type LogoProblem,
} from './brandForm.ts';

const SIZE_NOTICE_MS = 10_000;

const LOGO_MESSAGES: Record<LogoProblem, string> = {
  format: 'app.brand.logo_format',
  size: 'app.brand.logo_size',
  dimensions: 'app.brand.logo_dimensions',
};

/** The logo file: checked here first, so a wrong size or type is said before anything is sent. */
function LogoChooser({
  chosen,
  hasLogo,
  disabled,
  onChoose,
}: {
  chosen: string | undefined;
  hasLogo: boolean;
  disabled: boolean;
  onChoose(file: File): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const chooseLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = await logoProblem(file);
    if (problem) {
      notify(LOGO_MESSAGES[problem], {
        type: 'error',
        messageArgs: { ...LOGO_LIMITS },
        ...(problem === 'size' ? { autoHideDuration: SIZE_NOTICE_MS } : {}),
      });
      return;
    }
    onChoose(file);
  };
  return (
    <Box>
      <Typography variant="subtitle1">{translate('app.brand.logo')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.brand.logo_rules', { ...LOGO_LIMITS })}
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center">
        <Button variant="outlined" component="label" disabled={disabled}>
          {translate('app.brand.choose_logo')}
          <input
            hidden
            type="file"
            accept="image/png"
            data-testid="brand-logo-input"
            onChange={(event) => void chooseLogo(event)}
          />
        </Button>
        <Typography variant="body2">
          {chosen ?? (hasLogo ? translate('app.brand.logo_current') : '')}
        </Typography>
      </Stack>
    </Box>
  );
}

export default function BrandConfigurationPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const { data: settings } = useUserSettings();
  const { canWrite, identity } = useCaller();
  const brand = settings?.brandConfiguration ?? DEFAULT_BRAND_CONFIGURATION;
  const saved = useMemo(() => coloursOf(brand), [brand]);
  const [colours, setColours] = useState<BrandColours>(saved);
  const [logo, setLogo] = useState<File>();
  const logoUrl = useMemo(() => (logo ? URL.createObjectURL(logo) : undefined), [logo]);
  useEffect(() => () => (logoUrl ? URL.revokeObjectURL(logoUrl) : undefined), [logoUrl]);
  // The form starts again from what is saved whenever that changes (loaded, saved, reset).
  const [formOf, setFormOf] = useState(saved);
  if (formOf !== saved) {
    setFormOf(saved);
    setColours(saved);
  }

  const applied = (next: BrandConfigurationReply) => {
    // Every screen's theme reads the settings: the whole portal changes at once.
    queryClient.setQueryData<UserSettingsReply>(accountKeys.settings, (old) =>
      old ? { ...old, brandConfiguration: next } : old,
    );
    setLogo(undefined);
  };
  const changed = changedColours(saved, colours);
  const save = useMutation({
    mutationFn: () => dataProvider.saveBrandConfiguration({ colours: changed, logo }),
    onSuccess: (next) => {
      applied(next);
      notify('app.brand.saved', { type: 'success' });
    },
    onError: () => notify('app.brand.save_failed', { type: 'error' }),
  });
  const reset = useMutation({
    mutationFn: () => dataProvider.resetBrandConfiguration(),
    onSuccess: (next) => {
      applied(next);
      notify('app.brand.reset_done', { type: 'success' });
    },
    onError: () => notify('app.brand.reset_failed', { type: 'error' }),
  });

  const set = (field: keyof BrandColours) => (value: string) =>
    setColours((old) => ({ ...old, [field]: value }));
  const lowContrast =
    failsAaContrast(colours.primary_background_colour, colours.primary_text_colour) ||
    failsAaContrast(colours.secondary_background_colour, colours.secondary_text_colour);
  const busy = !canWrite || save.isPending || reset.isPending;
  const canSave = allValid(colours) && (logo !== undefined || Object.keys(changed).length > 0);

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('app.brand.title')} />
      <CardContent>
        <Stack spacing={3} sx={{ maxWidth: 760 }}>
          <Alert severity={canWrite ? 'info' : 'warning'}>
            {translate(canWrite ? 'app.brand.affects_everyone' : 'app.brand.admins_only')}
          </Alert>
          <LogoChooser
            chosen={logo?.name}
            hasLogo={Boolean(brand.logoLink)}
            disabled={busy}
            onChoose={setLogo}
          />
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
            {(['primary', 'secondary'] as const).map((pair) => (
              <Stack key={pair}>
                <Typography variant="subtitle1">{translate(`app.brand.${pair}`)}</Typography>
                {(['background', 'text'] as const).map((part) => {
                  const name = `${pair}_${part}_colour` as const;
                  return (
                    <ColourField
                      key={name}
                      name={name}
                      value={colours[name]}
                      onChange={set(name)}
                    />
                  );
                })}
              </Stack>
            ))}
          </Stack>
          {lowContrast ? (
            <Alert severity="warning">{translate('app.brand.low_contrast')}</Alert>
          ) : null}
          <BrandPreview colours={colours} logoUrl={logoUrl ?? brand.logoLink ?? undefined} />
          {identity ? (
            <Typography variant="body2" data-testid="brand-login-link">
              {translate('app.brand.login_link')}{' '}
              <code>{`${window.location.origin}/login?organisation=${identity.organisation.id}`}</code>
            </Typography>
          ) : null}
          <Stack direction="row" spacing={2}>
            <Button variant="contained" disabled={!canSave || busy} onClick={() => save.mutate()}>
              {translate('ra.action.save')}
            </Button>
            <Button variant="outlined" disabled={busy} onClick={() => reset.mutate()}>
              {translate('app.brand.reset')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
