import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { showFieldErrors } from './form-errors';

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
