// Order files written exactly as JOverseer 1.19.01 writes them, for the test corpus (issue #26).
//
// The format, from JOverseer's source (github.com/JOverseer/joverseer, BSD-3-Clause):
// - `joverseerjar/src/org/joverseer/orders/export/OrderFileGenerator.java`, `generateOrderFile`: the line
//   `BEGINMEAUTOINPUT`; the header `<game>,<nation>,<account>,<secret>,<player>,<day><Mon><year>,<YES|NO>,
//   <order count>` (YES when an order 285 is among them; the count takes every slot, empty ones too) and
//   an empty line; per character (sorted by id) one line per order slot, then an empty line; then an
//   empty line, `ENDMEAUTOINPUT` and `JO<version>`, with no line break after it.
// - `exportOrder`: the character id padded with spaces to 5 characters, the order number, then exactly 15
//   parameters, an empty one written `--`; for 830, 850 and 860 the travel mode (the order's last
//   parameter) is written first and the directions follow. An unused slot is order number -1 with 15 `--`.
// - `ExportOrdersForm.saveAndSendOrders`: the text's `\n` replaced by the platform's line separator
//   (Windows: CRLF) and written with a `FileWriter` (the platform's charset: Windows-1252), to a file
//   named `String.format("me%02dv%d%s.%03d", nation, version, shadow ? "SHADOW" : "", game)` (`me03v0.077`).
// - The character id is JOverseer's: the first five characters of the name, lower case
//   (`metadata/CharacterReader.java`), so `ren t` for Ren the Unclean and `tonn ` for Tonn Varthkur.
// - Order parameters as JOverseer's order editor defines them (`resources/metadata/orderEditorData.csv`):
//   870 is `<destination hex>,<army commander id>`.

/** One order as JOverseer holds it: its number and its parameters in JOverseer's order (travel mode last for moves). */
export interface JoOrder {
  order: number;
  params: string[];
}

export interface JoCharacter {
  /** JOverseer's id: the first five characters of the name, lower case. */
  id: string;
  /** The order slots (JOverseer gives a character 2; more with some artifacts); missing slots are unused. */
  orders: JoOrder[];
  slots?: number;
}

export interface JoHeader {
  game: number;
  nation: number;
  account?: string;
  secret?: string;
  player?: string;
  /** JOverseer's due date as the turn says it, `Jan 15 2027`. */
  dueDate?: string;
}

export const JOVERSEER_VERSION = '1.19.01';

/** JOverseer's character id of a name: its first five characters, lower case. */
export function joverseerId(name: string): string {
  return name.toLowerCase().substring(0, Math.min(5, name.length));
}

/** `OrderFileGenerator.exportOrder`: one slot's line. */
function exportOrder(id: string, o: JoOrder | undefined): string {
  const order = o ?? { order: -1, params: [] };
  let ret = id + '     '.substring(0, 5 - id.length);
  ret += `,${order.order}`;
  const move = order.order === 830 || order.order === 850 || order.order === 860;
  const last = order.params.length - 1;
  for (let i = 0; i < 15; i++) {
    let p: string | undefined = order.params[i];
    if (move) p = i === 0 ? order.params[last] : i <= last ? order.params[i - 1] : undefined;
    ret += `,${p === undefined || p === '' || p === '-' ? '--' : p}`;
  }
  return ret;
}

/** `OrderFileGenerator.generateOrderFile`, with `\n` line ends. */
export function generateOrderFile(header: JoHeader, characters: readonly JoCharacter[]): string {
  const chars = [...characters].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const slots = (c: JoCharacter) => c.slots ?? 2;
  const count = chars.reduce((n, c) => n + slots(c), 0);
  const has285 = chars.some((c) => c.orders.some((o) => o.order === 285));
  const [mon, day, year] = (header.dueDate ?? 'Jan 15 2027').split(' ');
  let ret = 'BEGINMEAUTOINPUT\n';
  ret += `${header.game},${header.nation},${header.account ?? '1234'},${header.secret ?? '5678'},${header.player ?? 'Ann Player'},${day}${mon}${year},${has285 ? 'YES' : 'NO'},${count}`;
  ret += '\n\n';
  for (const c of chars) {
    for (let i = 0; i < slots(c); i++) ret += `${exportOrder(c.id, c.orders[i])}\n`;
    ret += '\n';
  }
  return `${ret}\nENDMEAUTOINPUT\nJO${JOVERSEER_VERSION}`;
}

/** Windows-1252 bytes 0x80..0x9F (the rest is latin1). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

/** Text as a Windows `FileWriter` writes it (Windows-1252); a character the code page lacks becomes `?`, as Java does. */
export function encodeCp1252(text: string): Uint8Array {
  return Uint8Array.from([...text], (ch) => {
    const c = ch.codePointAt(0)!;
    if (c < 0x80 || (c >= 0xa0 && c <= 0xff)) return c;
    const high = CP1252_HIGH.indexOf(ch);
    return high >= 0 ? 0x80 + high : 0x3f;
  });
}

/** The file's bytes as `ExportOrdersForm` saves them on Windows: CRLF line ends, Windows-1252. */
export function savedOrderFile(header: JoHeader, characters: readonly JoCharacter[]): Uint8Array {
  return encodeCp1252(generateOrderFile(header, characters).replace(/\n/g, '\r\n'));
}

/** The name `ExportOrdersForm` proposes for the file: `me03v0.077`. */
export function orderFileName(header: JoHeader, version = 0, shadow = false): string {
  return `me${String(header.nation).padStart(2, '0')}v${version}${shadow ? 'SHADOW' : ''}.${String(header.game).padStart(3, '0')}`;
}

/** Windows-1252 bytes back to text (the test's own reader, to compare with what Arbiter decodes). */
export function decodeCp1252(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80]! : String.fromCharCode(b))).join('');
}
