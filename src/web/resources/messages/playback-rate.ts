import { useIntl } from 'react-intl'
import { clampPlaybackRate } from '#shared/playback.ts'

/** A speed as `formatPlaybackRate` of #shared/playback.ts writes it ('1.5×'), with the reader's decimal sign ('1,5×'). */
export function useFormatRate(): (rate: number) => string {
  const intl = useIntl()
  return (rate) => `${intl.formatNumber(Number(clampPlaybackRate(rate).toFixed(1)))}×`
}
