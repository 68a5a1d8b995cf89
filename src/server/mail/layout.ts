/**
 * The one look of Cereza's e-mails: a greeting, a few paragraphs, one button with the link to act, and a
 * footer. Plain text and simple HTML (inline styles only, as mail programs require) from the same content.
 */

import { identidadCerezaLinea } from '../../contract/cereza';
export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the button: why this mail came, how long a link lasts. */
  note?: string;
  /** Where the account's e-mail preferences are (notification mails). */
  preferencesUrl?: string;
  /** A link that stops this kind of mail in one click (a saved search's alerts); also the List-Unsubscribe header. */
  unsubscribe?: { label: string; url: string };
}

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export function renderMail(c: MailContent): { text: string; html: string } {
  const text = [
    c.greeting,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.action ? [`${c.action.label}: ${c.action.url}`, ''] : []),
    ...(c.note ? [c.note, ''] : []),
    '—',
    'Cereza · Café verde de especialidad con origen',
    identidadCerezaLinea(),
    ...(c.preferencesUrl ? [`Elige qué avisos recibes por correo: ${c.preferencesUrl}`] : []),
    ...(c.unsubscribe ? [`${c.unsubscribe.label}: ${c.unsubscribe.url}`] : []),
  ].join('\n');

  const p = (s: string) => `<p style="margin:0 0 16px;line-height:1.5">${escape(s)}</p>`;
  const button = c.action
    ? `<p style="margin:24px 0"><a href="${escape(c.action.url)}" style="background:#15803d;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600;display:inline-block">${escape(c.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#4b5563;line-height:1.5">Si el botón no funciona, copia este enlace en tu navegador:<br><a href="${escape(c.action.url)}" style="color:#15803d;word-break:break-all">${escape(c.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(c.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Inter,Segoe UI,Helvetica,Arial,sans-serif;color:#111827">
<div style="max-width:560px;margin:0 auto;padding:24px 16px">
<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#15803d">Cereza</p>
<div style="background:#ffffff;border-radius:12px;padding:24px">
${p(c.greeting)}
${c.paragraphs.map(p).join('\n')}
${button}
${c.note ? `<p style="margin:0;font-size:13px;color:#4b5563;line-height:1.5">${escape(c.note)}</p>` : ''}
</div>
<p style="margin:16px 0 0;font-size:12px;color:#6b7280;line-height:1.5">Cereza · Café verde de especialidad con origen<br>${escape(identidadCerezaLinea())}${
    c.preferencesUrl
      ? `<br><a href="${escape(c.preferencesUrl)}" style="color:#6b7280">Elige qué avisos recibes por correo</a>`
      : ''
  }${
    c.unsubscribe
      ? `<br><a href="${escape(c.unsubscribe.url)}" style="color:#6b7280">${escape(c.unsubscribe.label)}</a>`
      : ''
  }</p>
</div>
</body>
</html>`;
  return { text, html };
}
