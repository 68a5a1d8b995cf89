import { useState, type ReactNode } from 'react';
import type { Lote } from '../../../contract/lotes';
import type { Cata } from '../../../contract/muestras';
import { LOTE_STATUS_LABELS } from '../../lib/catalogo-lotes';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { Modal } from '../../components/ui/modal';
import { EnviarForm } from '../../components/enviar-muestra-form';
import { DireccionLaboratorio } from '../../components/direccion-laboratorio';
import { useLoteLaboratorio, useMoveLote } from './api';

/**
 * The lot's quality control in the producer's list: its state, the sample on its way to the lab, and the button
 * that marks it sent ("muestra enviada al laboratorio", TRADE.md "The quality lab") while the lot is POR_ENVIAR
 * or was rejected; the modal asks for carrier, tracking and the photo of the sample bag (the spec's
 * "sample-image flag").
 */
export function ControlCalidad({ lote, sheet }: { lote: Lote; sheet?: (cata: Cata) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const [verFicha, setVerFicha] = useState(false);
  const catada = lote.status === 'VERIFICADO' || lote.status === 'RECHAZADO';
  const move = useMoveLote();
  const envio = lote.envioLaboratorio;
  const enviada = lote.status === 'POR_ENVIAR' && envio;
  const puedeEnviar = lote.status === 'POR_ENVIAR' || lote.status === 'RECHAZADO';
  return (
    <div className="flex flex-col items-end gap-1 text-right md:items-start md:text-left">
      <span>{enviada ? 'Muestra enviada al laboratorio' : LOTE_STATUS_LABELS[lote.status]}</span>
      {enviada && (
        <span className="text-xs text-gray-600 dark:text-gray-400">
          {formatDate(envio.enviadaAt)} · {envio.transportista} {envio.numeroGuia}
        </span>
      )}
      {lote.status === 'RECHAZADO' && lote.motivoRechazo && (
        <span className="text-xs text-gray-600 dark:text-gray-400">{lote.motivoRechazo}</span>
      )}
      {puedeEnviar && (
        <button
          type="button"
          className="btn-secondary px-2 py-1 text-xs"
          aria-label={`${enviada ? 'Corregir el envío' : 'Enviar muestra al laboratorio'} de ${lote.nombre}`}
          onClick={() => setOpen(true)}
        >
          {enviada ? 'Corregir envío' : 'Enviar muestra al laboratorio'}
        </button>
      )}
      {catada && sheet && (
        <button
          type="button"
          className="btn-ghost px-2 py-1 text-xs underline"
          aria-label={`Ver la ficha del laboratorio de ${lote.nombre}`}
          onClick={() => setVerFicha(true)}
        >
          Ver ficha del laboratorio
        </button>
      )}
      {sheet && (
        <Modal
          open={verFicha}
          onClose={() => setVerFicha(false)}
          title={`Ficha del laboratorio: ${lote.nombre}`}
          size="max-w-3xl"
        >
          {verFicha && <FichaLaboratorio loteId={lote.id} sheet={sheet} />}
        </Modal>
      )}
      <Modal open={open} onClose={() => setOpen(false)} title="Muestra enviada al laboratorio" size="max-w-md">
        <p className="mb-3 text-left text-sm text-gray-700 dark:text-gray-300">
          Envía una muestra de café verde de «{lote.nombre}» al laboratorio de Cereza. Al recibirla, el lote pasa a
          revisión; con 80 puntos o más queda verificado y su puntaje se publica.
        </p>
        <div className="mb-3 rounded border border-gray-200 p-3 text-left text-sm dark:border-gray-700">
          <p className="font-medium">Dirección del laboratorio</p>
          <DireccionLaboratorio />
        </div>
        <div className="text-left">
          <EnviarForm
            fotoDetalle="Con la etiqueta del código de lote visible: el laboratorio la identifica al recibirla."
            onSubmit={async (transportista, numeroGuia, imagen) => {
              const r = await move.mutateAsync({
                id: lote.id,
                body: { accion: 'ENVIAR', transportista, numeroGuia, imagen, desde: lote.status },
              });
              toast.success(r.message);
              setOpen(false);
            }}
          />
        </div>
      </Modal>
    </div>
  );
}

/** The lab's latest sheet of the producer's lot (GET /api/laboratorio/lotes/{id}: the producer is a party). */
function FichaLaboratorio({ loteId, sheet }: { loteId: string; sheet: (cata: Cata) => ReactNode }) {
  const { data, isPending } = useLoteLaboratorio(loteId);
  if (isPending) return <p role="status">Cargando la ficha…</p>;
  if (!data?.cata) return <p>El laboratorio todavía no ha catado este lote.</p>;
  return (
    <div className="text-left">
      {sheet(data.cata)}
      {data.lote.status === 'RECHAZADO' && data.lote.motivoRechazo && (
        <p className="mt-2 text-sm">Motivo del rechazo: {data.lote.motivoRechazo}</p>
      )}
    </div>
  );
}
