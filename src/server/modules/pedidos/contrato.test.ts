import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text';
import type { PedidoRow } from './al-embarcar';
import { renderContrato } from './contrato';

/*
 * Issue 32: the contract PDF showed the lot's raw codes ("HONEY", "CO", "2026-06") and ungrouped amounts
 * ("1442,00"), and counted "1 sacos". Read back as a PDF viewer extracts it, it says what a reader expects.
 */

const confirmado = new Date('2026-07-01T10:00:00Z');
const parte = (razonSocial: string, pais: string) => ({
  nombre: razonSocial,
  razonSocial,
  taxId: 'X-1',
  direccion: 'Calle 1',
  pais,
  email: 'partes@example.com',
});

const pedido = {
  id: '00000000-0000-4000-8000-000000000001',
  numero: 'CZ-2026-000042',
  loteId: '00000000-0000-4000-8000-000000000002',
  compradorId: '00000000-0000-4000-8000-000000000003',
  productorId: '00000000-0000-4000-8000-000000000004',
  sacos: 1,
  pesoSacoKg: 70,
  kg: 70,
  precioKgCentavos: 2060,
  totalCentavos: 144_200,
  moneda: 'USD',
  incoterm: 'FOB',
  lugarEntrega: 'Buenaventura, CO',
  desglosePrecio: null,
  condicionPago: 'NETO_30_EMBARQUE',
  ventanaEmbarque: null,
  condicionMuestra: 'SIN_MUESTRA',
  terminos: {
    lote: {
      nombre: 'Geisha de altura',
      codigo: 'CO-26-HNY01',
      pais: 'CO',
      region: 'Huila',
      finca: 'La Esperanza',
      variedades: ['Geisha'],
      proceso: 'HONEY',
      cosecha: '2026-06',
    },
    fincas: ['La Esperanza'],
    calidad: { puntaje: 87.5, humedad: 10.5, zaranda: '16+', defectos: null },
    productorNombre: 'Finca La Esperanza',
    compradorEmpresa: 'Tostadores del Sur',
    partes: { productor: parte('Finca La Esperanza S.A.S.', 'CO'), comprador: parte('Tostadores del Sur S.L.', 'ES') },
  },
  estado: 'CONFIRMADO',
  estadoPago: 'PENDIENTE',
  createdAt: new Date('2026-06-30T10:00:00Z'),
  updatedAt: confirmado,
} as unknown as PedidoRow;

describe('the contract PDF', () => {
  it('names the process, the harvest and the countries, groups the amounts and counts in the right number', async () => {
    const texto = (await pdfText(await renderContrato(pedido, confirmado))).join('\n');
    expect(texto).toContain('Geisha · Honey');
    expect(texto).toContain('junio de 2026');
    expect(texto).toContain('Huila, Colombia');
    expect(texto).toContain('(España)');
    expect(texto).toContain('1 saco de 70 kg');
    expect(texto).toMatch(/1\.442,00\s*US\$/);
    for (const crudo of ['HONEY', '2026-06', '1442,00', '1 sacos', '(ES)']) expect(texto).not.toContain(crudo);
  });
});
