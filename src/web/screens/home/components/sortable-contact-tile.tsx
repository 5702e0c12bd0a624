import { FormattedMessage } from 'react-intl'
import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { GripVertical } from 'lucide-react'
import { cn } from '#web/lib/utils.ts'
import { CONTACT_TILE_SURFACE, ContactTileFace, EditTileButtons, TILE_BASE, type EditTileProps } from './contact-tile.tsx'

/**
 * Edit mode: the whole tile is the drag handle (a mouse after 8 px, a finger after a 250 ms press, or Space / Enter
 * then the arrow keys), beside its Move earlier, Move later and Archive buttons. It is no longer a link. A swipe that
 * starts on it still scrolls the page (touch-action: manipulation), as a phone's tiles fill its width. Its accessible name is read from what it shows, after a hidden "Move": "Move
 * {name}, 3 unread". An aria-label of "Move {name}" would not contain the visible badge, and speech users say what
 * they see.
 */
export function SortableContactTile(props: EditTileProps) {
  const { contact, sizes } = props
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: contact.id })
  return (
    <div
      ref={setNodeRef}
      data-slot="sortable-contact"
      className={cn('relative h-full', isDragging && 'z-20')}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <div
        ref={setActivatorNodeRef}
        data-slot="contact-tile"
        {...attributes}
        {...listeners}
        className={cn(
          TILE_BASE,
          CONTACT_TILE_SURFACE,
          'cursor-grab touch-manipulation items-center border-dashed border-primary/35 select-none [-webkit-touch-callout:none] hover:border-primary/60 active:cursor-grabbing',
          isDragging && 'cursor-grabbing border-solid border-primary shadow-xl',
          sizes.tile,
          sizes.editTile,
        )}
      >
        <span className="sr-only">
          <FormattedMessage id="home.tile.moveBefore" defaultMessage="Move " />
        </span>
        <GripVertical aria-hidden className="absolute start-3 top-3 hidden size-4 text-muted-foreground sm:block" />
        <ContactTileFace contact={contact} sizes={sizes} activity={false} />
      </div>
      {!isDragging && <EditTileButtons {...props} />}
    </div>
  )
}
