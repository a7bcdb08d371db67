// The frame of the screens one reaches before signing in (sign-in, invitation, password reset,
// registration, unsubscribe): a card on the brand's colour with the language choice. Given an
// organisation's brand (its own sign-in link), the card wears its colours, logo and name.
import { useMemo, type FormEvent, type ReactNode } from 'react';
import { createTheme, ThemeProvider, useTheme } from '@mui/material/styles';
import { Box, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { LocalesMenuButton, useTranslate } from 'react-admin';
import { DEFAULT_BRAND_CONFIGURATION } from '../../domain/brand.ts';
import type { LoginBrand } from './useLoginBrand.ts';
import { offeredLanguages } from '../../i18n/languages.ts';

const languages = offeredLanguages(window.location.hostname, import.meta.env.DEV);

export interface AccountCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** Makes the card a form. */
  onSubmit?: (event: FormEvent) => void;
  width?: number;
  brand?: LoginBrand;
}

export function AccountCard({
  title,
  subtitle,
  children,
  onSubmit,
  width = 400,
  brand,
}: AccountCardProps) {
  const translate = useTranslate();
  const outer = useTheme();
  const { primaryColour, secondaryColour, logoLink } =
    brand?.brandConfiguration ?? DEFAULT_BRAND_CONFIGURATION;
  // The organisation's buttons: its secondary colour, as inside the portal.
  const theme = useMemo(
    () =>
      createTheme(outer, {
        palette: {
          primary: {
            main: secondaryColour.backgroundColour,
            contrastText: secondaryColour.textColour,
          },
        },
      }),
    [outer, secondaryColour],
  );
  return (
    <ThemeProvider theme={theme}>
      <Box
        sx={{
          minHeight: '100vh',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: primaryColour.backgroundColour,
          p: 2,
        }}
      >
        <Box sx={{ position: 'absolute', top: 8, right: 8, color: primaryColour.textColour }}>
          <LocalesMenuButton languages={languages} />
        </Box>
        <Card sx={{ width: '100%', maxWidth: width }}>
          <CardContent
            component={onSubmit ? 'form' : 'div'}
            onSubmit={onSubmit}
            noValidate
            sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 4 }}
          >
            <Box>
              {logoLink ? (
                <Box
                  component="img"
                  src={logoLink}
                  alt=""
                  data-testid="login-logo"
                  sx={{ maxHeight: 42, maxWidth: 250, display: 'block', mb: 1 }}
                />
              ) : null}
              <Typography variant="overline" color="text.secondary">
                {brand?.organisationName ?? translate('app.name')}
              </Typography>
              <Typography variant="h5" component="h1">
                {title}
              </Typography>
              {subtitle && (
                <Typography variant="body2" color="text.secondary">
                  {subtitle}
                </Typography>
              )}
            </Box>
            {children}
          </CardContent>
        </Card>
      </Box>
    </ThemeProvider>
  );
}

/** The card while an account link is being checked. */
export function AccountCardLoading({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <AccountCard title={title}>
      <CircularProgress sx={{ alignSelf: 'center' }} aria-label={translate('ra.page.loading')} />
    </AccountCard>
  );
}
