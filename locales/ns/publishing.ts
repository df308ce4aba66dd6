import strings from '../de/publishing.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('publishing', strings)
