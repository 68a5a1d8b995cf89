import { LoteLaboratorioPage } from '../../features/laboratorio/lote-laboratorio-page';
import { CataForm } from '../../components/cata-form';
import { CataSheet } from '../../components/cata-sheet';
import { usePageMeta } from '../../lib/page-meta';

/** /Dashboard/laboratorio/lotes/{id}: receive and cup one lot on the samples' SCA sheet. */
export function Component() {
  usePageMeta({ title: 'Lote en el laboratorio' });
  return (
    <LoteLaboratorioPage
      cataForm={(p) => (
        <CataForm muestraId={`lab-${p.id}`} titulo={p.titulo} laboratorio pending={p.pending} onSubmit={p.onSubmit} />
      )}
      cataSheet={(cata) => <CataSheet cata={cata} autor="el laboratorio de Cereza" />}
    />
  );
}
