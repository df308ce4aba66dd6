import toolbox from '#locales/de/toolbox.json' with { type: 'json' }

export { fill, fillCounted } from '#modules/core/fill-text.ts'

export const messages = toolbox
