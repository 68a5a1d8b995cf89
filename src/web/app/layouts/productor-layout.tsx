import {
  Boxes,
  ClipboardList,
  FlaskConical,
  LayoutDashboard,
  Newspaper,
  ShoppingBag,
  Store,
  UserCog,
  Users,
  Wallet,
  Warehouse,
  MessagesSquare,
  ShieldCheck,
} from 'lucide-react';
import { DashboardLayout, type DashboardNavItem } from './dashboard-layout';
import { PAGINAS } from '../../../contract/paginas';

const BASE = PAGINAS.productor.inicio;
const NAV: DashboardNavItem[] = [
  { to: BASE, label: 'Resumen', Icon: LayoutDashboard, end: true },
  { to: `${BASE}/Lotes`, label: 'Mis lotes', Icon: Boxes },
  { to: `${BASE}/inventario`, label: 'Inventario', Icon: Warehouse },
  { to: `${BASE}/perfil`, label: 'Perfil público', Icon: Store },
  { to: `${BASE}/perfil/Noticias`, label: 'Noticias', Icon: Newspaper },
  { to: `${BASE}/pedidos_muestras`, label: 'Muestras', Icon: FlaskConical },
  { to: `${BASE}/mensajes`, label: 'Mensajes', Icon: MessagesSquare },
  { to: `${BASE}/ventas`, label: 'Ventas', Icon: ShoppingBag },
  { to: `${BASE}/solicita`, label: 'Solicitudes', Icon: ClipboardList },
  { to: `${BASE}/comunidad/clientes`, label: 'Clientes', Icon: Users },
  { to: `${BASE}/informacion/movimientos`, label: 'Movimientos', Icon: Wallet },
  { to: `${BASE}/verificacion`, label: 'Verificación', Icon: ShieldCheck },
  { to: `${BASE}/usuario`, label: 'Mi cuenta', Icon: UserCog },
];

export function Component() {
  return <DashboardLayout title="Panel de productor" nav={NAV} />;
}
