import { LoaderCircle, Pause, Play } from 'lucide-react'
import { cn } from '#web/lib/utils.ts'

/** The icon of a Play/Pause button on the shared player: a spinner while the audio loads, Pause while it plays, else Play. */
export function PlayPauseIcon({ busy, playing, className }: { busy: boolean; playing: boolean; className?: string }) {
  if (busy) return <LoaderCircle data-slot="play-pause-icon" aria-hidden className={cn('size-5 animate-spin', className)} />
  if (playing) return <Pause data-slot="play-pause-icon" aria-hidden className={cn('size-5 fill-current', className)} />
  return <Play data-slot="play-pause-icon" aria-hidden className={cn('size-5 translate-x-px fill-current', className)} />
}
