import {
  ClipboardList,
  FileText,
  FlaskConical,
  Heart,
  BellRing,
  LayoutDashboard,
  Package,
  PackagePlus,
  CalendarRange,
  UserCog,
  MessagesSquare,
} from 'lucide-react';
import { DashboardLayout, type DashboardNavItem } from './dashboard-layout';
import { PAGINAS } from '../../../contract/paginas';

const BASE = PAGINAS.comprador.inicio;
const NAV: DashboardNavItem[] = [
  { to: BASE, label: 'Resumen', Icon: LayoutDashboard, end: true },
  { to: `${BASE}/favoritos`, label: 'Favoritos', Icon: Heart },
  { to: `${BASE}/busquedas`, label: 'Búsquedas', Icon: BellRing },
  { to: `${BASE}/mensajes`, label: 'Mensajes', Icon: MessagesSquare },
  { to: `${BASE}/muestras`, label: 'Muestras', Icon: FlaskConical },
  { to: `${BASE}/caja-muestras`, label: 'Caja de muestras', Icon: PackagePlus },
  { to: `${BASE}/pedidos`, label: 'Pedidos', Icon: Package },
  { to: `${BASE}/facturas`, label: 'Facturas', Icon: FileText },
  { to: `${BASE}/solicitudes`, label: 'Solicitudes', Icon: ClipboardList },
  { to: `${BASE}/planificadores`, label: 'Planificador', Icon: CalendarRange },
  { to: `${BASE}/usuario`, label: 'Mi cuenta', Icon: UserCog },
];

export function Component() {
  return <DashboardLayout title="Panel de comprador" nav={NAV} />;
}
