import { useState } from 'react';

/** Drawn coffee cherries and beans: shown when a lot has no photo or its photo fails to load. */
export function LoteIllustration({ className = '' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 400 300"
      role="img"
      aria-label="Lote sin fotografía"
      className={className}
      preserveAspectRatio="xMidYMid slice"
    >
      <defs>
        <linearGradient id="lote-ilustracion-fondo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#dcfce7" />
          <stop offset="1" stopColor="#bbf7d0" />
        </linearGradient>
      </defs>
      <rect width="400" height="300" fill="url(#lote-ilustracion-fondo)" />
      <path d="M120 210 C150 120 250 100 300 70" stroke="#166534" strokeWidth="6" fill="none" strokeLinecap="round" />
      <ellipse cx="205" cy="120" rx="42" ry="20" fill="#15803d" transform="rotate(-30 205 120)" />
      <ellipse cx="265" cy="95" rx="36" ry="16" fill="#16a34a" transform="rotate(20 265 95)" />
      <circle cx="150" cy="195" r="26" fill="#b91c1c" />
      <circle cx="185" cy="210" r="24" fill="#dc2626" />
      <circle cx="168" cy="172" r="22" fill="#dc2626" />
      <g fill="#78350f">
        <ellipse cx="270" cy="210" rx="28" ry="19" transform="rotate(-20 270 210)" />
        <ellipse cx="320" cy="230" rx="26" ry="18" transform="rotate(15 320 230)" />
      </g>
      <g stroke="#fef3c7" strokeWidth="3" fill="none" strokeLinecap="round">
        <path d="M252 218 C265 205 278 215 290 200" />
        <path d="M300 232 C315 222 325 240 340 228" />
      </g>
    </svg>
  );
}

interface LoteImageProps {
  src?: string | null;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Above the fold (the detail's first photo): load now instead of lazily. */
  eager?: boolean;
}

/** A lot photo that is never a broken image: a missing or failing source shows the illustration. */
export function LoteImage({ src, alt, width, height, className = '', eager }: LoteImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return <LoteIllustration className={className} />;
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding={eager ? 'auto' : 'async'}
      onError={() => setFailed(src)}
      className={className}
    />
  );
}
