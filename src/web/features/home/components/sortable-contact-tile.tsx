import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { GripVertical } from 'lucide-react'
import { cn } from '#web/lib/utils.ts'
import { ArchiveContactButton, CONTACT_TILE_SURFACE, ContactTileFace, TILE_BASE, type EditTileProps } from './contact-tile.tsx'

/**
 * Edit mode on a wide screen: the whole tile is the drag handle (pointer after 8 px, or Space / Enter then the
 * arrow keys). It is no longer a link. Its accessible name is read from what it shows, after a hidden "Move": "Move
 * {name}, 3 unread". An aria-label of "Move {name}" would not contain the visible badge, and speech users say what
 * they see.
 */
export function SortableContactTile({ contact, sizes, archiving, onArchive }: EditTileProps) {
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
          'cursor-grab touch-none items-center border-dashed border-primary/35 select-none hover:border-primary/60 active:cursor-grabbing',
          isDragging && 'cursor-grabbing border-solid border-primary shadow-xl',
          sizes.tile,
        )}
      >
        <span className="sr-only">Move </span>
        <GripVertical aria-hidden className="absolute top-3 left-3 hidden size-4 text-muted-foreground sm:block" />
        <ContactTileFace contact={contact} sizes={sizes} activity={false} />
      </div>
      {!isDragging && <ArchiveContactButton name={contact.name} sizes={sizes} disabled={archiving} onArchive={onArchive} />}
    </div>
  )
}
