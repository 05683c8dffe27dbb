// The "Analysis" part of a character card (SPEC §7, §8; issue 18), folded by default: on opening, the
// character's analysis (POST …/character-analysis; the server answers a stored one at once). Pro only
// (`characters:analysis`): other plans see the Pro Feature panel. Says who wrote it: 'Built-in'
// (counted from the book's text and quotes) or 'AI' with the model. Errors show SPEC's texts with a
// Retry Analysis button. Closing the card or leaving the project cancels the request.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Box, Button, Chip, Collapse, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import { FEATURES, PLANS, type Character, type CharacterAnalysisDetail, type TokenUsage } from '@castbook/contracts';
import { fetchCharacterAnalysis } from '../../api/projects-api';
import { ApiCallError } from '../../api/call-error';
import { useSubscription } from '../subscription';
import { ProFeaturePanel } from './voice/ProFeaturePanel';

/** SPEC §8: the server answered an error, or the call failed some other way. */
export const ANALYSIS_ERRORS = {
  failed: 'Failed to load character analysis',
  unexpected: 'An error occurred while loading character analysis',
} as const;

type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'done'; analysis: CharacterAnalysisDetail; usage?: TokenUsage }
  | { kind: 'error'; message: string; detail?: string };

export function CharacterAnalysisSection({ character }: { character: Character }) {
  const { projectId = '' } = useParams();
  const { data: plan } = useSubscription();
  const tier = plan?.subscription.tier;
  const allowed = tier ? (PLANS[tier]?.featureIds.includes(FEATURES.characterAnalysis) ?? false) : undefined;
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(
    async (refresh = false) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setState({ kind: 'loading' });
      try {
        const { analyses, usage } = await fetchCharacterAnalysis(projectId, [character.id], {
          refresh,
          signal: controller.signal,
        });
        if (!controller.signal.aborted) setState({ kind: 'done', analysis: analyses[0]!, usage });
      } catch (err) {
        if (controller.signal.aborted) return;
        setState(
          err instanceof ApiCallError
            ? { kind: 'error', message: ANALYSIS_ERRORS.failed, detail: err.serverMessage }
            : { kind: 'error', message: ANALYSIS_ERRORS.unexpected },
        );
      }
    },
    [projectId, character.id],
  );

  // Opened on a plan with the feature: load once; closing or leaving cancels what is in flight.
  useEffect(() => {
    if (open && allowed && state.kind === 'idle') void load();
  }, [open, allowed, state.kind, load]);
  useEffect(() => () => inFlight.current?.abort(), []);
  const toggle = () => {
    if (open) {
      inFlight.current?.abort();
      if (state.kind === 'loading') setState({ kind: 'idle' });
    }
    setOpen(!open);
  };

  const id = `analysis-${character.id}`;
  return (
    <Box data-testid="character-analysis">
      <Button
        size="small"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={id}
        startIcon={<InsightsOutlinedIcon fontSize="small" />}
        endIcon={<ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
        sx={{ mt: 0.5, px: 0.5, minWidth: 0, color: 'text.secondary', fontWeight: 550 }}
      >
        Analysis
      </Button>
      <Collapse in={open} unmountOnExit>
        <Box id={id} sx={{ pt: 1 }} aria-live="polite">
          {allowed === false ? (
            <ProFeaturePanel>
              Character analysis is part of Pro: who a character talks with, how they speak, where they appear, and
              lines to voice them by.
            </ProFeaturePanel>
          ) : allowed === undefined || state.kind === 'loading' || state.kind === 'idle' ? (
            <Stack spacing={0.75} aria-label="Loading character analysis" role="status">
              <Skeleton variant="text" width="60%" />
              <Skeleton variant="rounded" height={56} />
              <Skeleton variant="text" width="80%" />
            </Stack>
          ) : state.kind === 'error' ? (
            // The button under the text: beside it, a side panel's card leaves the message a word wide.
            <Alert severity="error">
              {state.message}
              {state.detail && (
                <Typography variant="body2" component="span" sx={{ display: 'block', mt: 0.25 }}>
                  {state.detail}
                </Typography>
              )}
              <Button color="inherit" size="small" variant="outlined" onClick={() => void load()} sx={{ mt: 1 }}>
                Retry Analysis
              </Button>
            </Alert>
          ) : (
            <AnalysisView analysis={state.analysis} usage={state.usage} onRefresh={() => void load(true)} />
          )}
        </Box>
      </Collapse>
    </Box>
  );
}

function AnalysisView({
  analysis,
  usage,
  onRefresh,
}: {
  analysis: CharacterAnalysisDetail;
  usage?: TokenUsage;
  onRefresh(): void;
}) {
  const builtIn = analysis.source === 'built-in';
  const direction = analysis.narrator.voiceDirection;
  const fields: [string, string][] = [
    ['Summary', analysis.summary],
    ['Personality', analysis.personality],
    ['Arc', analysis.arc],
    ['Relationships', analysis.relationships],
    ['Motivation', analysis.motivation],
  ];
  const read = analysis.chaptersRead.length;
  return (
    <Stack spacing={1} data-testid="character-analysis-result">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Tooltip
          title={
            builtIn
              ? "Counted from this book's text, outline and quotes; no AI wrote it"
              : `Written by ${analysis.model ?? 'a language model'} from passages of the book`
          }
        >
          <Chip
            size="small"
            variant="outlined"
            color={builtIn ? 'default' : 'primary'}
            label={builtIn ? 'Built-in' : `AI · ${analysis.model ?? 'model'}`}
          />
        </Tooltip>
        <Typography variant="caption" color="text.secondary" sx={{ flexGrow: 1 }}>
          {builtIn ? 'Counted from' : 'Read'} {read === 1 ? '1 chapter' : `${read} chapters`}
        </Typography>
        <Button size="small" onClick={onRefresh} sx={{ minWidth: 0 }}>
          Refresh
        </Button>
      </Stack>
      {fields.map(([label, text]) => (
        <Box key={label}>
          <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 650, display: 'block' }}>
            {label}
          </Typography>
          <Typography variant="body2">{text}</Typography>
        </Box>
      ))}
      {(analysis.narrator.speechHabits.length > 0 || direction) && (
        <Box>
          <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 650, display: 'block' }}>
            For the narrator
          </Typography>
          {direction && (
            <Typography variant="body2">
              {Object.entries(direction)
                .map(([k, v]) => `${k[0]!.toUpperCase()}${k.slice(1)}: ${v}`)
                .join(' · ')}
            </Typography>
          )}
          {analysis.narrator.speechHabits.length > 0 && (
            <Typography variant="body2">{analysis.narrator.speechHabits.join(' · ')}</Typography>
          )}
        </Box>
      )}
      {analysis.narrator.representativeLines.length > 0 && (
        <Box>
          <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 650, display: 'block' }}>
            Representative lines
          </Typography>
          <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
            {analysis.narrator.representativeLines.map((l) => (
              <Typography component="li" variant="body2" key={l.startOffset}>
                “{l.text}”{' '}
                <Typography component="span" variant="caption" color="text.secondary">
                  at character {l.startOffset.toLocaleString('en-US')}
                </Typography>
              </Typography>
            ))}
          </Stack>
        </Box>
      )}
      {usage && (
        <Typography variant="caption" color="text.secondary">
          AI tokens this month: {usage.tokensUsed.toLocaleString('en-US')} of{' '}
          {usage.tokenBudget.toLocaleString('en-US')}
          {builtIn && usage.tokensUsed >= usage.tokenBudget ? ' (used up: built-in analysis shown)' : ''}
        </Typography>
      )}
    </Stack>
  );
}
