import type { LucideIcon } from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'
import { IconBadge } from '#web/components/icon-badge.tsx'

/** One step's icon, heading (focused when the step appears, for screen readers and keyboards) and text. */
export function StepHeading({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    heading.current?.focus({ preventScroll: true })
  }, [])
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <IconBadge size="lg" className="rounded-2xl">
        <Icon aria-hidden className="size-7" />
      </IconBadge>
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none sm:text-[1.7rem]">
        {title}
      </h1>
      {children && <div className="flex max-w-sm flex-col gap-2 text-pretty text-muted-foreground">{children}</div>}
    </div>
  )
}
