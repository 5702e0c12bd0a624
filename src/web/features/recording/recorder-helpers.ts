/** Pure parts of the recorder: format choice, constraints, error mapping. */

/** The formats we prefer, best first; the first one the browser's MediaRecorder accepts wins. */
export const AUDIO_FORMAT_PREFERENCE = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus', 'audio/wav'] as const

/** 64 kbps. */
export const AUDIO_BITS_PER_SECOND = 64_000

/** 44.1 kHz, mono, echo cancellation, noise suppression, auto gain. */
export const AUDIO_CONSTRAINTS: MediaStreamConstraints = {
  audio: { sampleRate: 44_100, channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
}

/** The first preferred type the recorder supports, or undefined to let the browser pick its own default. */
export function chooseMimeType(isTypeSupported: ((type: string) => boolean) | undefined): string | undefined {
  if (!isTypeSupported) return undefined
  return AUDIO_FORMAT_PREFERENCE.find((type) => {
    try {
      return isTypeSupported(type)
    } catch {
      return false
    }
  })
}

export type MicrophonePermission = 'unknown' | 'prompt' | 'granted' | 'denied'

/** Maps a Permissions API state (`navigator.permissions.query({ name: 'microphone' })`) to ours. */
export function permissionFromState(state: string | undefined): MicrophonePermission {
  if (state === 'granted' || state === 'denied' || state === 'prompt') return state
  return 'unknown'
}

/** Why recording could not start: the person said no, there is no microphone, the browser cannot record, or anything else. */
export type RecorderStartFailure = 'denied' | 'no-microphone' | 'unsupported' | 'error'

/** Maps a getUserMedia / MediaRecorder error to a start failure by its DOMException name. */
export function mapStartError(error: unknown): RecorderStartFailure {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String((error as { name: unknown }).name) : ''
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return 'denied'
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'no-microphone'
    case 'NotSupportedError':
    case 'SecurityError':
      return 'unsupported'
    default:
      return 'error'
  }
}
