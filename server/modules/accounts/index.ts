// The accounts module's face: what other modules may call. (Its routes are still registered from
// app.ts one by one; issue 39 moves them here.)
export { mailSecondFactorGuessed } from './secondFactorMail.ts';
export {
  type AccountToken,
  findAccountToken,
  issueAccountToken,
  useAccountToken,
} from './accountTokens.ts';
export { mailLanguage } from './mailLanguage.ts';
export { invitationMail } from './mails.ts';
export { passwordResetRoutes } from './passwordResetRoutes.ts';
export { requireStrongPassword } from './passwordStrength.ts';
export { registrationRoutes } from './registrationRoutes.ts';
