// The accounts module's face: password resets, registration, account tokens and the account mails. app.ts registers accountsModule; other modules may call only what
// is exported here.
import type { PortalModule } from '../../context.ts';
import { passwordResetRoutes } from './passwordResetRoutes.ts';
import { registrationRoutes } from './registrationRoutes.ts';

export { mailSecondFactorGuessed } from './secondFactorMail.ts';
export {
  type AccountToken,
  findAccountToken,
  issueAccountToken,
  useAccountToken,
} from './accountTokens.ts';
export { acceptedLanguage, mailLanguage, userLanguage } from './mailLanguage.ts';
export { invitationMail } from './mails.ts';
export { requireStrongPassword } from './passwordStrength.ts';

export const accountsModule: PortalModule = {
  name: 'accounts',
  open: async (app, context) => {
    await app.register(passwordResetRoutes, context);
    await app.register(registrationRoutes, context);
  },
};
