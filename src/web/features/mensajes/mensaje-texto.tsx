import { linkify } from './linkify';

/** A message's text: plain text with its line breaks, and web addresses as links that open apart. */
export function MensajeTexto({ texto }: { texto: string }) {
  return (
    <p className="whitespace-pre-wrap break-words">
      {linkify(texto).map((t, i) =>
        t.tipo === 'enlace' ? (
          <a
            key={i}
            href={t.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="underline decoration-1 underline-offset-2"
          >
            {t.valor}
          </a>
        ) : (
          <span key={i}>{t.valor}</span>
        ),
      )}
    </p>
  );
}
