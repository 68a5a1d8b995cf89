import { badRequest } from '../../errors';
import { isCommonPassword } from './common-passwords';
import { passwordWeakness } from './password-strength';

/**
 * A new password (registration, reset, change) is refused when it is among the most common ones, or when the
 * strength estimator finds it guessable (password-strength.ts), with a Spanish hint for the field.
 */
export function assertStrongPassword(password: string, email?: string, field = 'password') {
  if (isCommonPassword(password, email)) {
    throw badRequest('WEAK_PASSWORD', undefined, {
      [field]: 'Esta contraseña es demasiado común. Elige otra más difícil de adivinar.',
    });
  }
  // The account's own e-mail (and its name part) count as known words: "lucia.gomez2024" is weak for Lucía.
  const weakness = passwordWeakness(password, email ? [email, email.split('@')[0]] : []);
  if (weakness) throw badRequest('WEAK_PASSWORD', weakness, { [field]: weakness });
}
