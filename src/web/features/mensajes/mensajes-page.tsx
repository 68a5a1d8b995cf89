import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Archive, ArchiveRestore, ArrowLeft, FileText, Flag, Search } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { ReporteInputSchema, type Conversacion, type Mensaje, type ReporteInput } from '../../../contract/mensajes';
import type { Rol } from '../../../contract/roles';
import { Avatar } from '../../components/ui/avatar';
import { ErrorRetry } from '../../components/ui/error-retry';
import { FieldError, fieldProps } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { PageLoading } from '../../components/ui/spinner';
import { FilterPill } from '../../components/ui/filter-pill';
import { Pager } from '../../components/ui/pager';
import { ApiError, errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { formatDateTime, formatNumber, formatRelative } from '../../lib/format';
import { usePageMeta } from '../../lib/page-meta';
import { dashboardPath } from '../../lib/session';
import { toast } from '../../lib/toast';
import { Composer } from './composer';
import { MensajeTexto } from './mensaje-texto';
import { useArchivar, useBandeja, useHilo, useMarkConversacionRead, useReportar, useSendMensaje } from './api';

/**
 * /Dashboard/{rol}/mensajes and /Dashboard/{rol}/mensajes/{id}: the inbox beside the open thread (one at a time
 * on a phone).
 */
export function MensajesPage({ rol }: { rol: Rol }) {
  const { id } = useParams();
  usePageMeta({ title: 'Mensajes' });
  return (
    <div className="flex flex-col gap-5">
      <h1 className={`text-2xl font-semibold sm:text-3xl ${id ? 'hidden lg:block' : ''}`}>Mensajes</h1>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-label="Conversaciones" className={id ? 'hidden lg:block' : ''}>
          <Bandeja rol={rol} activeId={id} />
        </section>
        <section aria-label="Conversación" className={id ? '' : 'hidden lg:block'}>
          {id ? (
            <Hilo key={id} id={id} rol={rol} />
          ) : (
            <div className="card p-8 text-center text-gray-600 dark:text-gray-400">
              Elige una conversación para leerla y responder.
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

function Bandeja({ rol, activeId }: { rol: Rol; activeId?: string }) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const archivadas = params.get('archivadas') === 'true';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(q);
  const { data, isPending, isError, refetch, isFetching } = useBandeja(q, archivadas, page);
  const otro = rol === 'comprador' ? 'productor' : 'comprador';

  const go = (next: { q?: string; archivadas?: boolean; page?: number }) => {
    const p = new URLSearchParams();
    const nq = next.q ?? q;
    if (nq) p.set('q', nq);
    if (next.archivadas ?? archivadas) p.set('archivadas', 'true');
    if ((next.page ?? 1) > 1) p.set('page', String(next.page));
    setParams(p, { replace: true });
  };

  const tab = (label: string, value: boolean) => (
    <FilterPill pressed={archivadas === value} onClick={() => go({ archivadas: value, page: 1 })}>
      {label}
    </FilterPill>
  );

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-gray-600 dark:text-gray-400" aria-live="polite">
        {data
          ? data.noLeidas === 0
            ? 'No tienes mensajes sin leer.'
            : data.noLeidas === 1
              ? 'Tienes 1 conversación con mensajes sin leer.'
              : `Tienes ${data.noLeidas} conversaciones con mensajes sin leer.`
          : ' '}
      </p>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          go({ q: search.trim(), page: 1 });
        }}
        className="flex gap-2"
      >
        <label className="sr-only" htmlFor="mensajes-buscar">
          Buscar por {otro} o lote
        </label>
        <input
          id="mensajes-buscar"
          type="search"
          className="input flex-1"
          placeholder={`Buscar por ${otro} o lote`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <button type="submit" className="btn-secondary" aria-label="Buscar">
          <Search aria-hidden className="size-4" />
        </button>
      </form>
      <div role="group" aria-label="Carpetas" className="flex gap-2">
        {tab('Bandeja de entrada', false)}
        {tab('Archivadas', true)}
      </div>
      {isPending ? (
        <PageLoading />
      ) : isError || !data ? (
        <ErrorRetry message="No hemos podido cargar tus mensajes." onRetry={() => void refetch()} busy={isFetching} />
      ) : data.conversaciones.length === 0 ? (
        <div className="card p-6 text-center text-sm text-gray-600 dark:text-gray-400">
          {q
            ? 'Ninguna conversación coincide con tu búsqueda.'
            : archivadas
              ? 'No tienes conversaciones archivadas.'
              : rol === 'comprador'
                ? 'Aún no tienes conversaciones. Escribe a un productor desde la página de uno de sus lotes.'
                : 'Aún no tienes conversaciones. Aquí verás lo que te escriban los compradores.'}
        </div>
      ) : (
        <>
          <ul className="card divide-y divide-gray-200 p-1 dark:divide-gray-800">
            {data.conversaciones.map((c) => (
              <li key={c.id}>
                <ConversacionLink c={c} rol={rol} active={c.id === activeId} />
              </li>
            ))}
          </ul>
          <Pager
            label="Páginas de conversaciones"
            page={page}
            pagination={data.pagination}
            onPage={(n) => go({ page: n })}
          />
        </>
      )}
    </div>
  );
}

function ConversacionLink({ c, rol, active }: { c: Conversacion; rol: Rol; active: boolean }) {
  const unread = c.noLeidos > 0;
  return (
    <Link
      to={`${dashboardPath(rol)}/mensajes/${c.id}`}
      aria-current={active ? 'page' : undefined}
      className={`flex items-start gap-3 rounded-xl p-3 hover:bg-gray-50 dark:hover:bg-gray-800/60 ${
        active ? 'bg-primary-50 dark:bg-gray-800' : ''
      }`}
    >
      <Avatar src={c.contraparte.avatar} name={c.contraparte.nombre} size={40} />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={`truncate ${unread ? 'font-semibold' : 'font-medium'}`}>{c.contraparte.nombre}</span>
          <span className="shrink-0 text-xs text-gray-500 dark:text-gray-400">{formatRelative(c.updatedAt)}</span>
        </span>
        {c.asunto && <span className="block truncate text-xs text-gray-500 dark:text-gray-400">{c.asunto.titulo}</span>}
        <span className="flex items-center justify-between gap-2">
          <span
            className={`truncate text-sm ${unread ? 'text-gray-900 dark:text-gray-100' : 'text-gray-600 dark:text-gray-400'}`}
          >
            {c.ultimoMensaje ? `${c.ultimoMensaje.mio ? 'Tú: ' : ''}${c.ultimoMensaje.extracto}` : ''}
          </span>
          {unread && (
            <span className="shrink-0 rounded-full bg-cereza-600 px-2 py-0.5 text-xs font-semibold text-white">
              {c.noLeidos}
              <span className="sr-only"> sin leer</span>
            </span>
          )}
        </span>
      </span>
    </Link>
  );
}

function Hilo({ id, rol }: { id: string; rol: Rol }) {
  const { data, error, isPending, refetch, isFetching, fetchNextPage, hasNextPage, isFetchingNextPage } = useHilo(id);
  const send = useSendMensaje(id);
  const markRead = useMarkConversacionRead(id);
  const archivar = useArchivar(id);
  const [reporting, setReporting] = useState(false);
  const endRef = useRef<HTMLDivElement>(null);
  const markedUpTo = useRef(0);

  const conversacion = data?.pages[0]?.conversacion;
  const mensajes: Mensaje[] = data ? [...data.pages].reverse().flatMap((p) => p.mensajes) : [];
  const lastId = mensajes.at(-1)?.id;

  // Reading the thread marks it read (once per new message, and only while the page is in view).
  useEffect(() => {
    if (!conversacion || conversacion.noLeidos === 0) return;
    const upTo = mensajes.at(-1)?.numero ?? 0;
    if (markedUpTo.current >= upTo || document.visibilityState !== 'visible') return;
    markedUpTo.current = upTo;
    markRead.mutate();
  });

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [lastId]);

  if (error instanceof ApiError && error.status === 404) {
    return (
      <div className="card p-8 text-center">
        <p>Conversación no encontrada.</p>
        <Link to={`${dashboardPath(rol)}/mensajes`} className="btn-secondary mt-4">
          Volver a mensajes
        </Link>
      </div>
    );
  }
  if (error && !data)
    return <ErrorRetry message={errorMessage(error)} onRetry={() => void refetch()} busy={isFetching} />;
  if (isPending || !conversacion) return <PageLoading />;

  const { contraparte, asunto } = conversacion;
  const eliminada = contraparte.id === null;
  const lastMine = [...mensajes].reverse().find((m) => m.mio);

  return (
    <div className="card flex flex-col">
      <header className="flex flex-wrap items-center gap-3 border-b border-gray-200 p-4 dark:border-gray-800">
        <Link
          to={`${dashboardPath(rol)}/mensajes`}
          className="btn-ghost -ml-2 lg:hidden"
          aria-label="Volver a mensajes"
        >
          <ArrowLeft aria-hidden className="size-5" />
        </Link>
        <Avatar src={contraparte.avatar} name={contraparte.nombre} size={40} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-lg font-semibold">{contraparte.nombre}</h2>
          {asunto &&
            (asunto.enlace ? (
              <Link
                to={asunto.enlace}
                className="text-sm font-medium text-primary-700 hover:underline dark:text-primary-400"
              >
                {asunto.titulo}
              </Link>
            ) : (
              <span className="text-sm text-gray-600 dark:text-gray-400">{asunto.titulo}</span>
            ))}
        </div>
        <div className="flex gap-1">
          <button
            type="button"
            className="btn-ghost"
            disabled={archivar.isPending}
            onClick={() =>
              archivar.mutate(!conversacion.archivada, {
                onSuccess: (r) => toast.success(r.message),
                onError: (err) => toast.error(errorMessage(err)),
              })
            }
          >
            {conversacion.archivada ? (
              <>
                <ArchiveRestore aria-hidden className="size-4" /> Desarchivar
              </>
            ) : (
              <>
                <Archive aria-hidden className="size-4" /> Archivar
              </>
            )}
          </button>
          <button type="button" className="btn-ghost" onClick={() => setReporting(true)} aria-haspopup="dialog">
            <Flag aria-hidden className="size-4" /> Reportar
          </button>
        </div>
      </header>

      <div className="flex max-h-[60vh] min-h-64 flex-col gap-2 overflow-y-auto p-4">
        {hasNextPage && (
          <button
            type="button"
            className="btn-secondary self-center"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            Ver mensajes anteriores
          </button>
        )}
        <ol aria-label="Mensajes" className="flex flex-col gap-2">
          {mensajes.map((m) => (
            <li key={m.id} className={`flex flex-col ${m.mio ? 'items-end' : 'items-start'}`}>
              <div
                className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-sm ${
                  m.mio
                    ? 'bg-primary-700 text-white dark:bg-primary-500 dark:text-gray-950'
                    : 'bg-gray-100 text-gray-900 dark:bg-gray-800 dark:text-gray-100'
                }`}
              >
                <span className="sr-only">{m.autor}: </span>
                {m.adjunto && 'tipo' in m.adjunto && (
                  <a
                    href={m.adjunto.url}
                    download={m.adjunto.nombre}
                    className="mb-1 flex items-center gap-1.5 underline underline-offset-2"
                  >
                    <FileText aria-hidden className="size-4 shrink-0" />
                    <span className="break-all">{m.adjunto.nombre}</span>
                    <span className="shrink-0 text-xs opacity-80">(PDF, {formatKb(m.adjunto.bytes)})</span>
                  </a>
                )}
                {m.adjunto && !('tipo' in m.adjunto) && (
                  <a href={m.adjunto.url} target="_blank" rel="noopener noreferrer" className="mb-1 block">
                    <img
                      src={m.adjunto.thumb}
                      alt="Imagen adjunta"
                      width={m.adjunto.width}
                      height={m.adjunto.height}
                      loading="lazy"
                      className="h-auto max-h-48 w-auto rounded-lg"
                    />
                  </a>
                )}
                {m.texto && <MensajeTexto texto={m.texto} />}
              </div>
              <span className="mt-0.5 text-xs text-gray-500 dark:text-gray-400">
                <time dateTime={m.createdAt} title={formatDateTime(m.createdAt)}>
                  {formatRelative(m.createdAt)}
                </time>
                {m.id === lastMine?.id && m.numero <= conversacion.leidoPorContraparteHasta && ' · Leído'}
              </span>
            </li>
          ))}
        </ol>
        <div ref={endRef} />
      </div>

      <div className="border-t border-gray-200 p-4 dark:border-gray-800">
        {eliminada ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">
            La otra parte eliminó su cuenta: ya no puede recibir mensajes.
          </p>
        ) : (
          <Composer
            draftId={id}
            label={`Escribe a ${contraparte.nombre}`}
            allowImage
            onSend={(message, idempotencyKey) => send.mutateAsync({ ...message, idempotencyKey })}
          />
        )}
      </div>
      <ReportarModal id={id} open={reporting} onClose={() => setReporting(false)} />
    </div>
  );
}

/** The report is the contract's ReporteInputSchema (web/lib/form-schema): its parsing and Spanish messages. */
const reporteForm = formOf(ReporteInputSchema);
const reporteResolver = reporteForm.resolver;
type ReporteValues = FormOf<ReporteInput>;

function ReportarModal({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm<ReporteValues, unknown, ReporteInput>({
    defaultValues: reporteForm.defaults(),
    resolver: reporteResolver,
  });
  const reportar = useReportar(id);
  const motivo = watch('motivo');
  const submit = handleSubmit(async (body) => {
    try {
      const r = await reportar.mutateAsync(body);
      toast.success(r.message);
      reset(reporteForm.defaults());
      onClose();
    } catch (err) {
      // A refusal of the reason names the box; any other is the form's alert below.
      showFieldErrors(err, reporteForm.paths, setError);
    }
  });
  const fieldError = errors.motivo?.message;
  const formError = !fieldError && reportar.error ? errorMessage(reportar.error) : null;
  return (
    <Modal open={open} onClose={onClose} title="Reportar esta conversación" size="max-w-md">
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          Cuéntanos qué ocurre (spam, una oferta para pagar fuera de Cereza, un trato ofensivo…). El equipo de Cereza lo
          revisará; la otra parte no sabrá que la has reportado.
        </p>
        <label className="label" htmlFor="reporte-motivo">
          ¿Qué ocurre?
        </label>
        <textarea
          className="input min-h-24"
          maxLength={1000}
          required
          {...fieldProps('reporte-motivo', fieldError)}
          {...register('motivo')}
        />
        <FieldError id="reporte-motivo" error={fieldError} />
        {formError && (
          <p role="alert" className="field-error">
            {formError}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" className="btn-danger" disabled={reportar.isPending || motivo.trim().length < 3}>
            Enviar reporte
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** A file's size as the download link says it: "240 KB", "1,2 MB". */
function formatKb(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${formatNumber(Math.max(1, Math.round(bytes / 1024)), 0, 0)} KB`
    : `${formatNumber(bytes / (1024 * 1024), 1, 1)} MB`;
}
