// The review queue of issue 19 (GET /api/projects/{id}/review, services/projects README "Review
// queue"): the quotes the user has not confirmed, least confident first, a page at a time.
import type { ReviewPage } from '@castbook/contracts';
import { api } from './client';
import { withAction } from './call-error';
import { projectKey } from './projects-api';

export type { ReviewItem, ReviewPage } from '@castbook/contracts';

export const REVIEW_PAGE_SIZE = 50;
export const REVIEW_MESSAGE = 'Failed to load the review queue';

export const fetchReviewPage = (projectId: string, cursor: string | null) =>
  withAction(REVIEW_MESSAGE, async () => {
    const query = new URLSearchParams({ limit: String(REVIEW_PAGE_SIZE) });
    if (cursor) query.set('cursor', cursor);
    const body = await api.request<{ success: true; data: ReviewPage }>(`${projectKey(projectId)}/review?${query}`);
    return body.data;
  });
