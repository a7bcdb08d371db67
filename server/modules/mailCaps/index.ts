// The mailCaps module's face: the caps on the mail a request or a scheduled report may send
// (caps.ts). It has no routes of its own; the outbox's staff screen shows its counts.
export { allowScheduledRun, mailCapCounts, OVER_MAIL_CAP, reserveMail } from './caps.ts';
