// The mail module's face: the outbox, its words and the unsubscribe links. app.ts registers mailModule; other modules may call only what
// is exported here.
import type { PortalModule } from '../../context.ts';
import { outboxRoutes } from './routes.ts';
import { unsubscribeRoutes } from './unsubscribeRoutes.ts';

export type { MailBrand } from './brandedHtml.ts';
export {
  deliverMail,
  type Mail,
  type OutboxLog,
  type QueuedMail,
  queueMail,
  sendMail,
  UNSUBSCRIBED,
} from './outbox.ts';
export { keepOnlyTypes, suppressedTypes } from './unsubscribe.ts';
export { isMailLanguage, MAIL_WORDS, type MailLanguage } from './words.ts';

export const mailModule: PortalModule = {
  name: 'mail',
  open: unsubscribeRoutes,
  routes: outboxRoutes,
};
