import { Archive, ArrowLeft } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { CONTACT_TEXTS, type Contact } from '#shared/contacts.ts'
import { QueryError } from '#web/components/query-error.tsx'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { ArchivedContactRow, ArchivedContactRowSkeleton } from './components/archived-contact-row.tsx'
import { archivedCountLabel } from './components/archived-count.ts'
import { RekindleDialog } from './components/rekindle-dialog.tsx'
import { notifyRekindled, notifyRekindleFailed } from './components/rekindle-toasts.ts'
import { useArchiveContactMutation, useContactsQuery, useRekindleContactMutation } from './queries.ts'

function EmptyArchive() {
  return (
    <div data-slot="empty-state" className="flex flex-col items-center gap-3 rounded-2xl border border-dashed bg-card/60 px-6 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-accent text-accent-foreground">
        <Archive aria-hidden className="size-5" />
      </span>
      <h2 className="text-lg font-semibold">No Archived Contacts</h2>
      <p className="max-w-sm text-sm text-muted-foreground">
        Contacts you archive will appear here. You can still access all messages and conversations.
      </p>
      <Link to="/" className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mt-1' })}>
        Back to your circle
      </Link>
    </div>
  )
}

/**
 * /archived-contacts (spec 000 section 2): the archived list, newest first. A contact can be opened, unarchived, or
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
      toast.error(CONTACT_TEXTS.unarchiveFailed, { description: error instanceof Error && error.message ? error.message : undefined })
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
  let body
  if (archived.isPending) {
    body = (
      <ul aria-label="Loading archived contacts" className="flex flex-col gap-3">
        <ArchivedContactRowSkeleton />
        <ArchivedContactRowSkeleton />
        <ArchivedContactRowSkeleton />
      </ul>
    )
  } else if (archived.isError && !contacts) {
    body = (
      <QueryError
        message={CONTACT_TEXTS.archivedLoadFailed}
        detail={archived.error.message}
        retrying={archived.isFetching}
        onRetry={() => void archived.refetch()}
      />
    )
  } else if (!contacts || contacts.length === 0) {
    body = <EmptyArchive />
  } else {
    body = (
      <ul aria-label="Archived contacts" className="flex flex-col gap-3">
        {contacts.map((contact) => (
          <ArchivedContactRow
            key={contact.id}
            contact={contact}
            unarchiving={unarchivingIds.has(contact.id)}
            onRekindle={() => setRekindleTarget({ id: contact.id, name: contact.name })}
            onUnarchive={() => void onUnarchive(contact)}
          />
        ))}
      </ul>
    )
  }

  return (
    <div className="flex min-h-dvh flex-col bg-hearth-glow">
      <header className="mx-auto flex w-full max-w-2xl items-center gap-2 px-4 py-3 sm:px-6">
        <Button asChild variant="ghost" size="icon" className="-ml-2">
          <Link to="/" aria-label="Back" title="Back">
            <ArrowLeft aria-hidden className="size-5" />
          </Link>
        </Button>
        <div className="flex min-w-0 flex-col">
          <h1 className="text-xl leading-tight font-semibold tracking-tight">Archived Contacts</h1>
          {contacts && <p className="text-sm text-muted-foreground">{archivedCountLabel(contacts.length)}</p>}
        </div>
      </header>

      <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-4 px-4 pt-2 pb-16 sm:px-6">
        {archived.isError && contacts && (
          <QueryError
            message={CONTACT_TEXTS.archivedLoadFailed}
            detail={archived.error.message}
            retrying={archived.isFetching}
            onRetry={() => void archived.refetch()}
          />
        )}
        {body}
      </main>

      <RekindleDialog
        name={rekindleTarget?.name ?? null}
        pending={rekindle.isPending}
        onCancel={() => setRekindleTarget(null)}
        onConfirm={() => void onConfirmRekindle()}
      />
    </div>
  )
}
