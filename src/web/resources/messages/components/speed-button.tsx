import { FormattedMessage, useIntl } from 'react-intl'
import { nextPresetRate } from '#shared/playback.ts'
import { Button, type ButtonProps } from '#web/components/ui/button.tsx'
import { audioPlayer, useAudioPlayer } from '#web/lib/audio-player/use-audio-player.ts'
import { cn } from '#web/lib/utils.ts'
import { useFormatRate } from '../playback-rate.ts'

/**
 * The speed pill of every player (a bubble, a welcome message, the mini player, the playback screen): it shows the
 * speed and moves to the next preset on each press (1 → 1.2 → 1.5 → 1.8 → 2 → 1). The speed is the shared player's,
 * so it applies everywhere and is remembered on this device.
 */
export function SpeedButton({ className, variant = 'secondary', size = 'sm', ...props }: Omit<ButtonProps, 'onClick' | 'children'>) {
  const rate = useAudioPlayer((s) => s.rate)
  const intl = useIntl()
  const formatRate = useFormatRate()
  return (
    <Button
      data-slot="speed-button"
      variant={variant}
      size={size}
      title={intl.formatMessage({ id: 'player.speed.change', defaultMessage: 'Change speed' })}
      onClick={() => audioPlayer().setRate(nextPresetRate(rate))}
      className={cn('h-8 min-w-12 rounded-full px-2.5 font-semibold tabular-nums', className)}
      {...props}
    >
      <span className="sr-only">
        <FormattedMessage id="player.speed.changeNow" defaultMessage="Change speed, now" />{' '}
      </span>
      {/* '1.5×' reads left to right in every language */}
      <span dir="ltr">{formatRate(rate)}</span>
    </Button>
  )
}
