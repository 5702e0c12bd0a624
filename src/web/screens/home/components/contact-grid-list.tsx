import { useIntl } from 'react-intl'
import type { ReactNode } from 'react'
import type { Contact } from '#shared/contacts.ts'
import { MAX_ACTIVE_CONTACTS } from '#shared/limits.ts'
import { homeGridLayout } from '#shared/home-grid.ts'
import { cn } from '#web/lib/utils.ts'
import { AddFriendTile } from './add-friend-tile.tsx'
import { homeGridClasses, type TileClasses } from './grid-classes.ts'

type ContactGridListProps = {
  contacts: readonly Contact[]
  tile: (contact: Contact, sizes: TileClasses, index: number) => ReactNode
  /** edit mode's Archive tile, after the Add Friend tile */
  archiveTile?: (sizes: TileClasses) => ReactNode
}

/** The grid itself: contact tiles in display order, the Add Friend tile, and in edit mode the Archive tile. */
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
