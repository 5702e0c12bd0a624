import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from './env.ts'

describe('parseEnv', () => {
  it('runs with nothing set, on embedded defaults', () => {
    const env = parseEnv({})
    expect(env.PORT).toBe(3000)
    expect(env.publicUrl).toBe('http://localhost:3000')
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.dataDir).toMatch(/data$/)
  })

  it('trusts no proxy unless told, and takes addresses, CIDR ranges and the range names as the list of proxies', () => {
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined()
    expect(parseEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBeUndefined()
    expect(parseEnv({ TRUST_PROXY: '127.0.0.1, ::1' }).TRUST_PROXY).toEqual(['127.0.0.1', '::1'])
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8,loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', 'loopback'])
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.example', '127.0.0.1,,::1']) {
      expect(() => parseEnv({ TRUST_PROXY: bad })).toThrow(/^Invalid configuration: TRUST_PROXY: /)
    }
  })

  it('runs every role in one instance unless told, and refuses a role it does not know, naming the three', () => {
    expect(parseEnv({}).HEARTH_ROLE).toBe('all')
    expect(parseEnv({ HEARTH_ROLE: 'web' }).HEARTH_ROLE).toBe('web')
    expect(parseEnv({ HEARTH_ROLE: 'worker' }).HEARTH_ROLE).toBe('worker')
    for (const bad of ['workers', 'api', 'WEB']) {
      expect(() => parseEnv({ HEARTH_ROLE: bad })).toThrow(
        `Invalid configuration: HEARTH_ROLE: HEARTH_ROLE must be all (the default), web or worker (got "${bad}")`,
      )
    }
  })

  it('leaves the sign-up mode to the owner unless SIGNUP_MODE pins it to open or invitation', () => {
    expect(parseEnv({}).SIGNUP_MODE).toBeUndefined()
    expect(parseEnv({ SIGNUP_MODE: '' }).SIGNUP_MODE).toBeUndefined()
    expect(parseEnv({ SIGNUP_MODE: 'invitation' }).SIGNUP_MODE).toBe('invitation')
    expect(() => parseEnv({ SIGNUP_MODE: 'closed' })).toThrow(/SIGNUP_MODE/)
  })

  it('names the variable of a bad value in one line', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(EnvError)
    try {
      parseEnv({ PORT: 'eighty' })
    } catch (error) {
      expect((error as Error).message.split('\n')).toHaveLength(1)
      expect((error as Error).message).toMatch(/^Invalid configuration: PORT: .*"eighty"/)
    }
  })

  it('accepts S3 storage with a bucket and both keys, in the AWS region us-east-1 unless told, virtual-hosted unless told', () => {
    const env = parseEnv({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })
    expect(env).toMatchObject({ STORAGE_DRIVER: 's3', S3_FORCE_PATH_STYLE: false })
    expect(parseEnv({ S3_FORCE_PATH_STYLE: 'true' }).S3_FORCE_PATH_STYLE).toBe(true)
  })

  it('refuses S3 storage without its bucket and keys, naming each, and a public endpoint that is not a URL', () => {
    expect(() => parseEnv({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET.*\n.*S3_ACCESS_KEY_ID.*\n.*S3_SECRET_ACCESS_KEY/)
    expect(() => parseEnv({ S3_PUBLIC_ENDPOINT: 'media' })).toThrow(/S3_PUBLIC_ENDPOINT must be a URL/)
    expect(() => parseEnv({ S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/)
  })

  it('reads the speech settings, with one transcription at a time and offline analysis by default', () => {
    const defaults = parseEnv({})
    expect(defaults).toMatchObject({ TRANSCRIBE_ENGINE: 'auto', SPEECH_CONCURRENCY: 1, OPENAI_TRANSCRIBE_MODEL: 'whisper-1' })
    expect(defaults.OPENAI_ANALYSIS_MODEL).toBeUndefined()
    expect(parseEnv({ SPEECH_CONCURRENCY: '2', TRANSCRIBE_ENGINE: 'pocketsphinx' })).toMatchObject({
      SPEECH_CONCURRENCY: 2,
      TRANSCRIBE_ENGINE: 'pocketsphinx',
    })
    expect(() => parseEnv({ SPEECH_CONCURRENCY: '0' })).toThrow(/SPEECH_CONCURRENCY/)
    expect(() => parseEnv({ TRANSCRIBE_ENGINE: 'siri' })).toThrow(/TRANSCRIBE_ENGINE/)
  })

  it('requires the Google id and secret together', () => {
    expect(() => parseEnv({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/)
    expect(parseEnv({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).GOOGLE_CLIENT_ID).toBe('id')
  })

  it('treats empty strings as unset and strips a trailing slash from PUBLIC_URL', () => {
    expect(parseEnv({ SMTP_URL: '', PUBLIC_URL: 'https://hearth.example/' })).toMatchObject({
      SMTP_URL: undefined,
      publicUrl: 'https://hearth.example',
    })
    expect(() => parseEnv({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/)
  })

  it('backs up nightly into DATA_DIR/backups for 14 days unless told, and refuses a schedule that is not a cron line', () => {
    const env = parseEnv({ DATA_DIR: '/srv/hearth/data' })
    expect(env).toMatchObject({ BACKUP_SCHEDULE: '30 3 * * *', BACKUP_KEEP_DAYS: 14, backupDir: '/srv/hearth/data/backups' })
    expect(parseEnv({ BACKUP_SCHEDULE: 'off', BACKUP_DIR: '/var/backups/hearth' })).toMatchObject({
      BACKUP_SCHEDULE: 'off',
      backupDir: '/var/backups/hearth',
    })
    expect(parseEnv({ BACKUP_SCHEDULE: '0 */6 * * 1-5' }).BACKUP_SCHEDULE).toBe('0 */6 * * 1-5')
    expect(() => parseEnv({ BACKUP_SCHEDULE: 'nightly' })).toThrow(/BACKUP_SCHEDULE/)
    expect(() => parseEnv({ BACKUP_KEEP_DAYS: '0' })).toThrow(/BACKUP_KEEP_DAYS/)
  })

  it('has no metrics endpoint unless given a token long enough', () => {
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined()
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/)
  })
})
