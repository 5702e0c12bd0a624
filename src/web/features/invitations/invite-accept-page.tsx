import { CircleAlert, MailQuestion } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, Navigate, useSearchParams } from 'react-router'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { QueryError } from '#web/components/query-error.tsx'
import { Wordmark } from '#web/components/wordmark.tsx'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { useInvitationAcceptPreviewQuery } from './queries.ts'

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-hearth-glow">
      <header className="mx-auto flex w-full max-w-5xl items-center px-4 py-3 sm:px-6">
        <Wordmark />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-12 sm:items-center sm:pt-0">{children}</main>
    </div>
  )
}

function MessageCard({ icon, title, description }: { icon: ReactNode; title: string; description: string }) {
  return (
    <Card className="w-full max-w-md text-center">
      <CardHeader className="items-center">
        <IconBadge className="mb-2">{icon}</IconBadge>
        <CardTitle asChild>
          <h1>{title}</h1>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Link to="/" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
          Go to Home
        </Link>
      </CardContent>
    </Card>
  )
}

function CheckingCard() {
  return (
    <Card className="w-full max-w-md text-center" aria-busy>
      <CardHeader className="items-center">
        <Spinner label="Checking your invitation" className="mb-2 text-3xl text-primary" />
        <CardTitle asChild>
          <h1>Checking your invitation...</h1>
        </CardTitle>
        <CardDescription>This takes a moment.</CardDescription>
      </CardHeader>
    </Card>
  )
}

/**
 * /auth/invite?token=: accepting an invitation (spec 000 section 2). Accepting needs a session, so a visitor
 * without one signs in first and comes back here (spec 000 section 6).
 */
export function InviteAcceptPage() {
  usePageMeta({ title: 'Your invitation - Hearth' })
  const [params] = useSearchParams()
  const token = params.get('token') || null
  const { user, loading } = useAuth()
  const preview = useInvitationAcceptPreviewQuery(user ? token : null)

  if (!token) {
    return (
      <Frame>
        <MessageCard
          icon={<CircleAlert aria-hidden className="size-5" />}
          title="Invalid invitation link"
          description="Invalid or missing invite token."
        />
      </Frame>
    )
  }
  if (!loading && !user) return <Navigate to={`/auth?invite_token=${encodeURIComponent(token)}`} replace />
  if (loading || preview.isPending) {
    return (
      <Frame>
        <CheckingCard />
      </Frame>
    )
  }
  if (preview.isError) {
    if (isApiRequestError(preview.error, 404) || isApiRequestError(preview.error, 410)) {
      return (
        <Frame>
          <MessageCard
            icon={<MailQuestion aria-hidden className="size-5" />}
            title="Invitation not found."
            description="This invitation may have been cancelled or already used. Ask the person who invited you to send a new one."
          />
        </Frame>
      )
    }
    return (
      <Frame>
        <div className="w-full max-w-md">
          <h1 className="sr-only">Your invitation</h1>
          <QueryError
            message="Failed to load invitation"
            detail={preview.error.message}
            retrying={preview.isFetching}
            onRetry={() => void preview.refetch()}
          />
        </div>
      </Frame>
    )
  }
  return (
    <Frame>
      <MessageCard
        icon={<MailQuestion aria-hidden className="size-5" />}
        title="Invitation found"
        description="This invitation is still valid."
      />
    </Frame>
  )
}
