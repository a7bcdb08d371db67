// The mail module's face: what other modules and the app may use of it.
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
export { outboxRoutes } from './routes.ts';
export { keepOnlyTypes, suppressedTypes } from './unsubscribe.ts';
export { unsubscribeRoutes } from './unsubscribeRoutes.ts';
export { isMailLanguage, MAIL_WORDS, type MailLanguage } from './words.ts';
