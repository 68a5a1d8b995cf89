import { Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { ColorModeToggle } from '../../components/color-mode-toggle';
import { SkipLink } from './site-header';

export function Component() {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-primary-50 to-gray-100 dark:from-gray-900 dark:to-gray-950">
      <SkipLink />
      <header className="flex items-center justify-between px-4 py-4 sm:px-6">
        <Logo />
        <ColorModeToggle />
      </header>
      <main id="contenido" className="flex flex-1 items-start justify-center px-4 py-6 sm:items-center">
        <div className="w-full max-w-md">
          <Outlet />
        </div>
      </main>
      <footer className="px-4 py-6 text-center text-xs text-gray-600 dark:text-gray-400">
        Cereza · Café verde de especialidad con origen
      </footer>
    </div>
  );
}
