import { PerfilCompradorForm } from '../../features/auth/perfil-forms';
import { Section } from '../../features/account/account-layout';
import { UserPage } from '../../features/account/user-page';
import { rolOf, useSession } from '../../lib/session';

/** Both roles; buyers also edit their company profile here (the buyer's perfil pages send home: docs/product.md §2). */
export function Component() {
  const { user } = useSession();
  const rol = rolOf(user);
  if (!user || !rol) return null;
  const perfilComprador =
    user.tipoUser === 'COMPRADOR' && user.perfilBase && user.perfil ? (
      <Section
        title="Perfil de empresa"
        id="perfil-empresa"
        description="Lo que ven los productores cuando les escribes o pides muestras."
      >
        <PerfilCompradorForm perfil={user.perfil} />
      </Section>
    ) : undefined;
  return <UserPage rol={rol} user={user} extra={perfilComprador} />;
}
