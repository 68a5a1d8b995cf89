import { Clock, Mail, MapPin } from 'lucide-react';
import { CONTACT } from '../contact';

export function ContactDetails() {
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      <div className="flex gap-3">
        <Mail aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-700 dark:text-primary-400" />
        <div>
          <dt className="font-semibold">Correo electrónico</dt>
          <dd>
            <a href={`mailto:${CONTACT.email}`} className="text-primary-800 underline dark:text-primary-300">
              {CONTACT.email}
            </a>
          </dd>
        </div>
      </div>
      <div className="flex gap-3">
        <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-700 dark:text-primary-400" />
        <div>
          <dt className="font-semibold">Dirección</dt>
          <dd>
            <address className="not-italic">
              {CONTACT.address.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </dd>
        </div>
      </div>
      <div className="flex gap-3">
        <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-700 dark:text-primary-400" />
        <div>
          <dt className="font-semibold">Horario de atención</dt>
          <dd>{CONTACT.hours}</dd>
          <dd className="text-sm text-gray-600 dark:text-gray-400">{CONTACT.responseTime}</dd>
        </div>
      </div>
    </dl>
  );
}
