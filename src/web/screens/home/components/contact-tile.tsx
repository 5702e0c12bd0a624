import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl'
import { Archive } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import type { Contact } from '#shared/contacts.ts'
import { formatUnread } from '#shared/contacts-texts.ts'
import { MAX_CONSECUTIVE_UNANSWERED, UNREAD_BADGE_CAP } from '#shared/limits.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { inactiveText } from '#web/resources/contacts/contact-messages.ts'
import { cn } from '#web/lib/utils.ts'
import type { TileClasses } from './grid-classes.ts'
import { useLongPress } from '#web/lib/use-long-press.ts'
import { MoveContactButtons, TILE_BUTTON, type MoveProps } from './move-contact-buttons.tsx'

/** Shared by every tile of the home grid; the size classes (TileClasses.tile) add shape and direction. */
export const TILE_BASE =
  'group relative flex w-full rounded-2xl border text-card-foreground outline-none transition-[box-shadow,border-color,background-color] focus-visible:ring-[3px] focus-visible:ring-ring'

export const CONTACT_TILE_SURFACE = 'border-border bg-card shadow-sm'

type TileContact = Pick<
  Contact,
  'id' | 'name' | 'avatar_url' | 'unread_count' | 'inactive_days' | 'last_interaction' | 'consecutive_messages_sent'
>

const TILE = {
  now: { id: 'home.tile.ago.now', defaultMessage: 'now' },
  minutes: { id: 'home.tile.ago.minutes', defaultMessage: '{count} min ago' },
  hours: { id: 'home.tile.ago.hours', defaultMessage: '{count} h ago' },
  yesterday: { id: 'home.tile.ago.yesterday', defaultMessage: 'yesterday' },
  days: { id: 'home.tile.ago.days', defaultMessage: '{count} d ago' },
  weeks: { id: 'home.tile.ago.weeks', defaultMessage: '{count} wk ago' },
  months: { id: 'home.tile.ago.months', defaultMessage: '{count} mo ago' },
  years: { id: 'home.tile.ago.years', defaultMessage: '{count} y ago' },
  newMessage: { id: 'home.tile.newMessage', defaultMessage: 'New message · {when}' },
  waiting: { id: 'home.tile.waiting', defaultMessage: 'Waiting for their reply · {sent}/{max}' },
  unread: { id: 'home.tile.unread', defaultMessage: ', {count} unread' },
  archive: { id: 'home.tile.archive', defaultMessage: 'Archive {name}' },
} satisfies Record<string, MessageDescriptor>

/** The edit-mode Archive button's name: "Archive Maya". */
export function archiveLabel(intl: IntlShape, name: string): string {
  return intl.formatMessage(TILE.archive, { name })
}

/** A tile's short "how long ago", in the steps of `shortRelativeTime` of `#shared` ('2 h ago'), in the reader's language. */
function shortTimeAgo(intl: IntlShape, from: Date | string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(from).getTime()) / 60_000))
  if (minutes < 1) return intl.formatMessage(TILE.now)
  if (minutes < 60) return intl.formatMessage(TILE.minutes, { count: minutes })
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return intl.formatMessage(TILE.hours, { count: hours })
  const days = Math.floor(hours / 24)
  if (days === 1) return intl.formatMessage(TILE.yesterday)
  if (days < 7) return intl.formatMessage(TILE.days, { count: days })
  if (days < 28) return intl.formatMessage(TILE.weeks, { count: Math.floor(days / 7) })
  if (days < 365) return intl.formatMessage(TILE.months, { count: Math.max(1, Math.floor(days / 30)) })
  return intl.formatMessage(TILE.years, { count: Math.floor(days / 365) })
}

/**
 * The tile's one line of news, calm like an inbox: new messages first, else that you are waiting for their
 * reply and how many of the 3 unanswered messages you have sent, else when you last heard from each other.
 */
export function tileActivity(intl: IntlShape, contact: TileContact, now = new Date()): string {
  const when = shortTimeAgo(intl, contact.last_interaction, now)
  if (contact.unread_count > 0) return intl.formatMessage(TILE.newMessage, { when })
  if (contact.consecutive_messages_sent > 0)
    return intl.formatMessage(TILE.waiting, {
      sent: Math.min(contact.consecutive_messages_sent, MAX_CONSECUTIVE_UNANSWERED),
      max: MAX_CONSECUTIVE_UNANSWERED,
    })
  return when
}

