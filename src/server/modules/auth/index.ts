export { verifyGoogleCredential } from './google';
export { assertStrongPassword } from './password-policy';
export { resetSecondFactor } from './segundo-factor';
export { startSession, storePassword } from './service';
export { forgetTokensOf } from './al-eliminar-cuenta';
