export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** One scrape of a Prometheus text exposition: its samples, and the names it declares. */
export class Scrape {
  readonly samples: Sample[] = [];
  /** Every series name it could hold: samples, and declared metrics (a histogram's three). */
  readonly names = new Set<string>();

  constructor(readonly text: string) {
    for (const line of text.split('\n')) {
      const declared = /^# TYPE (\S+) (\S+)/.exec(line);
      if (declared) {
        const [, name, type] = declared;
        const suffixes = type === 'histogram' ? ['_bucket', '_sum', '_count'] : [''];
        for (const suffix of suffixes) this.names.add(`${name}${suffix}`);
        continue;
      }
      const m = SAMPLE.exec(line);
      if (!m || line.startsWith('#')) continue;
      const labels = Object.fromEntries(
        [...(m[2] ?? '').matchAll(LABEL)].map(([, k, v]) => [k!, JSON.parse(`"${v}"`) as string]),
      );
      this.samples.push({ name: m[1]!, labels, value: Number(m[3]) });
      this.names.add(m[1]!);
    }
  }

  /** The value of the one sample with exactly these labels (undefined: no such sample). */
  value(name: string, labels: Record<string, string> = {}): number | undefined {
    const keys = Object.keys(labels);
    return this.samples.find(
      (s) =>
        s.name === name &&
        Object.keys(s.labels).length === keys.length &&
        keys.every((k) => s.labels[k] === labels[k]),
    )?.value;
  }

  /** The samples of a metric, as `label=value,…` → value (for whole-table comparisons). */
  table(name: string, without: string[] = []): Record<string, number> {
    return Object.fromEntries(
      this.samples
        .filter((s) => s.name === name)
        .map((s) => [
          Object.entries(s.labels)
            .filter(([k]) => !without.includes(k))
            .map(([k, v]) => `${k}=${v}`)
            .join(','),
          s.value,
        ]),
    );
  }
}

export async function scrape(metricsUrl: string): Promise<Scrape> {
  const res = await fetch(metricsUrl);
  if (res.status !== 200) throw new Error(`${metricsUrl} answered ${res.status}`);
  return new Scrape(await res.text());
}
