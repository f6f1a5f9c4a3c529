/** An engine's parameters in words, as the translator, the tuner and the trace panel print them. */
import type { Parameter } from '../core/engines-wasm';
import { formatNumber } from './params';

/** `name = value unit` for each parameter. */
export function parametersText(ps: readonly Parameter[]): string {
  return ps.map((p) => `${p.name} = ${formatNumber(p.value)}${p.unit ? ` ${p.unit}` : ''}`).join(', ');
}
