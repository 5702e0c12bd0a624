import { Hourglass, UserPlus } from 'lucide-react'
import { useNavigate, useSearchParams } from 'react-router'
import { INVITATION_TEXTS } from '#shared/invitations.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { QueryError } from '#web/components/query-error.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { TrackPlayer } from '#web/features/messages/components/voice-player.tsx'
import { InviteFrame, InviteMessageCard } from './components/invite-frame.tsx'
import { InviteUnusableCard } from './components/invite-unusable-card.tsx'
import { useInvitationPreviewQuery } from './queries.ts'

/** The transcript under the player: waiting (the query polls 1 s doubling to 8 s), failed, or the words. */
function Transcript({ text, status }: { text: string | null; status: string | null }) {
  if (text) return <p className="rounded-xl bg-muted/60 p-4 text-left leading-relaxed">{text}</p>
  if (status === 'failed') return <p className="text-sm text-muted-foreground">No transcript is available for this message.</p>
  if (status === 'completed') return <p className="text-sm text-muted-foreground">No words were recognised in this message.</p>
  return (
    <p role="status" className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
      <Hourglass aria-hidden className="size-4" />
      Transcribing the message...
    </p>
  )
}

/**
 * /invite?token=: the invite landing page, open to anonymous visitors (docs/product/invitations.md). Accepting needs a
 * session: a signed-in visitor goes to /auth/invite, anyone else to /auth with the token kept, where the card opens on
 * sign-up with the invited address filled in (decision 118).
 */
export function InviteLandingPage() {
  usePageMeta({ title: "You're invited - Hearth" })
  const [params] = useSearchParams()
  const token = params.get('token') || null
  const { user } = useAuth()
  const navigate = useNavigate()
  const preview = useInvitationPreviewQuery(token)

  if (!token) {
    return (
      <InviteFrame>
        <InviteUnusableCard message={INVITATION_TEXTS.invalidToken} />
      </InviteFrame>
    )
  }
  if (preview.isPending) {
    return (
      <InviteFrame>
        <Card className="w-full max-w-md items-center py-10" aria-busy>
          <Spinner label="Opening your invitation" className="text-3xl text-primary" />
          <h1 className="sr-only">You're invited</h1>
        </Card>
      </InviteFrame>
    )
  }
  if (preview.isError) {
    const refused = isApiRequestError(preview.error, 404) || isApiRequestError(preview.error, 410) || isApiRequestError(preview.error, 400)
    return (
      <InviteFrame>
        {refused ? (
          <InviteUnusableCard message={preview.error.message} />
        ) : isApiRequestError(preview.error, 429) ? (
          <InviteMessageCard
            icon={<Hourglass aria-hidden className="size-5" />}
            title="Invite unavailable"
            description={preview.error.message}
          />
        ) : (
          <div className="w-full max-w-md">
            <h1 className="sr-only">You're invited</h1>
            <QueryError
              message="Failed to load invitation"
              detail={preview.error.message}
              retrying={preview.isFetching}
              onRetry={() => void preview.refetch()}
            />
          </div>
        )}
      </InviteFrame>
    )
  }

  const { inviter, transcript, transcription_status, personal_message_signed_url } = preview.data
  const accept = () =>
    void navigate(user ? `/auth/invite?token=${encodeURIComponent(token)}` : `/auth?invite_token=${encodeURIComponent(token)}`)
  return (
    <InviteFrame>
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center gap-3">
          <p className="text-sm font-medium tracking-wide text-primary uppercase">You're invited</p>
          <Avatar name={inviter.name} src={inviter.avatar_url} alt="" size="xl" />
          <CardTitle asChild>
            <h1 className="text-2xl">{inviter.name} invited you</h1>
          </CardTitle>
          <CardDescription>A few close people, sending each other voice messages. Here's a personal message for you.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {personal_message_signed_url ? (
            <>
              <TrackPlayer
                trackId={`invitation:${token}`}
                track={() => ({
                  id: `invitation:${token}`,
                  url: personal_message_signed_url,
                  title: `Message from ${inviter.name}`,
                  speaker: { name: inviter.name, pictureUrl: inviter.avatar_url },
                })}
                subject={`message from ${inviter.name}`}
                url={personal_message_signed_url}
                className="rounded-2xl border bg-background/60 px-3 py-2"
              />
              <Transcript text={transcript} status={transcription_status} />
            </>
          ) : null}
          {preview.data.invitation.note ? (
            <blockquote className="border-l-2 border-primary pl-3 text-left text-muted-foreground italic">
              {preview.data.invitation.note}
            </blockquote>
          ) : null}
        </CardContent>
        <CardFooter className="flex flex-col gap-3">
          <Button size="lg" className="w-full" onClick={accept}>
            <UserPlus aria-hidden />
            Accept &amp; Join
          </Button>
          <p className="text-sm text-muted-foreground">This invite expires in 7 days from when it was created.</p>
        </CardFooter>
      </Card>
    </InviteFrame>
  )
}
