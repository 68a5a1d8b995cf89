import { PAIS_NAMES } from '../../contract/lotes-codes';

/**
 * A country's flag as an image (issue 32: emoji flags read as two letters on Windows and on Debian's Chromium).
 * The SVGs are the flag-icons package's, copied by the build to /flags/ (vite.config.ts flagIcons): no script.
 * Decorative: the country's name is always written beside it. Nothing for a code outside the list.
 */
export function Bandera({ pais, className = '' }: { pais: string; className?: string }) {
  if (!PAIS_NAMES.has(pais)) return null;
  return (
    <img
      src={`/flags/${pais.toLowerCase()}.svg`}
      alt=""
      width={20}
      height={15}
      loading="lazy"
      className={`inline-block h-[0.9em] w-auto rounded-[2px] align-[-0.1em] ${className}`}
    />
  );
}
