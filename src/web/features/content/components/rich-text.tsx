import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

// One pass over a paragraph: [label](href) or **strong**.
const INLINE = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*/g;

/**
 * Renders the two inline marks of our text modules. Internal paths become client-side links and stay in the
 * app; anything else is an ordinary external link.
 */
export function RichText({ text }: { text: string }) {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    const at = m.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const [, label, href, strong] = m;
    if (strong) out.push(<strong key={at}>{strong}</strong>);
    else if (href.startsWith('/') || href.startsWith('#')) {
      out.push(
        href.startsWith('#') ? (
          <a key={at} href={href}>
            {label}
          </a>
        ) : (
          <Link key={at} to={href}>
            {label}
          </Link>
        ),
      );
    } else {
      out.push(
        <a key={at} href={href} rel="noopener noreferrer">
          {label}
        </a>,
      );
    }
    last = at + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return <Fragment>{out}</Fragment>;
}
