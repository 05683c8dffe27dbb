import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Breadcrumbs, Link, Typography, useMediaQuery } from '@mui/material';
import NavigateNext from '@mui/icons-material/NavigateNext';
import useSWR from 'swr';
import { MOBILE_BREAKPOINT_PX } from '../config';
import { authorName, useAuthor } from '../api/authors-api';
import type { ProjectListItem } from '@castbook/contracts';
import { fetchProjects, PROJECTS_KEY } from '../api/projects-api';
import { crumbsFor, entityIdIn } from './breadcrumbs';

/** SPEC §2: an author's UUID shows as the author's name; a project's as its title. */
function useEntityNames(pathname: string) {
  const authorId = entityIdIn(pathname, 'authors');
  const projectId = entityIdIn(pathname, 'projects');
  const { data: author } = useAuthor(authorId);
  const { data: projects } = useSWR<ProjectListItem[]>(projectId ? PROJECTS_KEY : null, () => fetchProjects());
  const projectTitle = projectId ? projects?.find((p) => p.id === projectId)?.title : undefined;
  return (segment: string, parent: string | undefined) => {
    // Until the name arrives a word stands in for the UUID.
    if (parent === 'authors' && segment === authorId) return author ? authorName(author) : 'Author';
    if (parent === 'projects' && segment === projectId) return projectTitle ?? 'Project';
    return undefined;
  };
}

export function StageBreadcrumbs() {
  const { pathname } = useLocation();
  const crumbs = crumbsFor(pathname, useEntityNames(pathname));
  // A phone's header has room for the current page only; the back path is in the sidebar drawer.
  const narrow = !useMediaQuery(`(min-width:${MOBILE_BREAKPOINT_PX}px)`, { noSsr: true });
  const shown = narrow ? crumbs.slice(-1) : crumbs;
  return (
    <Breadcrumbs
      aria-label="Breadcrumb"
      separator={<NavigateNext fontSize="small" />}
      sx={{ minWidth: 0, '& .MuiBreadcrumbs-ol': { flexWrap: 'nowrap' }, '& .MuiBreadcrumbs-li': { minWidth: 0 } }}
    >
      {shown.map((c, i) =>
        i === shown.length - 1 ? (
          <Typography key={c.path} color="text.primary" fontWeight={650} noWrap aria-current="page" fontSize="0.95rem">
            {c.label}
          </Typography>
        ) : (
          <Link key={c.path} component={RouterLink} to={c.path} color="text.secondary" noWrap fontSize="0.95rem">
            {c.label}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
