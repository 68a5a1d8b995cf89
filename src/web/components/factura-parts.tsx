import { useState } from 'react';
import { ESTADO_FACTURA_LABELS, type EstadoFacturaVista, type Factura } from '../../contract/facturas';
import { errorMessage } from '../lib/api';
import { pdfDeFactura } from '../lib/download';
import { toast } from '../lib/toast';

/** An invoice's state and its PDF button: the invoices page, a client's history and an order's detail show them. */

const ESTADO_CLASES: Record<EstadoFacturaVista, string> = {
  EMITIDA: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  PAGADA: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  VENCIDA: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

export function EstadoFactura({ estado }: { estado: EstadoFacturaVista }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${ESTADO_CLASES[estado]}`}>
      {ESTADO_FACTURA_LABELS[estado]}
    </span>
  );
}

export function DownloadPdf({ factura }: { factura: Pick<Factura, 'id' | 'numero'> }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn-secondary px-3 py-1"
      disabled={busy}
      aria-label={`Descargar la factura ${factura.numero} en PDF`}
      onClick={() => {
        setBusy(true);
        pdfDeFactura(factura)
          .catch((e: unknown) => toast.error(errorMessage(e)))
          .finally(() => setBusy(false));
      }}
    >
      {busy ? 'Descargando…' : 'PDF'}
    </button>
  );
}
