import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { Modal } from '../../components/ui/modal';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { Composer } from './composer';
import { findConversacionDeMuestra, mensajesKeys, startConversacion } from './api';
import { PAGINAS } from '../../../contract/paginas';

/**
 * "Mensajes" on a sample (the buyer's Muestras, the producer's Pedidos de muestras): opens the two parties'
 * conversation about it, or, when there is none yet, a dialog whose first message starts it.
 */
export function MensajesDeMuestra({
  muestraId,
  rol,
  titulo,
}: {
  muestraId: string;
  rol: 'comprador' | 'productor';
  /** What the dialog says the conversation is about: the lot's name. */
  titulo: string;
}) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [buscando, setBuscando] = useState(false);
  const abrir = (id: string) => navigate(PAGINAS.cuenta.mensajes(rol, id));

  const onClick = async () => {
    setBuscando(true);
    try {
      const existente = await findConversacionDeMuestra(muestraId);
      if (existente) await abrir(existente.id);
      else setOpen(true);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBuscando(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="btn-secondary"
        disabled={buscando}
        onClick={() => void onClick()}
        aria-haspopup="dialog"
      >
        <MessageSquare aria-hidden className="size-4" /> Mensajes
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={`Mensajes sobre la muestra de «${titulo}»`}
        size="max-w-lg"
      >
        <Composer
          draftId={`muestra.${muestraId}`}
          label={rol === 'comprador' ? 'Tu mensaje al productor' : 'Tu mensaje al comprador'}
          autoFocus
          onSend={async ({ texto }, key) => {
            const conversacion = await startConversacion({ muestraId, texto }, key);
            void qc.invalidateQueries({ queryKey: mensajesKeys.all });
            setOpen(false);
            await abrir(conversacion.id);
          }}
        />
      </Modal>
    </>
  );
}
