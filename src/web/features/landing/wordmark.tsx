import { Flame } from 'lucide-react'
import { Link } from 'react-router'

export function Wordmark() {
  return (
    <Link to="/" className="inline-flex items-center gap-2 rounded-lg text-lg font-semibold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
      <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground">
        <Flame className="size-5" aria-hidden />
      </span>
      Hearth
    </Link>
  )
}
