// A count with its noun in the right number: "1 second", "2 seconds", "1 entry", "3 entries".
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
