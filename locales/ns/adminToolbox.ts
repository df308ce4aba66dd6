import strings from '../de/adminToolbox.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('adminToolbox', strings)
