import fs from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The container set as compose.yaml and deploy/Caddyfile describe it (docs/deploy.md, decision 198): Hearth holds a
// MinIO user of its own, never MinIO's root; every image is pinned; the media site passes on reads of the bucket's
// objects and nothing else of MinIO. (No container engine runs the tests: these read the files as the engines do.)
const read = (file: string) => fs.readFile(fileURLToPath(new URL(`../${file}`, import.meta.url)), 'utf8')
const [compose, caddyfile, policy] = await Promise.all([read('compose.yaml'), read('deploy/Caddyfile'), read('deploy/minio-policy.json')])

/** The lines of compose.yaml's service `name` (its block, below `services:`), comments left out. */
function service(name: string): string[] {
  const lines = compose.split('\n')
  const start = lines.indexOf(`  ${name}:`)
  expect(start, `service ${name}`).toBeGreaterThan(-1)
  const end = lines.findIndex((line, i) => i > start && /^ {0,2}\S/.test(line))
  return lines.slice(start + 1, end === -1 ? undefined : end).filter((line) => !/^\s*#/.test(line))
}
const services = [...compose.slice(compose.indexOf('\nservices:\n'), compose.indexOf('\nvolumes:\n')).matchAll(/^ {2}([a-z-]+):$/gm)].map(
  (match) => match[1] ?? '',
)

/** A key's value in a service's block (`    image: x`, `      S3_BUCKET: hearth`), unquoted. */
function value(lines: string[], key: string): string | undefined {
  const line = lines.find((candidate) => candidate.trimStart().startsWith(`${key}:`))
  return line
    ?.slice(line.indexOf(':') + 1)
    .trim()
    .replace(/^'(.*)'$/, '$1')
}

/** The Caddyfile's block after `head {`, up to its closing brace. */
function block(text: string, head: string): string {
  const start = text.indexOf(`${head} {`)
  expect(start, head).toBeGreaterThan(-1)
  let depth = 0
  for (let i = text.indexOf('{', start + head.length); i < text.length; i++) {
    if (text[i] === '{' && text[i - 1] !== '$') depth++
    if (text[i] === '}' && !/\{\$[A-Z_]*$/.test(text.slice(0, i))) depth--
    if (depth === 0) return text.slice(text.indexOf('{', start + head.length) + 1, i)
  }
  throw new Error(`${head} is not closed`)
}

describe('compose.yaml', () => {
  it('pins every image it pulls to an exact version', () => {
    expect(services).toEqual(['hearth', 'postgres', 'minio', 'bucket', 'caddy'])
    for (const name of services) {
      const lines = service(name)
      // Hearth's own is built here from the checkout
      if (value(lines, 'build')) continue
      const image = value(lines, 'image') ?? ''
      expect(image, name).toMatch(
        /^[a-z0-9.-]+(\/[a-z0-9._-]+)+:(\d+\.\d+\.\d+|\d+\.\d+-[a-z]+|RELEASE\.\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ)(@sha256:[0-9a-f]{64})?$/,
      )
    }
  })

  it("gives Hearth a MinIO user of its own, made by the bucket service and allowed Hearth's bucket alone", async () => {
    const hearth = service('hearth')
    const minio = service('minio')
    const bucket = service('bucket')
    const accessKey = value(hearth, 'S3_ACCESS_KEY_ID')
    const bucketName = value(hearth, 'S3_BUCKET')
    expect(accessKey).toBe('hearth-app')
    expect(accessKey).not.toBe(value(minio, 'MINIO_ROOT_USER'))
    // nothing of MinIO's root reaches Hearth's container
    expect(hearth.join('\n')).not.toContain('MINIO_ROOT')
    expect(value(hearth, 'S3_SECRET_ACCESS_KEY')).toMatch(/^\$\{MINIO_HEARTH_PASSWORD:\?/)

    const script = bucket.join('\n')
    expect(script).toContain(`mc mb --ignore-existing local/${bucketName}`)
    expect(script).toContain(`mc admin user add local ${accessKey} "$$MINIO_HEARTH_PASSWORD"`)
    expect(script).toContain(`mc admin policy create local hearth-bucket /etc/hearth/minio-policy.json`)
    expect(script).toContain(`mc admin policy attach local hearth-bucket --user ${accessKey}`)
    expect(script).toContain('- ./deploy/minio-policy.json:/etc/hearth/minio-policy.json:ro')

    const { Statement } = JSON.parse(policy) as { Statement: { Effect: string; Action: string[]; Resource: string[] }[] }
    for (const statement of Statement) {
      expect(statement.Effect).toBe('Allow')
      for (const resource of statement.Resource) expect([`arn:aws:s3:::${bucketName}`, `arn:aws:s3:::${bucketName}/*`]).toContain(resource)
      for (const action of statement.Action) expect(action).toMatch(/^s3:(Get|Put|Delete|List|Abort)[A-Za-z]+$/)
    }
  })
})

describe('deploy/Caddyfile', () => {
  /** What the media site does with a request: sends it on to MinIO, or answers it itself (Caddy's handle blocks). */
  function media(method: string, path: string): 'minio' | number {
    const site = block(caddyfile, 'media.{$HEARTH_DOMAIN}')
    for (const [, matcher = '', body = ''] of site.matchAll(/^\thandle(?: @(\w+))? \{\n([\s\S]*?)\n\t\}$/gm)) {
      if (matcher) {
        const rules = block(site, `@${matcher}`)
        const methods = /^\s*method (.+)$/m.exec(rules)?.[1]?.split(' ') ?? []
        const pattern = /^\s*path_regexp (\S+)$/m.exec(rules)?.[1] ?? ''
        // a matcher holding anything else than these two would be read wrongly here
        expect(rules.trim().split('\n').length).toBe(2)
        if (!methods.includes(method) || !new RegExp(pattern).test(path)) continue
      }
      if (/^\s*reverse_proxy minio:9000$/m.test(body)) return 'minio'
      return Number(/^\s*respond (\d+)$/m.exec(body)?.[1])
    }
    return 200 // nothing matched: Caddy answers an empty 200
  }

  it('passes on to MinIO only GET and HEAD of an object of the bucket', () => {
    expect(media('GET', '/hearth/u_1-x/1733600000000-0a1b2c3d4e5f.webm')).toBe('minio')
    expect(media('HEAD', '/hearth/u_1-x/photo.jpg')).toBe('minio')
    for (const [method, path] of [
      ['PUT', '/hearth/u1/upload.webm'],
      ['POST', '/hearth/u1/upload.webm'],
      ['DELETE', '/hearth/u1/recording.webm'],
      ['GET', '/hearth'],
      ['GET', '/hearth/'],
      ['GET', '/hearth/u1'],
      ['GET', '/minio/admin/v3/info'],
      ['GET', '/minio/health/live'],
      ['GET', '/another-bucket/u1/recording.webm'],
      ['GET', '/hearth/../minio/admin/v3/info'],
      ['GET', '/hearth/u1/../../minio/admin/v3/info'],
      ['GET', '/hearth/u1/.hidden'],
      ['GET', '/'],
    ] as const) {
      expect({ method, path, to: media(method, path) }).toEqual({ method, path, to: 404 })
    }
    // one way to MinIO only
    expect(caddyfile.match(/reverse_proxy minio/g)).toHaveLength(1)
  })
})
