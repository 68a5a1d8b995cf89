/**
 * A radar chart in plain SVG (no charting library: it lives only in the dashboards' chunks). Values on a fixed
 * scale [min, max]; each axis is labelled; the figure has a text alternative listing the values.
 */
export function RadarChart({
  axes,
  min,
  max,
  title,
}: {
  axes: { label: string; value: number }[];
  min: number;
  max: number;
  title: string;
}) {
  const size = 300;
  const c = size / 2;
  const r = size / 2 - 60;
  const n = axes.length;
  const point = (i: number, v: number) => {
    const a = (Math.PI * 2 * i) / n - Math.PI / 2;
    const k = Math.max(0, Math.min(1, (v - min) / (max - min)));
    return [c + Math.cos(a) * r * k, c + Math.sin(a) * r * k] as const;
  };
  const ring = (k: number) => axes.map((_, i) => point(i, min + (max - min) * k).join(',')).join(' ');
  const shape = axes.map((a, i) => point(i, a.value).join(',')).join(' ');
  const desc = axes.map((a) => `${a.label}: ${a.value.toFixed(2).replace('.', ',')}`).join('; ');
  return (
    <svg viewBox={`0 0 ${size} ${size}`} role="img" aria-label={`${title}. ${desc}`} className="w-full max-w-sm">
      {[0.25, 0.5, 0.75, 1].map((k) => (
        <polygon key={k} points={ring(k)} className="fill-none stroke-gray-300 dark:stroke-gray-600" />
      ))}
      {axes.map((a, i) => {
        const [x, y] = point(i, max);
        const [lx, ly] = [c + (x - c) * 1.2, c + (y - c) * 1.2];
        return (
          <g key={a.label}>
            <line x1={c} y1={c} x2={x} y2={y} className="stroke-gray-300 dark:stroke-gray-600" />
            <text x={lx} y={ly} textAnchor="middle" dominantBaseline="middle" className="fill-current text-[10px]">
              {a.label}
            </text>
          </g>
        );
      })}
      <polygon points={shape} className="fill-cereza-500/30 stroke-cereza-600" strokeWidth={2} />
    </svg>
  );
}

/** Score distribution: how many cuppings fell in each band. */
export function Distribucion({ puntajes }: { puntajes: number[] }) {
  const bands = [
    { label: '< 80', test: (p: number) => p < 80 },
    { label: '80–82,99', test: (p: number) => p >= 80 && p < 83 },
    { label: '83–85,99', test: (p: number) => p >= 83 && p < 86 },
    { label: '86–88,99', test: (p: number) => p >= 86 && p < 89 },
    { label: '≥ 89', test: (p: number) => p >= 89 },
  ].map((b) => ({ ...b, n: puntajes.filter(b.test).length }));
  const top = Math.max(1, ...bands.map((b) => b.n));
  return (
    <ul className="space-y-1" aria-label="Distribución de puntajes">
      {bands.map((b) => (
        <li key={b.label} className="flex items-center gap-2 text-sm">
          <span className="w-20 shrink-0 tabular-nums">{b.label}</span>
          <span className="h-3 rounded bg-cereza-500" style={{ width: `${(b.n / top) * 70}%` }} aria-hidden />
          <span className="tabular-nums">{b.n}</span>
        </li>
      ))}
    </ul>
  );
}
