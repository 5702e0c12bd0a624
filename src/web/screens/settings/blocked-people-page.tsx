import { LoaderCircle, ShieldCheck, UserCheck } from 'lucide-react'
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl'
import { type BlockedPerson } from '#shared/message-requests.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { ListEmpty, ListPage, ListSkeleton } from '#web/components/list-page.tsx'
import { ListStates } from '#web/components/list-states.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useErrorMessage } from '#web/lib/errors.ts'
import { formatTimeAgo } from '#web/i18n/relative-time.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { toast } from '#web/lib/toast.ts'
import { useBlockedPeopleQuery, useUnblockMutation } from '#web/resources/contacts/queries.ts'

const TEXTS = {
  pageTitle: { id: 'settings.blocked.pageTitle', defaultMessage: 'Blocked people - Hearth' },
  title: { id: 'settings.blocked.title', defaultMessage: 'Blocked people' },
  intro: {
    id: 'settings.blocked.intro',
    defaultMessage: 'Nothing they send reaches you, and they are not told. Unblock someone to see their request again.',
  },
  unblock: { id: 'settings.blocked.unblock', defaultMessage: 'Unblock' },
  unblockLabel: { id: 'settings.blocked.unblock.label', defaultMessage: 'Unblock {name}' },
  unblocked: {
    id: 'settings.blocked.unblocked',
    defaultMessage: '{name} is unblocked. Their request is back in your message requests.',
  },
  unblockFailed: { id: 'settings.blocked.unblockFailed', defaultMessage: 'Could not unblock. Please try again.' },
  loading: { id: 'settings.blocked.loading', defaultMessage: 'Loading blocked people' },
  loadFailed: { id: 'settings.blocked.loadFailed', defaultMessage: 'Failed to load blocked people' },
  empty: { id: 'settings.blocked.empty', defaultMessage: 'No one is blocked' },
  emptyBody: {
    id: 'settings.blocked.empty.body',
    defaultMessage: 'When you block a message request, the person is listed here, and you can unblock them.',
  },
  backToSettings: { id: 'settings.blocked.backToSettings', defaultMessage: 'Back to settings' },
} satisfies Record<string, MessageDescriptor>

function BlockedRow({ person, unblocking, onUnblock }: { person: BlockedPerson; unblocking: boolean; onUnblock: () => void }) {
  const intl = useIntl()
  return (
    <li data-slot="blocked-person" className="flex items-center gap-3 rounded-2xl border bg-card p-3 shadow-sm">
      <Avatar name={person.name} src={person.avatar_url} alt="" size="lg" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-semibold">{person.name}</span>
        <span className="text-sm text-muted-foreground">
          <FormattedMessage
            id="settings.blocked.when"
            defaultMessage="Blocked {when}"
            values={{ when: <time dateTime={person.blocked_at}>{formatTimeAgo(intl, person.blocked_at)}</time> }}
          />
        </span>
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={unblocking}
        aria-label={intl.formatMessage(TEXTS.unblockLabel, { name: person.name })}
        onClick={onUnblock}
      >
        {unblocking ? <LoaderCircle aria-hidden className="animate-spin" /> : <UserCheck aria-hidden />}
        <FormattedMessage {...TEXTS.unblock} />
      </Button>
    </li>
  )
}

function BlockedRowSkeleton() {
  return (
    <li aria-hidden className="flex items-center gap-3 rounded-2xl border bg-card/70 p-3">
      <Skeleton className="size-14 rounded-full" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-3 w-24" />
      </div>
      <Skeleton className="h-8 w-24" />
    </li>
  )
}

/**
 * /settings/blocked (decision 203): the people whose message requests the signed-in person blocked, each with
 * Unblock. Unblocking puts their request back among the message requests, pending, as it was before the block.
 */
export function BlockedPeoplePage() {
  const intl = useIntl()
  const errorMessage = useErrorMessage()
  usePageMeta({ title: intl.formatMessage(TEXTS.pageTitle) })
  const blocked = useBlockedPeopleQuery()
  const unblock = useUnblockMutation()

  const onUnblock = (person: BlockedPerson) => {
    unblock.mutate(person.id, {
      onSuccess: () => toast.success(intl.formatMessage(TEXTS.unblocked, { name: person.name })),
      onError: (error) => toast.error(intl.formatMessage(TEXTS.unblockFailed), { description: errorMessage(error) }),
    })
  }

  return (
    <ListPage title={intl.formatMessage(TEXTS.title)} back="/settings" intro={intl.formatMessage(TEXTS.intro)}>
      <ListStates
        query={blocked}
        items={blocked.data?.blocked}
        loading={
          <ListSkeleton label={intl.formatMessage(TEXTS.loading)} row={BlockedRowSkeleton} count={2} className="flex flex-col gap-3" />
        }
        errorMessage={intl.formatMessage(TEXTS.loadFailed)}
        empty={
          <ListEmpty
            icon={ShieldCheck}
            title={intl.formatMessage(TEXTS.empty)}
            description={intl.formatMessage(TEXTS.emptyBody)}
            back={{ to: '/settings', label: intl.formatMessage(TEXTS.backToSettings) }}
          />
        }
      >
        {(shown) => (
          <ul aria-label={intl.formatMessage(TEXTS.title)} className="flex flex-col gap-3">
            {shown.map((person) => (
              <BlockedRow
                key={person.id}
                person={person}
                unblocking={unblock.isPending && unblock.variables === person.id}
                onUnblock={() => onUnblock(person)}
              />
            ))}
          </ul>
        )}
      </ListStates>
    </ListPage>
  )
}
