import { OwnLotes } from '../../features/lotes/components/own-lotes';
import { ControlCalidad } from '../../features/laboratorio/control-calidad';
import { CataSheet } from '../../components/cata-sheet';
import { usePageMeta } from '../../lib/page-meta';

export function Component() {
  usePageMeta({ title: 'Mis lotes' });
  return (
    <OwnLotes
      control={(l) => (
        <ControlCalidad lote={l} sheet={(cata) => <CataSheet cata={cata} autor="el laboratorio de Cereza" />} />
      )}
    />
  );
}
