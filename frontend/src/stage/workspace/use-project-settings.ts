// The settings dialog's saves: title, author, cover and text (a new text is re-detected and
// re-analysed), and deleting the project.
import { useNavigate } from 'react-router-dom';
import {
  deleteProject,
  detectStructure,
  forgetProject,
  revalidateProjects,
  updateProject,
  type ProjectDetail,
} from '../../api/projects-api';
import type { SettingsChanges } from './ProjectSettingsDialog';
import type { AnalysisRun } from './use-analysis-run';
import type { MutateProject, WorkspaceEdits } from './use-workspace-edits';
import { failed, succeeded } from './workspace-toast';

export function useProjectSettings(
  project: ProjectDetail,
  mutateProject: MutateProject,
  patchLocal: (patch: Partial<ProjectDetail>) => Promise<unknown>,
  analysis: Pick<AnalysisRun, 'merge' | 'startAnalysis'>,
  edits: Pick<WorkspaceEdits, 'run' | 'projectDetailsEdit' | 'clearHistory'>,
  /** A new text: what was selected in the old one means nothing now. */
  onContentReplaced: () => void,
) {
  const navigate = useNavigate();

  const saveSettings = async (changes: SettingsChanges): Promise<boolean> => {
    const contentChanged = changes.content !== undefined;
    const detailsChanged = changes.title !== project.title || changes.authorId !== project.authorId;
    const coverChanged = !!changes.thumbnail || !!changes.resetThumbnail;
    // Title and author alone are one undoable edit; a cover or a text goes as before (not undoable).
    if (!contentChanged && detailsChanged) {
      const label = changes.title !== project.title ? `Rename book to “${changes.title}”` : 'Change author';
      const ok = await edits.run(
        edits.projectDetailsEdit(label, { title: changes.title, authorId: changes.authorId }, analysis.merge),
        { message: 'Failed to update project' },
      );
      if (!ok) return false;
      if (!coverChanged) {
        succeeded('Project updated');
        void revalidateProjects();
        return true;
      }
    }
    try {
      await analysis.merge(
        await updateProject(project.id, {
          title: changes.title,
          authorId: changes.authorId,
          content: changes.content,
          thumbnail: changes.thumbnail,
          resetThumbnail: changes.resetThumbnail,
          replacesSha256: changes.replacesSha256,
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
      // The old text's outline and quotes are gone: no edit of them can be undone now.
      edits.clearHistory();
      onContentReplaced();
      try {
        const outline = await detectStructure(project.id);
        await patchLocal({ content: changes.content!, outline, quotes: [] });
      } catch {
        await mutateProject();
        failed('Failed to update content', 'Update Failed');
        return true;
      }
      await analysis.startAnalysis({ confirm: false });
      await mutateProject();
    } else succeeded('Project updated');
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
    succeeded('Project deleted', project.title);
    navigate('/stage/projects');
    return true;
  };

  return { saveSettings, removeProject };
}
