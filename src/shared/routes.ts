/** Paths of pages; anything else is answered with the "Page not found" page and a 404. */
const clientRoutePatterns = [
  /^\/$/,
  /^\/(about|contact|resources|courses|careers|e-services|verify|verify-credential|login|setup|reset-password|verifier-application|search|faq|privacy|terms|security|supported-browsers)\/?$/,
  /^\/info\/[^/]+\/?$/,
  /^\/dashboard(\/.*)?$/,
  /^\/verifier(\/.*)?$/,
];

export function isClientRoute(pathname: string): boolean {
  return clientRoutePatterns.some((pattern) => pattern.test(pathname));
}

/** Staff pages, served by the staff app in the browser; every other page the server renders. */
export const isStaffPage = (pathname: string) =>
  /^\/(login|setup|reset-password|verifier-application)\/?$/.test(pathname) ||
  /^\/(dashboard|verifier)(\/.*)?$/.test(pathname);
