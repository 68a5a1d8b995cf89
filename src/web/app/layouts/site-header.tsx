import { useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { Menu, X } from 'lucide-react';
import { Logo } from '../../components/logo';
import { ColorModeToggle } from '../../components/color-mode-toggle';
import { UserMenu } from '../../features/auth/user-menu';
import { staticPart } from '../../components/static-part';
import { useSession } from '../../lib/session';

const NAV = [
  { to: '/lotes', label: 'Lotes' },
  { to: '/Guia', label: 'Guía' },
  { to: '/Blog', label: 'Blog' },
  { to: '/ayuda', label: 'Ayuda' },
  { to: '/about', label: 'Nosotros' },
];

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium ${
    isActive
      ? 'bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-200'
      : 'text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800'
  }`;

/** `actions`: what a layout adds beside the account menu (the dashboards' bell). */
export function SiteHeader({ actions }: { actions?: ReactNode } = {}) {
  const [open, setOpen] = useState(false);
  const { token } = useSession();
  return (
    <header className="border-b border-gray-200 bg-white/90 backdrop-blur dark:border-gray-800 dark:bg-gray-900/90">
      <div className="flex items-center gap-3 px-4 py-3 sm:px-6">
        <Logo />
        <nav aria-label="Principal" className="ml-4 hidden items-center gap-1 md:flex">
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to} className={navClass}>
              {n.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <div className="hidden sm:block">
            <ColorModeToggle />
          </div>
          {actions}
          <UserMenu />
          <button
            type="button"
            className="rounded-lg p-2 md:hidden"
            aria-expanded={open}
            aria-controls="menu-movil"
            aria-label={open ? 'Cerrar menú' : 'Abrir menú'}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X aria-hidden className="size-5" /> : <Menu aria-hidden className="size-5" />}
          </button>
        </div>
      </div>
      {open && (
        <nav
          id="menu-movil"
          aria-label="Principal (móvil)"
          className="border-t border-gray-200 px-4 py-3 md:hidden dark:border-gray-800"
        >
          <ul className="flex flex-col gap-1">
            {NAV.map((n) => (
              <li key={n.to}>
                <NavLink to={n.to} className={navClass} onClick={() => setOpen(false)}>
                  {n.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {/* On a phone the header has room for "Iniciar sesión" only: the menu offers both. */}
          {!token && (
            <div className="mt-3 flex flex-wrap gap-2 border-t border-gray-200 pt-3 dark:border-gray-800">
              <Link to="/Auth/Registro" className="btn-primary" onClick={() => setOpen(false)}>
                Registrarse
              </Link>
              <Link to="/Auth/Login" className="btn-secondary" onClick={() => setOpen(false)}>
                Iniciar sesión
              </Link>
            </div>
          )}
          <div className="mt-3 sm:hidden">
            <ColorModeToggle />
          </div>
        </nav>
      )}
    </header>
  );
}

export function SkipLink() {
  return (
    <a
      href="#contenido"
      className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-[200] focus:rounded-lg focus:bg-white focus:px-3 focus:py-2 focus:text-primary-800"
    >
      Saltar al contenido
    </a>
  );
}

/** The footer: links and text only, so a static part (components/static-part.tsx). */
export const SiteFooter = staticPart(function SiteFooter() {
  return (
    <footer className="cv-auto border-t border-gray-200 bg-white px-4 py-10 text-sm text-gray-700 sm:px-6 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-300">
      <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-3 max-w-xs">
            Lotes de café verde de especialidad, directamente de quienes los producen. Stock real, precios transparentes
            y trazabilidad completa.
          </p>
        </div>
        <nav aria-label="Comprar">
          <h2 className="font-sans text-sm font-semibold text-gray-900 dark:text-gray-100">Comprar</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to="/lotes" className="hover:underline">
                Catálogo de lotes
              </Link>
            </li>
            <li>
              <Link to="/Guia/compra-de-cafe" className="hover:underline">
                Cómo comprar café
              </Link>
            </li>
            <li>
              <Link to="/Guia/logistica-para-compradores" className="hover:underline">
                Logística
              </Link>
            </li>
            <li>
              <Link to="/Guia/verificados" className="hover:underline">
                Lotes verificados
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Vender">
          <h2 className="font-sans text-sm font-semibold text-gray-900 dark:text-gray-100">Vender</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to="/Guia/vende-sus-cafes" className="hover:underline">
                Vende tus cafés
              </Link>
            </li>
            <li>
              <Link to="/Guia/control-de-calidad" className="hover:underline">
                Control de calidad
              </Link>
            </li>
            <li>
              <Link to="/Guia/transparencia" className="hover:underline">
                Transparencia de precios
              </Link>
            </li>
            <li>
              <Link to="/Guia/modelo-comercio-directo" className="hover:underline">
                Comercio directo
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Cereza">
          <h2 className="font-sans text-sm font-semibold text-gray-900 dark:text-gray-100">Cereza</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to="/about" className="hover:underline">
                Sobre nosotros
              </Link>
            </li>
            <li>
              <Link to="/Blog" className="hover:underline">
                Blog
              </Link>
            </li>
            <li>
              <Link to="/ayuda" className="hover:underline">
                Centro de ayuda
              </Link>
            </li>
            <li>
              <Link to="/ayuda/faq" className="hover:underline">
                Preguntas frecuentes
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="mt-10 text-xs text-gray-600 dark:text-gray-400">
        © {new Date().getUTCFullYear()} Cereza. Café verde de especialidad con origen.
      </p>
    </footer>
  );
});
