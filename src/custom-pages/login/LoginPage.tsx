// /login in two steps: the e-mail decides between password and single sign-on, then the password;
// then, for an account with a second factor, its code, or, where the organisation requires one the
// user has not set up, the authenticator app's setup and its first code.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  TextField,
  Typography,
} from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuthProvider, useDataProvider, useLogin, useNotify, useTranslate } from 'react-admin';
import { LoginError, type PortalAuthProvider } from '../../authProvider/authProvider.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { userKeys } from '../../dataProvider/users.ts';
import { links } from '../../domain/paths.ts';
import { SECOND_FACTOR_ERRORS, type SecondFactorSetup } from '../../domain/api/secondFactor.ts';
import { AccountCard } from '../account/AccountCard.tsx';
import { useLoginBrand } from '../account/useLoginBrand.ts';
import { CodeField, SetupSteps } from '../secondFactor/SetupSteps.tsx';
import { signInWithPopup, SsoPopupError } from '../sso/ssoMessage.ts';

export const LOGIN_PATH = '/login';

/** Whether to offer /register: a failure just leaves the link out. */
function useRegistrationOpen(): boolean {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const options = useQuery({
    queryKey: userKeys.registrationOptions,
    queryFn: () => dataProvider.getRegistrationOptions(),
    retry: false,
  });
  return options.data?.open === true;
}

type Step = 'email' | 'password' | 'code' | 'enrol';

export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const [step, setStep] = useState<Step>('email');
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const registrationOpen = useRegistrationOpen();
  const brand = useLoginBrand();
  const notify = useNotify();
  /** The provider a single sign-on popup is open for. */
  const [sso, setSso] = useState<string>();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<SecondFactorSetup>();
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
        setSso(options.provider);
        try {
          await login({ sso: await signInWithPopup(email.trim()) });
        } catch (caught) {
          if (caught instanceof SsoPopupError) {
            // Spec point 8: a closed popup is a notice, then a failed sign-in.
            if (caught.code === 'POPUP_CLOSED')
              notify('app.login.popup_closed', { type: 'warning' });
            setError(
              translate(
                caught.code === 'POPUP_CLOSED' || caught.code === 'POPUP_BLOCKED'
                  ? `app.login.${caught.code === 'POPUP_CLOSED' ? 'popup_closed' : 'popup_blocked'}`
                  : `app.accounts.sso.codes.${caught.code}`,
                { _: translate('app.accounts.sso.codes.SERVER_ERROR') },
              ),
            );
          } else fail(caught);
        } finally {
          setSso(undefined);
        }
      } else {
        setStep('password');
      }
    } catch (caught) {
      fail(caught);
    } finally {
      setLoading(false);
    }
  };

  /** The password, with the second factor's code from the code steps. */
  const submitSignIn = async (event: FormEvent) => {
    event.preventDefault();
    if (!authProvider) return;
    setLoading(true);
    setError(undefined);
    try {
      await login({ email: email.trim(), password, ...(step === 'password' ? {} : { code }) });
      return;
    } catch (caught) {
      const asked = caught instanceof LoginError ? caught.code : undefined;
      if (step === 'password' && asked === SECOND_FACTOR_ERRORS.required) {
        setStep('code');
      } else if (step === 'password' && asked === SECOND_FACTOR_ERRORS.setupRequired) {
        try {
          setSetup(await authProvider.setupSecondFactor(email.trim(), password));
          setStep('enrol');
        } catch (failed) {
          fail(failed);
        }
      } else fail(caught);
    }
    setLoading(false);
  };

  const back = () => {
    setStep('email');
    setPassword('');
    setCode('');
    setSetup(undefined);
    setError(undefined);
  };

  return (
    <AccountCard
      title={translate('app.login.title')}
      subtitle={translate('app.login.subtitle')}
      onSubmit={step === 'email' ? submitEmail : submitSignIn}
      brand={brand}
    >
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
          {step === 'password' && (
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
          )}
          {step === 'enrol' && setup && (
            <>
              <Alert severity="info">
                {translate('app.second_factor.required_by_organisation')}
              </Alert>
              <SetupSteps setup={setup} />
            </>
          )}
          {(step === 'code' || step === 'enrol') && (
            <CodeField
              value={code}
              onChange={setCode}
              disabled={loading}
              recovery={step === 'code'}
            />
          )}
        </>
      )}
      {sso && (
        <Alert severity="info" role="status">
          {translate('app.login.sso_continue', { provider: sso })}
        </Alert>
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
        disabled={
          loading ||
          (step === 'email' ? email.trim() === '' : step === 'password' ? password === '' : !code)
        }
        startIcon={loading ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {loading
          ? translate('app.login.checking')
          : translate(step === 'email' ? 'app.login.continue' : 'app.login.sign_in')}
      </Button>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Button component={Link} to={links.forgotPassword(email.trim() || undefined)} size="small">
          {translate('app.accounts.forgot.link')}
        </Button>
        {registrationOpen && (
          <Button component={Link} to={links.register()} size="small">
            {translate('app.accounts.register.link')}
          </Button>
        )}
      </Box>
    </AccountCard>
  );
}
