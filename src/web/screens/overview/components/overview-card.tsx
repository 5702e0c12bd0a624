import { Heart, MessageCircle, MoreHorizontal, Play } from 'lucide-react'
import { useState } from 'react'
import type * as React from 'react'
import { Link, useNavigate } from 'react-router'
import { FormattedMessage, useIntl } from 'react-intl'
import type { OverviewMessage } from '#shared/message-search.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '#web/components/ui/dropdown-menu.tsx'
import { formatDuration } from '#shared/duration.ts'
import { useLongPress } from '#web/lib/use-long-press.ts'
import { MessageTags } from '#web/resources/messages/components/message-tags.tsx'
import { RetryTranscriptionButton } from '#web/resources/messages/components/retry-transcription-button.tsx'
import { cn } from '#web/lib/utils.ts'
import { formatTimeAgo } from '#web/i18n/relative-time.ts'
import {
  cardAnimationDelayMs,
  cardTint,
  OVERVIEW_MAX_EMOTIONS,
  OVERVIEW_MAX_TOPICS,
  OVERVIEW_TEXTS,
  senderName,
  type CardTint,
} from '../overview-model.ts'

/** Quiet washes of colour by feeling (liked, happy/joy, excited/energetic, calm/peaceful, default; docs/product/messages-overview.md). */
export const CARD_TINT_CLASSES: Record<CardTint, string> = {
  liked: 'border-rose-200 bg-rose-50/80 dark:border-rose-300/20 dark:bg-rose-400/[0.07]',
  happy: 'border-amber-200 bg-amber-50/80 dark:border-amber-300/20 dark:bg-amber-300/[0.06]',
  excited: 'border-orange-200 bg-orange-50/80 dark:border-orange-300/20 dark:bg-orange-400/[0.07]',
  calm: 'border-teal-200 bg-teal-50/70 dark:border-teal-300/20 dark:bg-teal-300/[0.06]',
  default: 'border-border bg-card',
}

/**
 * Radix selects a menu item when a press that began elsewhere is released over it (press the trigger, slide, let go).
 * This menu also opens from a right click or a long press on the card, whose release would then land on an item and
 * pick it unasked; items here are picked by a click or the keyboard only.
 */
const selectOnClickOnly = { onPointerUp: (event: React.PointerEvent) => event.preventDefault() }

type OverviewCardProps = React.ComponentProps<'article'> & {
  message: OverviewMessage
  ownUserId: string
  ownName: string
  /** the signed-in person's picture, on the cards of what they sent */
  ownPictureUrl?: string | null
  /** position on the page, for the entrance animation's delay */
  index: number
  onToggleLike: (message: OverviewMessage) => void
}

/**
 * One message of the overview: who, how long, two lines of words, up to 2 emotions and 3 topics, unread and liked
 * marks. The card opens /playback/{id}; a long press (500 ms), a right click or its ⋯ button opens its menu.
 */
