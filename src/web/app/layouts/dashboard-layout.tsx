import { NavLink, Outlet } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import { SiteFooter, SiteHeader, SkipLink } from './site-header';
import { NotificacionesBell } from '../../features/notificaciones/notificaciones-bell';
import { VerificationBanner } from '../../features/account/verification';

export interface DashboardNavItem {
  to: string;
  label: string;
  Icon: LucideIcon;
  end?: boolean;
}

/** The shared frame of both dashboards: section navigation (a scrolling bar on mobile) beside the page. */
export function DashboardLayout({ title, nav }: { title: string; nav: DashboardNavItem[] }) {
  return (
    <>
      <SkipLink />
      <SiteHeader actions={<NotificacionesBell />} />
      <VerificationBanner />
      <div className="flex flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row">
        <aside className="lg:w-60 lg:shrink-0">
          <p className="mb-2 hidden text-xs font-semibold tracking-wide text-gray-600 uppercase lg:block dark:text-gray-400">
            {title}
          </p>
          <nav aria-label={title} className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:overflow-visible lg:px-0">
            <ul className="flex gap-1 lg:flex-col">
              {nav.map(({ to, label, Icon, end }) => (
                <li key={to} className="shrink-0">
                  <NavLink
                    to={to}
                    end={end}
                    className={({ isActive }) =>
                      `flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${
                        isActive
                          ? 'bg-primary-700 text-white dark:bg-primary-600 dark:text-gray-950'
                          : 'text-gray-700 hover:bg-white dark:text-gray-200 dark:hover:bg-gray-900'
                      }`
                    }
                  >
                    <Icon aria-hidden className="size-4" />
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <main id="contenido" className="min-w-0 flex-1">
          <Outlet />
        </main>
      </div>
      <SiteFooter />
    </>
  );
}
