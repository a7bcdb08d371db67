// The account screens reached without signing in (and /login-selection right after, and the
// single sign-on popup's two pages), each loaded
// when opened so that the sign-in page stays small.
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const ForgotPasswordScreen = lazyScreen(() => import('./ForgotPasswordPage.tsx'));
export const ForgotPasswordSuccessScreen = lazyScreen(
  () => import('./ForgotPasswordSuccessPage.tsx'),
);
export const ResetPasswordScreen = lazyScreen(() => import('./ResetPasswordPage.tsx'));
export const RegisterScreen = lazyScreen(() => import('./RegisterPage.tsx'));
export const RsvpScreen = lazyScreen(() => import('./RsvpPage.tsx'));
export const UnsubscribeScreen = lazyScreen(() => import('./UnsubscribePage.tsx'));
export const LoginSelectionScreen = lazyScreen(() => import('./LoginSelectionPage.tsx'));
export const SsoScreen = lazyScreen(() => import('../sso/SsoPage.tsx'));
export const SsoCallbackScreen = lazyScreen(() => import('../sso/SsoCallbackPage.tsx'));
export const CustomTokenScreen = lazyScreen(() => import('./CustomTokenPage.tsx'));
export const SecondFactorScreen = lazyScreen(() => import('../secondFactor/SecondFactorPage.tsx'));
