// Apart from the schemas so that the signed-in home's first screen (its push banner) reads them without loading zod
// (docs/performance.md).

/** The settings Notifications card and its toasts (docs/product/settings.md). */
export const NOTIFICATION_TEXTS = {
  cardTitle: 'Notifications',
  cardDescription: 'How Hearth tells you that a voice message arrived.',
  emailLabel: 'Email Notifications',
  emailHint: 'Receive new messages with transcripts via email',
  emailFailedTitle: 'Error',
  emailFailed: 'Failed to update email notification settings. Please try again.',
  emailOff: 'Email notifications have been disabled',
  saveFailed: 'Could not save this setting. Please try again.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
} as const

/** Web Push texts: the product's toasts (title, description); what a push shows is the server's (src/server/i18n). */
export const PUSH_TEXTS = {
  settingLabel: 'Push Notifications',
  settingHint: 'Show a notification on this device when a voice message arrives',
  previewLabel: 'Show the first words',
  previewHint: "Notifications show the first words of the message's transcript",
  unsupported: 'This browser cannot show notifications.',
  blockedHint: 'Notifications are blocked for Hearth in this browser. Allow them in the site settings to turn them on.',
  enable: 'Enable',
  disable: 'Disable',
  test: 'Send test',
  later: 'Later',
  bannerTitle: 'Know when a message arrives',
  bannerBody: 'Turn on notifications to hear about new voice messages even when Hearth is closed.',
  bannerClose: 'Close',
  toasts: {
    notSupported: ['Not Supported', 'Push notifications are not supported in this browser.'],
    enabled: ['Notifications Enabled', 'You will be notified of new voice messages.'],
    blocked: ['Notifications Blocked', 'Please enable notifications in your browser settings.'],
    permissionError: ['Permission Error', 'Could not ask for notification permission.'],
    active: ['Notifications Active', 'You will now receive push notifications.'],
    subscriptionFailed: ['Subscription Failed', 'Could not subscribe to push notifications.'],
    disabled: ['Notifications Disabled', 'You will no longer receive push notifications.'],
    unsubscribeFailed: ['Unsubscribe Failed', 'Could not unsubscribe from push notifications.'],
    testSent: ['Test Sent', 'Check your notifications!'],
    testFailed: ['Test Failed', 'Could not send test notification.'],
  },
  badEndpoint: 'This push service address is not allowed.',
  noSubscription: 'No device of yours is subscribed to push notifications.',
  endpointTaken: 'This browser already gets notifications for someone else.',
} as const
