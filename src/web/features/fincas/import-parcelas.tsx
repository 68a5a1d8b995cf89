import { useId, useState } from 'react';
import type { ImportResult } from '../../../contract/fincas';
import type { FilaImportada } from '../../../contract/parcelas-import';
import { IMPORT_FORMATO_LABELS, IMPORT_FORMATOS } from '../../../contract/parcelas-import';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useImportParcelas } from './api';

const ESTADO: Record<ImportResult['filas'][number]['estado'], string> = {
  valida: 'Válida',
  aviso: 'Válida, con aviso',
  error: 'Rechazada',
};

/**
 * Import of plots from a file (issue 30): first every row's verdict, then, on confirmation, the valid rows created
 * together. Nothing is written before the producer confirms.
 */
export function ImportParcelas({ onCorregir }: { onCorregir?: (fila: FilaImportada) => void } = {}) {
  const id = useId();
  const [archivo, setArchivo] = useState<File | null>(null);
  const [resultado, setResultado] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const importFile = useImportParcelas();

  const enviar = async (confirmar: boolean) => {
    if (!archivo) return;
    setError(null);
    try {
      const r = await importFile.mutateAsync({ archivo, confirmar });
      setResultado(r.data);
      if (confirmar) toast.success(r.message);
    } catch (err) {
      setResultado(null);
      setError(errorMessage(err));
    }
  };

  return (
    <section aria-labelledby={`${id}-t`} className="card space-y-3 p-4">
      <h2 id={`${id}-t`} className="font-semibold">
        Importar parcelas desde un archivo
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Formatos: {IMPORT_FORMATOS.map((f) => IMPORT_FORMATO_LABELS[f]).join(', ')}. El CSV lleva una fila por finca con
        las columnas <code>nombre</code>, <code>productor</code>, <code>latitud</code>, <code>longitud</code> y{' '}
        <code>hectareas</code> (seis decimales en las coordenadas). Primero verás el resultado de cada fila; nada se
        crea hasta que confirmes.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-f`} className="text-sm font-medium">
          Archivo de parcelas
        </label>
        <input
          id={`${id}-f`}
          type="file"
          accept=".csv,.geojson,.json,.kml,.zip,text/csv,application/geo+json,application/vnd.google-earth.kml+xml,application/zip"
          onChange={(e) => {
            setArchivo(e.target.files?.[0] ?? null);
            setResultado(null);
            setError(null);
          }}
          className="text-sm"
        />
        <button
          type="button"
          className="btn-secondary"
          disabled={!archivo || importFile.isPending}
          onClick={() => void enviar(false)}
        >
          Revisar archivo
        </button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {resultado && (
        <div className="space-y-2">
          <p role="status" className="text-sm">
            {resultado.confirmado
              ? `${resultado.creadas} ${resultado.creadas === 1 ? 'parcela creada' : 'parcelas creadas'}; ${resultado.errores} ${resultado.errores === 1 ? 'fila rechazada' : 'filas rechazadas'}.`
              : `${resultado.validas} ${resultado.validas === 1 ? 'parcela válida' : 'parcelas válidas'} y ${resultado.errores} ${resultado.errores === 1 ? 'rechazada' : 'rechazadas'}.`}
          </p>
          {!resultado.confirmado && resultado.validas > 0 && (
            <button
              type="button"
              className="btn-primary"
              disabled={importFile.isPending}
              onClick={() => void enviar(true)}
            >
              Crear {resultado.validas} {resultado.validas === 1 ? 'parcela' : 'parcelas'}
            </button>
          )}
          <div className="max-h-96 overflow-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Resultado de cada fila del archivo</caption>
              <thead>
                <tr>
                  <th scope="col">Fila</th>
                  <th scope="col">Parcela</th>
                  <th scope="col">Resultado</th>
                  <th scope="col">Motivo</th>
                </tr>
              </thead>
              <tbody>
                {resultado.filas.map((f) => (
                  <tr key={f.fila} className="border-t border-gray-200 align-top dark:border-gray-700">
                    <td>{f.fila}</td>
                    <td>{f.nombre}</td>
                    <td
                      className={
                        f.estado === 'error'
                          ? 'text-red-700 dark:text-red-300'
                          : f.estado === 'aviso'
                            ? 'text-amber-800 dark:text-amber-300'
                            : 'text-emerald-800 dark:text-emerald-300'
                      }
                    >
                      {ESTADO[f.estado]}
                    </td>
                    <td>
                      {f.mensajes.join(' ')}
                      {f.estado === 'error' && f.borrador && onCorregir && (
                        <button
                          type="button"
                          className="btn-secondary mt-1 block"
                          onClick={() => onCorregir(f)}
                          aria-label={`Corregir en el mapa la fila ${f.fila} (${f.nombre})`}
                        >
                          Corregir en el mapa
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
