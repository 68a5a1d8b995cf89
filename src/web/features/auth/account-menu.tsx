import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection } from '@headlessui/react';
import { Link } from 'react-router';
import type { DataUser } from '../../../contract/users';
import type { Rol } from '../../../contract/roles';
import { Avatar } from '../../components/ui/avatar';
import { dashboardPath } from '../../lib/session';
import { logout } from './logout';

const itemClass =
  'block w-full rounded-lg px-3 py-2 text-left data-focus:bg-gray-100 dark:data-focus:bg-gray-800 data-focus:outline-2 data-focus:outline-primary-600 dark:data-focus:outline-primary-400';

/**
 * The signed-in user's account menu: Headless UI's Menu (the ARIA menu button pattern: Enter, Space and the
 * arrow keys open it and move between items, Escape closes it and gives the focus back). Loaded only with a
 * session (user-menu.tsx), so a visitor's page does not carry it.
 */
export function AccountMenu({ user, rol, nombre }: { user: DataUser; rol: Rol; nombre: string }) {
  return (
    <Menu as="div" className="relative">
      <MenuButton className="flex items-center gap-2 rounded-full p-0.5" aria-label={`Menú de ${nombre}`}>
        <Avatar src={user.image} name={nombre} size={34} />
      </MenuButton>
      {/* The menu keeps the focus and points at its active item, which carries the focus ring (data-focus). */}
      <MenuItems
        anchor={{ to: 'bottom end', gap: 8 }}
        className="z-50 w-60 rounded-xl border border-gray-200 bg-white p-1 text-sm shadow-lg focus:outline-none dark:border-gray-700 dark:bg-gray-900"
      >
        <MenuSection>
          <MenuHeading className="px-3 py-2">
            <span className="block font-medium">{nombre}</span>
            <span className="block truncate text-xs text-gray-600 dark:text-gray-400">{user.email}</span>
          </MenuHeading>
          <MenuItem>
            <Link to={dashboardPath(rol)} className={itemClass}>
              Mi panel
            </Link>
          </MenuItem>
          <MenuItem>
            <Link to={`${dashboardPath(rol)}/usuario`} className={itemClass}>
              Mi cuenta
            </Link>
          </MenuItem>
          <MenuItem>
            <button type="button" onClick={() => void logout()} className={itemClass}>
              Cerrar sesión
            </button>
          </MenuItem>
        </MenuSection>
      </MenuItems>
    </Menu>
  );
}
