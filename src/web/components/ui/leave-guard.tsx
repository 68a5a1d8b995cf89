import { useEffect, type RefObject } from 'react';
import { useBlocker } from 'react-router';
import { Modal } from './modal';

/**
 * Leaving a form with unsaved changes asks first: a dialog for a move inside the app, the browser's own question
 * when the tab is closed or reloaded. `saved` is set once the form's changes are stored (the navigation that
 * follows a save is not blocked).
 */
export function LeaveGuard({ dirty, saved, what }: { dirty: boolean; saved: RefObject<boolean>; what: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !saved.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (saved.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    addEventListener('beforeunload', onBeforeUnload);
    return () => removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty, saved]);

  return (
    <Modal
      open={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="¿Salir sin guardar?"
      size="max-w-md"
    >
      <p className="text-gray-700 dark:text-gray-300">
        Tienes cambios sin guardar en {what}. Si sales ahora, se perderán.
      </p>
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={() => blocker.reset?.()}>
          Seguir editando
        </button>
        <button type="button" className="btn-danger" onClick={() => blocker.proceed?.()}>
          Salir sin guardar
        </button>
      </div>
    </Modal>
  );
}
