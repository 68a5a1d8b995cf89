import { PerfilCompradorForm } from '../../features/auth/perfil-forms';
import { Section } from '../../features/cuenta/cuenta-layout';
import { UsuarioPage } from '../../features/cuenta/usuario-page';
import { rolOf, useSession } from '../../lib/session';

/** Both roles; buyers also edit their company profile here (the spec's comprador perfil pages redirect to /). */
export function Component() {
  const { user } = useSession();
  const rol = rolOf(user);
  if (!user || !rol) return null;
  const perfilComprador =
    rol === 'comprador' && user.perfilBase && user.perfil ? (
      <Section
        title="Perfil de empresa"
        id="perfil-empresa"
        description="Lo que ven los productores cuando les escribes o pides muestras."
      >
        <PerfilCompradorForm perfil={user.perfil} />
      </Section>
    ) : undefined;
  return <UsuarioPage rol={rol} user={user} extra={perfilComprador} />;
}
