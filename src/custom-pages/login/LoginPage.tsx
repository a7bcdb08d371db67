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
import {
  useAuthProvider,
  useDataProvider,
  useLogin,
  useNotify,
  useTranslate,
  type TranslateFunction,
} from 'react-admin';
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

/** What a failed sign-in says: the server's reason, or that it did not answer. */
function failureOf(translate: TranslateFunction, caught: unknown): string {
  const key = caught instanceof LoginError ? caught : new LoginError('app.errors.no_response');
  return translate(key.messageKey, key.messageArgs);
}

/** A sign-on popup open, and what went wrong. */
function Notices({ ssoProvider, error }: { ssoProvider?: string; error?: string }) {
  const translate = useTranslate();
  return (
    <>
      {ssoProvider && (
        <Alert severity="info" role="status">
          {translate('app.login.sso_continue', { provider: ssoProvider })}
        </Alert>
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </>
  );
}

function SubmitButton({ step, loading, ready }: { step: Step; loading: boolean; ready: boolean }) {
  const translate = useTranslate();
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={loading || !ready}
      startIcon={loading ? <CircularProgress size={18} color="inherit" /> : undefined}
    >
      {loading
        ? translate('app.login.checking')
        : translate(step === 'email' ? 'app.login.continue' : 'app.login.sign_in')}
    </Button>
  );
}

/** The message of a single sign-on that failed: the popup's own, or the server's code. */
const ssoErrorKey = (code: string) =>
  code === 'POPUP_CLOSED' || code === 'POPUP_BLOCKED'
    ? `app.login.${code === 'POPUP_CLOSED' ? 'popup_closed' : 'popup_blocked'}`
    : `app.accounts.sso.codes.${code}`;

/**
 * Single sign-on in a popup: the provider it is open for, and the sign-in, which resolves to the
 * message of a failure (spec point 8: a closed popup is a notice, then a failed sign-in).
 */
function useSsoPopup() {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const [provider, setProvider] = useState<string>();
  const signIn = async (email: string, name: string): Promise<string | undefined> => {
    setProvider(name);
    try {
      await login({ sso: await signInWithPopup(email) });
      return undefined;
    } catch (caught) {
      if (!(caught instanceof SsoPopupError)) return failureOf(translate, caught);
      if (caught.code === 'POPUP_CLOSED') notify('app.login.popup_closed', { type: 'warning' });
      return translate(ssoErrorKey(caught.code), {
        _: translate('app.accounts.sso.codes.SERVER_ERROR'),
      });
    } finally {
      setProvider(undefined);
    }
  };
  return { provider, signIn };
}

/** After the e-mail: who is signing in (with a way back), then the password or the code steps. */
function SignInSteps({
  step,
  email,
  password,
  onPassword,
  code,
  onCode,
  setup,
  onBack,
  loading,
}: {
  step: Step;
  email: string;
  password: string;
  onPassword: (password: string) => void;
  code: string;
  onCode: (code: string) => void;
  setup: SecondFactorSetup | undefined;
  onBack: () => void;
  loading: boolean;
}) {
  const translate = useTranslate();
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <IconButton
          aria-label={translate('app.login.back')}
          onClick={onBack}
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
          onChange={(e) => onPassword(e.target.value)}
          disabled={loading}
        />
      )}
      {step === 'enrol' && setup && (
        <>
          <Alert severity="info">{translate('app.second_factor.required_by_organisation')}</Alert>
          <SetupSteps setup={setup} />
        </>
      )}
      {(step === 'code' || step === 'enrol') && (
        <CodeField value={code} onChange={onCode} disabled={loading} recovery={step === 'code'} />
      )}
    </>
  );
}

function LoginLinks({ email }: { email: string }) {
  const translate = useTranslate();
  const registrationOpen = useRegistrationOpen();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap' }}>
      <Button component={Link} to={links.forgotPassword(email || undefined)} size="small">
        {translate('app.accounts.forgot.link')}
      </Button>
      {registrationOpen && (
        <Button component={Link} to={links.register()} size="small">
          {translate('app.accounts.register.link')}
        </Button>
      )}
    </Box>
  );
}

export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const authProvider = useAuthProvider<PortalAuthProvider>();
  const [step, setStep] = useState<Step>('email');
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const brand = useLoginBrand();
  const sso = useSsoPopup();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<SecondFactorSetup>();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();

  const fail = (caught: unknown) => setError(failureOf(translate, caught));

  const submitEmail = async (event: FormEvent) => {
    event.preventDefault();
    if (!authProvider) return;
    setLoading(true);
    setError(undefined);
    try {
      const options = await authProvider.loginOptions(email.trim());
      if (options.provider && options.type) {
        setError(await sso.signIn(email.trim(), options.provider));
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
        <SignInSteps
          step={step}
          email={email}
          password={password}
          onPassword={setPassword}
          code={code}
          onCode={setCode}
          setup={setup}
          onBack={back}
          loading={loading}
        />
      )}
      <Notices ssoProvider={sso.provider} error={error} />
      <SubmitButton
        step={step}
        loading={loading}
        ready={
          step === 'email' ? email.trim() !== '' : step === 'password' ? password !== '' : !!code
        }
      />
      <LoginLinks email={email.trim()} />
    </AccountCard>
  );
}
