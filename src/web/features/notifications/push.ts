import { useCallback, useEffect, useState } from 'react'
import { toast } from '#web/lib/toast.ts'
import { z } from 'zod/mini'
import { PUSH_TEXTS, pushKeySchema, pushTestResultSchema } from '#shared/notifications.ts'
import { apiGet, apiSend, isApiRequestError } from '#web/lib/api-client.ts'
import { logUnexpected } from '#web/lib/errors.ts'

const okSchema = z.object({ ok: z.literal(true) })

/** Whether this browser can receive Web Push at all (the spec's 'supported'). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

/** The spec's notification permission: default (undecided), granted or denied. */
export function notificationPermission(): NotificationPermission {
  return pushSupported() ? Notification.permission : 'default'
}

const toastOf = ([title, description]: readonly [string, string], kind: 'success' | 'error') =>
  kind === 'success' ? toast.success(title, { description }) : toast.error(title, { description })

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready
}

/**
 * Subscribes this browser and tells the server (upsert by endpoint). A subscription the server keeps for someone else
 * (another person used this browser before) is dropped and a new one made: its pushes stop, and this person's start.
 */
async function subscribeThisDevice(): Promise<void> {
  const { public_key } = await apiGet('/api/push/key', pushKeySchema)
  const reg = await registration()
  const fresh = () => reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: public_key })
  const subscription = (await reg.pushManager.getSubscription()) ?? (await fresh())
  try {
    await apiSend('POST', '/api/push/subscriptions', subscription.toJSON(), okSchema)
  } catch (error) {
    if (!isApiRequestError(error, 409)) throw error
    await subscription.unsubscribe()
    await apiSend('POST', '/api/push/subscriptions', (await fresh()).toJSON(), okSchema)
  }
}

export type PushState = {
  supported: boolean
  permission: NotificationPermission
  /** whether this browser holds a subscription (null while it is being read) */
  subscribed: boolean | null
  busy: boolean
  enable: () => Promise<void>
  disable: () => Promise<void>
  test: () => Promise<void>
}

/** This device's push state and the actions of settings and the home banner, each with the spec's toasts. */
export function usePush(): PushState {
  const supported = pushSupported()
  const [permission, setPermission] = useState<NotificationPermission>(notificationPermission)
  const [subscribed, setSubscribed] = useState<boolean | null>(supported ? null : false)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!supported) return
    let live = true
    registration()
      .then((reg) => reg.pushManager.getSubscription())
      .then((subscription) => live && setSubscribed(Boolean(subscription)))
      .catch(() => live && setSubscribed(false))
    return () => {
      live = false
    }
  }, [supported])

  const enable = useCallback(async () => {
    if (!supported) {
      toastOf(PUSH_TEXTS.toasts.notSupported, 'error')
      return
    }
    setBusy(true)
    try {
      let asked = false
      let answer = Notification.permission
      if (answer === 'default') {
        try {
          answer = await Notification.requestPermission()
          asked = true
        } catch (error) {
          logUnexpected(error, 'notification permission request failed')
          toastOf(PUSH_TEXTS.toasts.permissionError, 'error')
          return
        }
      }
      setPermission(answer)
      if (answer !== 'granted') {
        toastOf(PUSH_TEXTS.toasts.blocked, 'error')
        return
      }
      try {
        await subscribeThisDevice()
        setSubscribed(true)
        // just allowed: 'Enabled'; allowed before and now subscribed again: 'Active' (decision 65)
        toastOf(asked ? PUSH_TEXTS.toasts.enabled : PUSH_TEXTS.toasts.active, 'success')
      } catch (error) {
        logUnexpected(error, 'push subscription failed')
        toastOf(PUSH_TEXTS.toasts.subscriptionFailed, 'error')
      }
    } finally {
      setBusy(false)
    }
  }, [supported])

  const disable = useCallback(async () => {
    setBusy(true)
    try {
      const subscription = await (await registration()).pushManager.getSubscription()
      if (subscription) {
        await apiSend('POST', '/api/push/unsubscribe', { endpoint: subscription.endpoint }, okSchema)
        await subscription.unsubscribe()
      }
      setSubscribed(false)
      toastOf(PUSH_TEXTS.toasts.disabled, 'success')
    } catch (error) {
      logUnexpected(error, 'push unsubscribe failed')
      toastOf(PUSH_TEXTS.toasts.unsubscribeFailed, 'error')
    } finally {
      setBusy(false)
    }
  }, [])

  const test = useCallback(async () => {
    setBusy(true)
    try {
      await apiSend('POST', '/api/push/test', undefined, pushTestResultSchema)
      toastOf(PUSH_TEXTS.toasts.testSent, 'success')
    } catch (error) {
      logUnexpected(error, 'test push failed')
      toastOf(PUSH_TEXTS.toasts.testFailed, 'error')
    } finally {
      setBusy(false)
    }
  }, [])

  return { supported, permission, subscribed, busy, enable, disable, test }
}
