import { Pencil, Settings, UserPlus } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '#web/components/ui/button.tsx'
import { ThemeMenu } from '#web/components/theme-menu.tsx'
import { Wordmark } from '#web/features/landing/wordmark.tsx'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { cn } from '#web/lib/utils.ts'

/** The signed-in home: the circle's grid. Contact tiles arrive with the circle work; the frame is here. */
export function HomePage() {
  usePageMeta({ title: 'Your circle - Hearth' })
  const [editing, setEditing] = useState(false)
  return (
    <div className="min-h-dvh">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-4 sm:px-6">
        <Wordmark />
        <nav aria-label="Home controls" className="flex items-center gap-1">
          <ThemeMenu />
          <Button variant={editing ? 'secondary' : 'ghost'} size="icon" aria-label="Edit contacts" aria-pressed={editing} onClick={() => setEditing((v) => !v)}>
            <Pencil aria-hidden />
          </Button>
          <Button asChild variant="ghost" size="icon">
            <Link to="/settings" aria-label="Settings">
              <Settings aria-hidden />
            </Link>
          </Button>
        </nav>
      </header>
      <main className="mx-auto w-full max-w-5xl px-4 pb-16 sm:px-6">
        <h1 className="mb-1 text-2xl font-semibold">Your circle</h1>
        <p className="mb-6 text-muted-foreground">Keep it small: the 5 to 10 people you most want to hear from.</p>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <li>
            <Link
              to="/contacts/add"
              className={cn(
                'flex aspect-[4/3] flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-input bg-card text-muted-foreground transition-colors outline-none hover:border-primary hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/60',
              )}
            >
              <UserPlus className="size-8" aria-hidden />
              <span className="font-medium">Add Friend</span>
            </Link>
          </li>
        </ul>
      </main>
    </div>
  )
}
