import { PASSWORD_MIN } from '../../contract/auth';

export interface PasswordStrength {
  /** 0: too short, 1: weak, 2: fair, 3: strong. */
  level: 0 | 1 | 2 | 3;
  label: string;
  advice: string;
}

/**
 * A hint while typing a new password, not a rule (the server's rules are length and the common-password list,
 * decision 006): length counts most, then variety; repeated characters and digit runs are weak.
 */
export function passwordStrength(password: string): PasswordStrength {
  const length = [...password].length;
  if (length < PASSWORD_MIN) {
    return { level: 0, label: 'Demasiado corta', advice: `Usa al menos ${PASSWORD_MIN} caracteres.` };
  }
  const classes = [/[a-zñáéíóúü]/, /[A-ZÑÁÉÍÓÚÜ]/, /\d/, /[^\p{L}\d]/u].filter((r) => r.test(password)).length;
  const words = password
    .trim()
    .split(/[\s\-_.]+/)
    .filter((w) => w.length >= 3).length;
  const trivial = /^(.)\1+$/.test(password) || /^\d+$/.test(password);
  if (trivial || (length < 12 && classes <= 1)) {
    return { level: 1, label: 'Débil', advice: 'Alárgala o mezcla palabras, números y signos.' };
  }
  if (length >= 16 || words >= 3 || (length >= 12 && classes >= 3)) {
    return { level: 3, label: 'Fuerte', advice: 'Buena contraseña. Guárdala en un gestor de contraseñas.' };
  }
  return {
    level: 2,
    label: 'Aceptable',
    advice: 'Una frase de tres o cuatro palabras es más segura y fácil de recordar.',
  };
}
