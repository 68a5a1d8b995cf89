import { badRequest } from '../../errors';
import { isCommonPassword } from './common-passwords';

/** A new password (registration, reset, change) is refused when it is among the most common ones. */
export function assertStrongPassword(password: string, email?: string, field = 'password') {
  if (isCommonPassword(password, email)) {
    throw badRequest('WEAK_PASSWORD', undefined, {
      [field]: 'Esta contraseña es demasiado común. Elige otra más difícil de adivinar.',
    });
  }
}
