/**
 * Whether `value` is a path on this site however a browser reads it: one leading slash, and no
 * second one anywhere in the path (`//host` names another host, and so would `/en//host` once a
 * language prefix is taken off), no backslash (browsers read `/\host` as `//host`), and no
 * whitespace or control character (browsers drop tabs and newlines: `/<tab>/host` is `//host`).
 * Every redirect the portal makes, and every return address it accepts, goes through this rule.
 */
export function isSameSitePath(value: string): boolean {
  const path = value.split(/[?#]/, 1)[0] ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  return path.startsWith('/') && !path.includes('//') && !/[\\\s\u0000-\u001f\u007f]/.test(value);
}
