import { useIntl, type MessageDescriptor } from 'react-intl'
import { Archive, Check, HeartHandshake, MessagesSquare, NotebookPen, Pencil, RotateCw, Settings } from 'lucide-react'
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { focusIsParked } from '#web/lib/focus.ts'
import { toast } from '#web/lib/toast.ts'
import type { Contact } from '#shared/contacts.ts'
import { MAX_ACTIVE_CONTACTS, MOBILE_BREAKPOINT_PX } from '#shared/limits.ts'
import { QueryError } from '#web/components/query-error.tsx'
import { ThemeMenu } from '#web/components/theme-menu.tsx'
import { Wordmark } from '#web/components/wordmark.tsx'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import { notifyRekindled, notifyRekindleFailed } from '#web/resources/contacts/components/rekindle-toasts.ts'
import { MessageRequestsEntry } from '#web/resources/contacts/components/message-requests-entry.tsx'
import {
  useArchiveContactMutation,
  useContactsQuery,
  useRekindleContactMutation,
  useReorderContactsMutation,
} from '#web/resources/contacts/queries.ts'
import { errorMessage } from '#web/lib/errors.ts'
import { CONTACT_MESSAGES } from '#web/resources/contacts/contact-messages.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { cn } from '#web/lib/utils.ts'
import { ContactGrid } from './components/contact-grid.tsx'
import { archiveLabel } from './components/contact-tile.tsx'
import { ContactGridSkeleton } from './components/contact-grid-skeleton.tsx'
import { JustArchived } from './components/just-archived.tsx'
import { PlayAllNewButton } from './components/play-all-new-button.tsx'
import { contactsLoadError } from './components/contacts-load-error.ts'
import { useMediaQuery } from '#web/lib/use-media-query.ts'
import { pageColumnClass } from '#web/components/page-layout.tsx'
import { lazyWithPreload } from '#web/lib/lazy-after-paint.ts'
import { PushBanner } from '#web/resources/notifications/components/push-banner.tsx'

// rekindle mode, its drag and its dialog belong to edit mode: their code loads after the first paint (decision 108)
const RekindleGrid = lazyWithPreload(async () => (await import('./components/rekindle-grid.tsx')).RekindleGrid)
const RekindleDialog = lazyWithPreload(async () => (await import('#web/resources/contacts/components/rekindle-dialog.tsx')).RekindleDialog)

// The unsent takes show only what the browser answers later (the takes kept on this device): their code loads beside
// the first screen, not in it (decision 113). The push offer is in the first screen, so that it never arrives late above
// the circle and moves it under a tap (decision 187).
const UnsentMessages = lazy(async () => ({
  default: (await import('#web/resources/recording/components/unsent-messages.tsx')).UnsentMessages,
}))

