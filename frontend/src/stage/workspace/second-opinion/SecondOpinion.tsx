// The second opinion on doubtful speakers in the workspace (issue 18): a header button opening a
// dialog that first estimates what the run would ask and cost (quotes, batches, tokens and their share
// of the month's budget), starts it on confirmation, then shows its progress (batches done of total)
// with Cancel; a box under the header shows the progress while the dialog is closed. Pro only
// (`characters:analysis`): other plans see the Pro Feature panel. Without a language model configured
// on the server the dialog says so (the button stays, so the feature is never silently missing).
import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import PsychologyAltOutlinedIcon from '@mui/icons-material/PsychologyAltOutlined';
import { FEATURES, PLANS, type SecondOpinionEstimate, type SecondOpinionJob } from '@castbook/contracts';
import { estimateSecondOpinion } from '../../../api/second-opinion-api';
import { ApiCallError } from '../../../api/call-error';
import { useSubscription } from '../../subscription';
import { ProFeaturePanel } from '../voice/ProFeaturePanel';
import { runSummary, type SecondOpinionRun } from './use-second-opinion';

const number = (n: number) => n.toLocaleString('en-US');
/** '2026-11' as 'November 2026'. */
const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const percent = (share: number) =>
  share === 0 ? '0 %' : share < 0.001 ? 'under 0.1 %' : `${(share * 100).toFixed(share < 0.1 ? 1 : 0)} %`;

/** '60 %' kept on one line. */
const Nowrap = ({ children }: { children: string }) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    {children}
  </Box>
);

export function batchesLabel(job: SecondOpinionJob): string {
  return `${job.batchesDone} of ${job.batchesTotal} batch${job.batchesTotal === 1 ? '' : 'es'}`;
}

type Estimate =
  { kind: 'loading' } | { kind: 'done'; estimate: SecondOpinionEstimate } | { kind: 'error'; message: string };

export function SecondOpinionButton({
  projectId,
  run,
  disabled,
}: {
  projectId: string;
  run: SecondOpinionRun;
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  const { job, running } = run;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<PsychologyAltOutlinedIcon />}
        disabled={disabled && !running}
        onClick={() => setOpen(true)}
      >
        {running && job ? `Second opinion ${job.batchesDone}/${job.batchesTotal}` : 'Second opinion'}
      </Button>
      {open && <SecondOpinionDialog projectId={projectId} run={run} onClose={() => setOpen(false)} />}
    </>
  );
}