/** Avatar with its unread badge, name and inactivity label: the inside of every contact tile. */
export function ContactTileFace({
  contact,
  sizes,
  activity = true,
  children,
}: {
  contact: TileContact
  sizes: TileClasses
  /** the line of news; edit mode leaves it out (its tiles are named "Move {name}", with nothing else to read) */
  activity?: boolean
  children?: React.ReactNode
}) {
  const intl = useIntl()
  const unread = formatUnread(contact.unread_count, UNREAD_BADGE_CAP)
  const inactive = inactiveText(intl, contact.inactive_days)
  return (
    <>
      <span data-slot="contact-tile-avatar" className="relative shrink-0">
        <Avatar name={contact.name} src={contact.avatar_url} alt="" sizes="80px" className={cn('shadow-sm', sizes.avatar)} />
        {unread && (
          <span
            data-slot="unread-badge"
            aria-hidden
            className="absolute -end-1.5 -top-1 grid h-6 min-w-6 place-items-center rounded-full border-2 border-card bg-primary px-1.5 text-xs font-semibold text-primary-foreground tabular-nums"
          >
            {unread}
          </span>
        )}
      </span>
      <span data-slot="contact-tile-body" className={sizes.body}>
        <span className={cn('max-w-full truncate font-semibold text-foreground', sizes.name)}>{contact.name}</span>
        {/* The badge is drawn on the avatar; its text joins the tile's accessible name after the name. */}
        {unread && <span className="sr-only">{intl.formatMessage(TILE.unread, { count: unread })}</span>}
        {activity && (
          <span
            data-slot="contact-tile-activity"
            className={cn('max-w-full truncate text-xs', contact.unread_count > 0 ? 'font-medium text-primary' : 'text-muted-foreground')}
          >
            <span className="sr-only">, </span>
            {tileActivity(intl, contact)}
          </span>
        )}
        {inactive && (
          <span className="max-w-full truncate text-xs text-muted-foreground">
            <span className="sr-only">, </span>
            {inactive}
          </span>
        )}
        {children}
      </span>
    </>
  )
}

/** A contact in the normal view: a link to /contacts/profile/{id}. Right-click or a long press runs `onLongPress` (wide screens). */
export function ContactLinkTile({
  contact,
  sizes,
  onLongPress,
  longPressEnabled,
  hint,
}: {
  contact: TileContact
  sizes: TileClasses
  onLongPress: () => void
  longPressEnabled: boolean
  /** a soft line under the name (a gentle nudge: the two have gone quiet) */
  hint?: string
}) {
  const longPress = useLongPress(onLongPress, longPressEnabled)
  return (
    <Link
      to={`/contacts/profile/${contact.id}`}
      data-slot="contact-tile"
      className={cn(TILE_BASE, CONTACT_TILE_SURFACE, 'items-center hover:border-primary/40 hover:shadow-md', sizes.tile)}
      {...longPress}
    >
      <ContactTileFace contact={contact} sizes={sizes}>
        {hint && (
          <span data-slot="contact-tile-hint" className="max-w-full truncate text-xs text-primary-strong">
            <span className="sr-only">, </span>
            {hint}
          </span>
        )}
      </ContactTileFace>
    </Link>
  )
}

/** The edit-mode Archive button in a tile's corner ("Archive {name}"). */
export function ArchiveContactButton({
  name,
  sizes,
  disabled,
  onArchive,
}: {
  name: string
  sizes: TileClasses
  disabled?: boolean
  onArchive: () => void
}) {
  const label = archiveLabel(useIntl(), name)
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onArchive}
      className={cn(TILE_BUTTON, sizes.action)}
    >
      <Archive aria-hidden className="size-4" />
    </button>
  )
}

export type EditTileProps = {
  contact: TileContact
  sizes: TileClasses
  archiving: boolean
  onArchive: () => void
  move: MoveProps
}

/** An edit-mode tile's buttons: move earlier, move later, archive. */
export function EditTileButtons({ contact, sizes, archiving, onArchive, move }: Omit<EditTileProps, 'contact'> & { contact: TileContact }) {
  return (
    <>
      <MoveContactButtons id={contact.id} name={contact.name} sizes={sizes} {...move} />
      <ArchiveContactButton name={contact.name} sizes={sizes} disabled={archiving} onArchive={onArchive} />
    </>
  )
}

/** Edit mode until dragging's code is there: the tile as it will look, with its buttons. */
export function StaticContactTile(props: EditTileProps) {
  const { contact, sizes } = props
  return (
    <div className="relative h-full">
      <div
        data-slot="contact-tile"
        className={cn(TILE_BASE, CONTACT_TILE_SURFACE, 'items-center border-dashed border-primary/35', sizes.tile, sizes.editTile)}
      >
        <ContactTileFace contact={contact} sizes={sizes} activity={false} />
      </div>
      <EditTileButtons {...props} />
    </div>
  )
}
