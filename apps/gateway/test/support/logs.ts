import { Writable } from 'node:stream';

/** Collects the gateway's JSON log lines in memory (and their raw text for secret scans). */
export class LogCapture extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  raw = '';

  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    const text = chunk.toString();
    this.raw += text;
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        this.lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        this.lines.push({ unparsed: line });
      }
    }
    done();
  }

  find(predicate: (line: Record<string, unknown>) => boolean): Record<string, unknown>[] {
    return this.lines.filter(predicate);
  }
}

/** The lines a capture took from a point on: one gateway's, where several share the capture. */
export class LogView {
  private readonly fromLine: number;
  private readonly fromRaw: number;

  constructor(private readonly capture: LogCapture) {
    this.fromLine = capture.lines.length;
    this.fromRaw = capture.raw.length;
  }

  get lines(): Record<string, unknown>[] {
    return this.capture.lines.slice(this.fromLine);
  }

  get raw(): string {
    return this.capture.raw.slice(this.fromRaw);
  }

  find(predicate: (line: Record<string, unknown>) => boolean): Record<string, unknown>[] {
    return this.lines.filter(predicate);
  }
}
