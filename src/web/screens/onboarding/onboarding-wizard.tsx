import { ArrowLeft } from 'lucide-react'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { toast } from '#web/lib/toast.ts'
import { ONBOARDING_STEPS } from '#shared/limits.ts'
import type { Profile, ProfileUpdate } from '#shared/profile.ts'
import { ThemeMenu } from '#web/components/theme-menu.tsx'
import { Wordmark } from '#web/components/wordmark.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent } from '#web/components/ui/card.tsx'
import { useUpdateProfileMutation } from '#web/resources/profiles/queries.ts'
import { logUnexpected, useErrorMessage } from '#web/lib/errors.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { DoneStep, InviteStep, NameStep, WelcomeMessageStep, WelcomeStep } from './components/onboarding-steps.tsx'
import { StepProgress } from './components/step-progress.tsx'
import { pageColumnClass } from '#web/components/page-layout.tsx'
import { cn } from '#web/lib/utils.ts'

/**
 * The five onboarding steps (docs/product/accounts.md), shown by the app shell until the profile's
 * `onboarding_completed` is true. Saving the name and finishing are the two calls to the server.
 */
export function OnboardingWizard({ profile }: { profile: Profile }) {
  const intl = useIntl()
  const errorMessage = useErrorMessage()
  usePageMeta({ title: intl.formatMessage({ id: 'onboarding.pageTitle', defaultMessage: 'Welcome to Hearth' }) })
  const [step, setStep] = useState(1)
  const update = useUpdateProfileMutation()
  const { signOut } = useAuth()

  const save = (change: ProfileUpdate, next: () => void) =>
    update.mutate(change, {
      onSuccess: next,
      onError: (error) =>
        toast.error(intl.formatMessage({ id: 'onboarding.saveFailed', defaultMessage: 'Update Failed' }), {
          description: errorMessage(error, intl.formatMessage({ id: 'onboarding.saveFailed.body', defaultMessage: 'Please try again.' })),
        }),
    })

  const leave = async () => {
    try {
      await signOut()
    } catch (error) {
      logUnexpected(error, 'sign-out failed')
    }
  }

  return (
    <div className="flex min-h-dvh flex-col bg-hearth-glow">
      <header className={cn(pageColumnClass, 'flex items-center justify-between py-3')}>
        <Wordmark linked={false} />
        <div className="flex items-center gap-1">
          <ThemeMenu />
          <Button variant="ghost" size="sm" className="text-muted-foreground" onClick={() => void leave()}>
            <FormattedMessage id="onboarding.signOut" defaultMessage="Sign out" />
          </Button>
        </div>
      </header>
      <main className="flex flex-1 flex-col items-center px-4 pt-4 pb-12 sm:justify-center sm:pt-0">
        <div className="flex w-full max-w-md flex-col gap-5">
          <StepProgress step={step} />
          <Card className="gap-0 py-0">
            <CardContent className="flex flex-col gap-6 px-6 py-7 sm:px-8 sm:py-9">
              {step > 1 && step < ONBOARDING_STEPS && (
                <Button variant="ghost" size="sm" className="-ms-3 -mt-3 w-fit text-muted-foreground" onClick={() => setStep(step - 1)}>
                  <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
                  <FormattedMessage id="common.back" defaultMessage="Back" />
                </Button>
              )}
              {step === 1 && <WelcomeStep onNext={() => setStep(2)} />}
              {step === 2 && (
                <NameStep
                  initialName={profile.name}
                  saving={update.isPending}
                  onSave={(name) => save({ full_name: name, name }, () => setStep(3))}
                />
              )}
              {step === 3 && <WelcomeMessageStep onNext={() => setStep(4)} />}
              {step === 4 && <InviteStep initialEmails={[]} onNext={() => setStep(5)} />}
              {step === 5 && <DoneStep saving={update.isPending} onFinish={() => save({ onboarding_completed: true }, () => undefined)} />}
            </CardContent>
          </Card>
        </div>
      </main>
    </div>
  )
}
