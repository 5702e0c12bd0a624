import { DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core'
import { arrayMove, rectSortingStrategy, SortableContext } from '@dnd-kit/sortable'
import { useMemo } from 'react'
import type { Contact } from '#shared/contacts.ts'
import { MAX_ACTIVE_CONTACTS } from '#shared/limits.ts'
import { homeGridLayout } from '#shared/home-grid.ts'
import { NUDGE_TEXTS } from '#shared/relationship-health.ts'
import { useOpenNudgesQuery } from '#web/features/relationship-health/queries.ts'
import { cn } from '#web/lib/utils.ts'
import { AddFriendTile } from './add-friend-tile.tsx'
import { ArchiveDropZone } from './archive-drop-zone.tsx'
import { RecordMic } from '#web/features/recorder/components/record-mic.tsx'
import { ContactLinkTile, SortableContactTile, StaticContactTile } from './contact-tile.tsx'
import {
  ARCHIVE_DROP_ID,
  CONTACT_DRAG_INSTRUCTIONS,
  contactDragAnnouncements,
  DRAG_ACTIVATION_DISTANCE_PX,
  pointerThenClosestCenter,
  stepKeyboardCoordinates,
} from './drag.ts'
import { homeGridClasses } from './grid-classes.ts'

type ContactGridProps = {
  contacts: readonly Contact[]
  editing: boolean
  /** at least 768 px wide: dragging and the long-press action are possible */
  wide: boolean
  /** contacts being archived right now (their Archive button is disabled) */
  archivingIds: ReadonlySet<string>
  onReorder: (orderedIds: string[]) => void
  onArchive: (contact: Contact) => void
  onLongPress: () => void
}

/**
 * The circle: contact tiles in display order, the Add Friend tile, and in edit mode the Archive tile. In edit mode
 * on wide screens tiles are sortable (dnd-kit); dropping one on another reorders, dropping it on Archive archives it.
 */
export function ContactGrid({ contacts, editing, wide, archivingIds, onReorder, onArchive, onLongPress }: ContactGridProps) {
  const { grid, tiles } = homeGridClasses(homeGridLayout(contacts.length))
  const ids = useMemo(() => contacts.map((c) => c.id), [contacts])
  const announcements = useMemo(() => contactDragAnnouncements(contacts), [contacts])
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_ACTIVATION_DISTANCE_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: stepKeyboardCoordinates }),
  )
  const dragEnabled = editing && wide
  // gentle nudges (issue 18): a soft hint on the tiles of contacts gone quiet
  const nudged = useOpenNudgesQuery()

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
      accessibility={{ announcements, screenReaderInstructions: CONTACT_DRAG_INSTRUCTIONS }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy} disabled={!dragEnabled}>
        <ul aria-label="Contacts" data-slot="contact-grid" className={cn('grid gap-3 sm:gap-4', grid)}>
          {contacts.map((contact) => (
            <li key={contact.id}>
              {!editing ? (
                <div className="relative h-full">
                  <ContactLinkTile
                    contact={contact}
                    sizes={tiles}
                    longPressEnabled={wide}
                    onLongPress={onLongPress}
                    hint={nudged.data?.has(contact.id) ? NUDGE_TEXTS.tileHint : undefined}
                  />
                  <RecordMic contact={contact} className={cn('absolute z-10', tiles.action)} />
                </div>
              ) : dragEnabled ? (
                <SortableContactTile
                  contact={contact}
                  sizes={tiles}
                  archiving={archivingIds.has(contact.id)}
                  onArchive={() => onArchive(contact)}
                />
              ) : (
                <StaticContactTile
                  contact={contact}
                  sizes={tiles}
                  archiving={archivingIds.has(contact.id)}
                  onArchive={() => onArchive(contact)}
                />
              )}
            </li>
          ))}
          <li>
            <AddFriendTile sizes={tiles} full={contacts.length >= MAX_ACTIVE_CONTACTS} />
          </li>
          {editing && (
            <li>
              <ArchiveDropZone sizes={tiles} dropEnabled={dragEnabled} />
            </li>
          )}
        </ul>
      </SortableContext>
    </DndContext>
  )
}
