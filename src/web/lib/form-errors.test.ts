import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from './api';
import { sendShowingErrors, showFieldErrors } from './form-errors';

function capture() {
  const calls: Array<[string, string, boolean | undefined]> = [];
  return {
    calls,
    setError: (name: string, e: { message: string }, o?: { shouldFocus: boolean }) =>
      calls.push([name, e.message, o?.shouldFocus]),
  };
}

describe('showFieldErrors', () => {
  it('puts each known field message on its field and focuses only the first', () => {
    const { calls, setError } = capture();
    const err = new ApiError(400, 'VALIDATION_ERROR', 'Revisa los campos.', {
      nombre: 'Obligatorio.',
      apellido: 'Demasiado largo.',
    });
    expect(showFieldErrors(err, ['nombre', 'apellido'] as const, setError)).toBe(true);
    expect(calls).toEqual([
      ['nombre', 'Obligatorio.', true],
      ['apellido', 'Demasiado largo.', false],
    ]);
  });

  it('matches a nested key by its whole name, or else by its first segment', () => {
    const { calls, setError } = capture();
    const err = new ApiError(400, 'VALIDATION_ERROR', 'x', {
      'direccionFacturacion.pais': 'País no válido.',
      'ubicacion.region': 'Falta.',
    });
    showFieldErrors(err, ['direccionFacturacion.pais', 'ubicacion'] as const, setError);
    expect(calls.map((c) => c[0])).toEqual(['direccionFacturacion.pais', 'ubicacion']);
  });

  it('matches a deeper key by its longest leading part that is a field (an arrival cupping inside a claim)', () => {
    const { calls, setError } = capture();
    const err = new ApiError(400, 'VALIDATION_ERROR', 'x', {
      'cataLlegada.notasCata.2': 'Cada descriptor admite como máximo 40 caracteres.',
      'cataLlegada.atributos.acidez': 'Acidez: va en pasos de 0,25.',
    });
    showFieldErrors(err, ['cataLlegada.atributos.acidez', 'cataLlegada.notasCata', 'motivo'] as const, setError);
    expect(calls).toEqual([
      ['cataLlegada.notasCata', 'Cada descriptor admite como máximo 40 caracteres.', true],
      ['cataLlegada.atributos.acidez', 'Acidez: va en pasos de 0,25.', false],
    ]);
  });

  it('answers false when no message fits a field, so the caller shows the general message', () => {
    const { calls, setError } = capture();
    expect(
      showFieldErrors(new ApiError(400, 'VALIDATION_ERROR', 'x', { otro: 'y' }), ['nombre'] as const, setError),
    ).toBe(false);
    expect(showFieldErrors(new ApiError(500, 'INTERNAL', 'x'), ['nombre'] as const, setError)).toBe(false);
    expect(showFieldErrors(new Error('red'), ['nombre'] as const, setError)).toBe(false);
    expect(calls).toEqual([]);
  });
});

describe('sendShowingErrors (the submit of every formOf form)', () => {
  const refuse = (err: unknown) => () => Promise.reject(err);
  function alerts() {
    const seen: Array<string | null> = [];
    return { seen, setAlert: (m: string | null) => seen.push(m) };
  }

  it('sends the body and leaves the alert cleared when the server accepts it', async () => {
    const { calls, setError } = capture();
    const { seen, setAlert } = alerts();
    const sent: unknown[] = [];
    await sendShowingErrors({ motivo: 'abc' }, async (b) => sent.push(b), ['motivo'] as const, setError, setAlert);
    expect(sent).toEqual([{ motivo: 'abc' }]);
    expect(seen).toEqual([null]);
    expect(calls).toEqual([]);
  });

  it("marks the refused fields, focusing the first, and says 'marked' in the alert", async () => {
    const { calls, setError } = capture();
    const { seen, setAlert } = alerts();
    const err = new ApiError(400, 'VALIDATION_ERROR', 'Los datos enviados no son válidos.', {
      texto: 'Explica tu postura (al menos 20 caracteres).',
    });
    await sendShowingErrors(
      {},
      refuse(err),
      ['texto', 'evidencias'] as const,
      setError,
      setAlert,
      'Revisa los campos marcados.',
    );
    expect(calls).toEqual([['texto', 'Explica tu postura (al menos 20 caracteres).', true]]);
    expect(seen).toEqual([null, 'Revisa los campos marcados.']);
  });

  it("shows the server's message when no field of the form is named, and a generic one for a network failure", async () => {
    const { calls, setError } = capture();
    const { seen, setAlert } = alerts();
    const conflict = new ApiError(409, 'CONFLICT', 'Otro operador ya resolvió este reclamo.');
    await sendShowingErrors(
      {},
      refuse(conflict),
      ['motivo'] as const,
      setError,
      setAlert,
      'Revisa los campos marcados.',
    );
    await sendShowingErrors({}, refuse(new TypeError('Failed to fetch')), ['motivo'] as const, setError, setAlert);
    expect(calls).toEqual([]);
    expect(seen[1]).toBe('Otro operador ya resolvió este reclamo.');
    expect(seen[3]).toBe(errorMessage(new TypeError('Failed to fetch')));
    expect(seen[3]).not.toBe(null);
  });

  it("reads 'marked' off the refusal when it is a function (a sign-in's banner stays beside the fields)", async () => {
    const { calls, setError } = capture();
    const { seen, setAlert } = alerts();
    const err = new ApiError(429, 'TOO_MANY_ATTEMPTS', 'Espera 15 minutos antes de volver a intentarlo.', {
      email: 'Demasiados intentos con este correo.',
    });
    await sendShowingErrors({}, refuse(err), ['email', 'password'] as const, setError, setAlert, (e) =>
      e instanceof ApiError ? e.message : null,
    );
    expect(calls).toEqual([['email', 'Demasiados intentos con este correo.', true]]);
    expect(seen).toEqual([null, 'Espera 15 minutos antes de volver a intentarlo.']);
  });
});
