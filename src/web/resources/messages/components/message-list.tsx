import { Check, CheckCheck, ChevronDown, Reply } from 'lucide-react'
import type * as React from 'react'
import { useId, useLayoutEffect, useRef, useState } from 'react'
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl'
import { Link } from 'react-router'
import type { Message } from '#shared/messages.ts'
import { formatTimeAgo } from '#web/i18n/relative-time.ts'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/utils.ts'
import { transcriptWords } from '#shared/playback.ts'
import { wordIndexAt } from '#shared/word-timing.ts'
import { useAudioPlayer, usePlayhead } from '#web/lib/audio-player/use-audio-player.ts'
import { insightsHeldBack, messageText } from '../message-text.ts'
import { formatShortTimeAgo } from '../short-time.ts'
import { HighlightedWords } from './highlighted-words.tsx'
import { LikeButton } from './like-button.tsx'
import { MessageTags } from './message-tags.tsx'
import { ReplyQuoteLink } from './reply-quote.tsx'
import { RetryTranscriptionButton } from './retry-transcription-button.tsx'
import { TranscriptTranslation } from './transcript-translation.tsx'
import { SpeedButton } from './speed-button.tsx'
import { VoicePlayer } from './voice-player.tsx'

/** The texts of a message's bubble and row (the rows use them too). */
export const BUBBLE_TEXTS: Record<'read' | 'sent' | 'you' | 'youTo' | 'newBadge' | 'open', MessageDescriptor> = defineMessages({
  read: { id: 'messages.ticks.read', defaultMessage: 'Read' },
  sent: { id: 'messages.ticks.sent', defaultMessage: 'Sent' },
  you: { id: 'messages.you', defaultMessage: 'You' },
  youTo: { id: 'messages.youTo', defaultMessage: 'You to {name}' },
  newBadge: { id: 'messages.new', defaultMessage: 'New' },
  open: {
    id: 'messages.open',
    defaultMessage: '{own, select, true {Open message from you, {when}} other {Open message from {name}, {when}}}',
  },
})

/** Read ticks on your own messages: one for sent, two for read. */
export function ReadTicks({ read, className }: { read: boolean; className?: string }) {
  const label = useIntl().formatMessage(read ? BUBBLE_TEXTS.read : BUBBLE_TEXTS.sent)
  return (
    <span role="img" aria-label={label} title={label} className={cn('inline-flex', className)}>
      {read ? <CheckCheck aria-hidden className="size-4 text-primary" /> : <Check aria-hidden className="size-4" />}
    </span>
  )
}

type MessageCardProps = React.ComponentProps<'article'> & {
  message: Message
  own: boolean
  /** the reader, whom a reply's quote names "You" */
  ownUserId: string
  contactId: string
  contactName: string
  /** the contact's picture, for the mini player while one of their messages plays */
  contactPictureUrl?: string | null
  onPlayUnread?: (message: Message) => void
  /** false once the contact left Hearth (decision 202): nothing can reach them, so no Reply */
  canReply?: boolean
}

/**
 * One message of the conversation as a compact voice bubble (decision 138): the quote of the message it answers, if it
 * is a reply (decision 205); Play, the waveform to scrub and the time;
 * the transcript folded to a line that opens on demand; then small chips, the speed while it is the one playing, the
 * unread marker, when, ticks, like and Reply. Who sent it is the side it sits on (and a hidden heading). The bubble
 * itself opens /playback/{id}; the controls sit above that link.
 */
