// The comparison table and FAQ of /pricing, derived from the plan catalogue where they state a fact
// about a plan, so pricing cannot disagree with registration, limits and billing.
import { FEATURES, PLANS, type FeatureId, type Plan } from '@castbook/contracts';

export const PLAN_ORDER: Plan[] = [PLANS.free, PLANS.pro, PLANS.enterprise];

export type Cell = string | boolean;
export interface ComparisonRow {
  label: string;
  cells: Cell[];
  /** A feature of the plan that is not built yet: labelled "Coming soon", never shown as available. */
  soon?: boolean;
}

/**
 * Lines of the catalogue's plan features that Castbook does not do yet (PRODUCT.md: claim nothing that
 * does not exist). The plans include them, so pricing lists them, labelled "Coming soon".
 */
export const COMING_SOON_LINES: ReadonlySet<string> = new Set(['Advanced AI analysis and character analysis']);

/** What studios and publishers ask for (PRODUCT.md): shown under Enterprise as planned, not available. */
const ENTERPRISE_PLANNED = ['Teams, sharing and comments', 'API access', 'Custom branding', 'Usage analytics'];

const storage = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${bytes / 1024 ** 3} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;
const has = (feature: FeatureId) => PLAN_ORDER.map((p) => p.featureIds.includes(feature));
const SUPPORT: Record<Plan['id'], string> = { free: 'Community', pro: 'Priority', enterprise: 'Dedicated' };

export const COMPARISON: ComparisonRow[] = [
  { label: 'Price per month', cells: PLAN_ORDER.map((p) => `$${p.priceMonthlyUsd}`) },
  { label: 'Free trial', cells: PLAN_ORDER.map((p) => (p.trialDays ? `${p.trialDays} days` : false)) },
  {
    label: 'Projects',
    cells: PLAN_ORDER.map((p) => (p.limits.unlimitedProjects ? 'Unlimited' : String(p.limits.maxProjects))),
  },
  {
    label: 'Words per project',
    cells: PLAN_ORDER.map((p) =>
      p.limits.maxWordsPerProject === null ? 'No limit' : p.limits.maxWordsPerProject.toLocaleString('en-US'),
    ),
  },
  { label: 'Storage', cells: PLAN_ORDER.map((p) => storage(p.limits.maxStorageBytes)) },
  { label: 'Outline, characters and speakers', cells: has(FEATURES.projectAnalysis) },
  // Built (issue 18): the server checks characters:analysis; the built-in analysis needs no model.
  { label: 'Character analysis', cells: has(FEATURES.characterAnalysis) },
  // Built (issue 17): the server checks voice:recording on every upload.
  { label: 'Voice samples per character', cells: has(FEATURES.voiceRecording) },
  { label: 'Support', cells: PLAN_ORDER.map((p) => SUPPORT[p.id]) },
  { label: 'Self-serve sign-up', cells: PLAN_ORDER.map((p) => p.selfServe) },
  ...ENTERPRISE_PLANNED.map((label) => ({
    label,
    cells: PLAN_ORDER.map((p) => (p.id === 'enterprise' ? 'Planned' : false)),
  })),
];

export const FAQ: { q: string; a: string }[] = [
  {
    q: 'Do I need a credit card for the Pro trial?',
    a: `No. Choose Pro when you sign up and you get ${PLANS.pro.trialDays} days of Pro without entering any payment details.`,
  },
  {
    q: 'What happens when the trial ends?',
    a: 'If you have not subscribed, your account returns to the Free plan. Nothing is deleted: projects over the Free limit become read-only until you upgrade or delete some.',
  },
  {
    q: 'Which files can I upload?',
    a: 'Plain text (.txt) and Word (.docx) files. You can also paste the text of a book or script directly.',
  },
  {
    q: 'How accurate is the analysis?',
    a: 'Speaker attribution is 90 to 95 percent accurate. Every speaker, character and chapter can be corrected by hand, and your corrections are kept when you analyse again.',
  },
  {
    q: 'Can studios and publishers sign up?',
    a: 'The Enterprise plan is made for them, but it is not sold in the app yet: there is no self-serve checkout for it. Use Contact sales on the Enterprise plan to tell us about your team and we will get in touch; team features such as sharing, comments and API access are planned, not available.',
  },
  {
    q: 'Which features are coming soon?',
    a: 'AI-written analysis is part of Pro but still being rolled out; it is marked Coming soon on this page. Character analysis works today: it counts who each character talks with, how they speak and where they appear. So do voice samples: record or upload up to five takes per character and choose one as their voice. Everything else listed here works today.',
  },
  {
    q: 'Who owns my books?',
    a: 'You do. Your texts are used only to provide Castbook to you, and are never sold or shown to other users.',
  },
];
