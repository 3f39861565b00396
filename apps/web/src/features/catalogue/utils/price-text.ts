/**
 * What a price box keeps of what was typed: digits and one decimal point, at most `decimals`
 * digits after it (a plain text box with the decimal keyboard: Mantine's NumberInput would bring
 * a formatting library into the first page).
 */
export function toPriceText(typed: string, decimals: number): string {
  const [whole = '', ...rest] = typed.replace(/[^\d.]/g, '').split('.');
  if (rest.length === 0 || decimals === 0) return whole;
  return `${whole}.${rest.join('').slice(0, decimals)}`;
}
