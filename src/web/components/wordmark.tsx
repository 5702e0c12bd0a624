import { Flame } from 'lucide-react'
import { Link } from 'react-router'
import { cn } from '#web/lib/utils.ts'

export function HearthLogo({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={cn('grid size-8 place-items-center rounded-[0.6rem] bg-primary text-primary-foreground shadow-sm', className)}
    >
      <Flame className="size-[60%]" strokeWidth={2.25} />
    </span>
  )
}

/** The Hearth logo and name, linking home. */
export function Wordmark({ className, linked = true }: { className?: string; linked?: boolean }) {
  const content = (
    <>
      <HearthLogo />
      <span>Hearth</span>
    </>
  )
  const classes = cn('inline-flex items-center gap-2 rounded-lg text-lg font-semibold tracking-tight', className)
  if (!linked) return <span className={classes}>{content}</span>
  return (
    <Link to="/" className={cn(classes, 'outline-none focus-visible:ring-[3px] focus-visible:ring-ring')}>
      {content}
    </Link>
  )
}
