// The frame of the screens one reaches before signing in (sign-in, invitation, password reset,
// registration, unsubscribe): a card on the brand's colour with the language choice.
import type { FormEvent, ReactNode } from 'react';
import { Box, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { LocalesMenuButton, useTranslate } from 'react-admin';
import { DEFAULT_BRAND_CONFIGURATION } from '../../domain/brand.ts';
import { offeredLanguages } from '../../i18n/languages.ts';

const languages = offeredLanguages(window.location.hostname, import.meta.env.DEV);

export interface AccountCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** Makes the card a form. */
  onSubmit?: (event: FormEvent) => void;
  width?: number;
}

export function AccountCard({
  title,
  subtitle,
  children,
  onSubmit,
  width = 400,
}: AccountCardProps) {
  const translate = useTranslate();
  const { primaryColour } = DEFAULT_BRAND_CONFIGURATION;
  return (
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
            <Typography variant="overline" color="text.secondary">
              {translate('app.name')}
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
