// What review mode does to the workspace: a decision saved through the workspace's own edits, and
// the reviewed quote shown in the viewer.
import type { Quote } from '@castbook/contracts';
import type { ReviewItem } from '../../../api/review-api';
import type { WorkspaceEdits } from '../use-workspace-edits';
import type { WorkspaceNavigation } from '../use-workspace-navigation';
import { failed } from '../workspace-toast';

export function useReviewActions(
  quotes: readonly Quote[],
  edits: Pick<WorkspaceEdits, 'chooseSpeaker' | 'markNotDialog'>,
  nav: Pick<WorkspaceNavigation, 'showQuote'>,
) {
  const quoteOf = (item: ReviewItem) => quotes.find((q) => q.id === item.id);
  // The queue was read before a re-analysis or another tab changed the quotes.
  const missingQuote = () => {
    failed('This quote is no longer in the project. Reopen review to see the current quotes.');
    return false;
  };

  const confirm = async (item: ReviewItem, speakerId: string) => {
    const quote = quoteOf(item);
    if (!quote) return missingQuote();
    return edits.chooseSpeaker(quote, { speakerId });
  };
  const notDialog = async (item: ReviewItem) => {
    if (!quoteOf(item)) return missingQuote();
    return edits.markNotDialog(item.id);
  };
  // Like the navigator's step: the quote is selected and marked in the viewer, which scrolls to it.
  const show = (item: ReviewItem) =>
    nav.showQuote({ start: item.startOffset, end: item.endOffset }, quoteOf(item) ?? null);

  return { confirm, notDialog, show };
}
