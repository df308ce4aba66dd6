import strings from '../de/webhooks.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('webhooks', strings)
