import strings from '../de/billing.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('billing', strings)
