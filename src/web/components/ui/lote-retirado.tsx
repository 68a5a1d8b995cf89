import { LOTE_RETIRADO_LABEL } from '../../../contract/lotes-codes';

/**
 * "Lote retirado": the lot of an order or a sample was archived by its producer (docs/decisions/046). The parties
 * still read it; it is out of the catalogue for good.
 */
export function LoteRetiradoBadge({ retirado }: { retirado?: boolean }) {
  if (!retirado) return null;
  return (
    <span className="ml-2 inline-block rounded-full bg-gray-200 px-2.5 py-0.5 align-middle text-xs font-semibold text-gray-800 dark:bg-gray-700 dark:text-gray-100">
      {LOTE_RETIRADO_LABEL}
    </span>
  );
}
