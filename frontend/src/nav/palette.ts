// What the command palette lists (PRODUCT.md): the app's pages, the caller's projects (by title)
// and authors (by name), and in a project's workspace its characters (by name or alias) and chapters
// (issue 19). Every word of the query must appear.
import type { SvgIconComponent } from '@mui/icons-material';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import RecordVoiceOverOutlined from '@mui/icons-material/RecordVoiceOverOutlined';
import PersonOutline from '@mui/icons-material/PersonOutline';
import type { OpenProject } from './open-project';
import { matchPages, type AppPage } from './pages';

export interface PaletteItem {
  key: string;
  title: string;
  description: string;
  /** Where choosing it goes, or (for the open project's characters and chapters) what it does there. */
  path?: string;
  run?: () => void;
  icon: SvgIconComponent;
  group: 'Pages' | 'Projects' | 'Authors' | 'Characters' | 'Chapters';
}

export interface PaletteProject {
  id: string;
  title: string;
  author?: { firstName: string; lastName: string } | null;
}
export interface PaletteAuthor {
  id: string;
  firstName: string;
  lastName: string;
  projectCount: number;
}

/** Each group shows at most this many matches (and none of the projects/authors for an empty query beyond it). */
export const PALETTE_GROUP_LIMIT = 6;

const words = (query: string) => query.toLowerCase().split(/\s+/).filter(Boolean);
const matches = (text: string, query: string[]) => query.every((w) => text.toLowerCase().includes(w));
const fullName = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`.trim();

export function paletteItems(
  pages: AppPage[],
  projects: PaletteProject[] | undefined,
  authors: PaletteAuthor[] | undefined,
  query: string,
  open: OpenProject | null = null,
): PaletteItem[] {
  const q = words(query);
  const pageItems: PaletteItem[] = matchPages(pages, query).map((p) => ({
    key: `page:${p.path}`,
    title: p.title,
    description: p.description,
    path: p.path,
    icon: p.icon,
    group: 'Pages',
  }));
  const projectItems: PaletteItem[] = (projects ?? [])
    .filter((p) => matches(p.title, q))
    .slice(0, PALETTE_GROUP_LIMIT)
    .map((p) => ({
      key: `project:${p.id}`,
      title: p.title,
      description: p.author ? `Project by ${fullName(p.author)}` : 'Project',
      path: `/stage/projects/${p.id}`,
      icon: FolderOutlined,
      group: 'Projects',
    }));
  const authorItems: PaletteItem[] = (authors ?? [])
    .filter((a) => matches(fullName(a), q))
    .slice(0, PALETTE_GROUP_LIMIT)
    .map((a) => ({
      key: `author:${a.id}`,
      title: fullName(a),
      description: `Author · ${a.projectCount} ${a.projectCount === 1 ? 'project' : 'projects'}`,
      path: `/stage/authors/${a.id}`,
      icon: PersonOutline,
      group: 'Authors',
    }));
  // With a query, what the user named comes first: the open project's characters and chapters, their
  // projects and authors, then pages.
  if (!q.length) return [...pageItems, ...projectItems, ...authorItems];
  return [...openProjectItems(open, q), ...projectItems, ...authorItems, ...pageItems];
}

function openProjectItems(open: OpenProject | null, q: string[]): PaletteItem[] {
  if (!open) return [];
  const characters: PaletteItem[] = [];
  for (const c of open.characters) {
    if (characters.length === PALETTE_GROUP_LIMIT) break;
    const alias = matches(c.name, q) ? null : c.alternativeNames.find((n) => matches(n, q));
    if (alias === undefined) continue;
    const lines = c.lines === 1 ? '1 line' : `${c.lines.toLocaleString('en-US')} lines`;
    characters.push({
      key: `character:${c.id}`,
      title: c.name,
      description: `Character · ${lines}${alias ? ` · also “${alias}”` : ''} · show lines`,
      run: () => open.showCharacter(c.id),
      icon: RecordVoiceOverOutlined,
      group: 'Characters',
    });
  }
  const chapters: PaletteItem[] = open.chapters
    .filter((c) => matches(c.title, q))
    .slice(0, PALETTE_GROUP_LIMIT)
    .map((c) => ({
      key: `chapter:${c.id}`,
      title: c.title,
      description: `Chapter of ${open.title}`,
      run: () => open.showChapter(c.id),
      icon: MenuBookOutlined,
      group: 'Chapters',
    }));
  return [...characters, ...chapters];
}
