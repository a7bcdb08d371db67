// The mail to an account's owner when wrong second-step codes reached the account's ceiling
// (auth/routes.ts), in the owner's language.
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import { sendMail, type OutboxLog } from '../mail/index.ts';
import { mailLanguage } from './mailLanguage.ts';
import { secondFactorGuessedMail } from './mails.ts';

export async function mailSecondFactorGuessed(
  db: Queryable,
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl'>,
  log: OutboxLog,
  guessed: { to: string; failures: number; acceptLanguage?: string },
): Promise<void> {
  const language = await mailLanguage(db, guessed.to, { acceptLanguage: guessed.acceptLanguage });
  await sendMail(db, config, log, [
    secondFactorGuessedMail(config.publicUrl, language, {
      to: guessed.to,
      failures: guessed.failures,
    }),
  ]);
}
