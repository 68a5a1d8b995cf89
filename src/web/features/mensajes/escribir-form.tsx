import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Composer } from './composer';
import { mensajesKeys, startConversacion } from './api';
import type { EscribirProps } from './escribir-al-productor';

/** The dialog's writing box: the first message finds or starts the conversation, then the thread opens. */
export default function EscribirForm({ productorId, loteId }: EscribirProps) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  return (
    <div className="flex flex-col gap-3">
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
          await navigate(`/Dashboard/comprador/mensajes/${conversacion.id}`);
        }}
      />
    </div>
  );
}
