// /stage/projects/{projectId}: the project workspace (SPEC §2). Left, the Book Structure outline;
// centre, the text with every quote in its speaker's colour; right, the Characters panel. The header
// carries the title, the author, the analysis button with its progress box, and Settings. Below the
// mobile breakpoint the three panels are tabs.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  Paper,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import CloseIcon from '@mui/icons-material/Close';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import type { Character, OutlineItem, Quote } from '@castbook/contracts';
import {
  analyzeProject,
  cancelAnalysis,
  deleteProject,
  detectStructure,
  forgetProject,
  projectKey,
  revalidateProjects,
  updateCharacters,
  updateOutline,
  updateProject,
  updateQuotes,
  useAnalysisProgress,
  useProject,
  type ProjectDetail,
  type ProjectSummary,
} from '../../api/projects-api';
import { ApiCallError, statusOf } from '../../api/call-error';
import { mutate } from 'swr';
import { analysisButtonLabel, ANALYSIS_FAILED_DEFAULT, progressPercent } from './analysis';
import { randomHexColor } from './colors';
import { CharactersPanel } from './CharactersPanel';
import { deleteCharacter, mergeCharacter, type Cast } from '../../api/cast-api';
import { ExportMenu } from './ExportMenu';
import { VoiceProvider } from './voice/voice-context';
import { ContentViewer, type ContentViewerHandle } from './ContentViewer';
import { renameItem } from './outline';
import { OutlinePanel } from './OutlinePanel';
import { ProjectSettingsDialog, type SettingsChanges } from './ProjectSettingsDialog';
import { QuoteNavigator } from './QuoteNavigator';
import { QuoteSpeakerPopover } from './QuoteSpeakerPopover';
import { reviewList, stepReview } from './review';
import { ReviewMode } from './review/ReviewMode';
import type { ReviewItem } from '../../api/review-api';
import { orderQuotes, type Range } from './segments';
import { splitBlocks } from './text-blocks';
import { readOnlyOf } from '../projects/read-only';
import { SUBSCRIPTION_PATH } from '../subscription';

/** One toast at a time in the project screens (SPEC §9): each replaces the last. */
const TOAST_ID = 'workspace';
const failed = (description: string, title = 'Error') => toast.error(title, { id: TOAST_ID, description });

type MobileTab = 'text' | 'outline' | 'characters';

export default function WorkspacePage() {
  const { projectId = '' } = useParams();
  const { data: project, error, mutate: mutateProject } = useProject(projectId, { revalidateOnFocus: false });

  if (error && !project) {
    const status = statusOf(error);
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {status === 404
          ? 'This project does not exist, or it is not yours.'
          : status === 401 || status === 403
            ? 'You do not have permission to open this project.'
            : 'The project could not be loaded. Please try again.'}
      </Alert>
    );
  }
  if (!project) return <WorkspaceSkeleton />;
  return <Workspace key={project.id} project={project} mutateProject={mutateProject} />;
}

function WorkspaceSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading project">
      <Skeleton variant="text" width="40%" height={44} />
      <Skeleton variant="text" width="20%" />
      <Skeleton variant="rounded" height={420} sx={{ mt: 2 }} />
    </Box>
  );
}

type MutateProject = ReturnType<typeof useProject>['mutate'];

