import strings from '../de/api.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('api', strings)
