import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CLASE_RIESGO_LABELS,
  CLASES_RIESGO,
  FUENTE_RIESGO_2025,
  type ClaseRiesgo,
  type RiesgoPais,
} from '../../../contract/eudr';
import { PAISES_ORIGEN, paisName } from '../../../contract/lotes-codes';
import { ApiError, api, errorMessage } from '../../lib/api';
import { fieldErrorsById, focusField } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { PageTitle } from './ui';

const KEY = ['operador', 'riesgo-paises'] as const;

/**
 * /Dashboard/operador/riesgo: the EU's country risk classes (Implementing Regulation (EU) 2025/1093) as Cereza keeps
 * them, each with its source and date; lot pages and due-diligence packs show them (issue 30, decision 060).
 */
export function RiesgoPage() {
  const { data, isPending, isError, error } = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) =>
      api<{ data: { riesgos: RiesgoPais[] } }>('/api/eudr/riesgo-paises', { signal }).then((r) => r.data.riesgos),
  });
  const porPais = new Map((data ?? []).map((r) => [r.pais, r]));
  return (
    <div>
      <PageTitle intro="La clasificación de la UE para el reglamento contra la deforestación. Los países sin clase aquí se muestran «sin clasificar en Cereza»: complétalos con la fuente.">
        Riesgo de deforestación por país
      </PageTitle>
      {isPending && <div className="card h-32 animate-pulse" aria-hidden />}
      {isError && <p role="alert">{errorMessage(error)}</p>}
      {data && <Formulario porPais={porPais} />}
      {data && (
        <table className="mt-4 w-full text-left text-sm">
          <caption className="sr-only">Clase de riesgo de cada país de origen</caption>
          <thead>
            <tr>
              <th scope="col">País</th>
              <th scope="col">Clase</th>
              <th scope="col">Fuente y fecha</th>
            </tr>
          </thead>
          <tbody>
            {PAISES_ORIGEN.map((p) => {
              const r = porPais.get(p.code);
              return (
                <tr key={p.code} className="border-t border-gray-200 align-top dark:border-gray-700">
                  <td>{p.nombre}</td>
                  <td>{r ? CLASE_RIESGO_LABELS[r.clase] : 'Sin clasificar'}</td>
                  <td>{r ? `${r.fuente} (${r.fechaFuente})` : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}

function Formulario({ porPais }: { porPais: Map<string, RiesgoPais> }) {
  const id = useId();
  const qc = useQueryClient();
  const [pais, setPais] = useState(PAISES_ORIGEN[0].code);
  const actual = porPais.get(pais);
  const [clase, setClase] = useState<ClaseRiesgo>(actual?.clase ?? 'ESTANDAR');
  const [fuente, setFuente] = useState(actual?.fuente ?? FUENTE_RIESGO_2025);
  const [fecha, setFecha] = useState(actual?.fechaFuente ?? '2025-05-22');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const guardar = useMutation({
    mutationFn: () =>
      api<{ message: string }>(`/api/operador/riesgo-paises/${pais}`, {
        method: 'PUT',
        body: { clase, fuente, fechaFuente: fecha },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
  const elegir = (code: string) => {
    setPais(code);
    const r = porPais.get(code);
    setClase(r?.clase ?? 'ESTANDAR');
    setFuente(r?.fuente ?? FUENTE_RIESGO_2025);
    setFecha(r?.fechaFuente ?? '2025-05-22');
    setErrors({});
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      toast.success((await guardar.mutateAsync()).message);
      setErrors({});
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        setErrors(err.fields);
        // The first refused field takes the focus (issue 32).
        focusField(fieldErrorsById(err, { clase: `${id}-c`, fuente: `${id}-f`, fechaFuente: `${id}-d` }).first);
      } else toast.error(errorMessage(err));
    }
  };
  return (
    <form onSubmit={submit} className="card grid gap-3 p-4 sm:grid-cols-2" noValidate>
      <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-p`}>
        País
        <select id={`${id}-p`} className="input" value={pais} onChange={(e) => elegir(e.target.value)}>
          {PAISES_ORIGEN.map((p) => (
            <option key={p.code} value={p.code}>
              {paisName(p.code)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-c`}>
        Clase de riesgo
        <select
          id={`${id}-c`}
          className="input"
          value={clase}
          onChange={(e) => setClase(e.target.value as ClaseRiesgo)}
        >
          {CLASES_RIESGO.map((c) => (
            <option key={c} value={c}>
              {CLASE_RIESGO_LABELS[c]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm sm:col-span-2" htmlFor={`${id}-f`}>
        Fuente
        <input
          id={`${id}-f`}
          className="input"
          value={fuente}
          onChange={(e) => setFuente(e.target.value)}
          aria-invalid={!!errors.fuente}
          aria-describedby={errors.fuente ? `${id}-fe` : undefined}
        />
        {errors.fuente && (
          <span id={`${id}-fe`} className="text-red-700 dark:text-red-300">
            {errors.fuente}
          </span>
        )}
      </label>
      <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-d`}>
        Fecha de la fuente
        <input
          id={`${id}-d`}
          type="date"
          className="input"
          value={fecha}
          onChange={(e) => setFecha(e.target.value)}
          aria-invalid={!!errors.fechaFuente}
        />
        {errors.fechaFuente && <span className="text-red-700 dark:text-red-300">{errors.fechaFuente}</span>}
      </label>
      <div className="flex items-end">
        <button type="submit" className="btn-primary" disabled={guardar.isPending}>
          Guardar clase
        </button>
      </div>
    </form>
  );
}
