import { describe, expect, it } from 'vitest';
import { LoteInputSchema, type Lote } from '../../../contract/lotes';
import { errorField, toBody, initialValues } from './form-values';

const lleno = () => ({
  ...initialValues(),
  nombre: 'Geisha Lavado',
  pais: 'PA',
  region: 'Chiriquí',
  variedades: ['Geisha'],
  proceso: 'LAVADO',
  precioKg: '40,5',
  sacosDisponibles: '16',
  latitud: '8,74',
  longitud: '-82,4',
});

describe('lot form values', () => {
  it('turns Spanish decimals and empty boxes into a body the shared schema accepts', () => {
    const body = toBody(lleno(), null);
    expect(body).toMatchObject({
      precioKg: 40.5,
      sacosDisponibles: 16,
      altitudMin: null,
      municipio: null,
      ubicacion: { type: 'Point', coordinates: [-82.4, 8.74] },
    });
    expect(body).not.toHaveProperty('codigo');
    const parsed = LoteInputSchema.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('reports a typed-in word as a number error, not as a silent zero', () => {
    const parsed = LoteInputSchema.safeParse(toBody({ ...lleno(), precioKg: 'doce' }, null));
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join('.'))).toContain('precioKg');
  });

  it('sends the price breakdown only when asked, and checks that it adds up', () => {
    expect(toBody(lleno(), null).desglosePrecio).toBeNull();
    const v = {
      ...lleno(),
      conDesglose: true,
      desglosePrecio: { precioFinca: '30', costosExportacion: '8', comisionPlataforma: '1' },
    };
    const parsed = LoteInputSchema.safeParse(toBody(v, null));
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join('.'))).toContain('desglosePrecio');
    const ok = { ...v, desglosePrecio: { ...v.desglosePrecio, comisionPlataforma: '2,5' } };
    expect(LoteInputSchema.safeParse(toBody(ok, null)).success).toBe(true);
  });

  it('keeps a stored polygon when no point is typed, and a half-typed point is an error', () => {
    const poligono = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ] as [number, number][][],
    };
    expect(toBody({ ...lleno(), latitud: '', longitud: '' }, poligono).ubicacion).toBe(poligono);
    expect(LoteInputSchema.safeParse(toBody({ ...lleno(), longitud: '' }, null)).success).toBe(false);
  });

  it('fills the form from a stored lot and gives the same lot back', () => {
    const lote = {
      ...LoteInputSchema.parse(toBody(lleno(), null)),
      id: 'x',
      productorId: 'p',
      codigo: 'PA-CHQ-26-004',
      puntaje: 91.25,
      humedad: 11.2,
      desglosePrecio: { precioFinca: 36.5, costosExportacion: 2.5, comisionPlataforma: 1.5 },
      muestra: { disponible: true, gramos: 350, precio: 20, imagen: '/uploads/m.webp' },
    } as unknown as Lote;
    const body = toBody(initialValues(lote), null);
    expect(body).toMatchObject({
      codigo: 'PA-CHQ-26-004',
      puntaje: 91.25,
      humedad: 11.2,
      precioKg: 40.5,
      muestra: { disponible: true, gramos: 350, precio: 20 },
    });
    expect(body.desglosePrecio).toEqual({ precioFinca: 36.5, costosExportacion: 2.5, comisionPlataforma: 1.5 });
  });

  it('maps server field errors to the form field that shows them', () => {
    expect(errorField('ubicacion.coordinates.0')).toBe('ubicacion');
    expect(errorField('variedades.2')).toBe('variedades');
    expect(errorField('muestra.gramos')).toBe('muestra.gramos');
    expect(errorField('desglosePrecio')).toBe('desglosePrecio');
  });
});
