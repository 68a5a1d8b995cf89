/**
 * Error codes shared by server and client, with the Spanish message users see.
 * Messages of the catalogue of docs/product.md §8 are copied character for character.
 */
import {
  INVALID_RESPONSE,
  LOTE_DELETE_ERROR,
  LOTE_UPDATE_ERROR,
  LOTES_LIST_ERROR,
  NETWORK_ERROR,
  SESSION_EXPIRED,
  USER_IDENTIFY_ERROR,
  USER_LOAD_ERROR,
} from './errors-base';

export const ERRORS = {
  // docs/product.md §8
  NETWORK_ERROR,
  GOOGLE_LOGIN_ERROR: 'Error en autenticación con Google',
  GOOGLE_REGISTRATION_ERROR: 'Error completando registro con Google',
  INVALID_RESPONSE,
  LOGIN_PROCESS_ERROR: 'Error completando el inicio de sesión.',
  TOKEN_REQUIRED: 'Token de autorización requerido',
  TOKEN_INVALID: 'Token inválido',
  LOTES_LIST_ERROR,
  LOTE_CREATE_ERROR: 'Error al crear lote',
  LOTE_UPDATE_ERROR,
  LOTE_DELETE_ERROR,
  // ours
  INTERNAL_ERROR: 'Error interno del servidor.',
  NOT_FOUND: 'Recurso no encontrado.',
  ROUTE_NOT_FOUND: 'La ruta solicitada no existe.',
  VALIDATION_ERROR: 'Los datos enviados no son válidos.',
  INVALID_JSON: 'El cuerpo de la petición no es un JSON válido.',
  UNSUPPORTED_MEDIA_TYPE: 'Tipo de contenido no admitido.',
  PAYLOAD_TOO_LARGE: 'El contenido enviado es demasiado grande.',
  TOO_MANY_REQUESTS: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
  FORBIDDEN: 'No tienes permiso para realizar esta acción.',
  ROLE_REQUIRED: 'Tu tipo de cuenta no permite esta acción.',
  PROFILE_REQUIRED: 'Completa tu perfil antes de continuar.',
  INVALID_CREDENTIALS: 'Correo electrónico o contraseña incorrectos.',
  EMAIL_TAKEN: 'Ya existe una cuenta con este correo electrónico.',
  WEAK_PASSWORD: 'Esta contraseña es demasiado común. Elige otra más difícil de adivinar.',
  SESSION_EXPIRED,
  GOOGLE_DISABLED: 'El inicio de sesión con Google no está disponible.',
  CONFLICT: 'El recurso ya existe o ha cambiado.',
  NOT_READY: 'El servicio no está listo.',
  // accounts (issue 3)
  GOOGLE_EMAIL_NOT_VERIFIED:
    'Ya existe una cuenta con este correo electrónico. Inicia sesión con tu contraseña: por seguridad no la vinculamos a Google mientras el correo no esté verificado.',
  GOOGLE_ACCOUNT_CONFLICT: 'Este correo electrónico ya está vinculado a otra cuenta de Google.',
  REAUTH_FAILED: 'No hemos podido confirmar tu identidad. Revisa la contraseña e inténtalo de nuevo.',
  PASSWORD_INCORRECT: 'La contraseña actual no es correcta.',
  PASSWORD_NOT_SET: 'Tu cuenta inicia sesión con Google y no tiene contraseña.',
  PASSWORD_CHANGED_MEANWHILE:
    'La contraseña acaba de cambiar en otra petición. Inicia sesión con la contraseña nueva si has sido tú.',
  PROFILE_EXISTS: 'Ya tienes un perfil creado. Puedes editarlo desde tu panel.',
  PROFILE_NOT_FOUND: 'Todavía no has creado tu perfil.',
  NOMBRE_EN_USO:
    'Ya hay un productor con ese nombre público (sin contar mayúsculas ni tildes). Elige otro, por ejemplo con tu región.',
  // Idempotency-Key (docs/product.md §11)
  IDEMPOTENCY_KEY_REQUIRED: 'Falta la cabecera Idempotency-Key: envía un UUID nuevo por cada operación.',
  IDEMPOTENCY_KEY_INVALID: 'La cabecera Idempotency-Key debe ser un UUID.',
  IDEMPOTENCY_KEY_REUSED:
    'Esta clave de idempotencia ya se usó con otros datos. Usa una clave nueva para otra operación.',
  IDEMPOTENCY_IN_PROGRESS: 'Esta operación ya se está procesando. Espera un momento y vuelve a consultarla.',
  // notifications and e-mail (issue 9)
  RESET_TOKEN_INVALID: 'El enlace para restablecer la contraseña no es válido o ya se usó. Pide uno nuevo.',
  RESET_TOKEN_EXPIRED: 'El enlace para restablecer la contraseña ha caducado (dura una hora). Pide uno nuevo.',
  VERIFY_TOKEN_INVALID: 'El enlace de verificación no es válido o ya se usó. Pide uno nuevo desde tu cuenta.',
  VERIFY_TOKEN_EXPIRED: 'El enlace de verificación ha caducado. Pide uno nuevo desde tu cuenta.',
  ALREADY_VERIFIED: 'Tu correo electrónico ya está verificado.',
  // faults (issue 26)
  SERVICE_UNAVAILABLE:
    'Se perdió la conexión con la base de datos mientras atendíamos tu petición. Inténtalo de nuevo en unos segundos.',
  REQUEST_TIMEOUT: 'La petición tardó demasiado en llegar. Inténtalo de nuevo.',
  // the operator's back office and the second factor (issue 28, docs/decisions/045)
  SECOND_FACTOR_CODE_INVALID:
    'El código no es correcto o ya se usó. Escribe el código de 6 cifras que muestra ahora tu aplicación de autenticación, o uno de tus códigos de recuperación.',
  SECOND_FACTOR_CHALLENGE_INVALID:
    'La verificación en dos pasos ha caducado o no es válida. Vuelve a iniciar sesión con tu correo y contraseña.',
  SECOND_FACTOR_ALREADY_ENROLLED: 'Esta cuenta ya tiene configurada la verificación en dos pasos.',
  SECOND_FACTOR_GOOGLE:
    'Las cuentas del laboratorio y del operador entran con correo, contraseña y verificación en dos pasos, no con Google.',
  ACCOUNT_SUSPENDED:
    'Tu cuenta está suspendida. Si crees que es un error, escribe a soporte@cereza.example indicando tu correo: te responderemos en un plazo de 5 días hábiles.',
} as const;

