// The pages a signed-in user can reach, for the sidebar and the command palette.
// Projects and Authors are listed by SPEC §2 but their screens arrive with their own issues;
// until a route exists the entry stays out of every menu (`ready: false`) rather than lead to a
// placeholder. Turning one on is this flag plus its route in routes.tsx.
import type { SvgIconComponent } from '@mui/icons-material';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import PersonOutline from '@mui/icons-material/PersonOutline';
import LockOutlined from '@mui/icons-material/LockOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import SellOutlined from '@mui/icons-material/SellOutlined';

export interface AppPage {
  title: string;
  path: string;
  icon: SvgIconComponent;
  description: string;
  ready: boolean;
}

export const SIDEBAR_PAGES: AppPage[] = [
  { title: 'Dashboard', path: '/stage', icon: DashboardOutlined, description: 'Your overview', ready: true },
  { title: 'Projects', path: '/stage/projects', icon: FolderOutlined, description: 'Books and scripts', ready: true },
  {
    title: 'Authors',
    path: '/stage/authors',
    icon: PeopleAltOutlined,
    description: 'Authors and their books',
    ready: true,
  },
  { title: 'Settings', path: '/stage/settings', icon: SettingsOutlined, description: 'Account settings', ready: true },
  { title: 'Support', path: '/stage/support', icon: HelpOutlineOutlined, description: 'Help and guides', ready: true },
];

export const SETTINGS_PAGES: AppPage[] = [
  {
    title: 'User profile',
    path: '/stage/settings/user-profile',
    icon: PersonOutline,
    description: 'Change your display name',
    ready: true,
  },
  {
    title: 'Change password',
    path: '/stage/settings/change-password',
    icon: LockOutlined,
    description: 'Update the password you sign in with',
    ready: true,
  },
  {
    title: 'Subscription',
    path: '/stage/settings/subscription',
    icon: WorkspacePremiumOutlined,
    description: 'Your plan and its limits',
    ready: true,
  },
];

export const PUBLIC_PAGES: AppPage[] = [
  { title: 'Home', path: '/', icon: HomeOutlined, description: 'Castbook home page', ready: true },
  { title: 'Features', path: '/features', icon: AutoAwesomeOutlined, description: 'What Castbook does', ready: true },
  { title: 'Pricing', path: '/pricing', icon: SellOutlined, description: 'Plans and prices', ready: true },
];

export const readyPages = (pages: AppPage[]) => pages.filter((p) => p.ready);

/** Command palette matching: every word of the query must appear in the title or description. */
export function matchPages(pages: AppPage[], query: string): AppPage[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return pages;
  return pages.filter((p) => {
    const text = `${p.title} ${p.description}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
