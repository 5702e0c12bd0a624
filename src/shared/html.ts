const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/**
 * Text made safe to write into HTML or XML, as an element's content or inside a quoted attribute (either quote), so
 * one function serves the pages, the emails, the sitemap and the SVG avatars. The apostrophe is `&#39;`, not
 * `&apos;`: the numeric form is read the same by HTML (every version) and XML. Everything else, non-ASCII included,
 * passes through unchanged.
 */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)