export type ErrorCode = keyof typeof ERRORS;

export interface ApiErrorBody {
  success: false;
  error: { code: ErrorCode | string; message: string; fields?: Record<string, string> };
}

/** Toasts of docs/product.md §8 and the success messages the client shows. */
export const MESSAGES = {
  SESSION_EXPIRED,
  USER_IDENTIFY_ERROR,
  USER_LOAD_ERROR,
  SERVER_RESPONSE_INVALID: 'Error: Respuesta del servidor inválida',
  PROFILE_UNEXPECTED_ERROR: 'Error inesperado al procesar el perfil',
  GOOGLE_REGISTRATION_FAILED: 'Error al completar el registro. Intenta nuevamente.',
  LOGIN_SUCCESS: 'Sesión iniciada correctamente.',
  PRODUCTOR_PROFILE_CREATED: '¡Perfil de productor creado correctamente!',
  COMPRADOR_PROFILE_CREATED: '¡Perfil de comprador creado correctamente!',
  USER_CREATED: 'Usuario creado satisfactoriamente.',
} as const;

/** Private files (message attachments, trade documents) read through a signed link. */
export const ARCHIVO_MESSAGES = {
  NO_DISPONIBLE:
    'El archivo no existe o el enlace caducó. Vuelve a abrir la conversación o el pedido para descargarlo.',
} as const;
