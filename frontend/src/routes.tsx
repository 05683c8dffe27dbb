// The route table. Public pages and the stage are separate lazy chunks, so a visitor of the
// marketing pages never downloads the stage's code.
import { Navigate, type RouteObject } from 'react-router-dom';
import RootLayout from './RootLayout';
import { RouteError, RouteErrorPanel, withErrorPanel } from './components/RouteError';
import { AppTheme } from './theme/AppTheme';
import { api } from './api/client';
import { projectKey } from './api/project-keys';
import { ABOUT, PRIVACY, TERMS, type InfoContent } from './public/info-content';

type Loader = () => Promise<{ default: React.ComponentType }>;
// A chunk that fails to download (a dropped connection, a tab left open across a deploy) becomes a
// component that throws, so the route's own error screen shows it: react-router 7.18 renders nothing
// when a route's `lazy` itself rejects below a loaded layout.
const failed = (error: unknown) => ({
  Component: () => {
    throw error;
  },
});
const page = (load: Loader) => async () => {
  try {
    return { Component: (await load()).default };
  } catch (error) {
    return failed(error);
  }
};
const info = (content: InfoContent) => async () => {
  try {
    const { default: InfoPage } = await import('./public/InfoPage');
    return { Component: () => <InfoPage content={content} /> };
  } catch (error) {
    return failed(error);
  }
};

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    // The root error screen replaces RootLayout, so it brings its own theme.
    errorElement: (
      <AppTheme>
        <RouteError title="Error" />
      </AppTheme>
    ),
    // The first lazy chunk loads in a blink; an empty page avoids a flash of anything else.
    hydrateFallbackElement: <div style={{ minHeight: '100vh' }} />,
    children: [
      {
        lazy: page(() => import('./public/PublicLayout')),
        children: [
          {
            index: true,
            lazy: page(() => import('./public/HomePage')),
            errorElement: <RouteError title="Error Loading Landing Page" inLayout />,
          },
          {
            path: 'features',
            lazy: page(() => import('./public/FeaturesPage')),
            errorElement: <RouteErrorPanel title="Error Loading Features" />,
          },
          {
            path: 'pricing',
            lazy: page(() => import('./public/PricingPage')),
            errorElement: <RouteErrorPanel title="Error Loading Pricing" />,
          },
          {
            path: 'login',
            lazy: page(() => import('./public/auth/LoginPage')),
            errorElement: <RouteError title="Login Error" inLayout />,
          },
          {
            path: 'register',
            lazy: page(() => import('./public/auth/RegisterPage')),
            errorElement: <RouteError title="Registration Error" inLayout />,
          },
          {
            path: 'forgot-password',
            lazy: page(() => import('./public/auth/ForgotPasswordPage')),
            errorElement: <RouteError title="Error" inLayout />,
          },
          {
            path: 'reset-password',
            lazy: page(() => import('./public/auth/ResetPasswordPage')),
            errorElement: <RouteError title="Error" inLayout />,
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
        // A page that fails shows its error panel inside the stage, sidebar and header intact.
        children: withErrorPanel('Error Loading Page', [
          { index: true, lazy: page(() => import('./stage/DashboardPage')) },
          { path: 'settings', lazy: page(() => import('./stage/SettingsPage')) },
          { path: 'settings/user-profile', lazy: page(() => import('./stage/UserProfilePage')) },
          { path: 'settings/change-password', lazy: page(() => import('./stage/ChangePasswordPage')) },
          { path: 'settings/subscription', lazy: page(() => import('./stage/SubscriptionPage')) },
          { path: 'support', lazy: page(() => import('./stage/SupportPage')) },
          { path: 'projects', lazy: page(() => import('./stage/projects/ProjectsPage')) },
          { path: 'projects/new', lazy: page(() => import('./stage/projects/NewProjectPage')) },
          {
            path: 'projects/:projectId',
            lazy: page(() => import('./stage/workspace/WorkspacePage')),
            // The project (text, cast and quotes: megabytes for a novel) starts downloading with the
            // page's code instead of after it has loaded and rendered; its first request takes it.
            loader: ({ params }) => {
              if (params.projectId) api.prefetch(projectKey(params.projectId));
              return null;
            },
            shouldRevalidate: ({ currentParams, nextParams }) => currentParams.projectId !== nextParams.projectId,
          },
          { path: 'authors', lazy: page(() => import('./stage/authors/AuthorsPage')) },
          { path: 'authors/new', lazy: page(() => import('./stage/authors/NewAuthorPage')) },
          { path: 'authors/:authorId', lazy: page(() => import('./stage/authors/AuthorPage')) },
          // Developer pages are not shipped (PRODUCT.md).
          { path: 'test-structure', element: <Navigate to="/stage/projects" replace /> },
          { path: 'test-chunking', element: <Navigate to="/stage/projects" replace /> },
          { path: '*', lazy: page(() => import('./stage/StageNotFound')) },
        ]),
      },
    ],
  },
];
