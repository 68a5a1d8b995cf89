/**
 * Passwords that appear at the top of every breach corpus (NIST SP 800-63B asks verifiers to refuse them),
 * plus the Spanish-language favourites. Only entries of 8 or more characters matter: shorter ones are
 * refused by length already. Compared case-insensitively and ignoring surrounding spaces.
 */
const LIST = `
12345678 123456789 1234567890 12345678910 0123456789 11111111 111111111 1111111111 00000000 000000000
0000000000 88888888 99999999 66666666 22222222 33333333 44444444 55555555 77777777 12341234 123123123
12121212 11223344 112233445566 123321123 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y 1qaz2wsx 1qazxsw2 zaq12wsx
zaq1zaq1 qwertyuiop qwertyui qwerty123 qwerty1234 qwerty12 qwertyu1 qwerasdf qwer1234 asdfghjkl asdfghjk
asdf1234 asdfasdf zxcvbnm1 zxcvbnm123 zxcvbnmm 1234qwer 1234abcd abcd1234 abc12345 abc123456 abcdefgh
abcdefg1 a1b2c3d4 a1234567 a12345678 aa123456 aaaaaaaa password password1 password12 password123
password1234 passw0rd p@ssw0rd p@ssword pass1234 passpass passwort password! iloveyou iloveyou1
iloveyou2 sunshine sunshine1 princess princess1 football football1 baseball basketball superman
superman1 batman123 trustno1 whatever starwars letmein1 letmein123 welcome1 welcome123 computer
internet michelle jennifer jessica1 charlie1 danielle michael1 jordan23 liverpool arsenal1 chelsea1
manchester barcelona1 realmadrid realmadrid1 juventus ronaldo7 cristiano messi123 messi10 maradona
mercedes ferrari1 yankees1 cowboys1 steelers dolphins eagles123 cheese123 chocolate chocolate1 cookie12
butterfly butterfly1 blink182 pokemon1 naruto123 spiderman master123 mastermind dragon123 shadow123
monkey123 killer123 hunter123 freedom1 changeme changeme1 secret123 default1 administrator admin123
admin1234 administrador root1234 toor1234 test1234 testing1 testing123 guest123 qazwsxedc qazwsxedc123
1qazxsw23edc zxcvbnm, q1w2e3r4 q1w2e3r4t5 q1w2e3r4t5y6 q1w2e3r4t5y6u7 asdfqwer 147258369 159753456
147852369 741852963 963852741 123654789 987654321 9876543210 98765432 87654321 123456789a 123456789q
12345678a 12345678q 1234567a 1234567q a123456789 q123456789 123456qwerty qwerty123456 asd123456 qwe123456
zxc123456 123qweasd 123qweasdzxc 123abc123 abc123abc loveyou1 lovelove lovely123 loveme123 iloveu123
123456abc 654321abc 112233aa samsung1 samsung123 nokia123 iphone123 apple123 google123 facebook
facebook1 youtube1 twitter1 instagram linkedin microsoft windows7 windows10 qwertz123 azerty123 azertyuiop
motdepasse 1234567891 12345678900 11112222 12344321 13579246 24682468 10203040 102030405060 20202020
2020202020 19841984 19851985 19861986 19871987 19881988 19891989 19901990 19911991 19921992 19931993
19941994 19951995 19961996 19971997 19981998 19991999 20002000 20012001 20102010 20242024 20252025
contraseña contrasena contraseña1 contrasena1 contraseña123 contrasena123 micontraseña micontrasena
clave123 clave1234 miclave123 teamo123 teamo1234 teamomucho teamomucho1 teamoamor amorcito amorcito1
amormio1 miamor123 mivida123 corazon1 corazon123 corazones princesa princesa1 princesa123 tequiero
tequiero1 tequieromucho mariposa mariposa1 mariposa123 chocolate123 estrella estrella1 estrellita
angelito angelito1 jesucristo dios1234 diosesamor diosteama bendiciones futbol123 futbolito barcelona
barcelona123 realmadrid123 madridista americanista chivas123 bocajuniors riverplate colocolo millonarios
nacional1 atletico1 sevilla1 valencia1 betis123 athletic1 espanyol pumas123 argentina argentina1
colombia colombia1 colombia123 venezuela venezuela1 mexico123 mexico1234 chile123 peru1234 ecuador1
guatemala honduras1 nicaragua elsalvador costarica panama123 uruguay1 paraguay1 bolivia1 españa1
espana123 madrid123 mexicano mexicana guadalupe alejandro alejandra alejandro1 alejandra1 fernando
fernanda francisco gabriela guillermo jonathan jose1234 josefina leonardo margarita mariana1 martinez
rodriguez gonzalez hernandez fernandez gutierrez sanchez1 ramirez1 morales1 cristian cristina1 carolina
catalina daniela1 valentina valentina1 santiago santiago1 sebastian sebastian1 nicolas1 natalia1
patricia rosario1 roberto1 ricardo1 antonio1 eduardo1 federico gustavo1 javier123 manuel123 miguel123
pablo123 pedro123 sergio123 andres123 camila123 carlos123 diego123 jorge123 juan1234 juancarlos
luisito1 mariajose mariaje1 maria123 mariana123 monica123 paola123 sofia123 laura123 lucia123 ana12345
perrito1 gatito123 chiquito chiquita chiquitin pollito1 conejito osito123 bebito12 bebita12 hermosa1
hermoso1 bonita123 precioso preciosa mimamamemima familia1 familia123 mifamilia hola1234 hola12345
holahola holamundo adios123 gracias1 buenasnoches buenosdias abcdefghij abecedario aeiou123 cerveza1
tequila1 mezcal123 cafecafe cafe1234 cafetero cafetera cafedecolombia cereza123 cereza1234 mercado1
comprador productor usuario1 usuario123 usuario1234 invitado secreto1 secreto123 privado1 acceso123
entrar123 bienvenido bienvenido1 bienvenida cambiame cambiar123 nuevaclave qwertyuiopasdfghjkl
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  LIST.split(/\s+/)
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean),
);

/** True for a password that is on the list, or that is the account's own e-mail or its local part. */
export function isCommonPassword(password: string, email?: string): boolean {
  const p = password.trim().toLowerCase();
  if (COMMON_PASSWORDS.has(p)) return true;
  if (email) {
    const e = email.toLowerCase();
    if (p === e || p === e.split('@')[0]) return true;
  }
  // One character repeated ("aaaaaaaaaa") or a plain ascending run of digits.
  if (/^(.)\1+$/.test(p)) return true;
  if (/^\d+$/.test(p) && '01234567890123456789'.includes(p)) return true;
  return false;
}
