/** The outbox renderers of the account's mails (registered by ./account-mail.ts, queued by the auth services). */
export const RESET_MAIL = 'CUENTA_RESTABLECER';
export const GOOGLE_RESET_MAIL = 'CUENTA_RESTABLECER_GOOGLE';
export const VERIFICATION_MAIL = 'CUENTA_VERIFICAR';
