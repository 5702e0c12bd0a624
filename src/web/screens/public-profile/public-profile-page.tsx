import { UserRound, UserX } from 'lucide-react'
import type * as React from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { publicProfileDescription, type PublicProfile } from '#shared/public-profile.ts'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { PageHeader, PageLayout } from '#web/components/page-layout.tsx'
import { QueryError } from '#web/components/query-error.tsx'
import { ThemeMenu } from '#web/components/theme-menu.tsx'
import { Wordmark } from '#web/components/wordmark.tsx'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { useErrorMessage } from '#web/lib/errors.ts'
import { usePageMeta, useStructuredData } from '#web/lib/page-meta.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { MessageButton } from './components/message-button.tsx'
import { PhotoGallery } from '#web/resources/public-profiles/components/photo-gallery.tsx'
import { PublicProfileSkeleton } from './components/public-profile-skeleton.tsx'
import { WelcomeSection } from '#web/resources/welcome-messages/components/welcome-message.tsx'
import { personStructuredData, publicProfilePath } from '#shared/public-profile.ts'
import { usePublicProfileQuery } from '#web/resources/public-profiles/queries.ts'

/** Back to where the visitor came from inside the app (history, or the `referrer` state), else home. */
function useBack(): () => void {
  const navigate = useNavigate()
  const location = useLocation()
  const referrer = (location.state as { referrer?: unknown } | null)?.referrer
  return () => {
    const index = (window.history.state as { idx?: unknown } | null)?.idx
    if (typeof index === 'number' && index > 0) navigate(-1)
    else if (typeof referrer === 'string' && referrer.startsWith('/') && !referrer.startsWith('//')) navigate(referrer)
    else navigate('/')
  }
}

function ProfileContent({ profile }: { profile: PublicProfile }) {
  const { user } = useAuth()
  const own = user?.id === profile.id

  return (
    <article className="grid gap-6 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] md:items-start md:gap-10">
      <PhotoGallery
        name={profile.name}
        photos={profile.photos}
        profile_picture_url={profile.profile_picture_url}
        className="md:sticky md:top-6"
      />
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between md:flex-col md:items-start lg:flex-row lg:items-center">
          <div className="flex min-w-0 flex-col gap-1">
            <h1 className="text-3xl font-semibold tracking-tight break-words sm:text-4xl">{profile.name}</h1>
            <p className="text-muted-foreground">
              <FormattedMessage id="publicProfile.tagline" defaultMessage="On Hearth, sharing voice messages with a small circle." />
            </p>
          </div>
          {own ? (
            <p className="flex w-fit shrink-0 items-center gap-2 rounded-full border border-primary/25 bg-accent px-3 py-1.5 text-sm font-medium text-accent-foreground">
              <UserRound aria-hidden className="size-4" />
              <FormattedMessage id="publicProfile.own" defaultMessage="This is you" />
            </p>
          ) : (
            <MessageButton userId={profile.id} size="lg" className="w-full shrink-0 sm:w-auto" />
          )}
        </div>
        <WelcomeSection profile={profile} />
      </div>
    </article>
  )
}

function ProfileNotFound() {
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <IconBadge size="xl">
        <UserX aria-hidden />
      </IconBadge>
      <h1 className="text-2xl font-semibold tracking-tight">
        <FormattedMessage id="publicProfile.notFound" defaultMessage="Profile not found." />
      </h1>
      <p className="max-w-sm text-muted-foreground">
        <FormattedMessage
          id="publicProfile.notFound.description"
          defaultMessage="This link may be mistyped, or the person may no longer be on Hearth."
        />
      </p>
      <Link to="/" className={buttonVariants({ size: 'lg', className: 'mt-2' })}>
        <FormattedMessage id="publicProfile.home" defaultMessage="Go to Home" />
      </Link>
    </div>
  )
}

/**
 * /u/{id} and /profile/{id}: a person's public profile, open to anonymous visitors (docs/product/directory.md). The
 * canonical link is /u/{id}; the page of someone who opted in to being found emits schema.org Person data, every
 * other one asks search engines not to index it.
 */
export function PublicProfilePage() {
  const { id = '' } = useParams()
  const profile = usePublicProfileQuery(id)
  const back = useBack()
  const notFound = isApiRequestError(profile.error, 404)
  const intl = useIntl()
  const errorMessage = useErrorMessage()

  usePageMeta({
    title: profile.data
      ? intl.formatMessage({ id: 'publicProfile.pageTitle', defaultMessage: '{name} - Hearth' }, { name: profile.data.name })
      : notFound
        ? intl.formatMessage({ id: 'publicProfile.pageTitle.notFound', defaultMessage: 'Profile not found - Hearth' })
        : intl.formatMessage({ id: 'publicProfile.pageTitle.loading', defaultMessage: 'Profile - Hearth' }),
    // the words of their welcome message, else a line about them in the reader's language
    description: profile.data
      ? profile.data.welcome_transcript?.trim()
        ? publicProfileDescription(profile.data)
        : intl.formatMessage(
            {
              id: 'publicProfile.description',
              defaultMessage: '{name} is on Hearth, a voice-first app for small circles of close contacts.',
            },
            { name: profile.data.name },
          )
      : undefined,
    canonical: publicProfilePath(id),
    // indexed, with Person data, only for someone who opted in to being found (decision 124)
    noindex: !profile.data?.findable,
  })
  useStructuredData(profile.data?.findable ? personStructuredData(profile.data, window.location.origin) : null)

  let body: React.ReactNode
  if (profile.isPending) body = <PublicProfileSkeleton />
  else if (notFound) body = <ProfileNotFound />
  else if (profile.isError) {
    body = (
      <div className="grid place-items-center py-10">
        <h1 className="sr-only">
          <FormattedMessage id="publicProfile.heading" defaultMessage="Profile" />
        </h1>
        <QueryError
          className="w-full max-w-sm"
          message={intl.formatMessage({ id: 'publicProfile.loadFailed', defaultMessage: 'Failed to load profile' })}
          detail={errorMessage(profile.error)}
          retrying={profile.isFetching}
          onRetry={() => void profile.refetch()}
        />
      </div>
    )
  } else body = <ProfileContent profile={profile.data} />

  return (
    <PageLayout
      className="sm:pt-6"
      header={
        <PageHeader back={back} actions={<ThemeMenu />}>
          <div className="flex flex-1 justify-center">
            <Wordmark />
          </div>
        </PageHeader>
      }
    >
      {body}
    </PageLayout>
  )
}
