// The casting breakdown in the app (issue 19): lines and words per character per chapter, the
// figures a full-cast producer prices from. They come from GET …/breakdown, the same computation as
// the breakdown.csv export, so the chart and the file never disagree. The chart stacks the leading
// voices per chapter; the table under it is the whole cast's totals (and the chart's text alternative).
import { useMemo, useState } from 'react';
import useSWR from 'swr';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { breakdownKey, fetchBreakdown } from '../../../api/speaker-edits-api';
import { breakdownSeries, type Measure } from './breakdown-series';

/** Width per chapter: a long book scrolls sideways instead of squeezing its bars to nothing. */
const CHAPTER_PX = 22;

export function BreakdownDialog({ projectId, onClose }: { projectId: string; onClose(): void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { data, error } = useSWR(breakdownKey(projectId), () => fetchBreakdown(projectId), {
    revalidateOnFocus: false,
  });
  const [measure, setMeasure] = useState<Measure>('lines');
  const series = useMemo(() => (data ? breakdownSeries(data, measure) : []), [data, measure]);
  const labels = data?.chapters.map((c) => c.title) ?? [];

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" fullScreen={phone} aria-labelledby="breakdown-title">
      <DialogTitle id="breakdown-title">Casting breakdown</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error">{error instanceof Error ? error.message : String(error)}</Alert>}
        {!data && !error && <CircularProgress aria-label="Loading the breakdown" />}
        {data && (
          <>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={measure}
              onChange={(_, v: Measure | null) => v && setMeasure(v)}
              aria-label="Count"
              sx={{ mb: 1 }}
            >
              <ToggleButton value="lines">Lines</ToggleButton>
              <ToggleButton value="words">Words</ToggleButton>
            </ToggleButtonGroup>
            {/* Focusable: a long book's chart scrolls sideways, and the keyboard must reach it too. */}
            <Box
              sx={{ overflowX: 'auto' }}
              role="figure"
              tabIndex={0}
              aria-label={`${measure === 'lines' ? 'Lines' : 'Words'} per character per chapter`}
            >
              <Box sx={{ minWidth: Math.max(phone ? 340 : 600, labels.length * CHAPTER_PX) }}>
                <BarChart
                  height={phone ? 300 : 360}
                  xAxis={[
                    {
                      scaleType: 'band',
                      data: labels.map((_, k) => k + 1),
                      label: 'Chapter',
                      valueFormatter: (n: number, ctx) => (ctx.location === 'tooltip' ? labels[n - 1]! : String(n)),
                    },
                  ]}
                  yAxis={[{ label: measure === 'lines' ? 'Lines' : 'Words', width: 56 }]}
                  series={series.map((s) => ({ ...s, stack: 'cast' }))}
                  skipAnimation
                />
              </Box>
            </Box>
            <TableContainer sx={{ mt: 2, maxHeight: 320 }} tabIndex={0} aria-label="Totals per character">
              <Table size="small" stickyHeader aria-label="Lines and words per character">
                <TableHead>
                  <TableRow>
                    <TableCell>Character</TableCell>
                    <TableCell align="right">Lines</TableCell>
                    <TableCell align="right">Words</TableCell>
                    <TableCell align="right">Chapters</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.entries
                    .filter((e) => e.lines > 0)
                    .map((e) => (
                      <TableRow key={e.characterId ?? 'unattributed'}>
                        <TableCell component="th" scope="row">
                          {e.name}
                        </TableCell>
                        <TableCell align="right">{e.lines.toLocaleString('en')}</TableCell>
                        <TableCell align="right">{e.words.toLocaleString('en')}</TableCell>
                        <TableCell align="right">{e.perChapter.length}</TableCell>
                      </TableRow>
                    ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
