import { useMatches } from 'react-router';
import { Construccion } from '../components/ui/construccion';

interface Handle {
  construccion?: { titulo: string; descripcion: string };
}

export function Component() {
  const match = [...useMatches()].reverse().find((m) => (m.handle as Handle | undefined)?.construccion);
  const info = (match?.handle as Handle).construccion!;
  return <Construccion titulo={info.titulo} descripcion={info.descripcion} />;
}
