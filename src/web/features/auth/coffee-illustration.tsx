/** Coffee cherries on a branch: the picture of the "No estas registrado aún." modal (decorative). */
export function CoffeeIllustration({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 200 260" aria-hidden="true" focusable="false" className={className}>
      <defs>
        <linearGradient id="cereza-bg" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#14532d" />
          <stop offset="1" stopColor="#052e16" />
        </linearGradient>
        <radialGradient id="cereza-fruit" cx="0.35" cy="0.35" r="0.7">
          <stop offset="0" stopColor="#f87171" />
          <stop offset="0.6" stopColor="#dc2626" />
          <stop offset="1" stopColor="#7f1d1d" />
        </radialGradient>
      </defs>
      <rect width="200" height="260" fill="url(#cereza-bg)" />
      <path d="M20 40 C 80 70, 120 120, 185 230" stroke="#a16207" strokeWidth="6" fill="none" strokeLinecap="round" />
      <path d="M70 70 C 40 40, 30 20, 40 5 C 70 20, 80 45, 70 70 Z" fill="#22c55e" />
      <path d="M120 125 C 150 95, 175 95, 190 105 C 175 135, 150 140, 120 125 Z" fill="#16a34a" />
      <path d="M150 185 C 120 175, 100 190, 95 210 C 120 215, 140 205, 150 185 Z" fill="#15803d" />
      {[
        [80, 95],
        [98, 88],
        [92, 110],
        [135, 160],
        [118, 168],
        [132, 180],
        [160, 205],
      ].map(([cx, cy]) => (
        <g key={`${cx}-${cy}`}>
          <circle cx={cx} cy={cy} r="11" fill="url(#cereza-fruit)" />
          <circle cx={cx - 3} cy={cy - 4} r="2.5" fill="#fecaca" opacity="0.7" />
        </g>
      ))}
      <g fill="#78350f" opacity="0.9">
        <ellipse cx="45" cy="215" rx="13" ry="9" transform="rotate(-20 45 215)" />
        <ellipse cx="70" cy="232" rx="13" ry="9" transform="rotate(15 70 232)" />
      </g>
      <g stroke="#451a03" strokeWidth="2" fill="none">
        <path d="M36 219 C 43 212, 48 216, 55 210" />
        <path d="M60 229 C 68 233, 72 228, 80 235" />
      </g>
    </svg>
  );
}
