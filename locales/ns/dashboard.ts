import strings from '../de/dashboard.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('dashboard', strings)
