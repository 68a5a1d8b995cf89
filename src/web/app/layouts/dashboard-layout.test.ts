import { describe, expect, it } from 'vitest';
import { LayoutDashboard } from 'lucide-react';
import { activeItem, type DashboardNavItem } from './dashboard-layout';

const B = '/Dashboard/productor';
const NAV: DashboardNavItem[] = [
  { to: B, label: 'Resumen', Icon: LayoutDashboard, end: true },
  { to: `${B}/Lotes`, label: 'Mis lotes', Icon: LayoutDashboard },
  { to: `${B}/perfil`, label: 'Perfil público', Icon: LayoutDashboard },
  { to: `${B}/perfil/Noticias`, label: 'Noticias', Icon: LayoutDashboard },
];

describe('one dashboard section at a time', () => {
  it.each([
    ['/Dashboard/productor', 'Resumen'],
    ['/dashboard/productor/', 'Resumen'],
    ['/Dashboard/productor/perfil/Noticias', 'Noticias'],
    ['/Dashboard/productor/perfil/about', 'Perfil público'],
    ['/Dashboard/productor/Lotes/Edit/1', 'Mis lotes'],
    ['/Dashboard/productor/lotes', 'Mis lotes'],
  ])('%s lights %s', (path, label) => {
    expect(activeItem(NAV, path)?.label).toBe(label);
  });
  it('a path of no section lights none (not a prefix of a longer word)', () => {
    expect(activeItem(NAV, '/Dashboard/productor/perfilX')).toBeUndefined();
  });
});
