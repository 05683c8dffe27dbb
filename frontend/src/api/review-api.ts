// The review queue of issue 19 (GET /api/projects/{id}/review, services/projects README "Review
// queue"): the quotes the user has not confirmed, least confident first, a page at a time.
import type { Quote } from '@castbook/contracts';
import { api } from './client';
import { withAction } from './call-error';
import { projectKey } from './projects-api';

export interface ReviewCandidate {
  speakerId: string;
  /** Null when the engine named a speaker the cast no longer has. */
  name: string | null;
  probability: number;
}

export interface ReviewItem {
  id: string;
  text: string;
  startOffset: number;
  endOffset: number;
  /** The title of the chapter holding it. */
  chapter: string;
  speakerId: string | null;
  speakerName: string | null;
  confidence: number;
  attributionMethod: Quote['attributionMethod'];
  /** Best first. */
  candidates: ReviewCandidate[];
  evidence: string[];
  context: { before: string; after: string };
}

export interface ReviewPage {
  quotes: ReviewItem[];
  nextCursor: string | null;
  confirmed: number;
  total: number;
}

export const REVIEW_PAGE_SIZE = 50;
export const REVIEW_MESSAGE = 'Failed to load the review queue';

export const fetchReviewPage = (projectId: string, cursor: string | null) =>
  withAction(REVIEW_MESSAGE, async () => {
    const query = new URLSearchParams({ limit: String(REVIEW_PAGE_SIZE) });
    if (cursor) query.set('cursor', cursor);
    const body = await api.request<{ success: true; data: ReviewPage }>(`${projectKey(projectId)}/review?${query}`);
    return body.data;
  });
