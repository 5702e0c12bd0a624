import { knownText } from '#web/i18n/known-texts.ts'
import { PUSH_TEXTS } from '#shared/notifications-texts.ts'
import { logUnexpected } from '#web/lib/errors.ts'
import { toast } from '#web/lib/toast.ts'

// What the home's push banner needs on its first screen: no api client and no schemas (those load from push.ts when
// the person turns push on; docs/performance.md).

/** Whether this browser can receive Web Push at all (the spec's 'supported'). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

/** The spec's notification permission: default (undecided), granted or denied. */
export function notificationPermission(): NotificationPermission {
  return pushSupported() ? Notification.permission : 'default'
}

/** A toast of the spec's push texts: [title, description]. */
export const pushToast = ([title, description]: readonly [string, string], kind: 'success' | 'error') =>
  kind === 'success'
    ? toast.success(knownText(title), { description: knownText(description) })
    : toast.error(knownText(title), { description: knownText(description) })

export type PermissionAnswer = { permission: NotificationPermission; asked: boolean }

/**
 * Asks for the notification permission if the person has not decided yet; null when the browser failed to ask (said
 * in a toast). The question leaves before the first await, so a caller that runs it from a tap asks within the tap,
 * which some browsers require.
 */
export async function askNotificationPermission(): Promise<PermissionAnswer | null> {
  if (Notification.permission !== 'default') return { permission: Notification.permission, asked: false }
  try {
    return { permission: await Notification.requestPermission(), asked: true }
  } catch (error) {
    logUnexpected(error, 'notification permission request failed')
    pushToast(PUSH_TEXTS.toasts.permissionError, 'error')
    return null
  }
}
