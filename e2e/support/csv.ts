/** A CSV file's records (RFC 4180: quoted cells, doubled quotes, CRLF lines). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  const cell = /("(?:[^"]|"")*"|[^,\r\n]*)(,|\r\n|$)/y;
  let record: string[] = [];
  while (cell.lastIndex < text.length) {
    const match = cell.exec(text)!;
    const raw = match[1]!;
    record.push(raw.startsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw);
    if (match[2] !== ',') {
      records.push(record);
      record = [];
    }
  }
  return records;
}
