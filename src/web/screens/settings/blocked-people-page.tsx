import { LoaderCircle, ShieldCheck, UserCheck } from 'lucide-react'
import { type BlockedPerson } from '#shared/message-requests.ts'
import { MESSAGE_REQUEST_TEXTS } from '#shared/message-requests-texts.ts'
import { relativeTime } from '#shared/relative-time.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { ListEmpty, ListPage, ListSkeleton } from '#web/components/list-page.tsx'
import { ListStates } from '#web/components/list-states.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { errorMessage } from '#web/lib/errors.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { toast } from '#web/lib/toast.ts'
import { useBlockedPeopleQuery, useUnblockMutation } from '#web/resources/contacts/queries.ts'

function BlockedRow({ person, unblocking, onUnblock }: { person: BlockedPerson; unblocking: boolean; onUnblock: () => void }) {
  return (
    <li data-slot="blocked-person" className="flex items-center gap-3 rounded-2xl border bg-card p-3 shadow-sm">
      <Avatar name={person.name} src={person.avatar_url} alt="" size="lg" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-semibold">{person.name}</span>
        <span className="text-sm text-muted-foreground">
          Blocked <time dateTime={person.blocked_at}>{relativeTime(person.blocked_at)}</time>
        </span>
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={unblocking}
        aria-label={`${MESSAGE_REQUEST_TEXTS.unblock} ${person.name}`}
        onClick={onUnblock}
      >
        {unblocking ? <LoaderCircle aria-hidden className="animate-spin" /> : <UserCheck aria-hidden />}
        {MESSAGE_REQUEST_TEXTS.unblock}
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
  usePageMeta({ title: 'Blocked people - Hearth' })
  const blocked = useBlockedPeopleQuery()
  const unblock = useUnblockMutation()

  const onUnblock = (person: BlockedPerson) => {
    unblock.mutate(person.id, {
      onSuccess: () => toast.success(MESSAGE_REQUEST_TEXTS.unblocked(person.name)),
      onError: (error) => toast.error(MESSAGE_REQUEST_TEXTS.unblockFailed, { description: errorMessage(error) }),
    })
  }

  return (
    <ListPage title={MESSAGE_REQUEST_TEXTS.blockedTitle} back="/settings" intro={MESSAGE_REQUEST_TEXTS.blockedIntro}>
      <ListStates
        query={blocked}
        items={blocked.data?.blocked}
        loading={<ListSkeleton label="Loading blocked people" row={BlockedRowSkeleton} count={2} className="flex flex-col gap-3" />}
        errorMessage={MESSAGE_REQUEST_TEXTS.blockedLoadFailed}
        empty={
          <ListEmpty
            icon={ShieldCheck}
            title={MESSAGE_REQUEST_TEXTS.blockedEmpty}
            description={MESSAGE_REQUEST_TEXTS.blockedEmptyBody}
            back={{ to: '/settings', label: 'Back to settings' }}
          />
        }
      >
        {(shown) => (
          <ul aria-label={MESSAGE_REQUEST_TEXTS.blockedTitle} className="flex flex-col gap-3">
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
