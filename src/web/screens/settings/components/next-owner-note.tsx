import { FormattedMessage } from 'react-intl'
import { cn } from '#web/lib/utils.ts'
import { useHearthRoleQuery } from '../people-queries.ts'

/**
 * Tells the owner who will look after this Hearth if they delete their account (decision 199), as the server names
 * them: shown to the owner only, on their screen of the people here and beside their own account's deletion.
 */
export function NextOwnerNote({ className, ...props }: React.ComponentProps<'p'>) {
  const role = useHearthRoleQuery()
  if (!role.data?.owner) return null
  const name = role.data.next_owner_name
  return (
    <p data-slot="next-owner-note" className={cn('text-sm text-muted-foreground', className)} {...props}>
      {name === null ? (
        <FormattedMessage
          id="settings.nextOwner.none"
          defaultMessage="If you delete your account, nobody here can look after this Hearth until someone new joins."
        />
      ) : (
        <FormattedMessage
          id="settings.nextOwner.named"
          defaultMessage="If you delete your account, {name} will look after this Hearth next."
          values={{ name }}
        />
      )}
    </p>
  )
}
