import { FormattedMessage } from 'react-intl'
import { UserPlus, Users } from 'lucide-react'
import { Link } from 'react-router'
import { MAX_ACTIVE_CONTACTS } from '#shared/limits.ts'
import { CONTACT_MESSAGES } from '#web/resources/contacts/contact-messages.ts'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { cn } from '#web/lib/utils.ts'
import type { TileClasses } from './grid-classes.ts'
import { TILE_BASE } from './contact-tile.tsx'

/**
 * The 'Add Friend' tile: a dashed card linking to the add-contact hub. With 10 active contacts it says that the circle
 * is full before anyone searches or invites ("Limits before effort").
 */
export function AddFriendTile({ sizes, full = false }: { sizes: TileClasses; full?: boolean }) {
  if (full) {
    return (
      <div
        data-slot="add-friend-tile"
        className={cn(TILE_BASE, 'items-center border-2 border-dashed border-input bg-card/60 text-muted-foreground', sizes.tile)}
      >
        <IconBadge className={cn('shrink-0', sizes.avatar)}>
          <Users aria-hidden className="size-[42%]" />
        </IconBadge>
        <span className={sizes.body}>
          <span className={cn('font-semibold text-foreground', sizes.name)}>
            <FormattedMessage {...CONTACT_MESSAGES.addFriendFull} />
          </span>
          <span className="text-xs text-balance text-muted-foreground">
            <FormattedMessage {...CONTACT_MESSAGES.addFriendFullBody} values={{ max: MAX_ACTIVE_CONTACTS }} />
          </span>
        </span>
      </div>
    )
  }
  return (
    <Link
      to="/contacts/add"
      data-slot="add-friend-tile"
      className={cn(
        TILE_BASE,
        'items-center border-2 border-dashed border-input bg-card/60 text-muted-foreground hover:border-primary hover:bg-card hover:text-primary-strong',
        sizes.tile,
      )}
    >
      <IconBadge className={cn('shrink-0 transition-transform group-hover:scale-105', sizes.avatar)}>
        <UserPlus aria-hidden className="size-[42%]" />
      </IconBadge>
      <span className={sizes.body}>
        <span className={cn('font-semibold text-foreground', sizes.name)}>
          <FormattedMessage id="home.grid.addFriend" defaultMessage="Add Friend" />
        </span>
      </span>
    </Link>
  )
}
