/** How to reach Cereza, shown on /about and at the foot of the help centre. */
export const CONTACT = {
  email: 'hola@cereza.example',
  address: ['Calle de la Alameda 18, 2.º', '28014 Madrid', 'España'],
  hours: 'De lunes a viernes, de 9:00 a 18:00 (hora de Madrid)',
  responseTime: 'Respondemos en un máximo de dos días hábiles.',
} as const;
