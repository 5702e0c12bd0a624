import { useIntl } from 'react-intl'
import { ONBOARDING_STEPS } from '#shared/limits.ts'
import { cn } from '#web/lib/utils.ts'

/** Five dots; the current one is long, the done ones filled. */
export function StepProgress({ step }: { step: number }) {
  const label = useIntl().formatMessage(
    { id: 'onboarding.progress', defaultMessage: 'Step {step} of {total}' },
    { step, total: ONBOARDING_STEPS },
  )
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={1}
      aria-valuemax={ONBOARDING_STEPS}
      aria-valuenow={step}
      aria-valuetext={label}
      className="flex items-center justify-center gap-2"
    >
      {Array.from({ length: ONBOARDING_STEPS }, (_, index) => {
        const position = index + 1
        return (
          <span
            key={position}
            aria-hidden
            className={cn(
              'h-2 rounded-full transition-all duration-300',
              position === step ? 'w-7 bg-primary' : position < step ? 'w-2 bg-primary/55' : 'w-2 bg-input/60',
            )}
          />
        )
      })}
    </div>
  )
}
