import strings from '../de/settings.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('settings', strings)
