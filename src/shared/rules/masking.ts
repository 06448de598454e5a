const VISIBLE = 4;

/**
 * Shows only the last four characters of an identification number: "G1234567A" → "*****567A".
 * Values of four characters or fewer are fully masked, so nothing short leaks whole.
 */
export function maskIdentifier(value: string): string {
  if (value.length <= VISIBLE) return '*'.repeat(value.length);
  return '*'.repeat(value.length - VISIBLE) + value.slice(-VISIBLE);
}
