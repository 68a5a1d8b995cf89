import { Link } from 'react-router';
import { COMISION_LABEL } from '../../contract/lotes-codes';
import { usePageMeta } from '../lib/page-meta';
import { ContactDetails } from '../features/content/components/contact-card';

const PRINCIPLES = [
  {
    title: 'Stock real',
    text: 'Los sacos que ves disponibles existen. Se reservan de forma atómica al crear un pedido, así que dos compradores nunca compran el mismo saco.',
  },
  {
    title: 'Precio con desglose',
    text: `Cada lote muestra el mismo desglose: precio en finca, costos de exportación y nuestra comisión, el ${COMISION_LABEL} del precio. Sabes qué parte de tu dinero llega a quien cultivó el café.`,
  },
  {
    title: 'Calidad verificable',
    text: 'Nuestro laboratorio analiza y cata la muestra de referencia de cada lote que se somete a verificación, y publica su propio puntaje.',
  },
  {
    title: 'Trazabilidad completa',
    text: 'Finca, altitud, proceso, cosecha, certificaciones y, cuando el productor la aporta, la ubicación de la parcela para la EUDR.',
  },
];

export function Component() {
  usePageMeta({
    title: 'Sobre Cereza',
    description:
      'Quiénes somos, por qué existe Cereza, cómo ganamos dinero (una comisión visible en cada lote y servicios opcionales) y cómo contactarnos.',
  });
  return (
    <div className="mx-auto max-w-4xl">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-semibold sm:text-4xl">Sobre Cereza</h1>
        <p className="mt-4 text-lg leading-relaxed text-gray-700 dark:text-gray-300">
          Cereza es un mercado de lotes de café verde de especialidad que conecta directamente a quienes producen el
          café con quienes lo tuestan. Queremos que comprar café de origen sea tan transparente como catarlo.
        </p>
      </header>

      <section aria-labelledby="mision" className="card mt-8 p-6 sm:p-8">
        <h2 id="mision" className="text-2xl font-semibold">
          Nuestra misión
        </h2>
        <div className="prose-cereza">
          <p>
            En la cadena tradicional del café, la información se pierde por el camino. El productor rara vez sabe quién
            tuesta su café ni qué opina de él; el tostador rara vez sabe cuánto de lo que paga llega a la finca. Las
            listas de ofertas se quedan anticuadas en días, y comparar dos lotes exige pedir aclaraciones a cada
            vendedor.
          </p>
          <p>
            Nuestra misión es que productores y compradores de café de especialidad puedan trabajar juntos con la misma
            información: un stock que nunca está desactualizado, un precio con desglose en un formato único, una opinión
            independiente sobre la calidad y la trazabilidad completa de cada lote. Con esa base, las relaciones de
            largo plazo que sostienen a las buenas fincas dejan de ser un privilegio de los grandes importadores.
          </p>
        </div>
      </section>

      <section aria-labelledby="quienes-somos" className="mt-10">
        <h2 id="quienes-somos" className="text-2xl font-semibold">
          Quiénes somos
        </h2>
        <div className="prose-cereza">
          <p>
            Somos un equipo de catadores, especialistas en comercio exterior e ingenieros de software que hemos
            trabajado en fincas, beneficios, importadoras y tostadurías. Conocemos por experiencia lo que cuesta
            encontrar un buen lote, esperar una muestra que no llega o descubrir en destino que el café no es el que se
            cató.
          </p>
          <p>
            Cereza no compra ni revende café, ni fija precios: los productores publican sus lotes y sus precios, y los
            compradores deciden. Nuestro trabajo es que ambos confíen en la información que ven. Explicamos cómo en la
            guía del <Link to="/Guia/modelo-comercio-directo">modelo de comercio directo</Link>.
          </p>
        </div>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {PRINCIPLES.map((p) => (
            <li key={p.title} className="card p-5">
              <h3 className="text-lg font-semibold">{p.title}</h3>
              <p className="mt-2 text-gray-700 dark:text-gray-300">{p.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="como-ganamos-dinero" className="card mt-10 p-6 sm:p-8">
        <h2 id="como-ganamos-dinero" className="text-2xl font-semibold">
          Cómo ganamos dinero
        </h2>
        <div className="prose-cereza">
          <p>
            Creemos que una plataforma que pide transparencia debe empezar por la suya. Nuestros ingresos tienen dos
            fuentes:
          </p>
          <ol>
            <li>
              <strong>Una comisión del {COMISION_LABEL} por cada venta.</strong> Es la misma para todos los lotes: el{' '}
              {COMISION_LABEL} del precio por kilo, calculado por Cereza, no por el productor. Aparece como una línea
              propia, «comisión de la plataforma», en el desglose del precio de cada lote, junto al precio en finca y
              los costos de exportación. La ven el comprador y el productor antes de cualquier pedido, y solo se cobra
              cuando hay venta.
            </li>
            <li>
              <strong>Servicios opcionales de pago.</strong> Análisis adicionales en nuestro laboratorio (por ejemplo,
              de una muestra de pre-embarque o de llegada) y servicios de logística, como la coordinación de envíos y el
              almacenaje. Solo se pagan si se contratan, su precio se indica antes y se facturan aparte, nunca dentro
              del precio de un lote.
            </li>
          </ol>
          <p>
            Publicar lotes, solicitar muestras y verificar la muestra de referencia de un lote no tienen costo en Cereza
            (si una muestra tiene precio, lo fija el productor y aparece en la ficha). No vendemos datos de nuestros
            usuarios ni cobramos a los productores por aparecer antes en el catálogo: el orden por defecto solo da
            prioridad a los lotes verificados por el laboratorio. Más detalles en la guía de{' '}
            <Link to="/Guia/transparencia">transparencia de precios</Link>.
          </p>
        </div>
      </section>

      <section aria-labelledby="contacto" className="mt-10">
        <h2 id="contacto" className="text-2xl font-semibold">
          Contacto
        </h2>
        <p className="mt-2 mb-6 text-gray-700 dark:text-gray-300">
          Para dudas sobre un lote, un pedido o tu cuenta, revisa antes el{' '}
          <Link to="/ayuda" className="text-primary-800 underline dark:text-primary-300">
            centro de ayuda
          </Link>
          . Para todo lo demás, estamos aquí:
        </p>
        <div className="card p-6">
          <ContactDetails />
        </div>
      </section>

      <section aria-labelledby="empieza" className="mt-10 text-center">
        <h2 id="empieza" className="text-2xl font-semibold">
          Empieza hoy
        </h2>
        <div className="mt-4 flex flex-wrap justify-center gap-3">
          <Link to="/lotes" className="btn-primary">
            Ver lotes de café
          </Link>
          <Link to="/Auth/Registro" className="btn-secondary">
            Crear una cuenta
          </Link>
        </div>
      </section>
    </div>
  );
}
