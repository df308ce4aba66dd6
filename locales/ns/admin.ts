import strings from '../de/admin.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('admin', strings)
