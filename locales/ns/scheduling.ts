import strings from '../de/scheduling.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('scheduling', strings)
