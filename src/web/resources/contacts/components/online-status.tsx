import { FormattedMessage } from 'react-intl'
import type * as React from 'react'
import { cn } from '#web/lib/utils.ts'

type OnlineStatusProps = React.ComponentProps<'p'> & {
  online: boolean
  /** the contact's name, read out before the state ("Maya is online") */
  name: string
}

/**
 * A green dot and 'Online' while the contact has Hearth open somewhere, else a muted 'Offline' (decision 24).
 * The words carry the state; the dot only repeats it. A polite live region, so a change is announced.
 */
export function OnlineStatus({ online, name, className, ...props }: OnlineStatusProps) {
  return (
    <p
      data-slot="online-status"
      data-online={online}
      role="status"
      className={cn(
        'inline-flex items-center gap-1.5 text-sm font-medium',
        online ? 'text-foreground' : 'text-muted-foreground',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden
        className={cn(
          'size-2.5 shrink-0 rounded-full',
          online ? 'bg-emerald-600 ring-4 ring-emerald-600/20 dark:bg-emerald-400 dark:ring-emerald-400/20' : 'bg-muted-foreground/50',
        )}
      />
      {/* a screen reader hears "Maya is Online": the name, then the word the eye reads */}
      <span className="sr-only">
        <FormattedMessage id="contacts.status.spokenBefore" defaultMessage="{name} is " values={{ name }} />
      </span>
      {online ? (
        <FormattedMessage id="contacts.status.online" defaultMessage="Online" />
      ) : (
        <FormattedMessage id="contacts.status.offline" defaultMessage="Offline" />
      )}
    </p>
  )
}
