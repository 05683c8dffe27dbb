// Breadcrumbs of SPEC §2: one crumb per path segment, capitalised, hyphens shown as spaces.
export interface Crumb {
  label: string;
  path: string;
}

export function segmentLabel(segment: string): string {
  const words = decodeURIComponent(segment).replace(/-/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * `/stage` itself is the dashboard. `nameFor` lets a screen name a segment the path cannot (an
 * author's UUID becomes the author's name).
 */
export function crumbsFor(
  pathname: string,
  nameFor?: (segment: string, parent: string | undefined) => string | undefined,
): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] !== 'stage') return [];
  const crumbs: Crumb[] = [{ label: 'Dashboard', path: '/stage' }];
  let path = '/stage';
  segments.slice(1).forEach((segment, i) => {
    path += `/${segment}`;
    const parent = segments[i];
    crumbs.push({ label: nameFor?.(segment, parent) ?? segmentLabel(segment), path });
  });
  return crumbs;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (segment: string) => UUID.test(segment);

/** The UUID right after `/stage/{section}/` in a path, if there is one. */
export function entityIdIn(pathname: string, section: 'authors' | 'projects'): string | null {
  const segments = pathname.split('/').filter(Boolean);
  const id = segments[0] === 'stage' && segments[1] === section ? segments[2] : undefined;
  return id && isUuid(id) ? id : null;
}
