/** `text` as LIKE pattern text that matches itself only: backslash, percent and underscore are escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)
