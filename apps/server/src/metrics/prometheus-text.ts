/**
 * Reads Prometheus' text exposition format back (for tests and tools that check a
 * `/metrics` answer): every sample line must be `name{labels} value`; anything else is
 * an error naming the line. Samples are keyed by name plus their labels as written,
 * without the labels given in `ignore` (such as the `node` every metric carries).
 */
export function parsePrometheusText(text: string, ignore: readonly string[] = []): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match =
      /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.]+(?:e[+-]?[0-9]+)?|NaN|\+Inf|-Inf)$/.exec(line);
    if (match === null) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels = (match[2] ?? '')
      .split(/,(?=[a-zA-Z_][a-zA-Z0-9_]*=")/)
      .filter((label) => label !== '')
      .filter((label) => {
        const name = label.slice(0, label.indexOf('='));
        if (!/^[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*"$/.test(label))
          throw new Error(`not a Prometheus label: ${label} (in ${line})`);
        return !ignore.includes(name);
      });
    samples.set(`${match[1]}${labels.length === 0 ? '' : `{${labels.join(',')}}`}`, Number(match[3]));
  }
  return samples;
}
