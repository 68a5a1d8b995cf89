import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CLASE_RIESGO_LABELS, CLASES_RIESGO, FUENTE_RIESGO_2025, type RiesgoPais } from '../../../contract/eudr';
import { RiesgoInputSchema } from '../../../contract/eudr-api';
import { EUDR_API } from '../../../contract/eudr-endpoints';
import { PAISES_ORIGEN, paisName } from '../../../contract/lotes-codes';
import { call, errorMessage } from '../../lib/api';
import { FieldError, fieldProps } from '../../components/ui/field';
import { showFieldErrors } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
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
    queryFn: ({ signal }) => call(EUDR_API.riesgos, { signal }).then((r) => r.data.riesgos),
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

/** The class of one country: the contract's RiesgoInputSchema, with the country the address names. */
const RiesgoFormSchema = RiesgoInputSchema.extend({ pais: z.string() });
const riesgoForm = formOf(RiesgoFormSchema);
const riesgoResolver = riesgoForm.resolver;
type Riesgo = z.output<typeof RiesgoFormSchema>;
type RiesgoValues = FormOf<Riesgo>;
const valoresDe = (pais: string, r?: RiesgoPais) =>
  riesgoForm.defaults({
    pais,
    clase: r?.clase ?? 'ESTANDAR',
    fuente: r?.fuente ?? FUENTE_RIESGO_2025,
    fechaFuente: r?.fechaFuente ?? '2025-05-22',
  });

function Formulario({ porPais }: { porPais: Map<string, RiesgoPais> }) {
  const id = useId();
  const qc = useQueryClient();
  const primero = PAISES_ORIGEN[0].code;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<RiesgoValues, unknown, Riesgo>({
    defaultValues: valoresDe(primero, porPais.get(primero)),
    resolver: riesgoResolver,
  });
  const save = useMutation({
    mutationFn: ({ pais, ...body }: Riesgo) => call(EUDR_API.setRiesgo, { params: { pais }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
  const submit = handleSubmit(async (values) => {
    try {
      toast.success((await save.mutateAsync(values)).message);
    } catch (err) {
      // The first refused field takes the focus (issue 32).
      if (!showFieldErrors(err, riesgoForm.paths, setError)) toast.error(errorMessage(err));
    }
  });
  const pais = register('pais');
  return (
    <form onSubmit={submit} className="card grid gap-3 p-4 sm:grid-cols-2" noValidate>
      <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-p`}>
        País
        <select
          id={`${id}-p`}
          className="input"
          {...pais}
          onChange={(e) => {
            // Another country: its stored class, source and date (or the usual ones).
            reset(valoresDe(e.target.value, porPais.get(e.target.value)));
          }}
        >
          {PAISES_ORIGEN.map((p) => (
            <option key={p.code} value={p.code}>
              {paisName(p.code)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-c`}>
        Clase de riesgo
        <select className="input" {...fieldProps(`${id}-c`, errors.clase?.message)} {...register('clase')}>
          {CLASES_RIESGO.map((c) => (
            <option key={c} value={c}>
              {CLASE_RIESGO_LABELS[c]}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-c`} error={errors.clase?.message} />
      </label>
      <label className="flex flex-col gap-1 text-sm sm:col-span-2" htmlFor={`${id}-f`}>
        Fuente
        <input className="input" {...fieldProps(`${id}-f`, errors.fuente?.message)} {...register('fuente')} />
        <FieldError id={`${id}-f`} error={errors.fuente?.message} />
      </label>
      <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-d`}>
        Fecha de la fuente
        <input
          type="date"
          className="input"
          {...fieldProps(`${id}-d`, errors.fechaFuente?.message)}
          {...register('fechaFuente')}
        />
        <FieldError id={`${id}-d`} error={errors.fechaFuente?.message} />
      </label>
      <div className="flex items-end">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          Guardar clase
        </button>
      </div>
    </form>
  );
}
