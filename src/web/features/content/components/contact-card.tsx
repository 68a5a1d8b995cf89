import { Clock, Mail, MapPin } from 'lucide-react';
import { CONTACT } from '../contact';

const dtClass = 'flex items-center gap-3 font-semibold';
const iconClass = 'size-5 shrink-0 text-primary-700 dark:text-primary-400';

/** A <dl> holds only <div> groups of <dt> and <dd>: the icon lives inside the term (axe's definition-list). */
export function ContactDetails() {
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      <div>
        <dt className={dtClass}>
          <Mail aria-hidden className={iconClass} />
          Correo electrónico
        </dt>
        <dd className="pl-8">
          <a href={`mailto:${CONTACT.email}`} className="text-primary-800 underline dark:text-primary-300">
            {CONTACT.email}
          </a>
        </dd>
      </div>
      <div>
        <dt className={dtClass}>
          <MapPin aria-hidden className={iconClass} />
          Dirección
        </dt>
        <dd className="pl-8">
          <address className="not-italic">
            <span className="block">
              {CONTACT.razonSocial} (NIF {CONTACT.nif})
            </span>
            {CONTACT.address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </dd>
      </div>
      <div>
        <dt className={dtClass}>
          <Clock aria-hidden className={iconClass} />
          Horario de atención
        </dt>
        <dd className="pl-8">{CONTACT.hours}</dd>
        <dd className="pl-8 text-sm text-gray-600 dark:text-gray-400">{CONTACT.responseTime}</dd>
      </div>
    </dl>
  );
}
