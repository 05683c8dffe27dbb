// Steps through the quotes that need a look: no speaker, or low confidence (< 0.5).
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import type { Theme } from '@mui/material';
import type { ReviewList } from './review';

// Readable warning text on paper in both themes.
const warn = (t: Theme) => (t.palette.mode === 'dark' ? '#fdba74' : '#9a3412');

export function QuoteNavigator({
  review,
  total,
  onStep,
}: {
  review: ReviewList;
  total: number;
  onStep(direction: 1 | -1): void;
}) {
  const none = review.quotes.length === 0;
  return (
    <Box
      role="group"
      aria-label="Quotes to review"
      title="Quotes without a speaker, and quotes whose speaker was found with low confidence (under 50%)"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, fontSize: 13, whiteSpace: 'nowrap', minWidth: 0 }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ fontSize: 13, display: { xs: 'none', lg: 'block' } }}>
        {total.toLocaleString('en-US')} quotes
      </Typography>
      <Typography
        variant="body2"
        data-testid="unattributed-count"
        sx={{ fontSize: 13, color: review.unattributed ? warn : 'text.secondary', fontWeight: 600 }}
      >
        {review.unattributed} unattributed
      </Typography>
      <Typography
        variant="body2"
        data-testid="low-confidence-count"
        sx={{ fontSize: 13, color: review.lowConfidence ? warn : 'text.secondary', fontWeight: 600 }}
      >
        {review.lowConfidence} low confidence
      </Typography>
      <Box sx={{ display: 'flex' }}>
        <Tooltip title="Previous quote to review">
          <span>
            <IconButton size="small" aria-label="Previous quote to review" disabled={none} onClick={() => onStep(-1)}>
              <KeyboardArrowUpIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Next quote to review">
          <span>
            <IconButton size="small" aria-label="Next quote to review" disabled={none} onClick={() => onStep(1)}>
              <KeyboardArrowDownIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Box>
  );
}
