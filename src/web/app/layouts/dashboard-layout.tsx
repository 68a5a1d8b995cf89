import { useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { ChevronDown, type LucideIcon } from 'lucide-react';
import { SiteFooter, SiteHeader, SkipLink } from './site-header';
import { NotificacionesBell } from '../../features/notificaciones/notificaciones-bell';
import { VerificationBanner } from '../../features/account/verification';

export interface DashboardNavItem {
  to: string;
  label: string;
  Icon: LucideIcon;
  end?: boolean;
}

const lower = (p: string) => p.toLowerCase().replace(/\/+$/, '');

/**
 * The one section a path belongs to: the item with the longest matching path. Prefix matching alone lit two
 * items at once (Perfil público and Noticias on …/perfil/Noticias). Paths are matched without case, as the
 * router does.
 */
export function activeItem(nav: DashboardNavItem[], pathname: string): DashboardNavItem | undefined {
  const path = lower(pathname);
  let best: DashboardNavItem | undefined;
  for (const item of nav) {
    const to = lower(item.to);
    const matches = item.end ? path === to : path === to || path.startsWith(`${to}/`);
    if (matches && (!best || to.length > lower(best.to).length)) best = item;
  }
  return best;
}

/**
 * The shared frame of both dashboards: the sections beside the page on wide screens; on a phone, a button
 * that names the current section and opens the list of all of them.
 */
export function DashboardLayout({ title, nav }: { title: string; nav: DashboardNavItem[] }) {
  const { pathname } = useLocation();
  const active = activeItem(nav, pathname);
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const [openedAt, setOpenedAt] = useState(pathname);
  // Choosing a section (or any navigation) closes the list on a phone.
  if (open && openedAt !== pathname) {
    setOpen(false);
    setOpenedAt(pathname);
  }
  return (
    <>
      <SkipLink />
      <SiteHeader actions={<NotificacionesBell />} />
      <VerificationBanner />
      <div className="flex flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row">
        <aside
          className="lg:w-60 lg:shrink-0"
          onKeyDown={(e) => {
            // Escape closes the list on a phone and gives the focus back to its button.
            if (e.key !== 'Escape' || !open) return;
            setOpen(false);
            toggle.current?.focus();
          }}
        >
          <p className="mb-2 hidden text-xs font-semibold tracking-wide text-gray-600 uppercase lg:block dark:text-gray-400">
            {title}
          </p>
          <button
            ref={toggle}
            type="button"
            className="btn-secondary w-full justify-between lg:hidden"
            aria-expanded={open}
            aria-controls="secciones-panel"
            onClick={() => {
              setOpen((o) => !o);
              setOpenedAt(pathname);
            }}
          >
            <span className="flex items-center gap-2">
              {active && <active.Icon aria-hidden className="size-4" />}
              <span>
                <span className="sr-only">{title}: </span>
                {active?.label ?? title}
              </span>
            </span>
            <span className="flex items-center gap-1 text-xs font-medium text-gray-600 dark:text-gray-400">
              {nav.length} secciones
              <ChevronDown aria-hidden className={`size-4 transition ${open ? 'rotate-180' : ''}`} />
            </span>
          </button>
          <nav
            id="secciones-panel"
            aria-label={title}
            className={`${open ? 'mt-2 block' : 'hidden'} card p-1 lg:mt-0 lg:block lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none lg:dark:bg-transparent`}
          >
            <ul className="flex flex-col gap-1">
              {nav.map((item) => {
                const isActive = item === active;
                return (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      aria-current={isActive ? 'page' : undefined}
                      className={`flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium ${
                        isActive
                          ? 'bg-primary-700 text-white dark:bg-primary-600 dark:text-gray-950'
                          : 'text-gray-700 hover:bg-gray-100 lg:hover:bg-white dark:text-gray-200 dark:hover:bg-gray-800 lg:dark:hover:bg-gray-900'
                      }`}
                    >
                      <item.Icon aria-hidden className="size-4" />
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </aside>
        <main id="contenido" tabIndex={-1} className="min-w-0 flex-1">
          <Outlet />
        </main>
      </div>
      <SiteFooter />
    </>
  );
}