function Workspace({ project, mutateProject }: { project: ProjectDetail; mutateProject: MutateProject }) {
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const navigate = useNavigate();
  const viewer = useRef<ContentViewerHandle>(null);
  const [tab, setTab] = useState<MobileTab>('text');
  const [outlineOpen, setOutlineOpen] = useState(true);
  const [selection, setSelection] = useState<(Range & { label: string; itemId?: string }) | null>(null);
  const [activeQuote, setActiveQuote] = useState<{ quote: Quote; anchor: HTMLElement | null } | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [reviewOpen, setReviewOpen] = useState(false);
  const pendingScroll = useRef<number | null>(null);
  // Beyond the plan's project limit: readable and deletable, every edit refused by the server, so
  // the controls that would edit are off and a banner says why.
  const locked = readOnlyOf(project);

  const blocks = useMemo(() => splitBlocks(project.content), [project.content]);
  const ordered = useMemo(() => orderQuotes(project.quotes), [project.quotes]);
  const characterById = useMemo(() => new Map(project.characters.map((c) => [c.id, c])), [project.characters]);
  const lineCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const q of project.quotes) if (q.speakerId) counts.set(q.speakerId, (counts.get(q.speakerId) ?? 0) + 1);
    return counts;
  }, [project.quotes]);
  const review = useMemo(() => reviewList(project.quotes), [project.quotes]);

  /** Puts a partial project (a PATCH answer) in the cache without reloading the text. */
  const patchLocal = useCallback(
    (patch: Partial<ProjectDetail>) => mutateProject((p) => (p ? { ...p, ...patch } : p), { revalidate: false }),
    [mutateProject],
  );

  /** A character as a voice call answered it (takes, chosen voice, notes). */
  const applyCharacter = useCallback(
    (c: Character) =>
      void mutateProject((p) => (p ? { ...p, characters: p.characters.map((x) => (x.id === c.id ? c : x)) } : p), {
        revalidate: false,
      }),
    [mutateProject],
  );
  const refreshProject = useCallback(() => mutateProject(), [mutateProject]);

  // ---- jumping and selecting --------------------------------------------------------------------

  const jumpTo = useCallback(
    (offset: number) => {
      if (mobile && tab !== 'text') {
        pendingScroll.current = offset;
        setTab('text');
      } else viewer.current?.scrollToOffset(offset);
    },
    [mobile, tab],
  );
  useEffect(() => {
    if (tab === 'text' && pendingScroll.current !== null) {
      const offset = pendingScroll.current;
      pendingScroll.current = null;
      requestAnimationFrame(() => viewer.current?.scrollToOffset(offset));
    }
  }, [tab]);

  const selectOutline = useCallback(
    (item: OutlineItem) => {
      setSelection({ start: item.startOffset, end: item.endOffset, label: item.title, itemId: item.id });
      jumpTo(item.startOffset);
    },
    [jumpTo],
  );

  const step = (direction: 1 | -1) => {
    const from = activeQuote?.quote.startOffset ?? selection?.start ?? viewer.current?.topOffset() ?? 0;
    const q = stepReview(review.quotes, from, direction);
    if (!q) return;
    setSelection({ start: q.startOffset, end: q.endOffset, label: 'Quote to review' });
    setActiveQuote({ quote: q, anchor: null });
    jumpTo(q.startOffset);
  };

  // ---- outline --------------------------------------------------------------------------------

  const renameOutline = async (item: OutlineItem, title: string) => {
    const before = project.outline;
    const next = renameItem(before, item.id, title);
    await patchLocal({ outline: next });
    try {
      const saved = await updateOutline(project.id, next);
      await patchLocal({ outline: saved });
    } catch {
      await patchLocal({ outline: before });
      failed('Failed to update outline', 'Update Failed');
    }
  };

  // ---- characters and quotes ----------------------------------------------------------------------

  const saveCharacters = async (next: Character[], message: string): Promise<boolean> => {
    const before = project.characters;
    await patchLocal({ characters: next });
    try {
      const saved = await updateCharacters(project.id, next);
      await patchLocal({ characters: saved });
      return true;
    } catch {
      await patchLocal({ characters: before });
      failed(message);
      return false;
    }
  };

  const newCharacter = (name: string): Character => ({
    id: crypto.randomUUID(),
    name,
    color: randomHexColor(),
    summary: '',
    mentions: 0,
    alternativeNames: [],
    relationships: [],
    isUserCreated: true,
    audioSample: null,
  });

  // An edited character is marked so a re-analysis keeps it (PRODUCT.md); the server marks it too.
  const onSaveCharacter = (c: Character) =>
    saveCharacters(
      project.characters.map((x) => (x.id === c.id ? Object.assign({}, c, { isUserEdited: true }) : x)),
      'Failed to update character',
    );
  const onAddCharacter = (name: string) =>
    saveCharacters([...project.characters, newCharacter(name)], 'Failed to add character');
  /** A merge or delete (issue 19): the server moves lines, takes and names; its answer is the new cast. */
  const editCast = async (call: () => Promise<Cast>, done: string) => {
    try {
      await patchLocal(await call());
      // A toast of its own: updating the shared one while it fades out (an analysis ending right
      // after) would lose that one's message.
      toast.success(done, { id: 'cast-edit' });
      return true;
    } catch (err) {
      // The server's words say why (a 409 over 5 takes names the fix).
      if (err instanceof ApiCallError) failed(err.serverMessage, err.action);
      else failed(String(err));
      return false;
    }
  };
  const onDeleteCharacter = (c: Character) => editCast(() => deleteCharacter(project.id, c.id), `${c.name} deleted`);
  const onMergeCharacter = (from: Character, into: Character) =>
    editCast(() => mergeCharacter(project.id, from.id, into.id), `${from.name} merged into ${into.name}`);

  const chooseSpeaker = async (quote: Quote, choice: { speakerId: string } | { newName: string }) => {
    let speakerId: string;
    if ('newName' in choice) {
      const created = newCharacter(choice.newName);
      if (!(await saveCharacters([...project.characters, created], 'Failed to add character'))) return false;
      speakerId = created.id;
    } else speakerId = choice.speakerId;
    const next = project.quotes.map((q) =>
      q.id === quote.id ? { ...q, speakerId, confidence: 1, attributionMethod: 'user' as const } : q,
    );
    const ok = await saveQuotes(next, 'Failed to update quote');
    if (ok) toast.success('Speaker updated', { id: TOAST_ID });
    return ok;
  };

  /** The whole quotes list, shown at once and put back when the server refuses it. */
  const saveQuotes = async (next: Quote[], message: string): Promise<boolean> => {
    const before = project.quotes;
    await patchLocal({ quotes: next });
    try {
      await patchLocal({ quotes: await updateQuotes(project.id, next) });
      return true;
    } catch {
      await patchLocal({ quotes: before });
      failed(message);
      return false;
    }
  };

  // ---- review mode (issue 19) -------------------------------------------------------------------

  const quoteOf = (item: ReviewItem) => project.quotes.find((q) => q.id === item.id);
  const confirmReviewed = async (item: ReviewItem, speakerId: string) => {
    const quote = quoteOf(item);
    if (!quote) return missingQuote();
    return chooseSpeaker(quote, { speakerId });
  };
  // "Not dialog": the quote is no quote, so it leaves the book's quotes.
  const removeReviewed = async (item: ReviewItem) => {
    if (!quoteOf(item)) return missingQuote();
    const ok = await saveQuotes(
      project.quotes.filter((q) => q.id !== item.id),
      'Failed to update quote',
    );
    if (ok) toast.success('Marked as not dialog', { id: TOAST_ID });
    return ok;
  };
  // The queue was read before a re-analysis or another tab changed the quotes.
  const missingQuote = () => {
    failed('This quote is no longer in the project. Reopen review to see the current quotes.');
    return false;
  };
  // Like the navigator's step: the quote is selected and marked in the viewer, which scrolls to it.
  const showReviewed = (item: ReviewItem) => {
    const quote = quoteOf(item);
    setSelection({ start: item.startOffset, end: item.endOffset, label: 'Quote to review' });
    setActiveQuote(quote ? { quote, anchor: null } : null);
    jumpTo(item.startOffset);
  };

  const onQuoteClick = useCallback((quote: Quote, anchor: HTMLElement) => setActiveQuote({ quote, anchor }), []);

  // ---- analysis -------------------------------------------------------------------------------

  const merge = (summary: ProjectSummary) => patchLocal({ ...summary, content: project.content });
  const status = project.analysisStatus;
  const analysing = status === 'in_progress';
  const { data: progress } = useAnalysisProgress(project.id, analysing);
  const finishing = useRef(false);

  useEffect(() => {
    if (!analysing || !progress?.isComplete || finishing.current) return;
    finishing.current = true;
    void (async () => {
      try {
        const fresh = await mutateProject();
        // Progress is the analysis service's, which hears of a new job a moment after it was
        // requested: a "complete" that was the previous job's leaves the project in progress, and
        // polling goes on until the new job's own answer.
        if (fresh?.analysisStatus === 'in_progress') return;
        if (fresh?.analysisStatus === 'failed' || progress.error) {
          failed(progress.error || ANALYSIS_FAILED_DEFAULT, 'Analysis Failed');
        } else {
          toast.success('Analysis Complete', {
            id: TOAST_ID,
            description: `${fresh?.characters.length ?? 0} characters, ${fresh?.quotes.length ?? 0} quotes.`,
          });
        }
        void revalidateProjects();
      } finally {
        finishing.current = false;
      }
    })();
  }, [analysing, progress, mutateProject]);

  const startAnalysis = async (opts: { confirm: boolean }) => {
    if (
      opts.confirm &&
      status === 'completed' &&
      !window.confirm('Reanalyze this project? Speakers you set by hand and characters you added are kept.')
    )
      return false;
    try {
      await mutate(`${projectKey(project.id)}/analysis-progress`, undefined, { revalidate: false });
      await merge(await analyzeProject(project.id));
      return true;
    } catch {
      failed('Failed to start project analysis.');
      return false;
    }
  };

  const stopAnalysis = async () => {
    try {
      await merge(await cancelAnalysis(project.id));
    } catch {
      failed('Failed to cancel project analysis.');
    }
  };

  // ---- settings -------------------------------------------------------------------------------

  const saveSettings = async (changes: SettingsChanges): Promise<boolean> => {
    const contentChanged = changes.content !== undefined;
    try {
      await merge(
        await updateProject(project.id, {
          title: changes.title,
          authorId: changes.authorId,
          content: changes.content,
          thumbnail: changes.thumbnail,
          resetThumbnail: changes.resetThumbnail,
        }),
      );
    } catch {
      failed(
        contentChanged ? 'Failed to update content' : 'Failed to update project',
        contentChanged ? 'Update Failed' : 'Error',
      );
      return false;
    }
    if (contentChanged) {
      setSelection(null);
      setActiveQuote(null);
      try {
        const outline = await detectStructure(project.id);
        await patchLocal({ content: changes.content!, outline, quotes: [] });
      } catch {
        await mutateProject();
        failed('Failed to update content', 'Update Failed');
        return true;
      }
      await startAnalysis({ confirm: false });
      await mutateProject();
    } else toast.success('Project updated', { id: TOAST_ID });
    void revalidateProjects();
    return true;
  };

  const removeProject = async (): Promise<boolean> => {
    try {
      await deleteProject(project.id);
    } catch {
      failed('Failed to delete project.');
      return false;
    }
    await forgetProject(project.id);
    toast.success('Project deleted', { id: TOAST_ID, description: project.title });
    navigate('/stage/projects');
    return true;
  };

  // ---- layout ---------------------------------------------------------------------------------

  const author = project.author ? `${project.author.firstName} ${project.author.lastName}`.trim() : 'Unknown Author';
  const percent = progress ? progressPercent(progress) : 0;

  const outlinePanel = (
    <OutlinePanel
      outline={project.outline}
      selectedId={selection?.itemId ?? null}
      onSelect={selectOutline}
      onRename={(item, title) => void renameOutline(item, title)}
      readOnly={locked.readOnly}
    />
  );
  const charactersPanel = (
    <VoiceProvider
      projectId={project.id}
      quotes={project.quotes}
      readOnly={locked.readOnly}
      applyCharacter={applyCharacter}
      refresh={refreshProject}
    >
      <CharactersPanel
        characters={project.characters}
        lineCounts={lineCounts}
        analysisStatus={status}
        onSave={onSaveCharacter}
        onAdd={onAddCharacter}
        onDelete={onDeleteCharacter}
        onMerge={onMergeCharacter}
        readOnly={locked.readOnly}
      />
    </VoiceProvider>
  );
  const viewerPanel = (
    <Paper
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden', borderRadius: 3 }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          py: 0.5,
          minHeight: 44,
          borderBottom: '1px solid',
          borderColor: 'divider',
          flexWrap: 'wrap',
        }}
      >
        {project.quotes.length > 0 ? (
          <QuoteNavigator review={review} total={project.quotes.length} onStep={step} />
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ fontSize: 13 }}>
            {project.content.length.toLocaleString('en-US')} characters · {blocks.length.toLocaleString('en-US')}{' '}
            paragraphs
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {selection && (
          <Stack
            direction="row"
            spacing={0.5}
            data-testid="selection"
            data-start={selection.start}
            data-end={selection.end}
            sx={{ alignItems: 'center', minWidth: 0 }}
          >
            <Typography variant="body2" noWrap sx={{ fontSize: 13, maxWidth: 260 }}>
              Selected: <strong>{selection.label}</strong>
            </Typography>
            <IconButton size="small" aria-label="Clear selection" onClick={() => setSelection(null)}>
              <CloseIcon sx={{ fontSize: 16 }} />
            </IconButton>
          </Stack>
        )}
      </Box>
      <Box sx={{ flexGrow: 1, minHeight: 0 }}>
        <ContentViewer
          ref={viewer}
          content={project.content}
          blocks={blocks}
          quotes={ordered}
          characters={characterById}
          selection={selection}
          activeQuoteId={activeQuote?.quote.id ?? null}
          onQuoteClick={onQuoteClick}
        />
      </Box>
    </Paper>
  );

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        // The workspace fills the window below the stage header; each panel scrolls on its own.
        height: { xs: 'calc(100dvh - 64px - 48px)', md: 'calc(100dvh - 64px - 80px)' },
        minHeight: 520,
        // The text needs the room more than the stage's side padding does.
        mx: { md: -2 },
      }}
    >
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: { xs: 'flex-start', sm: 'center' }, gap: 2, flexWrap: 'wrap' }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography
            variant="h4"
            component="h1"
            noWrap
            title={project.title}
            sx={{ fontSize: { xs: '1.4rem', md: '1.75rem' } }}
          >
            {project.title}
          </Typography>
          <Typography color="text.secondary" noWrap>
            by {author}
          </Typography>
        </Box>
        {/* Wraps on a phone: Analyze, Export and Settings are wider than 390 px together. */}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            startIcon={<AutoAwesomeIcon />}
            disabled={analysing || locked.readOnly}
            onClick={() => void startAnalysis({ confirm: true })}
          >
            {analysisButtonLabel(status)}
          </Button>
          <ExportMenu
            projectId={project.id}
            title={project.title}
            characters={project.characters}
            lineCounts={lineCounts}
          />
          <Button
            variant="outlined"
            startIcon={<FactCheckOutlinedIcon />}
            disabled={project.quotes.length === 0}
            onClick={() => setReviewOpen(true)}
          >
            Review
          </Button>
          <Button variant="outlined" startIcon={<SettingsOutlinedIcon />} onClick={() => setSettingsOpen(true)}>
            Settings
          </Button>
        </Stack>
      </Box>

      {locked.readOnly && (
        <Alert
          severity="warning"
          icon={<LockOutlinedIcon fontSize="inherit" />}
          data-testid="read-only-banner"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={SUBSCRIPTION_PATH}>
              Upgrade
            </Button>
          }
          sx={{ borderRadius: 3, alignItems: 'center' }}
        >
          {locked.reason}
        </Alert>
      )}

      {analysing && (
        <Paper
          variant="outlined"
          role="status"
          aria-label="Analysis progress"
          sx={{ px: 2, py: 1.5, borderRadius: 3, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
        >
          <Box sx={{ flexGrow: 1, minWidth: 200 }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.75 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {progress?.statusMessage || 'Starting analysis…'}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {progress ? `${progress.processedChunks}/${progress.totalChunks} · ${Math.round(percent)}%` : ''}
              </Typography>
            </Stack>
            <LinearProgress
              variant={progress ? 'determinate' : 'indeterminate'}
              value={percent}
              aria-label="Analysis progress"
            />
          </Box>
          <Button size="small" color="inherit" variant="outlined" onClick={() => void stopAnalysis()}>
            Cancel
          </Button>
        </Paper>
      )}

      {mobile ? (
        <>
          <Tabs
            value={tab}
            onChange={(_e, v: MobileTab) => setTab(v)}
            variant="fullWidth"
            aria-label="Workspace panels"
            sx={{ minHeight: 40, borderBottom: 1, borderColor: 'divider', mt: -1 }}
          >
            <Tab value="text" label="Text" sx={{ minHeight: 40, px: 1 }} />
            <Tab value="outline" label="Outline" sx={{ minHeight: 40, px: 1 }} />
            <Tab
              value="characters"
              label={`Characters (${project.characters.length})`}
              sx={{ minHeight: 40, px: 1, whiteSpace: 'nowrap' }}
            />
          </Tabs>
          <Box sx={{ flexGrow: 1, minHeight: 0, display: tab === 'text' ? 'block' : 'none' }}>{viewerPanel}</Box>
          {tab === 'outline' && (
            <Panel title="Book Structure" mobile>
              {outlinePanel}
            </Panel>
          )}
          {tab === 'characters' && (
            <Panel title="Characters" mobile>
              {charactersPanel}
            </Panel>
          )}
        </>
      ) : (
        <Box sx={{ display: 'flex', gap: 1.5, flexGrow: 1, minHeight: 0 }}>
          {outlineOpen ? (
            <Box sx={{ width: { md: 216, lg: 248 }, flexShrink: 0, minHeight: 0 }}>
              <Panel
                title="Book Structure"
                action={
                  <Tooltip title="Hide book structure">
                    <IconButton size="small" aria-label="Hide book structure" onClick={() => setOutlineOpen(false)}>
                      <MenuOpenIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                }
              >
                {outlinePanel}
              </Panel>
            </Box>
          ) : (
            <Tooltip title="Show book structure" placement="right">
              <IconButton
                aria-label="Show book structure"
                onClick={() => setOutlineOpen(true)}
                sx={{ alignSelf: 'flex-start', border: '1px solid', borderColor: 'divider' }}
              >
                <MenuOpenIcon sx={{ transform: 'scaleX(-1)' }} />
              </IconButton>
            </Tooltip>
          )}
          <Box sx={{ flexGrow: 1, minWidth: 0, minHeight: 0 }}>{viewerPanel}</Box>
          <Box sx={{ width: { md: 264, lg: 300 }, flexShrink: 0, minHeight: 0 }}>
            <Panel title="Characters">{charactersPanel}</Panel>
          </Box>
        </Box>
      )}

      <QuoteSpeakerPopover
        quote={activeQuote?.anchor ? activeQuote.quote : null}
        anchor={activeQuote?.anchor ?? null}
        characters={project.characters}
        onClose={() => setActiveQuote((a) => (a ? { ...a, anchor: null } : a))}
        onChoose={chooseSpeaker}
        readOnly={locked.readOnly}
      />
      <ReviewMode
        projectId={project.id}
        open={reviewOpen}
        characters={characterById}
        readOnly={locked.readOnly}
        onClose={() => setReviewOpen(false)}
        onShow={showReviewed}
        confirm={confirmReviewed}
        notDialog={removeReviewed}
      />
      <ProjectSettingsDialog
        open={settingsOpen}
        project={project}
        onClose={() => setSettingsOpen(false)}
        onSave={saveSettings}
        onDelete={removeProject}
      />
    </Box>
  );
}

function Panel({
  title,
  action,
  mobile,
  children,
}: {
  title: string;
  action?: React.ReactNode;
  mobile?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{
        height: mobile ? undefined : '100%',
        flexGrow: mobile ? 1 : undefined,
        minHeight: 0,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        borderRadius: 3,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1.5, pb: 1 }}>
        <Typography component="h2" variant="subtitle2" sx={{ flexGrow: 1, fontWeight: 700 }}>
          {title}
        </Typography>
        {action}
      </Box>
      <Box sx={{ overflowY: 'auto', flexGrow: 1, minHeight: 0 }}>{children}</Box>
    </Paper>
  );
}
