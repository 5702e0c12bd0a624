/**
 * The variables of Hearth's environment a program it starts may see: where programs are found, the language and time
 * zone of its messages, and where scratch files go. Hearth's environment holds its secrets (SMTP_URL's password, the
 * S3 keys, the Google client secret, DATABASE_URL), and the programs it starts have no use for them: ffmpeg and the
 * speech engines read recordings strangers uploaded, and one that a crafted file took over would read them from its
 * own environment (docs/security.md, "Programs Hearth starts"). Every program Hearth starts gets this environment.
 */
const PASSED = ['PATH', 'LANG', 'LC_ALL', 'LC_CTYPE', 'LC_MESSAGES', 'TZ', 'TMPDIR'] as const

/** The environment for a program Hearth starts: the variables of PASSED that are set, then `extra` over them. */
export function childEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {}
  for (const name of PASSED) {
    const value = process.env[name]
    if (value !== undefined) env[name] = value
  }
  return { ...env, ...extra }
}
