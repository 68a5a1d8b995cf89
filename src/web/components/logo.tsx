import { Link } from 'react-router';

export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link
      to="/"
      className={`inline-flex items-center gap-2 font-display text-xl font-semibold ${className}`}
      aria-label="Cereza, inicio"
    >
      <svg aria-hidden viewBox="0 0 64 64" className="size-8">
        <circle cx="26" cy="36" r="18" fill="#b91c1c" />
        <circle cx="40" cy="34" r="16" fill="#dc2626" />
        <path d="M30 18c2-8 10-12 18-12-2 7-8 12-18 12z" fill="#15803d" />
      </svg>
      <span style={{ fontFamily: 'var(--font-display)' }}>Cereza</span>
    </Link>
  );
}
