import { useIntl } from 'react-intl'
import { DndContext, KeyboardSensor, MouseSensor, TouchSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core'
import { arrayMove, rectSortingStrategy, SortableContext } from '@dnd-kit/sortable'
import { useMemo } from 'react'
import type { Contact } from '#shared/contacts.ts'
import { ArchiveDropZone } from './archive-drop-zone.tsx'
import { ContactGridList } from './contact-grid.tsx'
import {
  ARCHIVE_DROP_ID,
  contactDragInstructions,
  contactDragAnnouncements,
  MOUSE_ACTIVATION,
  pointerThenClosestCenter,
  stepKeyboardCoordinates,
  TOUCH_ACTIVATION,
} from './drag.ts'
import type { MoveDirection } from './move-contacts.ts'
import { SortableContactTile } from './sortable-contact-tile.tsx'

type SortableContactGridProps = {
  contacts: readonly Contact[]
  /** contacts being archived right now (their Archive button is disabled) */
  archivingIds: ReadonlySet<string>
  onReorder: (orderedIds: string[]) => void
  onArchive: (contact: Contact) => void
  onMove: (contact: Contact, direction: MoveDirection) => void
}

/**
 * Edit mode: the tiles are sortable (dnd-kit); dropping one on another reorders, dropping it on Archive archives it.
 * A mouse drags after 8 px; a finger after a long press, so that a swipe still scrolls (decision 213); a pointer
 * sensor would take a finger at once and need touch-action: none, which stops scrolling over the tiles. While a
 * finger drags near the screen's edge the page scrolls (dnd-kit's auto-scroll), so the Archive tile after the last
 * contact stays reachable. Its own chunk, loaded after the home's first paint (decision 108).
 */
export function SortableContactGrid({ contacts, archivingIds, onReorder, onArchive, onMove }: SortableContactGridProps) {
  const ids = useMemo(() => contacts.map((c) => c.id), [contacts])
  const intl = useIntl()
  const announcements = useMemo(() => contactDragAnnouncements(intl, contacts), [intl, contacts])
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: MOUSE_ACTIVATION }),
    useSensor(TouchSensor, { activationConstraint: TOUCH_ACTIVATION }),
    useSensor(KeyboardSensor, { coordinateGetter: stepKeyboardCoordinates }),
  )

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return
    const contact = contacts.find((c) => c.id === active.id)
    if (!contact) return
    if (over.id === ARCHIVE_DROP_ID) {
      onArchive(contact)
      return
    }
    const from = ids.indexOf(contact.id)
    const to = ids.indexOf(String(over.id))
    if (from === -1 || to === -1 || from === to) return
    onReorder(arrayMove(ids, from, to))
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerThenClosestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: contactDragInstructions(intl) }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <ContactGridList
          contacts={contacts}
          tile={(contact, sizes, index) => (
            <SortableContactTile
              contact={contact}
              sizes={sizes}
              archiving={archivingIds.has(contact.id)}
              onArchive={() => onArchive(contact)}
              move={{ index, count: contacts.length, onMove: (direction) => onMove(contact, direction) }}
            />
          )}
          archiveTile={(sizes) => <ArchiveDropZone sizes={sizes} />}
        />
      </SortableContext>
    </DndContext>
  )
}
