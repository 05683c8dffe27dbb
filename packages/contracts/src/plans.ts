// The one plan catalogue (PRODUCT.md): pricing, registration, limits and billing all read it.
import type { Limits } from './entities.js';

export const UNLIMITED_PROJECTS = 1_000_000;
const MB = 1024 * 1024;
const GB = 1024 * MB;

/** Feature ids checked with billing (SPEC §6, PRODUCT.md). */
export const FEATURES = {
  projectAnalysis: 'project:analysis',
  characterAnalysis: 'characters:analysis',
  voiceRecording: 'voice:recording',
} as const;
export type FeatureId = (typeof FEATURES)[keyof typeof FEATURES];

export type PlanId = 'free' | 'pro' | 'enterprise';

export interface Plan {
  id: PlanId;
  name: string;
  /** Monthly price in US dollars. */
  priceMonthlyUsd: number;
  price: string;
  description: string;
  features: string[];
  callToAction: string;
  highlighted: boolean;
  badge?: string;
  /** Whether the plan can be bought in the app; Enterprise is "Contact sales". */
  selfServe: boolean;
  trialDays: number;
  limits: Limits;
  featureIds: FeatureId[];
}

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Free',
    priceMonthlyUsd: 0,
    price: '$0',
    description: 'Try Castbook on one book.',
    features: [
      '1 project',
      '100,000 words per project',
      '100 MB storage',
      'Built-in analysis: outline, characters and speakers',
      'Community support',
    ],
    callToAction: 'Sign Up Free',
    highlighted: false,
    selfServe: true,
    trialDays: 0,
    limits: { maxProjects: 1, unlimitedProjects: false, maxWordsPerProject: 100_000, maxStorageBytes: 100 * MB },
    featureIds: [FEATURES.projectAnalysis],
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    priceMonthlyUsd: 19,
    price: '$19/month',
    description: 'For working narrators and voice actors.',
    features: [
      'Unlimited projects',
      '500,000 words per project',
      '10 GB storage',
      'Advanced AI analysis and character analysis',
      'Voice samples per character',
      'Priority support',
    ],
    callToAction: 'Start 14-day free trial',
    highlighted: true,
    badge: 'Most popular',
    selfServe: true,
    trialDays: 14,
    limits: {
      maxProjects: UNLIMITED_PROJECTS,
      unlimitedProjects: true,
      maxWordsPerProject: 500_000,
      maxStorageBytes: 10 * GB,
    },
    featureIds: [FEATURES.projectAnalysis, FEATURES.characterAnalysis, FEATURES.voiceRecording],
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    priceMonthlyUsd: 49,
    price: '$49/month',
    description: 'For studios and publishers.',
    features: ['Everything in Pro', 'No word limit', '100 GB storage', 'Dedicated support'],
    callToAction: 'Contact sales',
    highlighted: false,
    selfServe: false,
    trialDays: 0,
    limits: {
      maxProjects: UNLIMITED_PROJECTS,
      unlimitedProjects: true,
      maxWordsPerProject: null,
      maxStorageBytes: 100 * GB,
    },
    featureIds: [FEATURES.projectAnalysis, FEATURES.characterAnalysis, FEATURES.voiceRecording],
  },
};
