import {
  Banknote,
  Globe,
  Bell,
  ClipboardList,
  FileWarning,
  FlaskConical,
  Gauge,
  Landmark,
  MessageSquareWarning,
  Package,
  ScrollText,
  ShieldCheck,
  UserCog,
  Users,
} from 'lucide-react';
import { DashboardLayout, type DashboardNavItem } from './dashboard-layout';
import { PAGINAS } from '../../../contract/paginas';

const BASE = PAGINAS.operador.inicio;
const NAV: DashboardNavItem[] = [
  { to: BASE, label: 'Resumen', Icon: Gauge, end: true },
  { to: `${BASE}/cuentas`, label: 'Cuentas', Icon: Users },
  { to: `${BASE}/verificaciones`, label: 'Verificación', Icon: ShieldCheck },
  { to: `${BASE}/lotes`, label: 'Lotes', Icon: Package },
  { to: `${BASE}/reportes`, label: 'Reportes', Icon: MessageSquareWarning },
  { to: `${BASE}/reclamos`, label: 'Reclamos', Icon: FileWarning },
  { to: `${BASE}/laboratorio`, label: 'Laboratorio', Icon: FlaskConical },
  { to: `${BASE}/pedidos`, label: 'Pedidos', Icon: ClipboardList },
  { to: `${BASE}/cobros`, label: 'Cobros', Icon: Landmark },
  { to: `${BASE}/liquidaciones`, label: 'Liquidaciones', Icon: Banknote },
  { to: `${BASE}/auditoria`, label: 'Auditoría', Icon: ScrollText },
  { to: `${BASE}/riesgo`, label: 'Riesgo EUDR', Icon: Globe },
  { to: `${BASE}/notificaciones`, label: 'Notificaciones', Icon: Bell },
  { to: `${BASE}/usuario`, label: 'Mi cuenta', Icon: UserCog },
];

/** The operator's back office (issue 28, docs/decisions/045): its own sections, none of a trader's. */
export function Component() {
  return <DashboardLayout title="Operación de Cereza" nav={NAV} />;
}
