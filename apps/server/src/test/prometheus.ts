/** One sample of Prometheus' text format: `name{labels} value`. */
export interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

/** Reads Prometheus' text exposition format (comments skipped) into samples. */
export function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match) throw new Error(`not a Prometheus sample: ${line}`)
    const labels: Record<string, string> = {}
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!.replace(/\\(.)/g, '$1')
    samples.push({ name: match[1]!, labels, value: Number(match[3]) })
  }
  return samples
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when none matches; throws when several do. */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`)
  return found[0]?.value
}
