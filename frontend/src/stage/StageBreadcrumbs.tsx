import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Breadcrumbs, Link, Typography, useMediaQuery } from '@mui/material';
import NavigateNext from '@mui/icons-material/NavigateNext';
import { MOBILE_BREAKPOINT_PX } from '../config';
import { crumbsFor } from './breadcrumbs';

export function StageBreadcrumbs() {
  const crumbs = crumbsFor(useLocation().pathname);
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
