import { usePageMeta } from '../../lib/page-meta';
import { WithOwnPerfil } from '../../features/productores/components/own-perfil';
import { PerfilEditor } from '../../features/productores/components/perfil-editor';

/** /Dashboard/productor/perfil */
export function Component() {
  usePageMeta({ title: 'Perfil público' });
  return <WithOwnPerfil>{(perfil, userId) => <PerfilEditor perfil={perfil} userId={userId} />}</WithOwnPerfil>;
}
