// What the command palette lists (PRODUCT.md): the app's pages, the caller's projects (by title)
// and authors (by name). Every word of the query must appear.
import type { SvgIconComponent } from '@mui/icons-material';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import PersonOutline from '@mui/icons-material/PersonOutline';
import { matchPages, type AppPage } from './pages';

export interface PaletteItem {
  key: string;
  title: string;
  description: string;
  path: string;
  icon: SvgIconComponent;
  group: 'Pages' | 'Projects' | 'Authors';
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
  // With a query, what the user named comes first: their projects and authors, then pages.
  return q.length ? [...projectItems, ...authorItems, ...pageItems] : [...pageItems, ...projectItems, ...authorItems];
}
