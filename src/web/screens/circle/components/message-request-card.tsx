import { FormattedMessage, useIntl } from 'react-intl'
import { Ban, Check, EyeOff, LoaderCircle } from 'lucide-react'
import { Link } from 'react-router'
import { type MessageRequest } from '#shared/message-requests.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { VoicePlayer } from '#web/resources/messages/components/voice-player.tsx'
import { messageText } from '#web/resources/messages/message-text.ts'
import { cn } from '#web/lib/utils.ts'
import { formatTimeAgo } from '#web/i18n/relative-time.ts'
import { REQUEST_MESSAGES } from '../request-messages.ts'
import type { RequestAnswer } from '#web/resources/contacts/queries.ts'

type MessageRequestCardProps = {
  request: MessageRequest
  /** the answer being sent for this request, if one is */
  pending: RequestAnswer | null
  /** why the last accept was refused (a full circle), with a way to make room */
  refusal: string | null
  onAnswer: (answer: RequestAnswer) => void
}

const answerIcons = { accept: Check, ignore: EyeOff, block: Ban } as const
const answerNames = { accept: REQUEST_MESSAGES.acceptName, ignore: REQUEST_MESSAGES.ignoreName, block: REQUEST_MESSAGES.blockName } as const

/** One message request: who asks, what they sent (playable, with its transcript), then Accept, Ignore and Block. */
export function MessageRequestCard({ request, pending, refusal, onAnswer }: MessageRequestCardProps) {
  const intl = useIntl()
  const headingId = `request-${request.id}`
  const answerButton = (answer: RequestAnswer, variant: 'default' | 'outline' | 'ghost') => {
    const Icon = pending === answer ? LoaderCircle : answerIcons[answer]
    return (
      <Button
        variant={variant}
        size="sm"
        disabled={pending !== null}
        aria-label={intl.formatMessage(answerNames[answer], { name: request.name })}
        onClick={() => onAnswer(answer)}
        className="flex-1 sm:flex-none"
      >
        <Icon aria-hidden className={cn(pending === answer && 'animate-spin')} />
        {intl.formatMessage(REQUEST_MESSAGES[answer])}
      </Button>
    )
  }
  return (
    <li data-slot="message-request" aria-labelledby={headingId} className="flex flex-col gap-4 rounded-2xl border bg-card p-4 shadow-sm">
      <div className="flex items-center gap-3">
        <Avatar name={request.name} src={request.avatar_url} alt="" size="lg" />
        <div className="flex min-w-0 flex-1 flex-col">
          <h2 id={headingId} className="truncate font-semibold">
            {request.name}
          </h2>
          <p className="text-sm text-muted-foreground">
            <FormattedMessage
              {...REQUEST_MESSAGES.wantsToTalk}
              values={{ when: <time dateTime={request.requested_at}>{formatTimeAgo(intl, request.requested_at)}</time> }}
            />
          </p>
        </div>
        <Link to={`/u/${encodeURIComponent(request.user_id)}`} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
          {intl.formatMessage(REQUEST_MESSAGES.seeProfile)}
        </Link>
      </div>

      {request.messages.length === 0 ? (
        <p className="text-sm text-muted-foreground italic">{intl.formatMessage(REQUEST_MESSAGES.noMessageYet)}</p>
      ) : (
        <ol aria-label={intl.formatMessage(REQUEST_MESSAGES.messagesFrom, { name: request.name })} className="flex flex-col gap-3">
          {request.messages.map((message) => {
            const { text, isStatus } = messageText(message)
            return (
              <li key={message.id} className="flex flex-col gap-2 rounded-xl bg-muted/50 p-3">
                <VoicePlayer
                  message={message}
                  speaker={request.name}
                  title={request.name}
                  other={{ name: request.name, pictureUrl: request.avatar_url }}
                />
                <p className={cn('text-sm leading-relaxed', isStatus ? 'text-muted-foreground italic' : 'text-foreground')}>{text}</p>
              </li>
            )
          })}
        </ol>
      )}

      {refusal && (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-400/40 dark:bg-amber-950/40 dark:text-amber-50"
        >
          <p>{refusal}</p>
          <Link to="/" state={{ edit: true }} className="self-start font-medium underline underline-offset-4">
            {intl.formatMessage(REQUEST_MESSAGES.makeRoom)}
          </Link>
        </div>
      )}

      <div className="flex flex-wrap gap-2">
        {answerButton('accept', 'default')}
        {answerButton('ignore', 'outline')}
        {answerButton('block', 'ghost')}
      </div>
    </li>
  )
}

/** The loading state of the requests list: a card shaped like a real one. */
export function MessageRequestCardSkeleton() {
  return (
    <li aria-hidden className="flex flex-col gap-4 rounded-2xl border bg-card/70 p-4">
      <div className="flex items-center gap-3">
        <Skeleton className="size-14 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-3 w-24" />
        </div>
      </div>
      <Skeleton className="h-16 w-full rounded-xl" />
      <div className="flex gap-2">
        <Skeleton className="h-8 w-24" />
        <Skeleton className="h-8 w-24" />
      </div>
    </li>
  )
}