export function MessageCard({
  message,
  own,
  ownUserId,
  contactId,
  contactName,
  contactPictureUrl,
  onPlayUnread,
  canReply = true,
  className,
  ...props
}: MessageCardProps) {
  const intl = useIntl()
  const who = own ? intl.formatMessage(BUBBLE_TEXTS.you) : contactName
  const when = formatTimeAgo(intl, message.created_at)
  const shortWhen = formatShortTimeAgo(intl, message.created_at)
  const unread = !own && !message.is_read
  const current = useAudioPlayer((s) => s.currentTrack?.id === message.id)
  return (
    <article
      data-slot="message-card"
      // too unsure a transcript carries no tags; the playback screen says why, the bubble stays quiet
      data-insights={insightsHeldBack(message) ? 'held-back' : undefined}
      className={cn(
        // a chat bubble: at most ~30 rem wide, yours on the right with its tail corner there
        'relative flex w-full max-w-[min(30rem,88%)] flex-col gap-0.5 rounded-2xl border px-2.5 pt-1.5 pb-0.5 shadow-xs transition-colors has-[[data-slot=message-open]:focus-visible]:ring-[3px] has-[[data-slot=message-open]:focus-visible]:ring-ring has-[[data-slot=message-open]:hover]:bg-muted/40',
        own ? 'ms-auto rounded-ee-md bg-secondary' : 'me-auto rounded-es-md border-primary/25 bg-card',
        unread && 'border-primary/60',
        current && 'border-primary/60',
        className,
      )}
      {...props}
    >
      <h2 className="sr-only">
        {unread ? intl.formatMessage({ id: 'messages.heading.new', defaultMessage: '{who}, new' }, { who }) : who}
      </h2>
      {message.reply_to && (
        // above the bubble's own link, as the other controls are
        <ReplyQuoteLink quote={message.reply_to} ownUserId={ownUserId} contactName={contactName} className="relative z-10 mb-0.5" />
      )}
      <VoicePlayer
        message={message}
        speaker={contactName}
        own={own}
        title={own ? intl.formatMessage(BUBBLE_TEXTS.youTo, { name: contactName }) : contactName}
        other={{ name: contactName, pictureUrl: contactPictureUrl }}
        speed={false}
        compact
        onPlay={() => {
          if (unread) onPlayUnread?.(message)
        }}
      />
      <FoldedTranscript message={message} />
      <TranscriptTranslation message={message} className="relative z-10" />
      {message.processing_status === 'failed' && <RetryTranscriptionButton message={message} className="relative z-10 self-start" />}
      <div className="flex min-h-7 items-center gap-1.5">
        {current && <SpeedButton className="relative z-10 h-6 min-w-10 px-2 text-xs" />}
        <MessageTags message={message} size="sm" className="min-w-0 flex-1" />
        <span className="ms-auto flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
          {unread && (
            <span className="rounded-full bg-primary px-1.5 py-px text-[0.7rem] font-medium text-primary-foreground">
              {intl.formatMessage(BUBBLE_TEXTS.newBadge)}
            </span>
          )}
          <Link
            data-slot="message-open"
            to={`/playback/${encodeURIComponent(message.id)}`}
            // the name holds the visible short time, so speech input finds it
            aria-label={intl.formatMessage(BUBBLE_TEXTS.open, { own: own ? 'true' : 'false', name: contactName, when: shortWhen })}
            className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-2xl"
          >
            <time dateTime={message.created_at} title={when}>
              {shortWhen}
            </time>
          </Link>
          {own && <ReadTicks read={message.is_read} className="[&_svg]:size-3.5" />}
        </span>
        <LikeButton messageId={message.id} liked={message.liked} className="relative z-10 size-7 [&_svg]:size-4" />
        {!own && canReply && (
          <Link
            to={`/record/${encodeURIComponent(contactId)}?replyTo=${encodeURIComponent(message.id)}`}
            aria-label={intl.formatMessage({ id: 'messages.reply', defaultMessage: 'Reply' })}
            title={intl.formatMessage({ id: 'messages.reply', defaultMessage: 'Reply' })}
            className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative z-10 size-7 text-muted-foreground')}
          >
            <Reply aria-hidden />
          </Link>
        )}
      </div>
    </article>
  )
}

/**
 * The transcript folded to one line under the waveform, opened by its chevron (a button with aria-expanded) to the
 * whole text; open while the message plays, its words follow the voice. Status texts ('Transcription pending...')
 * show as they are, in one line.
 */
