import type { JobTablePart } from '#server/jobs/job-table.ts'
import type { NotificationsService } from './notifications.service.ts'
import type { PushService } from './push.service.ts'

declare module '#server/jobs/job-queue.ts' {
  interface JobMap {
    /** mail the receiver about a new voice message, gathered with the sender's others; runs again while the transcript is on its way */
    'notify-new-message-mail': { messageId: string }
    /** push a new voice message to every browser the receiver subscribed */
    'push-new-message': { messageId: string }
    /** push a notification to every browser of a person (`notifyPerson`, for other modules) */
    'send-push': { userId: string; title: string; body: string; url: string; tag?: string }
  }
}

/** The notifications module's part of the job table: a new message's mail and push, and any module's push. */
export function notificationJobTable(
  notifications: Pick<NotificationsService, 'handleMailNewMessage'>,
  push: Pick<PushService, 'handlePushNewMessage' | 'handleSendPush'>,
): JobTablePart<'notify-new-message-mail' | 'push-new-message' | 'send-push'> {
  return {
    'notify-new-message-mail': { work: 'mail', handle: (data) => notifications.handleMailNewMessage(data) },
    'push-new-message': { work: 'push', handle: (data) => push.handlePushNewMessage(data) },
    'send-push': { work: 'push', handle: (data) => push.handleSendPush(data) },
  }
}
