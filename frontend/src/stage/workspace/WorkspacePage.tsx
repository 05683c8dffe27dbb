// /stage/projects/{projectId}: the project workspace (SPEC §2). Left, the Book Structure outline;
// centre, the text with every quote in its speaker's colour; right, the Characters panel. The header
// carries the title, the author, the analysis button with its progress box, and Settings. Below the
// mobile breakpoint the three panels are tabs. The logic lives in hooks (use-workspace-edits,
// use-analysis-run, use-project-settings, use-workspace-navigation, review/use-review-actions); this
// file wires them to the views.
import { useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Box, Button, Skeleton, useMediaQuery, useTheme } from '@mui/material';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import InsertChartOutlinedIcon from '@mui/icons-material/InsertChartOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import type { Character, OutlineItem } from '@castbook/contracts';
import { useProject, type ProjectDetail } from '../../api/projects-api';
import { statusOf } from '../../api/call-error';
import { analysisButtonLabel } from './analysis';
import { AnalysisProgressBox } from './AnalysisProgressBox';
import { CharactersPanel } from './CharactersPanel';
import type { ContentViewerHandle } from './ContentViewer';
import { ExportMenu } from './ExportMenu';
import { useFindStore } from './find/find-store';
import { chaptersOf } from './find/lines';
import { usePublishOpenProject } from './find/use-open-project';
import { OutlinePanel } from './OutlinePanel';
import { ProjectSettingsDialog } from './ProjectSettingsDialog';
import { QuoteSpeakerPopover } from './QuoteSpeakerPopover';
import { ReadOnlyBanner } from './ReadOnlyBanner';
import { reviewList } from './review';
import { ReviewMode } from './review/ReviewMode';
import { SecondOpinionButton, SecondOpinionProgressBox } from './second-opinion/SecondOpinion';
import { useSecondOpinion } from './second-opinion/use-second-opinion';
import { SpeakerEditActionsContext } from './speaker-edits/actions-context';
import { useSpeakerEdits } from './speaker-edits/use-speaker-edits';
import { useReviewActions } from './review/use-review-actions';
import { orderQuotes } from './segments';
import { splitBlocks } from './text-blocks';
import { useAnalysisRun } from './use-analysis-run';
import { useProjectSettings } from './use-project-settings';
import { useWorkspaceEdits, type MutateProject } from './use-workspace-edits';
import { useWorkspaceNavigation } from './use-workspace-navigation';
import { ViewerPanel } from './ViewerPanel';
import { VoiceProvider } from './voice/voice-context';
import { WorkspaceHeader } from './WorkspaceHeader';
import { UndoRedoButtons } from './undo/UndoRedoButtons';
import { WorkspaceLayout } from './WorkspaceLayout';
import { readOnlyOf } from '../projects/read-only';

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
    <Box role="status" aria-busy="true" aria-label="Loading project">
      <Skeleton variant="text" width="40%" height={44} />
      <Skeleton variant="text" width="20%" />
      <Skeleton variant="rounded" height={420} sx={{ mt: 2 }} />
    </Box>
  );
}

