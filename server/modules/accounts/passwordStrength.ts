// The password rule for every password a person sets: ten characters at least, and not guessable
// by zxcvbn (score 3 of 4: common passwords, names, dates, keyboard walks and the user's own
// e-mail and names all count against it).
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { MIN_PASSWORD_LENGTH, WEAK_PASSWORD } from '../../../src/domain/api/accounts.ts';
import { HttpError } from '../../httpError.ts';

const MIN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;
function strength() {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return estimator;
}

/** Throws a 400 WEAK_PASSWORD naming `field`, with zxcvbn's advice, when the password is weak. */
export function requireStrongPassword(
  password: string,
  userInputs: string[],
  field = 'password',
): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new HttpError(
      400,
      WEAK_PASSWORD,
      `The password must have at least ${MIN_PASSWORD_LENGTH} characters`,
      field,
    );
  }
  // Only the first 100 characters are judged: zxcvbn's work grows with the length.
  const result = strength().check(password.slice(0, 100), userInputs);
  if (result.score < MIN_SCORE) {
    const advice = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean);
    throw new HttpError(
      400,
      WEAK_PASSWORD,
      `The password is too easy to guess${advice.length ? `: ${advice.join(' ')}` : ''}`,
      field,
    );
  }
}
