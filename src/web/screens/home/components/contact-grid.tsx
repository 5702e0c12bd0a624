import { useIntl } from 'react-intl'
import { Suspense, type ReactNode } from 'react'
import type { Contact } from '#shared/contacts.ts'
import { MAX_ACTIVE_CONTACTS } from '#shared/limits.ts'
import { homeGridLayout } from '#shared/home-grid.ts'
import { useOpenNudgesQuery } from '#web/resources/relationship-health/queries.ts'
import { lazyWithPreload } from '#web/lib/lazy-after-paint.ts'
import { cn } from '#web/lib/utils.ts'
import { RecordMic } from '#web/resources/recording/components/record-mic.tsx'
import { AddFriendTile } from './add-friend-tile.tsx'
import { ArchiveTile } from './archive-tile.tsx'
import { ContactLinkTile, StaticContactTile } from './contact-tile.tsx'
import { homeGridClasses, type TileClasses } from './grid-classes.ts'
import { useContactMoves } from './move-contacts.ts'

// dragging (dnd-kit) is edit mode's: its code loads after the home's first paint (decision 108)
const SortableContactGrid = lazyWithPreload(async () => (await import('./sortable-contact-grid.tsx')).SortableContactGrid)

type ContactGridProps = {
  contacts: readonly Contact[]
  editing: boolean
  /** at least 768 px wide: the long-press action enters edit mode */
  wide: boolean
  /** contacts being archived right now (their Archive button is disabled) */
  archivingIds: ReadonlySet<string>
  onReorder: (orderedIds: string[]) => void
  onArchive: (contact: Contact) => void
  onLongPress: () => void
}

/**
 * The circle: contact tiles in display order, the Add Friend tile, and in edit mode the Archive tile. In edit mode
 * tiles are sortable (SortableContactGrid) on every screen, and each has Move earlier / Move later buttons whose
 * moves a live region announces (decision 213); until dragging's code is there the tiles show as they will look.
 */
export function ContactGrid({ contacts, editing, wide, archivingIds, onReorder, onArchive, onLongPress }: ContactGridProps) {
  SortableContactGrid.usePreloadAfterPaint()
  // gentle nudges: a soft hint on the tiles of contacts gone quiet
  const intl = useIntl()
  const nudged = useOpenNudgesQuery()
  const nudgeHint = intl.formatMessage({ id: 'home.tile.nudgeHint', defaultMessage: 'Been a while: say hi?' })
  const moves = useContactMoves(contacts, onReorder)

  if (!editing) {
    return (
      <ContactGridList
        contacts={contacts}
        tile={(contact, sizes) => (
          <div className="relative h-full">
            <ContactLinkTile
              contact={contact}
              sizes={sizes}
              longPressEnabled={wide}
              onLongPress={onLongPress}
              hint={nudged.data?.has(contact.id) ? nudgeHint : undefined}
            />
            <RecordMic contact={contact} className={cn('absolute z-10', sizes.action)} />
          </div>
        )}
      />
    )
  }
  const staticGrid = (
    <ContactGridList
      contacts={contacts}
      tile={(contact, sizes, index) => (
        <StaticContactTile
          contact={contact}
          sizes={sizes}
          archiving={archivingIds.has(contact.id)}
          onArchive={() => onArchive(contact)}
          move={{ index, count: contacts.length, onMove: (direction) => moves.move(contact, direction) }}
        />
      )}
      archiveTile={(sizes) => <ArchiveTile sizes={sizes} />}
    />
  )
  return (
    <>
      <Suspense fallback={staticGrid}>
        <SortableContactGrid
          contacts={contacts}
          archivingIds={archivingIds}
          onReorder={onReorder}
          onArchive={onArchive}
          onMove={moves.move}
        />
      </Suspense>
      <p role="status" data-slot="move-announcement" className="sr-only">
        {moves.announcement}
      </p>
    </>
  )
}

type ContactGridListProps = {
  contacts: readonly Contact[]
  tile: (contact: Contact, sizes: TileClasses, index: number) => ReactNode
  /** edit mode's Archive tile, after the Add Friend tile */
  archiveTile?: (sizes: TileClasses) => ReactNode
}

/**
 * The grid itself: contact tiles in display order, the Add Friend tile, and in edit mode the Archive tile; the same
 * list whether the tiles are sortable (SortableContactGrid) or not.
 */
export function ContactGridList({ contacts, tile, archiveTile }: ContactGridListProps) {
  const intl = useIntl()
  const { grid, tiles } = homeGridClasses(homeGridLayout(contacts.length))
  return (
    <ul
      aria-label={intl.formatMessage({ id: 'home.grid.label', defaultMessage: 'Contacts' })}
      data-slot="contact-grid"
      className={cn('grid gap-3 sm:gap-4', grid)}
    >
      {contacts.map((contact, index) => (
        <li key={contact.id}>{tile(contact, tiles, index)}</li>
      ))}
      <li>
        <AddFriendTile sizes={tiles} full={contacts.length >= MAX_ACTIVE_CONTACTS} />
      </li>
      {archiveTile && <li>{archiveTile(tiles)}</li>}
    </ul>
  )
}
