/*
 * What is plausible per origin country in the demo data (issue 25 §3: an Ethiopian washing station listed
 * Colombian farmers and varieties). seed.test.ts checks every demo lot and farm against these tables; the
 * member farms of each organisation come from MIEMBROS_POR_PAIS.
 */

/** Varieties grown in each origin of the demo (cultivars and local landraces as traders name them). */
export const VARIEDADES_POR_PAIS: Record<string, readonly string[]> = {
  CO: ['Bourbon Rosado', 'Castillo', 'Caturra', 'Colombia', 'Geisha', 'Sidra', 'Tabi', 'Typica'],
  PE: ['Bourbon', 'Catimor', 'Caturra', 'Geisha', 'Pache', 'Typica'],
  HN: ['Bourbon', 'Catuaí', 'IHCAFE 90', 'Lempira', 'Pacas', 'Parainema'],
  GT: ['Bourbon', 'Catuaí', 'Caturra', 'Geisha', 'Pache'],
  EC: ['Bourbon', 'Caturra', 'Geisha', 'Sidra', 'Typica Mejorado'],
  BO: ['Catuaí', 'Caturra', 'Geisha', 'Java', 'Typica'],
  MX: ['Bourbon', 'Caturra', 'Marsellesa', 'Sarchimor', 'Typica'],
  CR: ['Catuaí', 'Caturra', 'Geisha', 'SL28', 'Villa Sarchí'],
  ET: ['74110', '74112', 'Dega', 'Heirloom etíope', 'Kurume', 'Landrace 74110', 'Wolisho'],
  KE: ['Batian', 'Ruiru 11', 'SL28', 'SL34'],
  BR: ['Acaiá', 'Arara', 'Bourbon Amarillo', 'Catuaí Amarillo', 'Mundo Novo'],
  NI: ['Catuaí', 'Caturra', 'Java', 'Maracaturra', 'Pacamara'],
  SV: ['Bourbon', 'Pacamara', 'Pacas', 'SL28'],
  RW: ['Bourbon Rojo', 'Jackson', 'Mibirizi'],
  PA: ['Catuaí', 'Caturra', 'Geisha', 'Pacamara'],
};

/** Coffee regions of each origin (departments, provinces, zones as the trade names them). */
export const REGIONES_POR_PAIS: Record<string, readonly string[]> = {
  CO: ['Huila', 'Nariño', 'Cauca', 'Tolima', 'Antioquia'],
  PE: ['Cajamarca', 'Amazonas', 'San Martín', 'Junín', 'Cusco', 'Puno'],
  HN: ['La Paz', 'Intibucá', 'Santa Bárbara', 'Copán', 'Comayagua'],
  GT: ['Huehuetenango', 'Antigua', 'Acatenango', 'Atitlán'],
  EC: ['Loja', 'Pichincha', 'Zamora Chinchipe'],
  BO: ['La Paz'],
  MX: ['Chiapas', 'Oaxaca', 'Veracruz'],
  CR: ['Tarrazú', 'West Valley', 'Central Valley'],
  ET: ['Yirgacheffe', 'Sidamo', 'Guji', 'Limu', 'Jimma'],
  KE: ['Nyeri', 'Kirinyaga', "Murang'a", 'Kiambu', 'Embu'],
  BR: ['Sul de Minas', 'Cerrado Mineiro', 'Mogiana', 'Chapada Diamantina'],
  NI: ['Nueva Segovia', 'Jinotega', 'Matagalpa'],
  SV: ['Apaneca-Ilamatepec', 'Alotepec-Metapán', 'Chinchontepec'],
  RW: ['Provincia Occidental', 'Provincia Meridional', 'Provincia del Norte'],
  PA: ['Chiriquí'],
};

/** Member farms an organisation of each origin lists (name, farmer, varieties), four per country. */
export const MIEMBROS_POR_PAIS: Record<string, readonly (readonly [string, string, string])[]> = {
  CO: [
    ['Finca El Mirador', 'Rosa Elena Muñoz', 'Caturra, Castillo'],
    ['Finca La Palma', 'Jhon Jairo Cerón', 'Colombia, Tabi'],
    ['Finca Los Naranjos', 'Aurelio Chilito', 'Caturra, Geisha'],
    ['Finca Villa Luz', 'Marleny Ortega', 'Castillo'],
  ],
  PE: [
    ['Chacra El Huabal', 'Segundo Huamán', 'Caturra, Typica'],
    ['Chacra La Lima', 'Elmer Chinchay', 'Catimor'],
    ['Chacra Alto Tabaconas', 'Nilda Córdova', 'Bourbon, Pache'],
    ['Chacra San Antonio', 'Wilmer Guevara', 'Caturra'],
  ],
  HN: [
    ['Finca El Durazno', 'Marvin Vásquez', 'Catuaí, Lempira'],
    ['Finca Los Pinos', 'Dilcia Hernández', 'Pacas'],
    ['Finca La Montañita', 'Efraín Díaz', 'Parainema'],
    ['Finca San Isidro', 'Olga Chávez', 'IHCAFE 90, Catuaí'],
  ],
  BO: [
    ['Finca Alto Coroico', 'Justina Mamani', 'Typica'],
    ['Finca Villa Rosario', 'Félix Quispe', 'Caturra, Catuaí'],
    ['Finca Uchumachi', 'Rufino Choque', 'Java'],
    ['Finca Bolinda', 'Eulogia Condori', 'Caturra'],
  ],
  MX: [
    ['Finca La Chiripa', 'Mateo Gómez Pérez', 'Bourbon, Typica'],
    ['Finca El Triunfo', 'Rosalía Hernández', 'Marsellesa'],
    ['Finca Nueva Linda', 'Emiliano López', 'Sarchimor'],
    ['Finca Cuxtepec', 'Juana Díaz Ruiz', 'Caturra'],
  ],
  ET: [
    ['Huerto de Chelelektu', 'Tsegaye Beyene', '74112, Kurume'],
    ['Huerto de Banko Gotiti', 'Almaz Tadesse', 'Heirloom etíope'],
    ['Huerto de Halo Beriti', 'Getachew Alemu', 'Wolisho, Dega'],
    ['Huerto de Konga', 'Meseret Girma', '74112'],
  ],
  KE: [
    ['Shamba Kiambugi', 'Peter Mwangi', 'SL28, SL34'],
    ['Shamba Gathaithi', 'Grace Wanjiru', 'Ruiru 11'],
    ['Shamba Ruthagati', 'Joseph Kamau', 'SL28, Batian'],
    ['Shamba Gitugi', 'Mary Njeri', 'SL34'],
  ],
  NI: [
    ['Finca El Volcancito', 'Francisco Herrera', 'Caturra, Catuaí'],
    ['Finca Las Brumas', 'Yelba Rodríguez', 'Pacamara'],
    ['Finca San José de Dipilto', 'Octavio Peralta', 'Maracaturra'],
    ['Finca La Estrella', 'Martha Valladares', 'Java'],
  ],
  RW: [
    ['Parcela de Gisakura', 'Jean Bosco Habimana', 'Bourbon Rojo'],
    ['Parcela de Kilimbi', 'Clémentine Uwase', 'Bourbon Rojo, Jackson'],
    ['Parcela de Macuba', 'Emmanuel Niyonzima', 'Mibirizi'],
    ['Parcela de Rangiro', 'Vestine Mukamana', 'Jackson'],
  ],
};
