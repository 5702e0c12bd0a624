import { Archive } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from '#web/lib/toast.ts'
import { type Contact } from '#shared/contacts.ts'
import { CONTACT_TEXTS } from '#shared/contacts-texts.ts'
import { Empty, EmptyDescription, EmptyTitle } from '#web/components/empty.tsx'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { PageHeader, PageLayout } from '#web/components/page-layout.tsx'
import { ListStates } from '#web/components/list-states.tsx'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { errorMessage } from '#web/lib/errors.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { ArchivedContactRow, ArchivedContactRowSkeleton } from './components/archived-contact-row.tsx'
import { archivedCountLabel } from './components/archived-count.ts'
import { RekindleDialog } from './components/rekindle-dialog.tsx'
import { notifyRekindled, notifyRekindleFailed } from './components/rekindle-toasts.ts'
import { useArchiveContactMutation, useContactsQuery, useRekindleContactMutation } from './queries.ts'

function EmptyArchive() {
  return (
    <Empty variant="dashed">
      <IconBadge>
        <Archive aria-hidden />
      </IconBadge>
      <EmptyTitle asChild>
        <h2>No Archived Contacts</h2>
      </EmptyTitle>
      <EmptyDescription className="text-wrap">
        Contacts you archive will appear here. You can still access all messages and conversations.
      </EmptyDescription>
      <Link to="/" className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mt-1' })}>
        Back to your circle
      </Link>
    </Empty>
  )
}

/**
 * /archived-contacts (docs/product/circle.md): the archived list, newest first. A contact can be opened, unarchived, or
 * rekindled through a confirmation dialog; a rekindle goes home afterwards.
 */
export function ArchivedContactsPage() {
  usePageMeta({ title: 'Archived Contacts - Hearth' })
  const navigate = useNavigate()
  const archived = useContactsQuery('archived')
  const archive = useArchiveContactMutation()
  const rekindle = useRekindleContactMutation()
  const [rekindleTarget, setRekindleTarget] = useState<Pick<Contact, 'id' | 'name'> | null>(null)
  const [unarchivingIds, setUnarchivingIds] = useState<ReadonlySet<string>>(() => new Set())

  const onUnarchive = async (contact: Contact) => {
    setUnarchivingIds((ids) => new Set(ids).add(contact.id))
    try {
      await archive.mutateAsync({ id: contact.id, shouldArchive: false })
      toast.success(CONTACT_TEXTS.unarchived, { description: `${contact.name} is back in your circle.` })
    } catch (error) {
      toast.error(CONTACT_TEXTS.unarchiveFailed, { description: errorMessage(error) })
    } finally {
      setUnarchivingIds((ids) => {
        const next = new Set(ids)
        next.delete(contact.id)
        return next
      })
    }
  }

  const onConfirmRekindle = async () => {
    if (!rekindleTarget) return
    try {
      await rekindle.mutateAsync(rekindleTarget)
      notifyRekindled(rekindleTarget.name)
      setRekindleTarget(null)
      navigate('/')
    } catch (error) {
      notifyRekindleFailed(error)
      setRekindleTarget(null)
    }
  }

  const contacts = archived.data?.contacts
  const body = (
    <ListStates
      query={archived}
      items={contacts}
      loading={
        <ul aria-label="Loading archived contacts" className="flex flex-col gap-3">
          <ArchivedContactRowSkeleton />
          <ArchivedContactRowSkeleton />
          <ArchivedContactRowSkeleton />
        </ul>
      }
      errorMessage={CONTACT_TEXTS.archivedLoadFailed}
      empty={<EmptyArchive />}
    >
      {(list) => (
        <ul aria-label="Archived contacts" className="flex flex-col gap-3">
          {list.map((contact) => (
            <ArchivedContactRow
              key={contact.id}
              contact={contact}
              unarchiving={unarchivingIds.has(contact.id)}
              onRekindle={() => setRekindleTarget({ id: contact.id, name: contact.name })}
              onUnarchive={() => void onUnarchive(contact)}
            />
          ))}
        </ul>
      )}
    </ListStates>
  )

  return (
    <PageLayout
      className="gap-4"
      header={
        <PageHeader back="/">
          <div className="flex min-w-0 flex-col">
            <h1 className="text-xl leading-tight font-semibold tracking-tight">Archived Contacts</h1>
            {contacts && <p className="text-sm text-muted-foreground">{archivedCountLabel(contacts.length)}</p>}
          </div>
        </PageHeader>
      }
    >
      {body}
      <RekindleDialog
        name={rekindleTarget?.name ?? null}
        pending={rekindle.isPending}
        onCancel={() => setRekindleTarget(null)}
        onConfirm={() => void onConfirmRekindle()}
      />
    </PageLayout>
  )
}