const HOME = {
  pageTitle: { id: 'home.pageTitle', defaultMessage: 'Your circle - Hearth' },
  reorderFailed: { id: 'home.reorderFailed', defaultMessage: 'Failed to save the new order' },
  circleCount: { id: 'home.circleCount', defaultMessage: '{count} of {max} in your circle' },
  rekindleWide: {
    id: 'home.subtitle.rekindleWide',
    defaultMessage: 'Tap someone to bring them back, or drop them on Reconnect & restore.',
  },
  rekindle: { id: 'home.subtitle.rekindle', defaultMessage: 'Tap someone to bring them back into your circle.' },
  editWide: { id: 'home.subtitle.editWide', defaultMessage: 'Drag tiles or use their arrows to reorder, or drop one on Archive.' },
  edit: {
    id: 'home.subtitle.edit',
    defaultMessage: 'Press and hold a tile to drag it, or use its arrows. Archive with the button on a tile.',
  },
  empty: { id: 'home.subtitle.empty', defaultMessage: 'Your circle is empty for now. Add the first person you would love to hear from.' },
  keepSmall: { id: 'home.subtitle.keepSmall', defaultMessage: 'Keep it small: the 5 to 10 people you most want to hear from.' },
  titleRekindle: { id: 'home.title.rekindle', defaultMessage: 'Rekindle' },
  title: { id: 'home.title', defaultMessage: 'Your circle' },
  messages: { id: 'home.nav.messages', defaultMessage: 'Messages' },
  sessions: { id: 'home.nav.sessions', defaultMessage: 'Sessions' },
  editContacts: { id: 'home.nav.edit', defaultMessage: 'Edit contacts' },
  settings: { id: 'home.nav.settings', defaultMessage: 'Settings' },
  toolbar: { id: 'home.edit.toolbar', defaultMessage: 'Edit circle' },
  archived: { id: 'home.edit.archived', defaultMessage: 'Archived contacts' },
  done: { id: 'home.edit.done', defaultMessage: 'Done' },
} satisfies Record<string, MessageDescriptor>
const WIDE_SCREEN_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`

type ArchivedHere = Pick<Contact, 'id' | 'name'>

/**
 * After an Undo, focus goes where the person was: their tile's Archive button in edit mode, else their tile's link.
 * False while it cannot take focus yet (not drawn, or its button still disabled).
 */
function focusRestoredTile(archiveName: string, name: string, editing: boolean): boolean {
  const grid = document.querySelector('[data-slot=contact-grid]')
  const target = editing
    ? grid?.querySelector<HTMLElement>(`[aria-label="${CSS.escape(archiveName)}"]`)
    : [...(grid?.querySelectorAll<HTMLElement>('a') ?? [])].find((link) => link.textContent?.startsWith(name))
  target?.focus()
  return !!target && document.activeElement === target
}

type RekindleCandidate = Pick<Contact, 'id' | 'name' | 'avatar_url' | 'inactive_days' | 'archived_at'>

/** Inactive contacts first, then archived ones, each once. */
function mergeCandidates(...lists: (readonly Contact[] | undefined)[]): RekindleCandidate[] {
  const seen = new Map<string, RekindleCandidate>()
  for (const contact of lists.flatMap((list) => list ?? [])) if (!seen.has(contact.id)) seen.set(contact.id, contact)
  return [...seen.values()]
}

function without(set: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(set)
  next.delete(id)
  return next
}

/**
 * The signed-in home (docs/product/circle.md): the circle's tiles, the Add Friend tile, and in
 * edit mode the Archive tile, dragging, a link to the archived contacts and rekindle mode.
 */
export function HomePage() {
  // 'Make room in your circle' (a refused accept of a message request) arrives here in edit mode
  const intl = useIntl()
  const arrivedToEdit = (useLocation().state as { edit?: boolean } | null)?.edit === true
  const [editing, setEditing] = useState(arrivedToEdit)
  const [rekindleRequested, setRekindleRequested] = useState(false)
  const [archivingIds, setArchivingIds] = useState<ReadonlySet<string>>(() => new Set())
  const [rekindlingId, setRekindlingId] = useState<string | null>(null)
  // the people archived on this visit, newest first, each with an Undo that waits (decision 144)
  const [archivedHere, setArchivedHere] = useState<ArchivedHere[]>([])
  const [undoingIds, setUndoingIds] = useState<ReadonlySet<string>>(() => new Set())
  // a new object for each archive, so that focus moves to its Undo even when the same person is archived again
  const [focusUndo, setFocusUndo] = useState<{ id: string } | null>(null)
  // after an Undo, the restored tile takes focus once it is drawn (the refetched list can arrive a frame or more later)
  const focusRestored = useRef<string | null>(null)
  const editButton = useRef<HTMLButtonElement>(null)
  // a tap on a pink tile asks first, with the archived page's dialog; a drop on 'Reconnect & restore' is its own yes
  const [rekindleTarget, setRekindleTarget] = useState<RekindleCandidate | null>(null)
  const wide = useMediaQuery(WIDE_SCREEN_QUERY)
  RekindleGrid.usePreloadAfterPaint()
  RekindleDialog.usePreloadAfterPaint()

  const active = useContactsQuery('active')
  // Rekindle candidates matter only in edit mode, where the Rekindle button appears when there are any.
  const inactive = useContactsQuery('inactive', { enabled: editing })
  const archived = useContactsQuery('archived', { enabled: editing })
  // the shell puts the unread count in front (decision 127)
  usePageMeta({ title: intl.formatMessage(HOME.pageTitle) })
  const reorder = useReorderContactsMutation()
  const archive = useArchiveContactMutation()
  const rekindle = useRekindleContactMutation()

  const loaded = active.data?.contacts
  // A contact being archived leaves the grid at once; it comes back if the server refuses.
  const contacts = useMemo(() => (loaded ?? []).filter((c) => !archivingIds.has(c.id)), [loaded, archivingIds])
  const candidates = useMemo(() => mergeCandidates(inactive.data?.contacts, archived.data?.contacts), [inactive.data, archived.data])
  const rekindling = editing && rekindleRequested && candidates.length > 0
  // someone back in the circle another way (Unarchive in another tab, a rekindle) needs no Undo here
  const undoable = useMemo(() => archivedHere.filter((c) => !loaded?.some((active) => active.id === c.id)), [archivedHere, loaded])

  // after every render: the restored tile comes with a later one (the refetched list)
  useEffect(() => {
    const name = focusRestored.current
    if (name === null) return
    // the Undo went with its row, so focus stays parked until the tile is there; if the person has moved on
    // meanwhile, focus stays where they put it
    if (!focusIsParked() || focusRestoredTile(archiveLabel(intl, name), name, editing)) {
      focusRestored.current = null
    }
  })

  const setEditMode = (on: boolean) => {
    setEditing(on)
    if (!on) setRekindleRequested(false)
  }

  // Done goes with the toolbar it sits in: focus returns to the Edit contacts toggle that opened edit mode
  const finishEditing = () => {
    setEditMode(false)
    editButton.current?.focus()
  }

  // The long-press action (right-click or a 500 ms press on a tile, wide screens only) is "enter edit mode": the
  // spec names the gesture but not its effect, and edit mode is where a tile can be moved or archived.
  const onLongPress = () => setEditMode(true)

  const onReorder = (orderedIds: string[]) => {
    // Optimistic in the mutation; on failure it rolls back and the list is refetched when it settles.
    reorder.mutateAsync(orderedIds).catch((error: unknown) => {
      toast.error(intl.formatMessage(HOME.reorderFailed), { description: errorMessage(error) })
    })
  }

  const onArchive = async (contact: Contact) => {
    setArchivingIds((ids) => new Set(ids).add(contact.id))
    try {
      await archive.mutateAsync({ id: contact.id, shouldArchive: true })
      setArchivedHere((list) => [{ id: contact.id, name: contact.name }, ...list.filter((c) => c.id !== contact.id)])
      setFocusUndo({ id: contact.id })
    } catch (error) {
      toast.error(intl.formatMessage(CONTACT_MESSAGES.archiveFailed), { description: errorMessage(error) })
    } finally {
      setArchivingIds((ids) => without(ids, contact.id))
    }
  }

  // Undo puts the contact back as it was (archived_at cleared, its 30-day window untouched), as Unarchive does.
  const onUndoArchive = async (contact: ArchivedHere) => {
    if (undoingIds.has(contact.id)) return
    setUndoingIds((ids) => new Set(ids).add(contact.id))
    try {
      await archive.mutateAsync({ id: contact.id, shouldArchive: false })
      setArchivedHere((list) => list.filter((c) => c.id !== contact.id))
      toast.success(intl.formatMessage(CONTACT_MESSAGES.unarchived), {
        description: intl.formatMessage(CONTACT_MESSAGES.unarchivedBody, { name: contact.name }),
      })
      focusRestored.current = contact.name
    } catch (error) {
      toast.error(intl.formatMessage(CONTACT_MESSAGES.unarchiveFailed), { description: errorMessage(error) })
    } finally {
      setUndoingIds((ids) => without(ids, contact.id))
    }
  }

  const onRekindle = async (contact: RekindleCandidate) => {
    if (rekindlingId) return
    setRekindlingId(contact.id)
    try {
      await rekindle.mutateAsync({ id: contact.id, name: contact.name })
      notifyRekindled(intl, contact.name)
    } catch (error) {
      notifyRekindleFailed(intl, error)
    } finally {
      setRekindlingId(null)
      setRekindleTarget(null)
    }
  }

  const count = loaded?.length ?? 0
  const circleCount = intl.formatMessage(HOME.circleCount, { count, max: MAX_ACTIVE_CONTACTS })
  let subtitle: MessageDescriptor
  if (rekindling) subtitle = wide ? HOME.rekindleWide : HOME.rekindle
  else if (editing) subtitle = wide ? HOME.editWide : HOME.edit
  else if (loaded && count === 0) subtitle = HOME.empty
  else subtitle = HOME.keepSmall

  let body: ReactNode
  if (active.isPending) {
    body = <ContactGridSkeleton />
  } else if (active.isError && !loaded) {
    const { message, detail } = contactsLoadError(intl, active.error, false)
    body = (
      <QueryError
        className="mx-auto max-w-md"
        message={message}
        detail={detail}
        retrying={active.isFetching}
        onRetry={() => void active.refetch()}
      />
    )
  } else if (rekindling) {
    body = (
      <Suspense fallback={<ContactGridSkeleton />}>
        <RekindleGrid
          contacts={candidates}
          wide={wide}
          pendingId={rekindlingId}
          onTap={setRekindleTarget}
          onDrop={(c) => void onRekindle(c)}
        />
      </Suspense>
    )
  } else {
    body = (
      <ContactGrid
        contacts={contacts}
        editing={editing}
        wide={wide}
        archivingIds={archivingIds}
        onReorder={onReorder}
        onArchive={(c) => void onArchive(c)}
        onLongPress={onLongPress}
      />
    )
  }
  // A failed refetch while tiles are shown: keep them, say so quietly above.
  const staleError = active.isError && loaded ? contactsLoadError(intl, active.error, true) : null

  return (
    <div className="flex min-h-dvh flex-col bg-hearth-glow">
      <header className={cn(pageColumnClass, 'flex items-center justify-between gap-2 py-3')}>
        <Wordmark />
        <div className="flex items-center gap-1">
          <Button asChild variant="ghost" size="icon">
            <Link to="/messages" aria-label={intl.formatMessage(HOME.messages)} title={intl.formatMessage(HOME.messages)}>
              <MessagesSquare aria-hidden className="size-5" />
            </Link>
          </Button>
          <Button asChild variant="ghost" size="icon">
            <Link to="/sessions" aria-label={intl.formatMessage(HOME.sessions)} title={intl.formatMessage(HOME.sessions)}>
              <NotebookPen aria-hidden className="size-5" />
            </Link>
          </Button>
          <ThemeMenu />
          <Button
            ref={editButton}
            variant={editing ? 'secondary' : 'ghost'}
            size="icon"
            aria-label={intl.formatMessage(HOME.editContacts)}
            title={intl.formatMessage(HOME.editContacts)}
            aria-pressed={editing}
            onClick={() => setEditMode(!editing)}
          >
            <Pencil aria-hidden className="size-5" />
          </Button>
          <Button asChild variant="ghost" size="icon">
            <Link to="/settings" aria-label={intl.formatMessage(HOME.settings)} title={intl.formatMessage(HOME.settings)}>
              <Settings aria-hidden className="size-5" />
            </Link>
          </Button>
        </div>
      </header>

      <main className={cn(pageColumnClass, 'flex-1 pt-4 pb-16 sm:pt-8')}>
        <div className="mb-6 flex flex-col gap-4 sm:mb-8">
          <PushBanner />
          <div className="flex flex-col gap-1">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
                {intl.formatMessage(rekindling ? HOME.titleRekindle : HOME.title)}
              </h1>
              {loaded && (
                <p data-slot="circle-count" className="text-sm font-medium text-muted-foreground tabular-nums">
                  {circleCount}
                </p>
              )}
            </div>
            <p className="text-muted-foreground">{intl.formatMessage(subtitle)}</p>
          </div>

          {!editing && (
            <div className="flex flex-wrap items-center gap-2 empty:hidden">
              {loaded && <PlayAllNewButton contacts={loaded} />}
              <MessageRequestsEntry />
            </div>
          )}

          {!editing && (
            <Suspense fallback={null}>
              <UnsentMessages />
            </Suspense>
          )}

          {editing && (
            <div role="toolbar" aria-label={intl.formatMessage(HOME.toolbar)} className="flex flex-wrap items-center gap-2">
              {candidates.length > 0 && (
                <Button
                  variant="outline"
                  size="sm"
                  aria-pressed={rekindling}
                  onClick={() => setRekindleRequested(!rekindling)}
                  className={cn(
                    'border-pink-300 text-pink-900 hover:bg-pink-50 dark:border-pink-400/40 dark:text-pink-100 dark:hover:bg-pink-950/50',
                    rekindling && 'bg-pink-100 hover:bg-pink-100 dark:bg-pink-900/50 dark:hover:bg-pink-900/50',
                  )}
                >
                  <HeartHandshake aria-hidden />
                  {intl.formatMessage(CONTACT_MESSAGES.rekindle)}
                </Button>
              )}
              <Link to="/archived-contacts" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
                <Archive aria-hidden />
                {intl.formatMessage(HOME.archived)}
              </Link>
              <Button size="sm" className="ms-auto" onClick={finishEditing}>
                <Check aria-hidden />
                {intl.formatMessage(HOME.done)}
              </Button>
            </div>
          )}
        </div>

        <JustArchived contacts={undoable} focusRequest={focusUndo} undoingIds={undoingIds} onUndo={(c) => void onUndoArchive(c)} />

        {staleError && (
          <div role="alert" className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-2xl border bg-card px-4 py-3 text-sm">
            <span>{staleError.message}</span>
            <Button variant="outline" size="sm" disabled={active.isFetching} onClick={() => void active.refetch()}>
              <RotateCw aria-hidden className={cn(active.isFetching && 'animate-spin')} />
              {intl.formatMessage({ id: 'common.retry', defaultMessage: 'Retry' })}
            </Button>
          </div>
        )}

        {body}
      </main>
      {editing && (
        <Suspense fallback={null}>
          <RekindleDialog
            name={rekindleTarget?.name ?? null}
            pending={rekindlingId !== null}
            onCancel={() => setRekindleTarget(null)}
            onConfirm={() => rekindleTarget && void onRekindle(rekindleTarget)}
          />
        </Suspense>
      )}
    </div>
  )
}
