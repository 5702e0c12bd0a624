import { useIntl, type IntlShape } from 'react-intl'
import { DndContext, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core'
import { CSS } from '@dnd-kit/utilities'
import { HeartHandshake } from 'lucide-react'
import { useMemo } from 'react'
import type { Contact } from '#shared/contacts.ts'
import { homeGridLayout } from '#shared/home-grid.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { CONTACT_MESSAGES, inactiveText } from '#web/resources/contacts/contact-messages.ts'
import { cn } from '#web/lib/utils.ts'
import { TILE_BASE } from './contact-tile.tsx'
import { DRAG_ACTIVATION_DISTANCE_PX, rekindleDragAnnouncements, rekindleDragInstructions, REKINDLE_DROP_ID } from './drag.ts'
import { homeGridClasses, type TileClasses } from './grid-classes.ts'
import { DropTargetTile } from './drop-target-tile.tsx'

/** Pink in both themes: soft fill and dark text by day, a deep rose glow and light text after dusk. */
const PINK_TILE =
  'border-pink-200 bg-pink-50 text-pink-950 shadow-sm hover:border-pink-400 hover:bg-pink-100 focus-visible:ring-pink-500/60 dark:border-pink-400/30 dark:bg-pink-950/45 dark:text-pink-50 dark:hover:border-pink-300/60 dark:hover:bg-pink-900/50'
const PINK_LABEL = 'rounded-full bg-pink-200/80 px-2 py-0.5 text-xs font-semibold text-pink-900 dark:bg-pink-800/70 dark:text-pink-50'

type RekindleContact = Pick<Contact, 'id' | 'name' | 'avatar_url' | 'inactive_days' | 'archived_at'>

function statusOf(intl: IntlShape, contact: RekindleContact): string {
  if (contact.archived_at) return intl.formatMessage({ id: 'home.rekindle.archived', defaultMessage: 'Archived' })
  return inactiveText(intl, contact.inactive_days) ?? intl.formatMessage({ id: 'home.rekindle.inactive', defaultMessage: 'Inactive' })
}

function RekindleTile({
  contact,
  sizes,
  dragEnabled,
  busy,
  disabled,
  onRekindle,
}: {
  contact: RekindleContact
  sizes: TileClasses
  dragEnabled: boolean
  busy: boolean
  disabled: boolean
  onRekindle: () => void
}) {
  const intl = useIntl()
  // Pointer dragging only: Enter and Space keep their button meaning (rekindle at once).
  const { setNodeRef, listeners, transform, isDragging } = useDraggable({ id: contact.id, disabled: !dragEnabled || disabled })
  return (
    <button
      ref={setNodeRef}
      type="button"
      data-slot="rekindle-tile"
      disabled={disabled}
      onClick={onRekindle}
      {...(dragEnabled ? listeners : {})}
      style={{ transform: CSS.Translate.toString(transform) }}
      className={cn(
        TILE_BASE,
        PINK_TILE,
        'cursor-pointer items-center disabled:cursor-default disabled:opacity-60',
        dragEnabled && 'touch-none',
        isDragging && 'z-20 cursor-grabbing shadow-xl',
        sizes.tile,
      )}
    >
      <span className="relative shrink-0">
        <Avatar
          name={contact.name}
          src={contact.avatar_url}
          alt=""
          className={cn('ring-2 ring-pink-300 dark:ring-pink-400/50', sizes.avatar)}
        />
      </span>
      <span className={sizes.body}>
        <span className={cn('max-w-full truncate font-semibold', sizes.name)}>{contact.name}</span>
        <span className="max-w-full truncate text-xs text-pink-800 dark:text-pink-200">{statusOf(intl, contact)}</span>
      </span>
      <span className={cn('absolute', sizes.action, PINK_LABEL)}>
        {busy ? (
          <Spinner label={intl.formatMessage({ id: 'home.rekindle.busy', defaultMessage: 'Rekindling' })} />
        ) : (
          intl.formatMessage(CONTACT_MESSAGES.rekindle)
        )}
      </span>
    </button>
  )
}

function RekindleDropZone({ sizes }: { sizes: TileClasses }) {
  const { setNodeRef, isOver, active } = useDroppable({ id: REKINDLE_DROP_ID })
  const intl = useIntl()
  return (
    <DropTargetTile
      ref={setNodeRef}
      tone="rekindle"
      label={intl.formatMessage({ id: 'home.rekindle.dropZone', defaultMessage: 'Reconnect & restore' })}
      hint={intl.formatMessage({ id: 'home.rekindle.dropZone.hint', defaultMessage: 'Drop someone here' })}
      icon={HeartHandshake}
      slot="rekindle-drop-zone"
      sizes={sizes}
      dragging={active !== null}
      isOver={isOver}
    />
  )
}

type RekindleGridProps = {
  contacts: readonly RekindleContact[]
  /** at least 768 px wide: the drop zone and dragging exist */
  wide: boolean
  /** the contact being rekindled right now */
  pendingId: string | null
  /** a tap (or Enter) on a tile: the page asks to confirm */
  onTap: (contact: RekindleContact) => void
  /** a tile dropped on 'Reconnect & restore': rekindled at once */
  onDrop: (contact: RekindleContact) => void
}

/**
 * Rekindle mode (docs/product/circle.md): inactive and archived contacts as pink tiles. Tapping one (or Enter) asks to
 * rekindle it, as the archived contacts page does; on wide screens it can also be dropped on 'Reconnect & restore'.
 * A tile's name is its visible text (name, status, 'Rekindle').
 */
export function RekindleGrid({ contacts, wide, pendingId, onTap, onDrop }: RekindleGridProps) {
  const { grid, tiles } = homeGridClasses(homeGridLayout(contacts.length))
  const intl = useIntl()
  const announcements = useMemo(() => rekindleDragAnnouncements(intl, contacts), [intl, contacts])
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: DRAG_ACTIVATION_DISTANCE_PX } }))

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over?.id !== REKINDLE_DROP_ID) return
    const contact = contacts.find((c) => c.id === active.id)
    if (contact) onDrop(contact)
  }

  return (
    <DndContext
      sensors={sensors}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: rekindleDragInstructions(intl) }}
    >
      <ul
        aria-label={intl.formatMessage({ id: 'home.rekindle.list', defaultMessage: 'Contacts to rekindle' })}
        data-slot="rekindle-grid"
        className={cn('grid gap-3 sm:gap-4', grid)}
      >
        {contacts.map((contact) => (
          <li key={contact.id}>
            <RekindleTile
              contact={contact}
              sizes={tiles}
              dragEnabled={wide}
              busy={pendingId === contact.id}
              disabled={pendingId !== null}
              onRekindle={() => onTap(contact)}
            />
          </li>
        ))}
        {wide && (
          <li>
            <RekindleDropZone sizes={tiles} />
          </li>
        )}
      </ul>
    </DndContext>
  )
}
