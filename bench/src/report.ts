export interface Measurement {
  name: string;
  value: number;
  unit: string;
  target?: { min?: number; max?: number };
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function meetsTarget(m: Measurement): boolean {
  if (!m.target) return true;
  if (m.target.max !== undefined && !(m.value <= m.target.max)) return false;
  if (m.target.min !== undefined && !(m.value >= m.target.min)) return false;
  return true;
}

export function formatRow(m: Measurement): string {
  const target = m.target ? [m.target.min !== undefined ? `≥ ${m.target.min}` : '', m.target.max !== undefined ? `≤ ${m.target.max}` : ''].filter(Boolean).join(' ') : '';
  const value = Number.isInteger(m.value) ? String(m.value) : m.value.toFixed(2);
  return `${meetsTarget(m) ? 'ok  ' : 'MISS'}  ${m.name.padEnd(58)} ${`${value} ${m.unit}`.padStart(16)}  ${target ? `(target ${target} ${m.unit})` : ''}`;
}
