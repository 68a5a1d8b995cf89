/** Producers' news posts. `dias` counts back from the seed's reference date. */
export interface NoticiaSeed {
  productor: string;
  titulo: string;
  cuerpo: string;
  publicada: boolean;
  dias: number;
  /** Which illustration to show. */
  imagen: 'paisaje' | 'cerezas' | 'secado' | 'catacion' | 'sacos';
}

export const NOTICIAS: NoticiaSeed[] = [
  {
    productor: 'monteverde',
    titulo: 'Cerramos la mitaca 2026 con 31 micro-lotes separados',
    cuerpo: `La cosecha de mitaca terminó a mediados de junio y este año separamos **31 micro-lotes** por finca y variedad, nueve más que en 2025.

Lo más destacado:

- Pink Bourbon de Villa Lucía con 88,5 puntos en nuestro laboratorio.
- Primer Sidra honey de la finca El Roble.
- Un lote anaeróbico de Castillo y Tabi que ya está en revisión.

Gracias a todas las familias que entregaron cereza seleccionada. Las muestras de pre-embarque están disponibles desde esta semana.`,
    publicada: true,
    dias: 110,
    imagen: 'cerezas',
  },
  {
    productor: 'monteverde',
    titulo: 'Nuevo laboratorio de catación en Pitalito',
    cuerpo: `Inauguramos el laboratorio renovado del centro de acopio: tostador de muestras de dos tambores, medidor de humedad y actividad de agua, y una mesa para doce tazas.

A partir de ahora cada productor recibe, con el pago, una ficha con su puntaje, sus notas de cata y el factor de rendimiento de su entrega.`,
    publicada: true,
    dias: 48,
    imagen: 'catacion',
  },
  {
    productor: 'elmirador',
    titulo: 'El secador solar nuevo ya está listo',
    cuerpo: `Terminamos el segundo secador solar, de 150 m², con camas elevadas y cortinas laterales. Con él podemos secar los naturales sin prisa aunque llueva por la tarde, algo que en Buesaco pasa casi todos los días de mayo.

La Típica natural de Las Brisas es el primer lote que se secó ahí: 28 días y una taza de fresa y chocolate negro.`,
    publicada: true,
    dias: 135,
    imagen: 'secado',
  },
  {
    productor: 'altochinchipe',
    titulo: 'Comienza la cosecha en San Ignacio',
    cuerpo: `Con las primeras lluvias de mayo llegó la floración tardía y en junio empezamos a recibir pergamino en el centro de acopio de San Ignacio.

Esperamos alrededor de **38.000 quintales** esta temporada. Los lotes de las mujeres cafetaleras de Chirinos y la primera Geisha de La Coipa ya están en el laboratorio.`,
    publicada: true,
    dias: 150,
    imagen: 'paisaje',
  },
  {
    productor: 'altochinchipe',
    titulo: 'Resultados de la renovación de cafetales',
    cuerpo: `En tres años entregamos 410.000 plantones de Bourbon, Típica y Caturra a los socios. Los primeros cafetales renovados entraron en producción este año, con un rendimiento un 30 % mayor.

Estamos preparando el informe completo para compartirlo con los compradores.`,
    publicada: false,
    dias: 6,
    imagen: 'cerezas',
  },
  {
    productor: 'kochere',
    titulo: 'Así seleccionamos la cereza en las camas africanas',
    cuerpo: `En la estación trabajan 60 personas durante la cosecha, la mayoría mujeres de las kebeles vecinas. Su trabajo más importante es separar a mano, en las camas, la cereza verde, sobremadura o dañada durante las primeras 48 horas de secado.

Esa selección es la diferencia entre un Grado 1 y un Grado 2, y se paga aparte.`,
    publicada: true,
    dias: 250,
    imagen: 'secado',
  },
  {
    productor: 'othaya',
    titulo: 'Los lotes AA de la cosecha principal ya están en Mombasa',
    cuerpo: `Los AA y AB de Kiambugi y el PB de Gathaithi salieron del beneficio seco de Nairobi y están listos para embarque.

Quedan pocos sacos del AA; escríbenos si quieres reservar una muestra de pre-embarque.`,
    publicada: true,
    dias: 200,
    imagen: 'sacos',
  },
  {
    productor: 'losquetzales',
    titulo: 'Geisha Volcancito: 91 puntos',
    cuerpo: `El lote lavado de Volcancito, cosechado en un solo día de febrero, obtuvo **91 puntos** en la verificación de Cereza.

Es la taza más floral que hemos producido: jazmín, bergamota y un final largo de té blanco. Hay 12 cajas de 30 kg.`,
    publicada: true,
    dias: 160,
    imagen: 'cerezas',
  },
  {
    productor: 'altocedral',
    titulo: 'Qué diferencia a un honey amarillo de uno negro',
    cuerpo: `El color del honey depende de cuánto mucílago dejamos en el pergamino y de cómo lo secamos:

1. **Amarillo**: menos mucílago y más sol; seca en unos 12 días.
2. **Rojo**: más mucílago y algo de sombra; entre 15 y 18 días.
3. **Negro**: todo el mucílago y sombra los primeros días; hasta 22 días con volteo cada hora.

Cuanto más oscuro, más cuerpo y más fruta madura en taza.`,
    publicada: true,
    dias: 205,
    imagen: 'secado',
  },
  {
    productor: 'cruzloma',
    titulo: 'Borrador: visita de compradores a Caranavi',
    cuerpo: `Estamos organizando una visita a las colonias de Caranavi en julio de 2027 para compradores interesados en conocer a las familias de la asociación.

Detalles de transporte y alojamiento por confirmar.`,
    publicada: false,
    dias: 3,
    imagen: 'paisaje',
  },
  {
    productor: 'sierramadre',
    titulo: 'Renovamos la certificación Bird Friendly',
    cuerpo: `El Smithsonian renovó nuestra certificación Bird Friendly tras la inspección de marzo. Los inspectores midieron la altura y diversidad del dosel de sombra en 60 parcelas de la zona de amortiguamiento de El Triunfo.

Es la única certificación que exige sombra diversa y, a la vez, producción orgánica.`,
    publicada: true,
    dias: 190,
    imagen: 'paisaje',
  },
];
