/** Demo buyer organisations. The first one is the documented buyer login and keeps a few favourites. */
export interface CompradorSeed {
  slug: string;
  email: string;
  contacto: { nombre: string; apellido: string };
  fechaOrigen: string;
  empresa: string;
  tipoComprador: 'TOSTADOR' | 'IMPORTADOR' | 'CAFETERIA' | 'DISTRIBUIDOR' | 'OTRO';
  pais: string;
  ciudad: string;
  volumenAnualKg: number;
  sitioWeb: string;
  descripcion: string;
  /** Lots this buyer saved as favourites: producer slug and the lot's position in that producer's list. */
  favoritos: Array<[string, number]>;
}

export const COMPRADORES: CompradorSeed[] = [
  {
    slug: 'pradera',
    email: 'comprador@cereza.example',
    contacto: { nombre: 'Marta', apellido: 'Soler' },
    fechaOrigen: '2014-04-01',
    empresa: 'Cafés Pradera Tostadores',
    tipoComprador: 'TOSTADOR',
    pais: 'ES',
    ciudad: 'Valencia',
    volumenAnualKg: 18000,
    sitioWeb: 'https://cafespradera.example',
    descripcion:
      'Tostaduría de especialidad en Valencia desde 2014. Tostamos en un tambor de 15 kg para cafeterías y venta en línea; compramos micro-lotes lavados y naturales de Centroamérica, Colombia y Etiopía, y un Brasil para nuestra mezcla de espresso.',
    favoritos: [
      ['monteverde', 0],
      ['kochere', 1],
      ['losquetzales', 0],
      ['othaya', 0],
      ['altocedral', 1],
    ],
  },
  {
    slug: 'granoverde',
    email: 'importador@cereza.example',
    contacto: { nombre: 'Jordi', apellido: 'Puig' },
    fechaOrigen: '2009-09-15',
    empresa: 'Grano Verde Importaciones S.L.',
    tipoComprador: 'IMPORTADOR',
    pais: 'ES',
    ciudad: 'Barcelona',
    volumenAnualKg: 420000,
    sitioWeb: 'https://granoverde.example',
    descripcion:
      'Importamos café verde de especialidad desde 2009 y lo almacenamos en Barcelona para tostadores de España, Portugal y el sur de Francia. Compramos contenedores completos y lotes consolidados, con preferencia por cooperativas con certificación orgánica y de comercio justo.',
    favoritos: [
      ['altochinchipe', 1],
      ['sierramarcala', 1],
    ],
  },
  {
    slug: 'bruma',
    email: 'cafeteria@cereza.example',
    contacto: { nombre: 'Camila', apellido: 'Rojas' },
    fechaOrigen: '2019-03-10',
    empresa: 'Bruma Café de Especialidad',
    tipoComprador: 'CAFETERIA',
    pais: 'CL',
    ciudad: 'Santiago',
    volumenAnualKg: 2400,
    sitioWeb: 'https://brumacafe.example',
    descripcion:
      'Dos cafeterías con tostador propio de 5 kg en Providencia y Ñuñoa. Cambiamos de origen en filtrado cada mes y buscamos lotes pequeños con historia que podamos contar en la barra.',
    favoritos: [
      ['quilanga', 0],
      ['elmirador', 2],
      ['monteverde', 5],
    ],
  },
  {
    slug: 'cantabrico',
    email: 'distribuidor@cereza.example',
    contacto: { nombre: 'Iñigo', apellido: 'Arrieta' },
    fechaOrigen: '2002-06-20',
    empresa: 'Distribuciones Cafeteras del Cantábrico',
    tipoComprador: 'DISTRIBUIDOR',
    pais: 'ES',
    ciudad: 'Santander',
    volumenAnualKg: 95000,
    sitioWeb: 'https://cafescantabrico.example',
    descripcion:
      'Distribuimos café verde y tostado a hostelería del norte de España. Buscamos orígenes estables en volumen (Brasil, Colombia, Honduras, Perú) con entrega en nuestro almacén de Santander.',
    favoritos: [
      ['pedrabranca', 0],
      ['monteverde', 4],
      ['sierramarcala', 4],
    ],
  },
];
