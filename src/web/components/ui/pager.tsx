/**
 * "Anteriores / Página N de M / Siguientes" under a private list (conversations, notifications). `page` is the page
 * asked for (from the URL), `pagination` the server's answer; nothing shows while there is a single page.
 */
export function Pager({
  label,
  page,
  pagination,
  onPage,
}: {
  label: string;
  page: number;
  pagination: { page: number; totalPages: number };
  onPage: (page: number) => void;
}) {
  if (pagination.totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 text-sm">
      <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Anteriores
      </button>
      <span>
        Página {pagination.page} de {pagination.totalPages}
      </span>
      <button
        type="button"
        className="btn-secondary"
        disabled={page >= pagination.totalPages}
        onClick={() => onPage(page + 1)}
      >
        Siguientes
      </button>
    </nav>
  );
}
