import { describe, expect, it } from 'vitest';
import { LoteInputSchema, LoteSchema, type Lote } from '../../../contract/lotes';
import { FORM_FIELDS, LoteFormSchema, toFormValues, type FormValues } from './form-values';

const lleno = (): FormValues => ({
  ...toFormValues(),
  nombre: 'Geisha Lavado',
  pais: 'PA',
  region: 'Chiriquí',
  variedades: ['Geisha'],
  proceso: 'LAVADO',
  precioKg: '40,5',
  sacosDisponibles: '16',
  ubicacion: { type: 'Point', coordinates: [-82.4, 8.74] },
});

const issuesOf = (values: FormValues) => {
  const r = LoteFormSchema.safeParse(values);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
};

describe('lot form values, derived from the contract', () => {
  it('has a value and an error slot for every field of the contract (a new field needs no form code)', () => {
    const keys = Object.keys(LoteInputSchema.shape);
    expect(Object.keys(toFormValues()).sort()).toEqual([...keys].sort());
    expect(FORM_FIELDS).toEqual(expect.arrayContaining([...keys, 'muestra.gramos', 'desglosePrecio.precioFinca']));
  });

  it('starts a new lot with the contract defaults, numbers as text and empty boxes', () => {
    expect(toFormValues()).toMatchObject({
      nombre: '',
      codigo: '',
      precioKg: '',
      moneda: 'USD',
      incoterm: 'FOB',
      sacosDisponibles: '0',
      pesoSacoKg: '70',
      desglosePrecio: null,
      ubicacion: null,
      galeriaLote: [],
      muestra: { disponible: false, gramos: '', precio: '', imagen: '' },
      ocultar: false,
    });
  });

  it('turns Spanish decimals and empty boxes into the body the server accepts', () => {
    const body = LoteFormSchema.parse(lleno());
    expect(body).toMatchObject({ precioKg: 40.5, sacosDisponibles: 16, altitudMin: null, municipio: null });
    // An empty code is not sent: the server generates one.
    expect(body.codigo).toBeUndefined();
    expect(LoteInputSchema.safeParse(body).success).toBe(true);
  });

  it('reports a typed-in word as a number error on its field, not as a silent zero', () => {
    expect(issuesOf({ ...lleno(), precioKg: 'doce' })).toEqual(['precioKg']);
    expect(issuesOf({ ...lleno(), muestra: { disponible: true, gramos: 'mucho', precio: '', imagen: '' } })).toEqual([
      'muestra.gramos',
    ]);
  });

  it('sends the breakdown only when asked, and refuses a price that is not its sum plus the commission', () => {
    // Without a breakdown it is null: an edit that turns it off removes the stored one.
    expect(LoteFormSchema.parse(lleno()).desglosePrecio).toBeNull();
    const v = { ...lleno(), precioKg: '10,40', desglosePrecio: { precioFinca: '8', costosExportacion: '2' } };
    expect(issuesOf(v)).toEqual(['precioKg']);
    expect(LoteFormSchema.parse({ ...v, precioKg: '10,42' }).desglosePrecio).toEqual({
      precioFinca: 8,
      costosExportacion: 2,
    });
  });

  it('fills the form from a stored lot and gives the same lot back', () => {
    const stored: Lote = LoteSchema.parse({
      ...LoteInputSchema.parse(LoteFormSchema.parse(lleno())),
      id: 'x',
      productorId: 'p',
      codigo: 'PA-CHQ-26-004',
      municipio: 'Boquete',
      finca: null,
      altitudMin: null,
      altitudMax: null,
      secado: null,
      cosecha: '2025-12',
      puntaje: 91.25,
      humedad: 11.2,
      actividadAgua: null,
      densidad: null,
      zaranda: null,
      precioKg: 12.5,
      desglosePrecio: { precioFinca: 10, costosExportacion: 2, comisionPlataforma: 0.5 },
      sacosReservados: 0,
      retirado: false,
      eudrListo: false,
      ventanaEmbarque: null,
      muestra: { disponible: true, gramos: 350, precio: 20, imagen: '/uploads/u/a/m-md.webp' },
      status: 'VERIFICADO',
      motivoRechazo: null,
      perfilProductor: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    const form = toFormValues(stored);
    expect(form).toMatchObject({ puntaje: '91,25', humedad: '11,2', precioKg: '12,5', cosecha: '2025-12' });
    const body = LoteFormSchema.parse(form);
    const {
      id: _id,
      productorId: _p,
      status: _s,
      motivoRechazo: _m,
      perfilProductor: _pp,
      sacosReservados: _r,
      retirado: _ret,
      eudrListo: _e,
      createdAt: _c,
      updatedAt: _u,
      ...fields
    } = stored;
    expect(body).toEqual({ ...fields, desglosePrecio: { precioFinca: 10, costosExportacion: 2 } });
  });

  it('clears an optional field emptied in the form (null, so that an update clears it too)', () => {
    const body = LoteFormSchema.parse({ ...lleno(), municipio: '  ', puntaje: '', cosecha: '' });
    expect(body).toMatchObject({ municipio: null, puntaje: null, cosecha: null });
  });
});
