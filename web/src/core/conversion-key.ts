/**
 * The question a call of one of the Lab door's conversions asks (`gainFormFromRaw`,
 * `gainReadout`, ...): its name and arguments as JSON, typed arrays as plain ones. A
 * figure's opening recorded at build time keys its answers so (`figures/lab-opening.ts`),
 * and the door answers from them until it is loaded (`wasm.ts`).
 */
export function conversionKey(name: string, args: readonly unknown[]): string {
  return JSON.stringify([name, ...args.map((a) => (ArrayBuffer.isView(a) ? Array.from(a as Float64Array) : a))]);
}