export function OverviewCard({
  message,
  ownUserId,
  ownName,
  ownPictureUrl,
  index,
  onToggleLike,
  className,
  style,
  ...props
}: OverviewCardProps) {
  const navigate = useNavigate()
  const intl = useIntl()
  const [menuOpen, setMenuOpen] = useState(false)
  const longPress = useLongPress(() => setMenuOpen(true), true)
  const own = message.sender_id === ownUserId
  const sender = senderName(intl, message, ownUserId)
  const otherName = message.other_person.name ?? intl.formatMessage(OVERVIEW_TEXTS.unknown)
  const unread = !own && !message.is_read
  const transcript = message.transcription?.trim()
  const failed = !transcript && message.processing_status === 'failed'
  const playbackPath = `/playback/${encodeURIComponent(message.id)}`

  return (
    <article
      data-slot="overview-card"
      className={cn(
        'group relative flex min-w-0 flex-col gap-3 rounded-2xl border p-4 text-card-foreground shadow-xs transition-[box-shadow,border-color] select-none [-webkit-touch-callout:none] hover:shadow-md motion-safe:animate-in-rise',
        CARD_TINT_CLASSES[cardTint(message)],
        className,
      )}
      style={{ animationDelay: `${cardAnimationDelayMs(index)}ms`, ...style }}
      {...longPress}
      {...props}
    >
      <div className="flex items-center gap-3">
        <Avatar
          name={own ? ownName : otherName}
          src={own ? ownPictureUrl : message.other_person.picture_url}
          alt=""
          className="shadow-xs"
        />
        <div className="flex min-w-0 flex-1 flex-col">
          <h3 className="truncate leading-tight">
            <Link
              to={playbackPath}
              // the name holds the visible 'You' or sender's name, as a word (axe: label-content-name-mismatch)
              aria-label={
                own
                  ? intl.formatMessage({ id: 'overview.card.fromYou', defaultMessage: 'Message from you to {name}' }, { name: otherName })
                  : intl.formatMessage({ id: 'overview.card.from', defaultMessage: 'Message from {name}' }, { name: sender })
              }
              className="font-semibold outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:ring-[3px] focus-visible:after:ring-ring"
            >
              {sender}
            </Link>
            {own && (
              <span className="text-sm text-muted-foreground">
                {' '}
                <FormattedMessage id="overview.card.to" defaultMessage="to {name}" values={{ name: otherName }} />
              </span>
            )}
          </h3>
          <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground tabular-nums">
            <span>{formatDuration(message.duration_seconds)}</span>
            <span aria-hidden>·</span>
            <time dateTime={message.created_at} className="truncate">
              {formatTimeAgo(intl, message.created_at)}
            </time>
          </p>
        </div>
        <div className="relative z-10 -me-2 flex shrink-0 items-center gap-1">
          {unread && (
            <span
              role="img"
              aria-label={intl.formatMessage({ id: 'overview.card.unread', defaultMessage: 'Unread' })}
              data-slot="unread-dot"
              className="size-2.5 rounded-full bg-primary"
            />
          )}
          {message.liked && (
            <span
              role="img"
              aria-label={intl.formatMessage({ id: 'overview.card.liked', defaultMessage: 'Liked' })}
              data-slot="liked-heart"
              className="text-rose-500 dark:text-rose-400"
            >
              <Heart aria-hidden className="size-4 fill-current" />
            </span>
          )}
          <DropdownMenu open={menuOpen} onOpenChange={setMenuOpen}>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                aria-label={intl.formatMessage({ id: 'overview.card.actions', defaultMessage: 'Message actions' })}
                title={intl.formatMessage({ id: 'overview.card.actions', defaultMessage: 'Message actions' })}
                className="size-8 text-muted-foreground"
              >
                <MoreHorizontal aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem {...selectOnClickOnly} onSelect={() => onToggleLike(message)}>
                <Heart aria-hidden className={cn(message.liked && 'fill-current text-rose-500')} />
                {message.liked ? (
                  <FormattedMessage id="overview.card.unlike" defaultMessage="Unlike" />
                ) : (
                  <FormattedMessage id="overview.card.like" defaultMessage="Like" />
                )}
              </DropdownMenuItem>
              <DropdownMenuItem {...selectOnClickOnly} onSelect={() => void navigate(playbackPath)}>
                <Play aria-hidden />
                <FormattedMessage id="overview.card.open" defaultMessage="Open" />
              </DropdownMenuItem>
              {message.other_person.contact_id && (
                <DropdownMenuItem
                  {...selectOnClickOnly}
                  onSelect={() => void navigate(`/contacts/${encodeURIComponent(message.other_person.contact_id ?? '')}`)}
                >
                  <MessageCircle aria-hidden />
                  <FormattedMessage id="overview.card.conversation" defaultMessage="Conversation" />
                </DropdownMenuItem>
              )}
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>

      {failed ? (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="text-destructive-text">
            <FormattedMessage id="overview.card.transcriptionFailed" defaultMessage="Transcription failed" />
          </span>
          <RetryTranscriptionButton message={message} variant="link" size="sm" className="relative z-10 h-auto py-0" />
        </div>
      ) : (
        <p
          data-slot="overview-card-text"
          className={cn('line-clamp-2 text-sm', transcript ? 'text-foreground/85' : 'text-muted-foreground italic')}
        >
          {transcript || intl.formatMessage(OVERVIEW_TEXTS.audioMessage)}
        </p>
      )}

      <MessageTags message={message} maxEmotions={OVERVIEW_MAX_EMOTIONS} maxTopics={OVERVIEW_MAX_TOPICS} className="mt-auto" />
    </article>
  )
}
