import { Pencil, Settings, UserPlus } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { ThemeMenu } from '#web/components/theme-menu.tsx'
import { Wordmark } from '#web/components/wordmark.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { cn } from '#web/lib/utils.ts'

const tileClass =
  'group flex aspect-[4/3] flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed text-muted-foreground transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60'

function AddFriendTile() {
  return (
    <Link to="/contacts/add" className={cn(tileClass, 'border-input bg-card/60 hover:border-primary hover:bg-card hover:text-primary-strong')}>
      <span className="grid size-14 place-items-center rounded-full bg-accent text-accent-foreground transition-transform group-hover:scale-105">
        <UserPlus aria-hidden className="size-6" />
      </span>
      <span className="text-base font-semibold text-foreground">Add Friend</span>
    </Link>
  )
}

/**
 * The signed-in home (spec 000 section 2, "Contacts home grid"): the frame the circle's tiles fill. Edit mode is
 * local state that the contact tiles will read (dragging, the Archive tile).
 */
export function HomePage() {
  usePageMeta({ title: 'Your circle - Hearth' })
  const [editing, setEditing] = useState(false)

  return (
    <div className="flex min-h-dvh flex-col bg-hearth-glow">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-2 px-4 py-3 sm:px-6">
        <Wordmark />
        <div className="flex items-center gap-1">
          <ThemeMenu />
          <Button
            variant={editing ? 'secondary' : 'ghost'}
            size="icon"
            aria-label="Edit contacts"
            title="Edit contacts"
            aria-pressed={editing}
            onClick={() => setEditing((on) => !on)}
          >
            <Pencil aria-hidden className="size-5" />
          </Button>
          <Button asChild variant="ghost" size="icon">
            <Link to="/settings" aria-label="Settings" title="Settings">
              <Settings aria-hidden className="size-5" />
            </Link>
          </Button>
        </div>
      </header>

      <main className="mx-auto w-full max-w-6xl flex-1 px-4 pt-4 pb-16 sm:px-6 sm:pt-8">
        <div className="mb-6 flex flex-col gap-1 sm:mb-8">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Your circle</h1>
          <p className="text-muted-foreground">{editing ? 'Editing your circle.' : 'Keep it small: the 5 to 10 people you most want to hear from.'}</p>
        </div>
        <ul aria-label="Contacts" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <li>
            <AddFriendTile />
          </li>
        </ul>
      </main>
    </div>
  )
}
