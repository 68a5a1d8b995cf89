import { Modal } from '../../components/ui/modal';
import type { Rol } from '../../../contract/roles';
import { PerfilCompradorForm, PerfilProductorForm } from './perfil-forms';

/** The complete-profile modal of each role (docs/product.md §2 "other modals", §4 profile completion). */
export function PerfilModal({ rol, onClose }: { rol: Rol; onClose: () => void }) {
  return (
    <Modal
      open
      onClose={onClose}
      size="max-w-2xl"
      title={rol === 'productor' ? 'Completa tu perfil de productor' : 'Completa tu perfil de comprador'}
    >
      {rol === 'productor' ? <PerfilProductorForm onDone={onClose} /> : <PerfilCompradorForm onDone={onClose} />}
    </Modal>
  );
}
