/** The home page's copy, in one place so that it can be reviewed at a glance. */

export const HERO = {
  titulo: 'Café verde de especialidad, directo de quien lo cultiva',
  text: 'Cereza une a fincas, cooperativas y estaciones de lavado con tostadores, importadores y cafeterías. Cada lote muestra su origen, su proceso, su puntaje y el desglose de su precio, y puede probarse con una muestra antes de comprar.',
};

export const FOR_PRODUCTORES = {
  titulo: 'Para productores',
  points: [
    'Publica tus lotes con la información que un comprador serio pide: altitud, variedad, proceso, humedad, zaranda y fotos.',
    'Envía una muestra de referencia a nuestro laboratorio: un lote verificado gana visibilidad y confianza.',
    'Cuenta tu historia con un perfil público, una galería de fotos y noticias de tu finca.',
    'Recibe solicitudes de muestra y pedidos sin intermediarios que no aportan valor: el precio en finca se ve en cada lote.',
  ],
  cta: 'Registrarme como productor',
};

export const FOR_COMPRADORES = {
  titulo: 'Para compradores',
  points: [
    'Explora una oferta viva: el stock de cada lote se actualiza al momento y se reserva al confirmar.',
    'Compara precios en un formato único, con incoterm y desglose: finca, exportación y comisión de la plataforma.',
    'Pide muestras, cátalas y deja tu ficha de cata al productor antes de cerrar la compra.',
    'Conoce la trazabilidad completa: finca, altitud, ubicación de la parcela y certificados.',
  ],
  cta: 'Registrarme como comprador',
};

/** How a purchase works, from the sample to the delivery (consistent with the guides). */
export const PURCHASE_STEPS = [
  {
    titulo: 'Explora y compara',
    text: 'Filtra por origen, proceso, puntaje, precio y posición. Los lotes verificados por el laboratorio aparecen primero.',
  },
  {
    titulo: 'Solicita una muestra',
    text: 'Pide los gramos que necesitas para catar. El productor acepta y te la envía con número de seguimiento.',
  },
  {
    titulo: 'Cata y decide',
    text: 'Evalúa la muestra y deja tu ficha de cata: el productor la recibe aunque no compres.',
  },
  {
    titulo: 'Reserva y contrato',
    text: 'Confirma sacos, precio e incoterm. El stock queda reservado para ti mientras se cierra el contrato.',
  },
  {
    titulo: 'Aprobación de pre-embarque',
    text: 'Antes de embarcar recibes una muestra del lote listo para enviar y la apruebas contra la original.',
  },
  {
    titulo: 'Embarque y entrega',
    text: 'Sigues el envío hasta tu puerto o almacén. Tras la entrega se registra el pago y el pedido queda completado.',
  },
] as const;
