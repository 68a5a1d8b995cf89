import { Section } from '../../features/account/account-layout';
import { InformacionComercialPage } from '../../features/account/informacion-comercial-page';
import { CuentaCobroSection } from '../../features/liquidaciones/cuenta-cobro';
import { rolOf, useSession } from '../../lib/session';

export function Component() {
  const rol = rolOf(useSession().user);
  if (!rol) return null;
  return (
    <InformacionComercialPage rol={rol}>
      {rol === 'productor' && (
        <Section id="cuenta-cobro" title="Cuenta de cobro">
          <CuentaCobroSection />
        </Section>
      )}
    </InformacionComercialPage>
  );
}
