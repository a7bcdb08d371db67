// /login in two steps: the e-mail decides between password and single sign-on, then the password.
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  IconButton,
  TextField,
  Typography,
} from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { LocalesMenuButton, useAuthProvider, useLogin, useTranslate } from 'react-admin';
import { LoginError, type PortalAuthProvider } from '../../authProvider/authProvider.ts';
import { DEFAULT_BRAND_CONFIGURATION } from '../../domain/brand.ts';
import { offeredLanguages } from '../../i18n/languages.ts';

export const LOGIN_PATH = '/login';

const languages = offeredLanguages(window.location.hostname, import.meta.env.DEV);

type Step = 'email' | 'password';

export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();

  const fail = (caught: unknown) => {
    const key = caught instanceof LoginError ? caught : new LoginError('app.errors.no_response');
    setError(translate(key.messageKey, key.messageArgs));
  };

  const submitEmail = async (event: FormEvent) => {
    event.preventDefault();
    if (!authProvider) return;
    setLoading(true);
    setError(undefined);
    try {
      const options = await authProvider.loginOptions(email.trim());
      if (options.provider && options.type) {
        setError(
          translate('app.login.sso_required', { provider: options.provider, type: options.type }),
        );
      } else {
        setStep('password');
      }
    } catch (caught) {
      fail(caught);
    } finally {
      setLoading(false);
    }
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    setLoading(true);
    setError(undefined);
    try {
      await login({ email: email.trim(), password });
    } catch (caught) {
      fail(caught);
      setLoading(false);
    }
  };

  const back = () => {
    setStep('email');
    setPassword('');
    setError(undefined);
  };

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
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent
          component="form"
          onSubmit={step === 'email' ? submitEmail : submitPassword}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 4 }}
          noValidate
        >
          <Box>
            <Typography variant="overline" color="text.secondary">
              {translate('app.name')}
            </Typography>
            <Typography variant="h5" component="h1">
              {translate('app.login.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('app.login.subtitle')}
            </Typography>
          </Box>
          {step === 'email' ? (
            <TextField
              label={translate('app.login.email')}
              type="email"
              name="email"
              autoComplete="username"
              autoFocus
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              disabled={loading}
            />
          ) : (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <IconButton
                  aria-label={translate('app.login.back')}
                  onClick={back}
                  size="small"
                  disabled={loading}
                >
                  <ArrowBack fontSize="small" />
                </IconButton>
                <Typography variant="body2" noWrap>
                  {translate('app.login.signing_in_as', { email: email.trim() })}
                </Typography>
              </Box>
              <TextField
                label={translate('app.login.password')}
                type="password"
                name="password"
                autoComplete="current-password"
                autoFocus
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                disabled={loading}
              />
            </>
          )}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={loading || (step === 'email' ? email.trim() === '' : password === '')}
            startIcon={loading ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {loading
              ? translate('app.login.checking')
              : translate(step === 'email' ? 'app.login.continue' : 'app.login.sign_in')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
