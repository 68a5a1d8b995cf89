import { Bell, FlaskConical, History, UserCog } from 'lucide-react';
import { DashboardLayout, type DashboardNavItem } from './dashboard-layout';
import { PAGINAS } from '../../../contract/paginas';

const BASE = PAGINAS.laboratorio.inicio;
const NAV: DashboardNavItem[] = [
  { to: BASE, label: 'Cola de muestras', Icon: FlaskConical },
  { to: `${BASE}/historial`, label: 'Historial', Icon: History },
  { to: `${BASE}/notificaciones`, label: 'Notificaciones', Icon: Bell },
  { to: `${BASE}/usuario`, label: 'Mi cuenta', Icon: UserCog },
];

/** The quality lab's dashboard (TRADE.md "The quality lab"): its own sections, none of a trader's. */
export function Component() {
  return <DashboardLayout title="Laboratorio de Cereza" nav={NAV} />;
}
