import strings from '../de/adminUsers.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('adminUsers', strings)
