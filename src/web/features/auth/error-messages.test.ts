import { afterEach, describe, expect, it } from 'vitest';
import { api, ApiError, setApiFetch } from '../../lib/api';
import { googleRegistrationErrorMessage } from './google-register-modal';
import { perfilErrorMessage } from './perfil-forms';

/** What the server answers, as the browser's fetch would hand it to the API client. */
const answer = (status: number, body: string | object) =>
  setApiFetch(
    async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
const failure = async (): Promise<unknown> =>
  api('/api/prueba', { method: 'POST' }).then(
    () => undefined,
    (e) => e,
  );

afterEach(() => setApiFetch((path, init) => fetch(path, init)));

describe('Google registration failures (docs/product.md §8)', () => {
  it('{ "success": false } without a message: "Error al completar el registro. Intenta nuevamente."', async () => {
    answer(200, { success: false });
    expect(googleRegistrationErrorMessage(await failure())).toBe('Error al completar el registro. Intenta nuevamente.');
    answer(400, { success: false });
    expect(googleRegistrationErrorMessage(await failure())).toBe('Error al completar el registro. Intenta nuevamente.');
  });

  it('the server’s own message when it sent one', async () => {
    answer(409, {
      success: false,
      error: { code: 'EMAIL_TAKEN', message: 'Ya existe una cuenta con este correo electrónico.' },
    });
    expect(googleRegistrationErrorMessage(await failure())).toBe('Ya existe una cuenta con este correo electrónico.');
    answer(200, { success: false, message: 'Registro cerrado temporalmente.' });
    expect(googleRegistrationErrorMessage(await failure())).toBe('Registro cerrado temporalmente.');
  });

  it('our side failing (a 5xx without message, or an answer that is not ours): GOOGLE_REGISTRATION_ERROR', async () => {
    answer(500, { success: false });
    expect(googleRegistrationErrorMessage(await failure())).toBe('Error completando registro con Google');
    answer(502, '<html>Bad gateway</html>');
    expect(googleRegistrationErrorMessage(await failure())).toBe('Error completando registro con Google');
  });

  it('no connection: the network message', async () => {
    setApiFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(googleRegistrationErrorMessage(await failure())).toBe(
      'Error de conexión. Verifica tu internet e intenta nuevamente.',
    );
  });
});

describe('profile creation failures', () => {
  it('a 500 without a message: "Error inesperado al procesar el perfil"', async () => {
    answer(500, { success: false });
    const err = await failure();
    expect(err).toBeInstanceOf(ApiError);
    expect(perfilErrorMessage(err)).toBe('Error inesperado al procesar el perfil');
    answer(500, 'Internal Server Error');
    expect(perfilErrorMessage(await failure())).toBe('Error inesperado al procesar el perfil');
  });

  it('the server’s message otherwise', async () => {
    answer(409, {
      success: false,
      error: { code: 'PROFILE_EXISTS', message: 'Ya tienes un perfil creado. Puedes editarlo desde tu panel.' },
    });
    expect(perfilErrorMessage(await failure())).toBe('Ya tienes un perfil creado. Puedes editarlo desde tu panel.');
  });
});
