// The route table. Public pages and the stage are separate lazy chunks, so a visitor of the
// marketing pages never downloads the stage's code.
import { Navigate, type RouteObject } from 'react-router-dom';
import RootLayout from './RootLayout';
import { RouteError } from './components/RouteError';
import { ABOUT, PRIVACY, TERMS, type InfoContent } from './public/info-content';

type Loader = () => Promise<{ default: React.ComponentType }>;
const page = (load: Loader) => async () => ({ Component: (await load()).default });
const info = (content: InfoContent) => async () => {
  const { default: InfoPage } = await import('./public/InfoPage');
  return { Component: () => <InfoPage content={content} /> };
};

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError title="Error" />,
    // The first lazy chunk loads in a blink; an empty page avoids a flash of anything else.
    hydrateFallbackElement: <div style={{ minHeight: '100vh' }} />,
    children: [
      {
        lazy: page(() => import('./public/PublicLayout')),
        children: [
          {
            index: true,
            lazy: page(() => import('./public/HomePage')),
            errorElement: <RouteError title="Error Loading Landing Page" />,
          },
          {
            path: 'features',
            lazy: page(() => import('./public/FeaturesPage')),
            errorElement: <RouteError title="Error Loading Features" />,
          },
          {
            path: 'pricing',
            lazy: page(() => import('./public/PricingPage')),
            errorElement: <RouteError title="Error Loading Pricing" />,
          },
          {
            path: 'login',
            lazy: page(() => import('./public/auth/LoginPage')),
            errorElement: <RouteError title="Login Error" />,
          },
          {
            path: 'register',
            lazy: page(() => import('./public/auth/RegisterPage')),
            errorElement: <RouteError title="Registration Error" />,
          },
          {
            path: 'forgot-password',
            lazy: page(() => import('./public/auth/ForgotPasswordPage')),
            errorElement: <RouteError title="Error" />,
          },
          {
            path: 'reset-password',
            lazy: page(() => import('./public/auth/ResetPasswordPage')),
            errorElement: <RouteError title="Error" />,
          },
          { path: 'about', lazy: info(ABOUT) },
          { path: 'privacy', lazy: info(PRIVACY) },
          { path: 'terms', lazy: info(TERMS) },
          { path: '*', lazy: page(() => import('./components/NotFound')) },
        ],
      },
      {
        path: 'stage',
        lazy: page(() => import('./stage/StageLayout')),
        errorElement: <RouteError title="Stage Error" />,
        children: [
          { index: true, lazy: page(() => import('./stage/DashboardPage')) },
          { path: 'settings', lazy: page(() => import('./stage/SettingsPage')) },
          { path: 'settings/user-profile', lazy: page(() => import('./stage/UserProfilePage')) },
          { path: 'settings/change-password', lazy: page(() => import('./stage/ChangePasswordPage')) },
          { path: 'settings/subscription', lazy: page(() => import('./stage/SubscriptionPage')) },
          { path: 'projects', lazy: page(() => import('./stage/projects/ProjectsPage')) },
          { path: 'projects/new', lazy: page(() => import('./stage/projects/NewProjectPage')) },
          { path: 'authors', lazy: page(() => import('./stage/authors/AuthorsPage')) },
          { path: 'authors/new', lazy: page(() => import('./stage/authors/NewAuthorPage')) },
          { path: 'authors/:authorId', lazy: page(() => import('./stage/authors/AuthorPage')) },
          // Developer pages are not shipped (PRODUCT.md).
          { path: 'test-structure', element: <Navigate to="/stage/projects" replace /> },
          { path: 'test-chunking', element: <Navigate to="/stage/projects" replace /> },
          { path: '*', lazy: page(() => import('./stage/StageNotFound')) },
        ],
      },
    ],
  },
];
