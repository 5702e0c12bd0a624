import { createBrowserRouter } from 'react-router'
import { FullPageSpinner } from '#web/components/ui/spinner.tsx'
import { AuthPage } from '#web/features/auth/auth-page.tsx'
import { InviteAcceptPage } from '#web/features/auth/invite-accept-page.tsx'
import { ResetPasswordPage } from '#web/features/auth/reset-password-page.tsx'
import { HomeRoute } from '#web/features/home/home-route.tsx'
import { NotFoundPage } from '#web/features/not-found/not-found-page.tsx'
import { AppShell } from './app-shell.tsx'
import { RequireAuth } from './require-auth.tsx'

export const router = createBrowserRouter([
  { path: '/', element: <HomeRoute /> },
  { path: '/auth', element: <AuthPage /> },
  { path: '/auth/reset-password', element: <ResetPasswordPage /> },
  { path: '/auth/invite', element: <InviteAcceptPage /> },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppShell />,
        hydrateFallbackElement: <FullPageSpinner />,
        children: [
          {
            path: '/settings',
            lazy: async () => ({ Component: (await import('#web/features/settings/settings-page.tsx')).SettingsPage }),
          },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
])
