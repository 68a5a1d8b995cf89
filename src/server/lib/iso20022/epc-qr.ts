import { minorToDecimal } from './amounts';

/**
 * The EPC069-12 "SEPA credit transfer" QR payload (version 002, UTF-8), which banking apps read: beneficiary, IBAN,
 * BIC, amount and the structured (RF) reference. EUR only; the amount is left empty outside the format's range
 * (0,01 to 999.999.999,99), and the name is cut to its 70 characters.
 */
export function cargaEpc(d: {
  bic: string;
  titular: string;
  iban: string;
  centavos: number;
  referencia: string;
}): string {
  const importe =
    d.centavos > 0 && d.centavos <= 99_999_999_999 ? `EUR${minorToDecimal(BigInt(d.centavos), 'EUR')}` : '';
  return ['BCD', '002', '1', 'SCT', d.bic, d.titular.slice(0, 70), d.iban, importe, '', d.referencia, ''].join('\n');
}