function FoldedTranscript({ message }: { message: Message }) {
  const [open, setOpen] = useState(false)
  const [overflows, setOverflows] = useState(false)
  const textRef = useRef<HTMLDivElement>(null)
  const id = useId()
  const intl = useIntl()
  const { text, isStatus } = messageText(message, intl)
  // the chevron only when there is more than the line shows (measured again as the bubble's width changes)
  useLayoutEffect(() => {
    const node = textRef.current
    if (!node || open) return
    const measure = () => setOverflows(node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1)
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(node)
    return () => observer.disconnect()
  }, [open, text])
  return (
    <div className="flex items-start gap-1">
      <div
        ref={textRef}
        id={id}
        data-slot="message-text"
        // a transcript goes the way its own language writes; a status text, the screen's
        dir={isStatus ? undefined : 'auto'}
        data-state={open ? 'open' : 'folded'}
        className={cn(
          'min-w-0 flex-1 text-sm leading-5',
          isStatus ? 'text-muted-foreground italic' : 'text-foreground',
          !open && 'truncate',
        )}
      >
        {open && !isStatus ? <BubbleWords message={message} /> : text}
      </div>
      {(overflows || open) && !isStatus && (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          aria-label={intl.formatMessage({ id: 'messages.transcript.full', defaultMessage: 'Full transcript' })}
          title={
            open
              ? intl.formatMessage({ id: 'messages.transcript.fold', defaultMessage: 'Fold the transcript' })
              : intl.formatMessage({ id: 'messages.transcript.unfold', defaultMessage: 'Read the whole transcript' })
          }
          onClick={() => setOpen((value) => !value)}
          className="relative z-10 -my-0.5 grid size-6 shrink-0 cursor-pointer place-items-center rounded-full text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring"
        >
          <ChevronDown aria-hidden className={cn('size-4 transition-transform', open && 'rotate-180')} />
        </button>
      )}
    </div>
  )
}

/** The opened transcript: word by word, the spoken one highlighted while this message plays. */
function BubbleWords({ message }: { message: Message }) {
  const words = transcriptWords(message, message.duration_seconds)
  const current = useAudioPlayer((s) => s.currentTrack?.id === message.id)
  if (!current) return <HighlightedWords words={words} current={-1} className="text-sm leading-5" />
  return <PlayingWords words={words} />
}

function PlayingWords({ words }: { words: ReturnType<typeof transcriptWords> }) {
  const playhead = usePlayhead()
  return <HighlightedWords words={words} current={wordIndexAt(words, playhead)} className="text-sm leading-5" />
}

type MessageListProps = React.ComponentProps<'ol'> & {
  messages: Message[]
  ownUserId: string
  contactId: string
  contactName: string
  contactPictureUrl?: string | null
  /** called when the receiver starts playing a message they had not read */
  onPlayUnread?: (message: Message) => void
  /** false once the contact left Hearth (decision 202): the cards offer no Reply */
  canReply?: boolean
}

/**
 * The conversation's messages as a chat reads them: oldest at the top, newest at the bottom (as every chat app
 * reads them, decision 72). A message arriving while it is open rises in (not under
 * reduced motion).
 */
export function MessageList({
  messages,
  ownUserId,
  contactId,
  contactName,
  contactPictureUrl,
  onPlayUnread,
  canReply,
  className,
  ...props
}: MessageListProps) {
  const sorted = [...messages].sort((a, b) => a.created_at.localeCompare(b.created_at))
  // what was there when the conversation opened; a message newer than that arrived live and rises into place
  const [openedAt] = useState(() => sorted.at(-1)?.created_at ?? new Date().toISOString())
  return (
    <ol data-slot="message-list" className={cn('flex flex-col gap-2', className)} {...props}>
      {sorted.map((message) => (
        <li
          key={message.id}
          data-arrived={message.created_at > openedAt || undefined}
          className={cn(message.created_at > openedAt && 'motion-safe:animate-in-rise')}
        >
          <MessageCard
            message={message}
            own={message.sender_id === ownUserId}
            ownUserId={ownUserId}
            contactId={contactId}
            contactName={contactName}
            contactPictureUrl={contactPictureUrl}
            onPlayUnread={onPlayUnread}
            canReply={canReply}
          />
        </li>
      ))}
    </ol>
  )
}
