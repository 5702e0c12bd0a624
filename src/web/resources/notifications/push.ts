import { useCallback, useEffect, useState } from 'react'
import { z } from 'zod/mini'
import { PUSH_TEXTS } from '#shared/notifications-texts.ts'
import { pushKeySchema, pushTestResultSchema } from '#shared/notifications.ts'
import { apiGet, apiSend, isApiRequestError } from '#web/lib/api-client.ts'
import { logUnexpected } from '#web/lib/errors.ts'
import { askNotificationPermission, notificationPermission, pushSupported, pushToast, type PermissionAnswer } from './push-permission.ts'

const okSchema = z.object({ ok: z.literal(true) })

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

/**
 * Subscribes this device once the person answered the permission question (`askNotificationPermission`), each outcome
 * said in the spec's toast; answers whether this device is now subscribed.
 */
export async function subscribeAfter({ permission, asked }: PermissionAnswer): Promise<boolean> {
  if (permission !== 'granted') {
    pushToast(PUSH_TEXTS.toasts.blocked, 'error')
    return false
  }
  try {
    await subscribeThisDevice()
    // just allowed: 'Enabled'; allowed before and now subscribed again: 'Active' (decision 65)
    pushToast(asked ? PUSH_TEXTS.toasts.enabled : PUSH_TEXTS.toasts.active, 'success')
    return true
  } catch (error) {
    logUnexpected(error, 'push subscription failed')
    pushToast(PUSH_TEXTS.toasts.subscriptionFailed, 'error')
    return false
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

/** This device's push state and the actions of settings, each with the spec's toasts. */
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
      pushToast(PUSH_TEXTS.toasts.notSupported, 'error')
      return
    }
    setBusy(true)
    try {
      const answer = await askNotificationPermission()
      if (!answer) return
      setPermission(answer.permission)
      if (await subscribeAfter(answer)) setSubscribed(true)
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
      pushToast(PUSH_TEXTS.toasts.disabled, 'success')
    } catch (error) {
      logUnexpected(error, 'push unsubscribe failed')
      pushToast(PUSH_TEXTS.toasts.unsubscribeFailed, 'error')
    } finally {
      setBusy(false)
    }
  }, [])

  const test = useCallback(async () => {
    setBusy(true)
    try {
      await apiSend('POST', '/api/push/test', undefined, pushTestResultSchema)
      pushToast(PUSH_TEXTS.toasts.testSent, 'success')
    } catch (error) {
      logUnexpected(error, 'test push failed')
      pushToast(PUSH_TEXTS.toasts.testFailed, 'error')
    } finally {
      setBusy(false)
    }
  }, [])

  return { supported, permission, subscribed, busy, enable, disable, test }
}
