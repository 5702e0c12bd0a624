import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from 'react-router'
import { SESSION_RETRYING } from '#shared/auth-session-texts.ts'
import { FullPageSpinner } from '#web/components/full-page-spinner.tsx'
import { useAuth } from '#web/lib/use-auth.ts'
import { HomePage } from '#web/screens/home/home-page.tsx'
import { NotFoundPage } from '#web/screens/not-found/not-found-page.tsx'
import { AppShell } from './app-shell.tsx'
import { Landing, startedOnPrerenderedLanding } from './landing-handoff.tsx'
import { RequireAuth } from './require-auth.tsx'
import { RouteError } from './route-error.tsx'
import { RouteFocus } from './route-focus.tsx'

function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
      <RouteFocus />
    </>
  )
}

/**
 * `/`: the landing page for visitors, the signed-in shell with the circle for everyone else. The home is the app's
 * first screen, so its page comes with the app's own code rather than as a chunk of its own (decision 170); what it
 * shows only after a tap or an answer of the browser loads later.
 */
function HomeRoute() {
  const { user, loading, retrying } = useAuth()
  // a visitor who got the prerendered landing keeps seeing it while the session is looked up (decision 100)
  if (loading) return startedOnPrerenderedLanding() ? <Landing /> : <FullPageSpinner label={retrying ? SESSION_RETRYING : undefined} />
  if (!user) return <Landing />
  return (
    <AppShell>
      <HomePage />
    </AppShell>
  )
}

/**
 * The route table (docs/product/accounts.md). Every screen loads on demand: a visitor's first
 * screen is the prerendered landing (decision 100), so the app's own first screen is the signed-in home's.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'auth', lazy: async () => ({ Component: (await import('#web/screens/sign-in/auth-page.tsx')).AuthPage }) },
      {
        path: 'auth/reset-password',
        lazy: async () => ({ Component: (await import('#web/screens/sign-in/reset-password-page.tsx')).ResetPasswordPage }),
      },
      {
        path: 'auth/invite',
        lazy: async () => ({ Component: (await import('#web/screens/invitation/invite-accept-pages.tsx')).InviteAcceptPage }),
      },
      {
        path: 'invite',
        lazy: async () => ({ Component: (await import('#web/screens/invitation/invite-accept-pages.tsx')).InviteLandingPage }),
      },
      {
        path: 'account-deleted',
        lazy: async () => ({ Component: (await import('#web/screens/settings/account-deleted-page.tsx')).AccountDeletedPage }),
      },
      {
        path: 'share/not-ready',
        lazy: async () => ({ Component: (await import('#web/screens/share/share-not-ready-page.tsx')).ShareNotReadyPage }),
      },
      {
        path: 'u/:id',
        lazy: async () => ({ Component: (await import('#web/screens/public-profile/public-profile-page.tsx')).PublicProfilePage }),
      },
      {
        path: 'profile/:id',
        lazy: async () => ({ Component: (await import('#web/screens/public-profile/public-profile-page.tsx')).PublicProfilePage }),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppShell />,
            children: [
              {
                path: 'contacts/add',
                lazy: async () => ({ Component: (await import('#web/screens/directory/add-contact-page.tsx')).AddContactPage }),
              },
              {
                path: 'contacts/add/email',
                lazy: async () => ({ Component: (await import('#web/screens/invitation/invite-flow-page.tsx')).EmailInvitePage }),
              },
              {
                path: 'contacts/add/link',
                lazy: async () => ({ Component: (await import('#web/screens/invitation/invite-flow-page.tsx')).LinkInvitePage }),
              },
              {
                path: 'contacts/add/directory',
                lazy: async () => ({ Component: (await import('#web/screens/directory/directory-page.tsx')).DirectoryPage }),
              },
              {
                path: 'contacts/profile/:contactId',
                lazy: async () => ({ Component: (await import('#web/screens/contact/contact-detail-page.tsx')).ContactDetailPage }),
              },
              {
                path: 'contacts/:id',
                lazy: async () => ({ Component: (await import('#web/screens/contact/conversation-page.tsx')).ConversationPage }),
              },
              {
                path: 'share',
                lazy: async () => ({ Component: (await import('#web/screens/share/share-page.tsx')).SharePage }),
              },
              {
                path: 'record',
                lazy: async () => ({ Component: (await import('#web/screens/new-message/record-select-page.tsx')).RecordSelectPage }),
              },
              {
                path: 'record/select',
                lazy: async () => ({ Component: (await import('#web/screens/new-message/record-select-page.tsx')).RecordSelectPage }),
              },
              {
                path: 'record/:contactId',
                lazy: async () => ({ Component: (await import('#web/screens/new-message/record-page.tsx')).RecordPage }),
              },
              {
                path: 'requests',
                lazy: async () => ({ Component: (await import('#web/screens/circle/message-requests-page.tsx')).MessageRequestsPage }),
              },
              {
                path: 'archived-contacts',
                lazy: async () => ({ Component: (await import('#web/screens/circle/archived-contacts-page.tsx')).ArchivedContactsPage }),
              },
              {
                path: 'settings',
                lazy: async () => ({ Component: (await import('#web/screens/settings/settings-page.tsx')).SettingsPage }),
              },
              {
                path: 'settings/blocked',
                lazy: async () => ({ Component: (await import('#web/screens/settings/blocked-people-page.tsx')).BlockedPeoplePage }),
              },
              {
                path: 'settings/people',
                lazy: async () => ({ Component: (await import('#web/screens/settings/people-page.tsx')).PeoplePage }),
              },
              {
                path: 'sessions',
                lazy: async () => ({ Component: (await import('#web/screens/voice-sessions/voice-sessions-page.tsx')).VoiceSessionsPage }),
              },
              {
                path: 'messages',
                lazy: async () => ({ Component: (await import('#web/screens/overview/messages-overview-page.tsx')).MessagesOverviewPage }),
              },
              {
                path: 'playback/:messageId',
                lazy: async () => ({ Component: (await import('#web/screens/playback/playback-page.tsx')).PlaybackPage }),
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}
