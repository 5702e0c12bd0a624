import { BellRing, X } from 'lucide-react'
import { useIntl } from 'react-intl'
import { useState } from 'react'
import { PUSH_TEXTS } from '#shared/notifications-texts.ts'
import { Button } from '#web/components/ui/button.tsx'
import { logUnexpected } from '#web/lib/errors.ts'
import { askNotificationPermission, notificationPermission, pushSupported, pushToast } from '../push-permission.ts'

const DISMISSED_KEY = 'hearth.push-banner-dismissed'

const MESSAGES = {
  title: { id: 'push.banner.title', defaultMessage: 'Know when a message arrives' },
  body: { id: 'push.banner.body', defaultMessage: 'Turn on notifications to hear about new voice messages even when Hearth is closed.' },
  enable: { id: 'push.banner.enable', defaultMessage: 'Enable' },
  later: { id: 'push.banner.later', defaultMessage: 'Later' },
  close: { id: 'push.banner.close', defaultMessage: 'Close' },
}

const dismissedBefore = () => {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1'
  } catch {
    return false
  }
}

/**
 * Home's offer to turn on push (docs/product/settings.md): only where push works and the person has not decided; Later
 * or ✕ hide it for good. It is part of the home's first screen and decides on its first render, so that it is there
 * from the first paint and never pushes the circle down under a tap when it arrives. It need not wait for this
 * browser's push subscription (which waits for the service worker): a browser whose permission is still 'default'
 * holds no working one, as subscribing requires 'granted' and browsers drop subscriptions when the permission is reset.
 */
export function PushBanner() {
  const intl = useIntl()
  const [permission, setPermission] = useState(notificationPermission)
  const [dismissed, setDismissed] = useState(dismissedBefore)
  const [busy, setBusy] = useState(false)
  if (!pushSupported() || permission !== 'default' || dismissed) return null

  const enable = async () => {
    setBusy(true)
    // asked within the tap, while the code that subscribes (the api client, its schemas) loads
    const asking = askNotificationPermission()
    const loading = import('../push.ts')
    // a failed load is handled where it is awaited, or matters not when the question could not be asked
    loading.catch(() => undefined)
    try {
      const answer = await asking
      if (!answer) return
      setPermission(answer.permission)
      await (await loading).subscribeAfter(answer)
    } catch (error) {
      // its code did not load (the network dropped): Settings can turn push on later
      logUnexpected(error, 'push code failed to load')
      pushToast(PUSH_TEXTS.toasts.subscriptionFailed, 'error')
    } finally {
      setBusy(false)
    }
  }

  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, '1')
    } catch {
      // private mode: hidden for this visit only
    }
    setDismissed(true)
  }

  return (
    <section
      data-slot="push-banner"
      aria-labelledby="push-banner-title"
      className="relative flex flex-col gap-3 rounded-2xl border bg-card p-4 pe-12 shadow-sm sm:flex-row sm:items-center"
    >
      <BellRing aria-hidden className="size-6 shrink-0 text-primary" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 id="push-banner-title" className="font-semibold">
          {intl.formatMessage(MESSAGES.title)}
        </h2>
        <p className="text-sm text-muted-foreground">{intl.formatMessage(MESSAGES.body)}</p>
      </div>
      <div className="flex gap-2">
        <Button size="sm" disabled={busy} onClick={() => void enable()}>
          {intl.formatMessage(MESSAGES.enable)}
        </Button>
        <Button size="sm" variant="ghost" onClick={dismiss}>
          {intl.formatMessage(MESSAGES.later)}
        </Button>
      </div>
      <Button
        size="icon"
        variant="ghost"
        className="absolute end-2 top-2"
        aria-label={intl.formatMessage(MESSAGES.close)}
        onClick={dismiss}
      >
        <X aria-hidden />
      </Button>
    </section>
  )
}
