// Which service answers which API path (SPEC §7), and billing's /pay/* pages. First match wins; the table in README.md mirrors it.
export const SERVICES = ['auth', 'projects', 'authors', 'analysis', 'billing'] as const;
export type ServiceName = (typeof SERVICES)[number];

export const SERVICE_ROUTES: ReadonlyArray<{ pattern: RegExp; service: ServiceName }> = [
  { pattern: /^\/api\/auth(\/|$)/, service: 'auth' },
  { pattern: /^\/api\/users(\/|$)/, service: 'auth' },
  { pattern: /^\/api\/subscriptions(\/|$)/, service: 'billing' },
  // Progress is the analysis service's; the rest of a project is projects', character analysis included
  // (it reads and stores the characters, quotes and text projects owns: docs/decisions.md).
  { pattern: /^\/api\/projects\/[^/]+\/analysis-progress$/, service: 'analysis' },
  { pattern: /^\/api\/projects(\/|$)/, service: 'projects' },
  { pattern: /^\/api\/upload(\/|$)/, service: 'projects' },
  // Notifications are projects' (docs/decisions.md, "Notifications").
  { pattern: /^\/api\/notifications(\/|$)/, service: 'projects' },
  { pattern: /^\/api\/authors(\/|$)/, service: 'authors' },
  // The local payment provider's checkout, portal and invoice pages (embedded mode, no Stripe keys).
  { pattern: /^\/pay\//, service: 'billing' },
];

export function serviceFor(path: string): ServiceName | undefined {
  return SERVICE_ROUTES.find((r) => r.pattern.test(path))?.service;
}
