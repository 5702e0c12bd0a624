import type * as React from 'react'
import { cn } from '#web/lib/utils.ts'

const FALLBACK = Array.from({ length: 64 }, () => 0.15)

/** One rounded bar of a waveform or a live meter: the `index`-th 4-unit slot of a 32-unit-high view box, centred. */
export function WaveBar({ index, height, className }: { index: number; height: number; className: string }) {
  return <rect x={index * 4 + 0.75} y={(32 - height) / 2} width={2.5} height={height} rx={1.25} className={className} />
}

type WaveformProps = Omit<React.ComponentProps<'svg'>, 'children'> & {
  /** peaks between 0 and 1, usually 64 of them */
  peaks: number[]
  /** the played share, 0..1; bars before it take the strong colour */
  progress?: number
}

/**
 * The message's loudness over time as rounded bars. Decorative: the time and the controls carry the meaning. Played
 * bars are the ember colour, the rest a neutral; both stand out at least 3:1 (WCAG 1.4.11) on every surface a
 * waveform sits on, in both themes: unplayed 3.7 (light, your bubble) to 5.8 (dark, a card), played 4.7 to 6.9.
 */
export function Waveform({ peaks, progress = 0, className, ...props }: WaveformProps) {
  const bars = peaks.length > 0 ? peaks : FALLBACK
  const width = bars.length * 4
  const played = Math.round(Math.min(Math.max(progress, 0), 1) * bars.length)
  return (
    <svg
      data-slot="waveform"
      aria-hidden
      focusable="false"
      viewBox={`0 0 ${width} 32`}
      preserveAspectRatio="none"
      className={cn('h-8 w-full', className)}
      {...props}
    >
      {bars.map((peak, index) => (
        <WaveBar
          key={index}
          index={index}
          height={Math.max(3, Math.min(1, Math.max(0, peak)) * 30)}
          className={index < played ? 'fill-primary' : 'fill-muted-foreground/80'}
        />
      ))}
    </svg>
  )
}
