import strings from '../de/adminWorkflows.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('adminWorkflows', strings)
