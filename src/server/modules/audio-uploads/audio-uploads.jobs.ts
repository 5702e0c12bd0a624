import type { JobTablePart } from '#server/jobs/job-table.ts'
import type { AudioUploadsService } from './audio-uploads.service.ts'

declare module '#server/jobs/job-queue.ts' {
  interface JobMap {
    /** scheduled: audio uploads no message took within a day */
    'sweep-audio-uploads': Record<string, never>
  }
}

/** Uploads no message took within a day are looked for every hour. */
const SWEEP_AUDIO_UPLOADS_CRON = '30 * * * *'

/** The audio uploads' part of the job table: the hourly sweep of abandoned uploads. */
export function audioUploadJobTable(uploads: Pick<AudioUploadsService, 'sweepAbandoned'>): JobTablePart<'sweep-audio-uploads'> {
  return {
    'sweep-audio-uploads': {
      work: 'upkeep',
      handle: async () => ({ status: 'done', reason: `${await uploads.sweepAbandoned()} removed` }),
      cron: SWEEP_AUDIO_UPLOADS_CRON,
    },
  }
}
