import { useId } from 'react';
import { Sprout, Store } from 'lucide-react';
import { isRol, type RolRegistro as Rol } from '../../../contract/roles';

const TIPO_OPTIONS: Array<{ value: Rol; titulo: string; detail: string; Icon: typeof Sprout }> = [
  { value: 'productor', titulo: 'Productor', detail: 'Publico lotes de mi finca u organización.', Icon: Sprout },
  { value: 'comprador', titulo: 'Comprador', detail: 'Busco y compro café verde de especialidad.', Icon: Store },
];

/**
 * "Elija su tipo de cuenta" (docs/product.md §2): two native radios styled as cards, so that keyboard, screen readers
 * and forms work without extra code. Only "productor" and "comprador" are ever reported (docs/product.md §4).
 */
export function AccountTypeChooser({
  value,
  onChange,
  disabled,
}: {
  value: Rol | null;
  onChange: (rol: Rol) => void;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-2 text-base font-semibold">Elija su tipo de cuenta</legend>
      <div className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2">
        {TIPO_OPTIONS.map(({ value: v, titulo, detail, Icon }) => {
          const checked = value === v;
          return (
            <label
              key={v}
              className={`relative flex cursor-pointer flex-col gap-1 rounded-xl border-2 p-3 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-600 ${
                checked
                  ? 'border-primary-700 bg-primary-50 text-primary-900 dark:border-primary-400 dark:bg-primary-950 dark:text-primary-100'
                  : 'border-gray-200 bg-white hover:border-gray-300 dark:border-gray-700 dark:bg-gray-900 dark:hover:border-gray-600'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={v}
                checked={checked}
                onChange={(e) => {
                  if (isRol(e.target.value)) onChange(e.target.value);
                }}
                aria-label={titulo}
                aria-describedby={`${name}-${v}`}
                // Covers the whole card, invisible: the card is the click target and the radio stays native.
                className="absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-xl opacity-0"
              />
              <span className="flex items-center gap-2 font-semibold">
                <Icon aria-hidden className="size-5" />
                {titulo}
              </span>
              <span id={`${name}-${v}`} className="text-xs text-gray-600 dark:text-gray-400">
                {detail}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