function Workspace({ project, mutateProject }: { project: ProjectDetail; mutateProject: MutateProject }) {
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const viewer = useRef<ContentViewerHandle>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [reviewOpen, setReviewOpen] = useState(false);
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

  const nav = useWorkspaceNavigation(viewer, mobile);
  const edits = useWorkspaceEdits(project, mutateProject);
  const analysis = useAnalysisRun(project, mutateProject, edits.patchLocal, edits.clearHistory);
  const settings = useProjectSettings(project, mutateProject, edits.patchLocal, analysis, edits, nav.clearSelection);
  const reviewActions = useReviewActions(project.quotes, edits, nav);
  // The second opinion on doubtful speakers (issue 18): a server-side run, polled; its batches reload the quotes.
  const secondOpinion = useSecondOpinion(project.id, edits.refreshProject);
  // Spreading a fix, assigning a chapter's lines, splitting lines off, the breakdown chart (issue 19).
  const speakerEdits = useSpeakerEdits(project, edits.castEdit);
  const { status, analysing } = analysis;
  // The side panels' callbacks stay the same functions across renders (the panels are memoised, so a
  // poll or a toast that renders the workspace does not render hundreds of outline rows and cards);
  // each calls the edits of the latest render, which read the latest project themselves.
  const latestEdits = useRef(edits);
  useLayoutEffect(() => {
    latestEdits.current = edits;
  });
  const panelEdits = useMemo(
    () => ({
      saveCharacter: (c: Character) => latestEdits.current.saveCharacter(c),
      addCharacter: (name: string) => latestEdits.current.addCharacter(name),
      removeCharacter: (c: Character) => latestEdits.current.removeCharacter(c),
      mergeCharacters: (from: Character, into: Character) => latestEdits.current.mergeCharacters(from, into),
      renameOutline: (item: OutlineItem, title: string) => void latestEdits.current.renameOutline(item, title),
    }),
    [],
  );
  const { assignLines, splitLines } = speakerEdits;
  const speakerActions = useMemo(() => ({ assignLines, splitLines }), [assignLines, splitLines]);
  const assignInChapter = useCallback((item: OutlineItem) => assignLines(null, item.id), [assignLines]);
  // The text first: the outline and the cast (hundreds of rows and cards) render in a background pass
  // React starts right after this one is on screen and interrupts for any input.
  const panelsReady = useDeferredValue(true, false);
  // Find (issue 19): the book's search, the filter to a character's lines, the palette's entries.
  const { setTab } = nav;
  const showText = useCallback(() => setTab('text'), [setTab]);
  const findStore = useFindStore();
  const chapters = useMemo(() => chaptersOf(project.outline), [project.outline]);
  usePublishOpenProject({
    projectId: project.id,
    title: project.title,
    characters: project.characters,
    lineCounts,
    chapters,
    showChapter: (c) =>
      findStore.leaveFilter(() => {
        nav.setSelection({ start: c.startOffset, end: c.endOffset, label: c.title, itemId: c.id });
        nav.jumpTo(c.startOffset);
      }),
    showCharacter: (id) => findStore.setFilter(id),
  });

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
      <WorkspaceHeader title={project.title} author={project.author}>
        <UndoRedoButtons
          history={edits.history}
          disabled={locked.readOnly}
          onUndo={() => void edits.undo()}
          onRedo={() => void edits.redo()}
        />
        <Button
          variant="contained"
          startIcon={<AutoAwesomeIcon />}
          disabled={analysing || locked.readOnly}
          onClick={() => void analysis.startAnalysis({ confirm: true })}
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
          onClick={() => {
            // The queue walks the whole book: the text is unfiltered so each quote can be shown.
            findStore.leaveFilter(() => undefined);
            setReviewOpen(true);
          }}
        >
          Review
        </Button>
        <SecondOpinionButton
          projectId={project.id}
          run={secondOpinion}
          disabled={analysing || locked.readOnly || project.quotes.length === 0}
        />
        <Button variant="outlined" startIcon={<InsertChartOutlinedIcon />} onClick={speakerEdits.openBreakdown}>
          Breakdown
        </Button>
        <Button variant="outlined" startIcon={<SettingsOutlinedIcon />} onClick={() => setSettingsOpen(true)}>
          Settings
        </Button>
      </WorkspaceHeader>

      {locked.readOnly && <ReadOnlyBanner reason={locked.reason} />}

      <SecondOpinionProgressBox run={secondOpinion} />

      {analysing && (
        <AnalysisProgressBox
          progress={analysis.progress}
          percent={analysis.percent}
          onCancel={() => void analysis.stopAnalysis()}
        />
      )}

      <WorkspaceLayout
        mobile={mobile}
        tab={nav.tab}
        onTab={nav.setTab}
        characterCount={project.characters.length}
        outline={
          panelsReady && (
            <OutlinePanel
              outline={project.outline}
              selectedId={nav.selection?.itemId ?? null}
              onSelect={nav.selectOutline}
              onRename={panelEdits.renameOutline}
              onAssignLines={assignInChapter}
              readOnly={locked.readOnly}
            />
          )
        }
        viewer={
          <ViewerPanel
            viewerRef={viewer}
            content={project.content}
            blocks={blocks}
            quotes={project.quotes}
            ordered={ordered}
            characters={characterById}
            review={review}
            selection={nav.selection}
            activeQuoteId={nav.activeQuote?.quote.id ?? null}
            onStep={(direction) => nav.step(review, direction)}
            onClearSelection={() => nav.setSelection(null)}
            onQuoteClick={nav.onQuoteClick}
            findStore={findStore}
            outline={project.outline}
            onShowText={showText}
          />
        }
        characters={
          panelsReady && (
            <SpeakerEditActionsContext.Provider value={locked.readOnly ? null : speakerActions}>
              <VoiceProvider
                projectId={project.id}
                quotes={project.quotes}
                readOnly={locked.readOnly}
                applyCharacter={edits.applyCharacter}
                refresh={edits.refreshProject}
              >
                <CharactersPanel
                  characters={project.characters}
                  lineCounts={lineCounts}
                  analysisStatus={status}
                  onSave={panelEdits.saveCharacter}
                  onAdd={panelEdits.addCharacter}
                  onDelete={panelEdits.removeCharacter}
                  onMerge={panelEdits.mergeCharacters}
                  readOnly={locked.readOnly}
                  findStore={findStore}
                />
              </VoiceProvider>
            </SpeakerEditActionsContext.Provider>
          )
        }
      />

      <QuoteSpeakerPopover
        quote={nav.activeQuote?.anchor ? nav.activeQuote.quote : null}
        anchor={nav.activeQuote?.anchor ?? null}
        characters={project.characters}
        onClose={nav.closeQuotePicker}
        onChoose={async (quote, choice) => {
          const ok = await edits.chooseSpeaker(quote, choice);
          // A fixed speaker may change who says the lines around it: offered, never done unasked.
          if (ok) speakerEdits.offerSpread(quote.id);
          return ok;
        }}
        readOnly={locked.readOnly}
      />
      <ReviewMode
        projectId={project.id}
        open={reviewOpen}
        characters={characterById}
        readOnly={locked.readOnly}
        onClose={() => setReviewOpen(false)}
        onShow={reviewActions.show}
        confirm={reviewActions.confirm}
        notDialog={reviewActions.notDialog}
      />
      <ProjectSettingsDialog
        open={settingsOpen}
        project={project}
        onClose={() => setSettingsOpen(false)}
        onSave={settings.saveSettings}
        onDelete={settings.removeProject}
      />
      {speakerEdits.dialogs}
    </Box>
  );
}