function SecondOpinionDialog({
  projectId,
  run,
  onClose,
}: {
  projectId: string;
  run: SecondOpinionRun;
  onClose: () => void;
}) {
  const { data: plan } = useSubscription();
  const tier = plan?.subscription.tier;
  const allowed = tier ? (PLANS[tier]?.featureIds.includes(FEATURES.characterAnalysis) ?? false) : undefined;
  const provider = run.state?.provider;
  const { job, running } = run;
  const [estimate, setEstimate] = useState<Estimate>({ kind: 'loading' });
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  // A run is estimated only when it can be asked for: Pro, a provider, nothing running.
  const canAsk = allowed === true && !!provider && !running;

  useEffect(() => {
    if (!canAsk) return;
    const controller = new AbortController();
    setEstimate({ kind: 'loading' });
    estimateSecondOpinion(projectId, controller.signal).then(
      (e) => !controller.signal.aborted && setEstimate({ kind: 'done', estimate: e }),
      (err: unknown) =>
        !controller.signal.aborted &&
        setEstimate({
          kind: 'error',
          message: err instanceof ApiCallError ? err.serverMessage : 'The estimate could not be loaded',
        }),
    );
    return () => controller.abort();
  }, [canAsk, projectId]);

  const confirm = async () => {
    setStarting(true);
    setStartError(null);
    try {
      await run.start();
    } catch (err) {
      setStartError(err instanceof ApiCallError ? err.serverMessage : 'The second opinion could not be started');
    } finally {
      setStarting(false);
    }
  };

  const ready = estimate.kind === 'done' ? estimate.estimate : undefined;
  const startable = canAsk && !!ready && ready.quotes > 0 && ready.fitsBudget;
  return (
    <Dialog open onClose={onClose} aria-labelledby="second-opinion-title" fullWidth maxWidth="sm">
      <DialogTitle id="second-opinion-title">Second opinion on doubtful speakers</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          The quotes whose speaker the analysis was unsure of go to a language model with the paragraphs around them and
          the speakers the analysis weighed. Its answers are marked AI with their own confidence. Speakers you set are
          never changed.
        </DialogContentText>
        {allowed === false ? (
          <ProFeaturePanel>A second opinion from a language model on doubtful speakers is part of Pro.</ProFeaturePanel>
        ) : allowed === undefined || run.state === undefined ? (
          run.error ? (
            <Alert severity="error">The second opinion could not be loaded. Please try again.</Alert>
          ) : (
            <Skeleton variant="rounded" height={96} />
          )
        ) : !provider ? (
          <Alert severity="info" data-testid="second-opinion-no-provider">
            This needs a language model, and none is configured on this server. The administrator sets OPENAI_BASE_URL
            (an OpenAI-compatible server such as OpenAI, Azure OpenAI, Ollama or vLLM), OPENAI_MODEL and, if the server
            asks for one, OPENAI_API_KEY for the projects service.
          </Alert>
        ) : running && job ? (
          <RunProgress job={job} />
        ) : (
          <Stack spacing={2}>
            {job && job.status !== 'running' && <LastRun job={job} />}
            {estimate.kind === 'loading' && <Skeleton variant="rounded" height={96} aria-label="Estimating" />}
            {estimate.kind === 'error' && <Alert severity="warning">{estimate.message}</Alert>}
            {ready && <EstimateView estimate={ready} />}
            {startError && <Alert severity="error">{startError}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {running ? (
          <>
            <Button color="inherit" onClick={() => void run.cancel()}>
              Cancel run
            </Button>
            <Button onClick={onClose} variant="contained">
              Close
            </Button>
          </>
        ) : (
          <>
            <Button color="inherit" onClick={onClose}>
              {startable ? 'Cancel' : 'Close'}
            </Button>
            {canAsk && (
              <Button variant="contained" disabled={!startable || starting} onClick={() => void confirm()}>
                {starting ? 'Starting…' : `Ask ${provider.model}`}
              </Button>
            )}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

function EstimateView({ estimate: e }: { estimate: SecondOpinionEstimate }) {
  const threshold = `${Math.round(e.threshold * 100)} %`;
  if (e.quotes === 0) {
    return (
      <Alert severity="info">
        No quote under {threshold} confidence has two candidate speakers to choose from: there is nothing to ask.
      </Alert>
    );
  }
  const left = Math.max(0, e.usage.tokenBudget - e.usage.tokensUsed);
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }} data-testid="second-opinion-estimate">
      <Typography sx={{ fontWeight: 600, mb: 0.5 }}>
        {number(e.quotes)} doubtful quote{e.quotes === 1 ? '' : 's'} (under <Nowrap>{threshold}</Nowrap> confidence) in{' '}
        {number(e.batches)} batch{e.batches === 1 ? '' : 'es'}
      </Typography>
      <Typography variant="body2">
        About <strong>{number(e.tokens)} tokens</strong>, <Nowrap>{percent(e.budgetShare)}</Nowrap> of your monthly
        budget ({number(e.usage.tokensUsed)} of {number(e.usage.tokenBudget)} used in {monthName(e.usage.month)}).
      </Typography>
      {e.cachedBatches > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {number(e.cachedBatches)} batch{e.cachedBatches === 1 ? ' was' : 'es were'} asked before and cost nothing.
        </Typography>
      )}
      {!e.fitsBudget && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          Only {number(left)} tokens are left this month: not enough for this run.
        </Alert>
      )}
    </Paper>
  );
}

function RunProgress({ job }: { job: SecondOpinionJob }) {
  const value = job.batchesTotal > 0 ? (job.batchesDone / job.batchesTotal) * 100 : 0;
  return (
    <Box role="status" aria-label="Second opinion progress">
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', mb: 0.75 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Asking {job.model} about {number(job.quotesTotal)} quotes…
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          {batchesLabel(job)}
        </Typography>
      </Stack>
      <LinearProgress variant="determinate" value={value} aria-label="Second opinion progress" />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {runSummary(job)} so far. You can close this window: the run goes on on the server.
      </Typography>
    </Box>
  );
}

function LastRun({ job }: { job: SecondOpinionJob }) {
  const when = new Date(job.updatedAt).toLocaleString();
  if (job.status === 'completed') {
    return (
      <Alert severity="success">
        Last run ({when}): {runSummary(job)}.
      </Alert>
    );
  }
  return (
    <Alert severity={job.status === 'failed' ? 'error' : 'info'}>
      Last run ({when}) {job.status === 'failed' ? 'failed' : 'stopped'} after {batchesLabel(job)}:{' '}
      {job.message ?? job.status}. {runSummary(job)}.
    </Alert>
  );
}

/** Under the header while a run goes and its dialog is closed: batches done of total, and Cancel. */
export function SecondOpinionProgressBox({ run }: { run: SecondOpinionRun }) {
  const { job, running } = run;
  if (!running || !job) return null;
  const value = job.batchesTotal > 0 ? (job.batchesDone / job.batchesTotal) * 100 : 0;
  return (
    <Paper
      variant="outlined"
      role="status"
      aria-label="Second opinion progress"
      sx={{ px: 2, py: 1.5, borderRadius: 3, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 200 }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', mb: 0.75 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Second opinion from {job.model}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {batchesLabel(job)}
          </Typography>
        </Stack>
        <LinearProgress variant="determinate" value={value} aria-label="Second opinion progress" />
      </Box>
      <Button size="small" color="inherit" variant="outlined" onClick={() => void run.cancel()}>
        Cancel
      </Button>
    </Paper>
  );
}
