import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Composer } from './composer';
import { mensajesKeys, startConversacion, useConversacionDelLote } from './api';
import type { WriteProps } from './write-to-productor';
import { PAGINAS } from '../../../contract/paginas';

/** The dialog's writing box: the first message finds or starts the conversation, then the thread opens. */
export default function WriteForm({ productorId, loteId }: WriteProps) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { data: existente } = useConversacionDelLote(loteId);
  return (
    <div className="flex flex-col gap-3">
      {existente && (
        <p className="rounded-lg bg-primary-50 p-3 text-sm dark:bg-gray-800">
          Ya tienes una conversación sobre este lote: lo que escribas se añade a ella.{' '}
          <Link
            to={PAGINAS.cuenta.mensajes('comprador', existente.id)}
            className="font-medium text-primary-700 hover:underline dark:text-primary-400"
          >
            Abrir la conversación
          </Link>
        </p>
      )}
      <p className="text-sm text-gray-600 dark:text-gray-400">
        Pregunta lo que necesites: volumen, secado, fotos del pergamino, fechas de embarque. La conversación queda en tu
        panel, en Mensajes.
      </p>
      <Composer
        draftId={`nuevo.${productorId}.${loteId ?? 'general'}`}
        label="Tu mensaje al productor"
        autoFocus
        onSend={async ({ texto }, key) => {
          const conversacion = await startConversacion({ productorId, loteId, texto }, key);
          void qc.invalidateQueries({ queryKey: mensajesKeys.all });
          await navigate(PAGINAS.cuenta.mensajes('comprador', conversacion.id));
        }}
      />
    </div>
  );
}
