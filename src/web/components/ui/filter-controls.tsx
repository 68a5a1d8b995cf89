/*
 * The controls of a list's filter bar (invoices, account movements): a labelled date and a labelled native
 * select whose first option clears the filter. Their values live in the URL, so they are controlled and report
 * the raw string ('' for "all").
 */

export function DateFilter({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <input id={id} type="date" className="input" value={value ?? ''} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

export function SelectFilter({
  id,
  label,
  value,
  onChange,
  todos,
  options,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  /** The text of the option that clears the filter ("Todos", "Todas"). */
  todos: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="input" value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">{todos}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
