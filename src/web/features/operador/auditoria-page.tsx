import { useState } from 'react';
import { useAuditoria } from './api';
import { Estado, PageTitle, SearchBox, Tabla, fecha, td } from './ui';

const json = (v: unknown) => (v ? JSON.stringify(v) : '—');

/** Auditoría: every operator action, newest first, searchable by reason, action, operator or object. */
export function AuditoriaPage() {
  const [texto, setTexto] = useState('');
  const q = useAuditoria(texto);
  return (
    <div>
      <PageTitle intro="Cada acción de un operador, con su motivo. El registro no se puede editar ni borrar.">
        Auditoría
      </PageTitle>
      <SearchBox label="Buscar en el registro (motivo, acción, operador u objeto)" onSearch={setTexto} />
      <Estado q={q}>
        <Tabla
          caption="Registro de auditoría"
          head={['Cuándo', 'Quién', 'Acción', 'Objeto', 'Motivo', 'Antes → después']}
        >
          {q.data?.entradas.map((e) => (
            <tr key={e.id}>
              <td className={td}>{fecha(e.createdAt)}</td>
              <td className={`${td} break-all`}>{e.operadorEmail}</td>
              <td className={td}>{e.accion}</td>
              <td className={`${td} break-all`}>
                {e.entidad} {e.entidadId.slice(0, 8)}
              </td>
              <td className={td}>{e.motivo}</td>
              <td className={`${td} break-all font-mono text-xs`}>
                {json(e.antes)} → {json(e.despues)}
              </td>
            </tr>
          ))}
        </Tabla>
        {q.data?.entradas.length === 0 && <p className="mt-2 text-sm">Sin entradas.</p>}
      </Estado>
    </div>
  );
}
