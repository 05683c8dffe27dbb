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
import type { MutateProject } from './use-workspace-edits';
import { failed, succeeded } from './workspace-toast';

export function useProjectSettings(
  project: ProjectDetail,
  mutateProject: MutateProject,
  patchLocal: (patch: Partial<ProjectDetail>) => Promise<unknown>,
  analysis: Pick<AnalysisRun, 'merge' | 'startAnalysis'>,
  /** A new text: what was selected in the old one means nothing now. */
  onContentReplaced: () => void,
) {
  const navigate = useNavigate();

  const saveSettings = async (changes: SettingsChanges): Promise<boolean> => {
    const contentChanged = changes.content !== undefined;
    try {
      await analysis.merge(
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
